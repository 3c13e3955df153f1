import type { RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';
import { attributeEvent, idsNamedBy } from './feed-attribution';

/**
 * The feed's index (docs/SUBSCRIPTIONS.md): for every event some retailer's feed carries, its place
 * in the store's stable order, its stream place and type, by retailer — what the feed pages read
 * (the events' contents come from the event store by place). `feed_units` is what attribution
 * learns on the way: which retailer each unit and record belongs to.
 */
export interface FeedTables {
  feed_events: {
    transaction_id: string;
    global_position: string;
    retailer_id: string;
    stream_id: string;
    stream_position: number;
    event_id: string;
    type: string;
  };
  feed_units: { id: string; retailer_id: string };
  feed_type_counts: { retailer_id: string; type: string; events: string; last_stream_id: string; last_stream_position: number; last_recorded_at: Date };
}

/** The retailer of events no retailer's feed carries, in the type counts (the super role's catalog counts them too). */
export const NO_RETAILER = '';

interface FeedRow {
  transaction_id: number;
  global_position: number;
  retailer_id: string;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
}

export const feedProjection: Projection<FeedTables> = {
  name: 'feed',
  version: 1,
  tables: ['feed_events', 'feed_units', 'feed_type_counts'],
  handles: 'all',

  async createTables(db: SqlDb, schema: string) {
    await sql`
      create table ${sql.id(schema, 'feed_events')} (
        transaction_id bigint not null,
        global_position bigint not null,
        retailer_id text not null,
        stream_id text not null,
        stream_position bigint not null,
        event_id uuid not null,
        type text not null,
        primary key (transaction_id, global_position)
      )`.execute(db);
    // A retailer's page: its rows after a cursor, in the store's order.
    await sql`create index feed_events_by_retailer on ${sql.id(schema, 'feed_events')} (retailer_id, transaction_id, global_position)`.execute(db);
    await sql`create table ${sql.id(schema, 'feed_units')} (id text primary key, retailer_id text not null)`.execute(db);
    // The event catalog's "how many so far" and its example (the latest of the type), per retailer.
    await sql`
      create table ${sql.id(schema, 'feed_type_counts')} (
        retailer_id text not null,
        type text not null,
        events bigint not null,
        last_stream_id text not null,
        last_stream_position bigint not null,
        last_recorded_at timestamptz not null,
        primary key (retailer_id, type)
      )`.execute(db);
  },

  // One lookup of every id the batch names, attribution in order in memory, one insert per table.
  async apply(db, events: readonly RecordedEvent[], schema) {
    const ids = [...new Set(events.flatMap(idsNamedBy))];
    const known = new Map<string, string>();
    if (ids.length > 0) {
      const found = await sql<{ id: string; retailer_id: string }>`select id, retailer_id from ${sql.id(schema, 'feed_units')} where id = any(${ids}::text[])`.execute(db);
      for (const row of found.rows) known.set(row.id, row.retailer_id);
    }
    const changed = new Map<string, string>();
    const learn = (id: string, retailerId: string) => {
      if (known.get(id) === retailerId) return;
      known.set(id, retailerId);
      changed.set(id, retailerId);
    };
    const rows: FeedRow[] = [];
    const counts = new Map<string, { retailer_id: string; type: string; events: number; last_stream_id: string; last_stream_position: number; last_recorded_at: string }>();
    for (const event of events) {
      const attribution = attributeEvent(event, (id) => known.get(id));
      for (const [id, retailerId] of attribution.learned) learn(id, retailerId);
      if (attribution.subject) learn(attribution.subject.id, attribution.subject.retailerId);
      const retailer = attribution.retailerId ?? NO_RETAILER;
      const key = `${retailer} ${event.type}`;
      const count = counts.get(key) ?? { retailer_id: retailer, type: event.type, events: 0, last_stream_id: '', last_stream_position: 0, last_recorded_at: '' };
      counts.set(key, { ...count, events: count.events + 1, last_stream_id: event.streamId, last_stream_position: event.streamPosition, last_recorded_at: event.recordedAt.toISOString() });
      if (attribution.retailerId === null) continue;
      rows.push({
        transaction_id: event.position.transactionId,
        global_position: event.position.globalPosition,
        retailer_id: attribution.retailerId,
        stream_id: event.streamId,
        stream_position: event.streamPosition,
        event_id: event.eventId,
        type: event.type,
      });
    }
    if (changed.size > 0) {
      await sql`
        insert into ${sql.id(schema, 'feed_units')} as u (id, retailer_id)
        select id, retailer_id from unnest(${[...changed.keys()]}::text[], ${[...changed.values()]}::text[]) as d(id, retailer_id)
        on conflict (id) do update set retailer_id = excluded.retailer_id`.execute(db);
    }
    if (counts.size > 0) {
      await sql`
        insert into ${sql.id(schema, 'feed_type_counts')} as c (retailer_id, type, events, last_stream_id, last_stream_position, last_recorded_at)
        select retailer_id, type, events, last_stream_id, last_stream_position, last_recorded_at
        from jsonb_to_recordset(${JSON.stringify([...counts.values()])}::jsonb)
          as d(retailer_id text, type text, events bigint, last_stream_id text, last_stream_position bigint, last_recorded_at timestamptz)
        on conflict (retailer_id, type) do update set
          events = c.events + excluded.events, last_stream_id = excluded.last_stream_id,
          last_stream_position = excluded.last_stream_position, last_recorded_at = excluded.last_recorded_at`.execute(db);
    }
    if (rows.length > 0) {
      await sql`
        insert into ${sql.id(schema, 'feed_events')} (transaction_id, global_position, retailer_id, stream_id, stream_position, event_id, type)
        select transaction_id, global_position, retailer_id, stream_id, stream_position, event_id, type
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as d(transaction_id bigint, global_position bigint, retailer_id text, stream_id text, stream_position bigint, event_id uuid, type text)`.execute(db);
    }
  },
};
