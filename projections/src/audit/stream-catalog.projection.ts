import type { SqlDb } from '../runner/ports';
import type { RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';

/**
 * The catalog of every stream and event type in the store: what an auditor opens first
 * ("which streams exist, how long is each history, what happened last").
 */
export interface StreamCatalogTables {
  audit_streams: {
    stream_id: string;
    stream_type: string;
    events: number;
    last_event_type: string;
    first_recorded_at: Date;
    last_recorded_at: Date;
  };
  audit_event_types: {
    type: string;
    events: number;
    first_recorded_at: Date;
    last_recorded_at: Date;
  };
}

interface StreamDelta {
  stream_id: string;
  stream_type: string;
  events: number;
  last_event_type: string;
  first_recorded_at: string;
  last_recorded_at: string;
}

function streamType(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

function summarise(events: readonly RecordedEvent[]) {
  const streams = new Map<string, StreamDelta>();
  const types = new Map<string, { type: string; events: number; first_recorded_at: string; last_recorded_at: string }>();
  for (const event of events) {
    const at = event.recordedAt.toISOString();
    const stream = streams.get(event.streamId);
    if (stream) {
      stream.events += 1;
      stream.last_event_type = event.type;
      stream.last_recorded_at = at;
    } else {
      streams.set(event.streamId, {
        stream_id: event.streamId,
        stream_type: streamType(event.streamId),
        events: 1,
        last_event_type: event.type,
        first_recorded_at: at,
        last_recorded_at: at,
      });
    }
    const type = types.get(event.type);
    if (type) {
      type.events += 1;
      type.last_recorded_at = at;
    } else {
      types.set(event.type, { type: event.type, events: 1, first_recorded_at: at, last_recorded_at: at });
    }
  }
  return { streams: [...streams.values()], types: [...types.values()] };
}

export const streamCatalogProjection: Projection<StreamCatalogTables> = {
  name: 'stream_catalog',
  version: 1,
  tables: ['audit_streams', 'audit_event_types'],
  handles: 'all',

  async createTables(db: SqlDb, schema: string) {
    await db.schema
      .withSchema(schema)
      .createTable('audit_streams')
      .addColumn('stream_id', 'text', (column) => column.primaryKey())
      .addColumn('stream_type', 'text', (column) => column.notNull())
      .addColumn('events', 'integer', (column) => column.notNull())
      .addColumn('last_event_type', 'text', (column) => column.notNull())
      .addColumn('first_recorded_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_recorded_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema.withSchema(schema).createIndex('audit_streams_by_type').on('audit_streams').columns(['stream_type', 'last_recorded_at']).execute();
    await db.schema
      .withSchema(schema)
      .createTable('audit_event_types')
      .addColumn('type', 'text', (column) => column.primaryKey())
      .addColumn('events', 'bigint', (column) => column.notNull())
      .addColumn('first_recorded_at', 'timestamptz', (column) => column.notNull())
      .addColumn('last_recorded_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },

  // One statement per table for the whole batch: batching is what makes catch-up fast.
  async apply(db, events, schema) {
    const { streams, types } = summarise(events);
    await sql`
      insert into ${sql.id(schema, 'audit_streams')} as s (stream_id, stream_type, events, last_event_type, first_recorded_at, last_recorded_at)
      select stream_id, stream_type, events, last_event_type, first_recorded_at, last_recorded_at
      from jsonb_to_recordset(${JSON.stringify(streams)}::jsonb)
        as d(stream_id text, stream_type text, events integer, last_event_type text, first_recorded_at timestamptz, last_recorded_at timestamptz)
      on conflict (stream_id) do update set
        events = s.events + excluded.events,
        last_event_type = excluded.last_event_type,
        last_recorded_at = excluded.last_recorded_at`.execute(db);
    await sql`
      insert into ${sql.id(schema, 'audit_event_types')} as t (type, events, first_recorded_at, last_recorded_at)
      select type, events, first_recorded_at, last_recorded_at
      from jsonb_to_recordset(${JSON.stringify(types)}::jsonb)
        as d(type text, events bigint, first_recorded_at timestamptz, last_recorded_at timestamptz)
      on conflict (type) do update set
        events = t.events + excluded.events,
        last_recorded_at = excluded.last_recorded_at`.execute(db);
  },
};
