import { z } from 'zod';
import { multilineText, text } from '../platform/input';
import { pageParam, resultsParam } from '../platform/list-params';

/** `GET /api/v1/announcements` (doc 3 §7 Documents and announcements): paged, 10 a page (doc 3 §9). */
export const announcementListQuery = z.object({
  page: pageParam,
  results: resultsParam,
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuery>;

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** A path of our file storage: /files/ then segments without whitespace, and never `..`. */
const FILES_PATH = /^\/files\/[^\s]+$/;

const documentUrl = text('Please input document url')
  .trim()
  .min(1, 'Please input document url')
  .max(2000, 'Document url is at most 2000 characters')
  .refine(
    (url) => ABSOLUTE_HTTP.test(url) || (FILES_PATH.test(url) && !url.split(/[/\\]/).includes('..')),
    'Document url must be an absolute http(s) URL or a path starting with /files/',
  );

/**
 * PublishAnnouncement (doc 3 §3 Announcement: message_text, documents), with its audience (ours):
 * the command the publishing screen's route (POST /api/v1/announcements) and the demo seed issue.
 */
export const publishAnnouncementCommand = z.object({
  message_text: multilineText('Please input message').trim().min(1, 'Please input message').max(2000, 'Message is at most 2000 characters'),
  documents: z
    .array(
      z.object({
        name: text('Please input document name').trim().min(1, 'Please input document name').max(200, 'Document name is at most 200 characters'),
        url: documentUrl,
      }),
      { error: 'documents must be a list of { name, url }' },
    )
    .max(20, 'At most 20 documents per announcement')
    .default([]),
  audience_roles: z.array(z.number().int()).max(10).default([]),
  retailer_id: text().max(64).nullable().default(null),
});
export type PublishAnnouncementInput = z.input<typeof publishAnnouncementCommand>;
export type PublishAnnouncementCommand = z.infer<typeof publishAnnouncementCommand>;
