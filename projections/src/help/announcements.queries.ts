import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';

/**
 * Announcements are for everyone who has the Announcements screen (roles 1, 2, 3, 11, 12): no
 * scope narrows them. Each document's url is answered as `aws_document_url`, the spec's name
 * (doc 3 §3), as stored: an absolute URL, or a /files/ path of our file storage.
 */
export interface AnnouncementRow {
  id: string;
  message_text: string;
  documents: { name: string; aws_document_url: string }[];
  created_at: Date;
}

/** The Announcements table (GET /api/v1/announcements), newest first, paged. */
export async function listAnnouncements(db: SqlDb, page: number, results: number): Promise<{ data: AnnouncementRow[]; total: number; current_page: number }> {
  const [rows, count] = await Promise.all([
    sql<{ id: string; message_text: string; documents: { name: string; url: string }[]; created_at: Date }>`
      select id, message_text, documents, created_at from rm.help_announcements
      order by seq desc limit ${results} offset ${(page - 1) * results}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total from rm.help_announcements`.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({
      id: row.id,
      message_text: row.message_text,
      documents: row.documents.map((document) => ({ name: document.name, aws_document_url: document.url })),
      created_at: row.created_at,
    })),
    total: Number(count.rows[0]!.total),
    current_page: page,
  };
}

/** check_new: has an announcement been published after the newest one the user marked as seen? */
export async function hasNewAnnouncement(db: SqlDb, userId: string): Promise<boolean> {
  const result = await sql<{ has_new: boolean }>`
    select exists (
      select 1 from rm.help_announcements a
      where a.seq > coalesce((select v.last_seen_seq from rm.help_announcement_views v where v.user_id = ${userId}), 0)
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

/** Every announcement, newest first, in keyset pages (for the export: flat memory whatever the count). */
export async function* announcementPages(db: SqlDb, pageSize = 500): AsyncGenerator<AnnouncementRow[]> {
  let before: string | null = null;
  for (;;) {
    const page: { rows: StoredAnnouncement[] } = await sql<StoredAnnouncement>`
      select seq::text as seq, id, message_text, documents, created_at from rm.help_announcements
      where (${before}::bigint is null or seq < ${before}::bigint)
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

export async function announcementCount(db: SqlDb): Promise<number> {
  const result = await sql<{ total: string }>`select count(*)::text as total from rm.help_announcements`.execute(db);
  return Number(result.rows[0]!.total);
}
