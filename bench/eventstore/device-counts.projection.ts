import type { Projection, SqlDb } from '@portal/projections';
import type { RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';

export const DEVICE_COUNTS_TABLE = 'bench_device_counts';

interface DeviceCountDelta {
  stream_id: string;
  events: number;
  last_type: string;
  office_id: string;
}

/**
 * The benchmark's read model: per device stream, how many events, the last event type and
 * the office it was last seen at; indexed by (office_id, last_type) like a dashboard table.
 * Like the real projections, it applies a whole batch in one statement.
 */
export const deviceCountsProjection: Projection = {
  name: 'bench_device_counts',
  version: 1,
  tables: [DEVICE_COUNTS_TABLE],
  handles: 'all',

  async createTables(db: SqlDb, schema: string) {
    await sql`
      create table ${sql.id(schema, DEVICE_COUNTS_TABLE)} (
        stream_id text primary key,
        events integer not null,
        last_type text not null,
        office_id text not null
      )`.execute(db);
    await sql`create index bench_device_counts_by_office on ${sql.id(schema, DEVICE_COUNTS_TABLE)} (office_id, last_type)`.execute(db);
  },

  async apply(db, events: readonly RecordedEvent[], schema) {
    const deltas = new Map<string, DeviceCountDelta>();
    for (const event of events) {
      const officeId = String((event.data as { office_id?: unknown }).office_id ?? '');
      const delta = deltas.get(event.streamId);
      if (delta) {
        delta.events += 1;
        delta.last_type = event.type;
        delta.office_id = officeId;
      } else {
        deltas.set(event.streamId, { stream_id: event.streamId, events: 1, last_type: event.type, office_id: officeId });
      }
    }
    await sql`
      insert into ${sql.id(schema, DEVICE_COUNTS_TABLE)} as c (stream_id, events, last_type, office_id)
      select stream_id, events, last_type, office_id
      from jsonb_to_recordset(${JSON.stringify([...deltas.values()])}::jsonb)
        as d(stream_id text, events integer, last_type text, office_id text)
      on conflict (stream_id) do update set
        events = c.events + excluded.events,
        last_type = excluded.last_type,
        office_id = excluded.office_id`.execute(db);
  },
};
