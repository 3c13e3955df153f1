import { ANNOUNCEMENT_EVENT_TYPES, type AnnouncementEvent, type RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * Announcements and who has seen them (doc 3 Announcements; doc 1 §7 check_new / update_as_viewed).
 *
 * `help_announcements.seq` numbers announcements in feed order (the order this projection
 * applies them, the same on every rebuild); the list is newest first by it. A user's view is a
 * watermark: `help_announcement_views` keeps, per user, the seq of the newest announcement they
 * have marked as seen. check_new is then one indexed probe: is there an announcement whose seq
 * is above the user's watermark (primary-key lookup on the views, unique index on seq)?
 */
export const announcementsProjection: Projection = {
  name: 'announcements',
  // v2: each announcement's audience (roles) and retailer.
  version: 2,
  tables: ['help_announcements', 'help_announcement_views'],
  handles: ANNOUNCEMENT_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('help_announcements')} (
        id text primary key, seq bigint generated always as identity, message_text text not null,
        documents jsonb not null default '[]', audience_roles integer[] not null default '{}', retailer_id text,
        created_at timestamptz not null
      )`.execute(db);
    await sql`create unique index on ${t('help_announcements')} (seq)`.execute(db);
    await sql`
      create table ${t('help_announcement_views')} (
        user_id text primary key, last_seen_seq bigint not null, last_seen_announcement_id text not null, last_viewed_at timestamptz not null
      )`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as AnnouncementEvent;
      const at = recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'AnnouncementPublished':
          await sql`
            insert into ${t('help_announcements')} (id, message_text, documents, audience_roles, retailer_id, created_at)
            values (${event.data.announcement_id}, ${event.data.message_text}, ${JSON.stringify(event.data.documents)}::jsonb,
              ${event.data.audience_roles ?? []}::integer[], ${event.data.retailer_id ?? null}, ${at})`.execute(db);
          break;
        case 'AnnouncementViewed':
          // The watermark only moves forward: seeing an older announcement again changes nothing.
          await sql`
            insert into ${t('help_announcement_views')} as v (user_id, last_seen_seq, last_seen_announcement_id, last_viewed_at)
            select ${event.data.user_id}, a.seq, a.id, ${at} from ${t('help_announcements')} a where a.id = ${event.data.announcement_id}
            on conflict (user_id) do update set last_seen_seq = excluded.last_seen_seq, last_seen_announcement_id = excluded.last_seen_announcement_id,
              last_viewed_at = excluded.last_viewed_at
            where excluded.last_seen_seq > v.last_seen_seq`.execute(db);
          break;
      }
    }
  },
};
