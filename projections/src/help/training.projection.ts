import { type RecordedEvent, type TrainingContentEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * The training content the Training Documents and Training Videos trees show (doc 3 §2), one row
 * per document or video still offered; a removed one leaves the table (its history stays in its
 * stream). The trees are small (tens of items), so one table with an index on its kind serves.
 */
export const trainingProjection: Projection = {
  name: 'training',
  version: 1,
  tables: ['help_training_content'],
  handles: ['TrainingContentAdded', 'TrainingContentRemoved'],

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('help_training_content')} (
        id text primary key, seq bigint generated always as identity, content_kind text not null, category text not null, title text not null,
        source_kind text not null, file_key text, content_type text, size bigint, link_url text,
        retailer_id text, added_by text not null, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('help_training_content')} (content_kind, category)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as TrainingContentEvent;
      switch (event.type) {
        case 'TrainingContentAdded': {
          const { source } = event.data;
          const file = source.kind === 'file' ? source : undefined;
          await sql`
            insert into ${t('help_training_content')} (id, content_kind, category, title, source_kind, file_key, content_type, size, link_url, retailer_id, added_by, created_at)
            values (${event.data.content_id}, ${event.data.content_kind}, ${event.data.category}, ${event.data.title}, ${source.kind},
              ${file?.key ?? null}, ${file?.content_type ?? null}, ${file?.size ?? null}, ${source.kind === 'link' ? source.url : null},
              ${event.data.retailer_id}, ${event.data.added_by}, ${recorded.recordedAt.toISOString()})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'TrainingContentRemoved':
          await sql`delete from ${t('help_training_content')} where id = ${event.data.content_id}`.execute(db);
          break;
      }
    }
  },
};
