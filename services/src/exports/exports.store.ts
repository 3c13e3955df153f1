import type { ExportFormat, ExportStatus } from '@portal/contracts';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Migration } from '../platform/db/migrations';

/** The state of every export, so answers and polling never depend on the queue backend. */
export const exportMigrations: readonly Migration[] = [
  {
    name: '0006_exports',
    async up(db) {
      await sql`
        create table exports (
          id text primary key,
          user_id text not null,
          name text not null,
          format text not null,
          status text not null default 'queued',
          rows_written integer not null default 0,
          rows_total integer,
          -- The finished file's name under DATA_DIR/exports; set only once the file is complete.
          file text,
          error text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index exports_user on exports (user_id, created_at desc)`.execute(db);
    },
  },
];

export interface ExportRecord {
  id: string;
  user_id: string;
  name: string;
  format: ExportFormat;
  status: ExportStatus;
  rows_written: number;
  rows_total: number | null;
  file: string | null;
  error: string | null;
  created_at: Date;
}

export async function createExportRecord(db: SqlDb, record: Pick<ExportRecord, 'id' | 'user_id' | 'name' | 'format'>): Promise<void> {
  await sql`insert into exports (id, user_id, name, format) values (${record.id}, ${record.user_id}, ${record.name}, ${record.format})`.execute(db);
}

export async function findExportRecord(db: SqlDb, id: string): Promise<ExportRecord | undefined> {
  const result = await sql<ExportRecord>`
    select id, user_id, name, format, status, rows_written, rows_total, file, error, created_at from exports where id = ${id}`.execute(db);
  return result.rows[0];
}

export async function markExportRunning(db: SqlDb, id: string, total: number): Promise<void> {
  await sql`update exports set status = 'running', rows_total = ${total}, rows_written = 0, error = null, updated_at = now() where id = ${id}`.execute(db);
}

export async function recordExportProgress(db: SqlDb, id: string, written: number): Promise<void> {
  await sql`update exports set rows_written = ${written}, updated_at = now() where id = ${id}`.execute(db);
}

export async function markExportDone(db: SqlDb, id: string, file: string, written: number): Promise<void> {
  await sql`update exports set status = 'done', file = ${file}, rows_written = ${written}, error = null, updated_at = now() where id = ${id}`.execute(db);
}

export async function markExportFailed(db: SqlDb, id: string, error: string): Promise<void> {
  await sql`update exports set status = 'failed', error = ${error.slice(0, 2000)}, updated_at = now() where id = ${id}`.execute(db);
}
