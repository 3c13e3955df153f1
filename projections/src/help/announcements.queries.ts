import { ROLE } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';

/**
 * Who reads the announcements: an announcement is for the roles of its audience (none: every
 * role) and the people of its retailer (none: everyone). The super role reads them all; a
 * retailer manager reads every one of their retailer's whatever its audience (they publish them).
 * Each document's url is answered as `aws_document_url`, the spec's name (doc 3 §3), as stored:
 * an absolute URL, or a /files/ path of our file storage (the service signs it).
 */
export interface AnnouncementReader {
  readonly user_id: string;
  readonly roles: readonly number[];
}

/** The announcements `a` the reader may see. */
function readableBy(reader: AnnouncementReader): RawBuilder<boolean> {
  if (reader.roles.includes(ROLE.SUPER_ADMIN)) return sql<boolean>`true`;
  const publisher = reader.roles.includes(ROLE.RETAILER_MANAGER);
  return sql<boolean>`(a.retailer_id is null or a.retailer_id = (select u.retailer_id from rm.org_users u where u.id = ${reader.user_id}))
    and (cardinality(a.audience_roles) = 0 or a.audience_roles && ${[...reader.roles]}::integer[] or (${publisher} and a.retailer_id is not null))`;
}
/** An announcement as a message of the reader (the messages capability composes this row source: id, kind, message, created_at). */
export function announcementMessages(reader: AnnouncementReader): RawBuilder<unknown> {
  return sql`select 'a-' || a.id as id, 'announcement' as kind, 'Announcement: ' || a.message_text as message, a.created_at from rm.help_announcements a where ${readableBy(reader)}`;
}

export interface AnnouncementRow {
  id: string;
  message_text: string;
  documents: { name: string; aws_document_url: string }[];
  created_at: Date;
}

/** The Announcements table (GET /api/v1/announcements) as the reader sees it, newest first, paged. */
export async function listAnnouncements(db: SqlDb, reader: AnnouncementReader, page: number, results: number): Promise<{ data: AnnouncementRow[]; total: number; current_page: number }> {
  const [rows, count] = await Promise.all([
    sql<{ id: string; message_text: string; documents: { name: string; url: string }[]; created_at: Date }>`
      select id, message_text, documents, created_at from rm.help_announcements a where ${readableBy(reader)}
      order by seq desc limit ${results} offset ${(page - 1) * results}`.execute(db),
    announcementCount(db, reader),
  ]);
  return {
    data: rows.rows.map((row) => ({
      id: row.id,
      message_text: row.message_text,
      documents: row.documents.map((document) => ({ name: document.name, aws_document_url: document.url })),
      created_at: row.created_at,
    })),
    total: count,
    current_page: page,
  };
}

/** check_new: has an announcement for the reader been published after the newest one they marked as seen? */
export async function hasNewAnnouncement(db: SqlDb, reader: AnnouncementReader): Promise<boolean> {
  const result = await sql<{ has_new: boolean }>`
    select exists (
      select 1 from rm.help_announcements a
      where a.seq > coalesce((select v.last_seen_seq from rm.help_announcement_views v where v.user_id = ${reader.user_id}), 0)
        and ${readableBy(reader)}
    ) as has_new`.execute(db);
  return result.rows[0]!.has_new;
}

/** The newest announcement, which marking as viewed records as seen (with all before it); undefined when there is none. */
export async function latestAnnouncementId(db: SqlDb): Promise<string | undefined> {
  const result = await sql<{ id: string }>`select id from rm.help_announcements order by seq desc limit 1`.execute(db);
  return result.rows[0]?.id;
}

interface StoredAnnouncement {
  seq: string;
  id: string;
  message_text: string;
  documents: { name: string; url: string }[];
  created_at: Date;
}

/** Every announcement the reader sees, newest first, in keyset pages (for the export: flat memory whatever the count). */
export async function* announcementPages(db: SqlDb, reader: AnnouncementReader, pageSize = 500): AsyncGenerator<AnnouncementRow[]> {
  let before: string | null = null;
  for (;;) {
    const page: { rows: StoredAnnouncement[] } = await sql<StoredAnnouncement>`
      select seq::text as seq, id, message_text, documents, created_at from rm.help_announcements a
      where (${before}::bigint is null or seq < ${before}::bigint) and ${readableBy(reader)}
      order by seq desc limit ${pageSize}`.execute(db);
    if (page.rows.length === 0) return;
    yield page.rows.map((row) => ({
      id: row.id,
      message_text: row.message_text,
      documents: row.documents.map((document) => ({ name: document.name, aws_document_url: document.url })),
      created_at: row.created_at,
    }));
    if (page.rows.length < pageSize) return;
    before = page.rows[page.rows.length - 1]!.seq;
  }
}

export async function announcementCount(db: SqlDb, reader: AnnouncementReader): Promise<number> {
  const result = await sql<{ total: string }>`select count(*)::text as total from rm.help_announcements a where ${readableBy(reader)}`.execute(db);
  return Number(result.rows[0]!.total);
}

/** The document of an announcement stored at this url (`/files/announcement-files/<uuid>.pdf`), or undefined when none names it. */
export async function announcementFileIn(db: SqlDb, url: string): Promise<{ name: string } | undefined> {
  const result = await sql<{ name: string }>`
    select d->>'name' as name from rm.help_announcements a, jsonb_array_elements(a.documents) d
    where a.documents @> ${JSON.stringify([{ url }])}::jsonb and d->>'url' = ${url} limit 1`.execute(db);
  return result.rows[0];
}
