import { z } from 'zod';
import { multilineText, requiredText, text } from '../platform/input';
import { codeListParam, idParam, keywordParam, pageParam, resultsParam } from '../platform/list-params';
import { ANNOUNCEMENT_AUDIENCE_ROLES, HELP_MESSAGES, TRAINING_CATEGORY_IDS, TRAINING_KINDS } from './help.codes';

/** The Help centre's calls (ours: the spec shows none of them; docs/HELP.md). */

/** GET /api/v1/faq: the questions whose question or answer text contains `search_text` (all without it). */
export const faqQuery = z.object({ search_text: keywordParam });
export type FaqQuery = z.infer<typeof faqQuery>;

/** GET /api/v1/training/documents and /videos: the tree of what the caller's roles see, titles containing `search_text`. */
export const trainingTreeQuery = z.object({ search_text: keywordParam });
export type TrainingTreeQuery = z.infer<typeof trainingTreeQuery>;

const ABSOLUTE_HTTP = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const optionalLink = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  text(HELP_MESSAGES.link).trim().max(2000, 'A link is at most 2000 characters').regex(ABSOLUTE_HTTP, HELP_MESSAGES.link).optional(),
);

/** POST /api/v1/help/support_request: a message to the support address (the form is prefilled with the caller's name and e-mail). */
export const supportRequestBody = z.object({
  name: requiredText(HELP_MESSAGES.name, 100),
  email: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), text(HELP_MESSAGES.email).max(254, HELP_MESSAGES.email).email(HELP_MESSAGES.email)),
  subject: requiredText(HELP_MESSAGES.subject, 200),
  message: z.preprocess((value) => (value === null ? undefined : value), multilineText(HELP_MESSAGES.message).trim().min(1, HELP_MESSAGES.message).max(5000, 'A message is at most 5000 characters')),
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

/**
 * POST /api/v1/announcements (multipart; the file, in field `file`, is optional): the message,
 * the roles it is for (none: every role), and a link instead of a file if wanted.
 */
export const publishAnnouncementBody = z.object({
  message_text: z.preprocess((value) => (value === null ? undefined : value), multilineText(HELP_MESSAGES.message).trim().min(1, HELP_MESSAGES.message).max(2000, 'Message is at most 2000 characters')),
  audience_roles: codeListParam('Audience', ANNOUNCEMENT_AUDIENCE_ROLES),
  link_url: optionalLink,
  link_name: z.preprocess((value) => (value === '' || value === null ? undefined : value), text().trim().max(200, 'A link name is at most 200 characters').optional()),
});
export type PublishAnnouncementBody = z.infer<typeof publishAnnouncementBody>;

/** POST /api/v1/training/content (multipart; field `file` for a PDF or a video, or `link_url`): one piece of training content. */
export const addTrainingContentBody = z.object({
  content_kind: z.enum(TRAINING_KINDS, { error: HELP_MESSAGES.kind }),
  category: z.enum(TRAINING_CATEGORY_IDS, { error: HELP_MESSAGES.category }),
  title: requiredText(HELP_MESSAGES.title, 200),
  link_url: optionalLink,
});
export type AddTrainingContentBody = z.infer<typeof addTrainingContentBody>;

/** GET /api/v1/training/content: the content the caller manages, paged. */
export const trainingContentListQuery = z.object({
  page: pageParam,
  results: resultsParam,
  content_kind: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(TRAINING_KINDS, { error: 'content_kind is document or video' }).optional()),
  search_text: keywordParam,
});
export type TrainingContentListQuery = z.infer<typeof trainingContentListQuery>;

export const trainingContentIdParams = z.object({ id: idParam('Please give a training content id') });
export type TrainingContentIdParams = z.infer<typeof trainingContentIdParams>;

/** GET /api/v1/training/files/:id and /api/v1/announcements/files/:id: the file behind a signed, expiring link. */
export const helpFileParams = z.object({ id: idParam('Please give a file id') });
export type HelpFileParams = z.infer<typeof helpFileParams>;
