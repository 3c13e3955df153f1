import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import type { AnnouncementEvent } from './announcement.events';

/** A document attached to an announcement: `AnnouncementDocument`. */
export const announcementDocumentSchema = z.object({
  name: z.string(),
  url: z.string().describe('An absolute http(s) URL, or a path of our file storage starting with /files/'),
});

export const ANNOUNCEMENT_EVENT_SCHEMAS = {
  AnnouncementPublished: z
    .object({
      announcement_id: z.uuid(),
      message_text: z.string(),
      documents: z.array(announcementDocumentSchema),
      audience_roles: z
        .array(z.number().int())
        .optional()
        .describe('The role codes it is for (2 Agent, 3 Office Manager, 11 IBO Manager, 12 Retailer Manager); absent or empty: every role'),
      retailer_id: z.uuid().nullable().optional().describe('The retailer whose people it is for; absent or null: everyone'),
    })
    .describe('An announcement was published to its audience.'),
  AnnouncementViewed: z
    .object({ announcement_id: z.uuid(), user_id: z.uuid() })
    .describe('A user has seen this announcement and every one published before it.'),
} satisfies EventSchemas<AnnouncementEvent>;
