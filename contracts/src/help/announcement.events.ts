/**
 * Announcements as events (doc 3 §3 Announcement, §7 Documents and announcements).
 *
 * Streams:
 * - `announcement-<announcement_id>`: one per announcement, opened by AnnouncementPublished.
 * - `announcement_views-<user_id>`: one per user, the announcements that user has seen.
 *
 * Why views live in a per-user stream, not in the announcement's stream: every user marks
 * views when the IMPORTANT ANNOUNCEMENTS dialog closes, many of them at the same moment; on the
 * announcement's stream they would all race for one expected version, and that stream would
 * grow with the user count. On the user's own stream only that user's tabs can conflict, and
 * the stream itself answers "has this user already seen the latest?", which makes marking
 * idempotent. The stream type (the id's prefix up to the first dash) is `announcement_views`,
 * not `announcement`, so views never mix with the announcements in the stream catalogue or in
 * KurrentDB's `$ce-announcement` category.
 *
 * AnnouncementViewed means: the user has seen this announcement AND every one published
 * before it (a watermark). Marking as viewed records the newest announcement the user was
 * shown, once.
 */
export interface AnnouncementDocument {
  name: string;
  /** An absolute http(s) URL, or a path of our file storage starting with /files/. */
  url: string;
}

export type AnnouncementEvent =
  | {
      type: 'AnnouncementPublished';
      data: {
        announcement_id: string;
        message_text: string;
        documents: AnnouncementDocument[];
        /** The roles it is for; absent or empty: every role (announcements published before audiences existed). */
        audience_roles?: number[];
        /** The retailer whose people it is for (a retailer manager's); absent or null: everyone. */
        retailer_id?: string | null;
      };
    }
  | { type: 'AnnouncementViewed'; data: { announcement_id: string; user_id: string } };

export type AnnouncementEventType = AnnouncementEvent['type'];

export const ANNOUNCEMENT_EVENT_TYPES: readonly AnnouncementEventType[] = ['AnnouncementPublished', 'AnnouncementViewed'];

export const announcementStream = (announcementId: string) => `announcement-${announcementId}`;
export const announcementViewsStream = (userId: string) => `announcement_views-${userId}`;
