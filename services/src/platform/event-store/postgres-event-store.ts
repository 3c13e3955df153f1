import type { SqlDb } from '@portal/projections';
import { randomUUID } from 'node:crypto';
import { type EventMetadata, type Position, type RecordedEvent, START, comparePositions, streamTypeOf } from '@portal/contracts';
import { Wakeup } from '@portal/projections';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Migration } from '../db/migrations';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamAppend,
  type StreamConflict,
  type SubscribeOptions,
  type Subscription,
  matchesExpected,
} from './event-store';
import { eventIdsForKey } from './idempotency';

export const APPENDED_CHANNEL = 'es_appended';

export const eventStoreMigrations: readonly Migration[] = [
  {
    name: '0001_event_store',
    async up(db) {
      await sql`
        create table es_streams (
          stream_id text primary key,
          stream_type text not null,
          version bigint not null
        )`.execute(db);
      await sql`
        create table es_events (
          global_position bigint generated always as identity,
          transaction_id xid8 not null default pg_current_xact_id(),
          stream_id text not null,
          stream_position bigint not null,
          event_id uuid not null,
          type text not null,
          schema_version integer not null default 1,
          data jsonb not null,
          metadata jsonb not null default '{}',
          recorded_at timestamptz not null default now(),
          primary key (stream_id, stream_position),
          constraint es_events_event_id_unique unique (event_id)
        )`.execute(db);
      await sql`create index es_events_read_all on es_events (transaction_id, global_position)`.execute(db);
    },
  },
];

interface EventRow {
  transaction_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata | null;
  recorded_at: Date | string;
}

// Text aliases shadow the columns in ORDER BY, so every query orders by the qualified `e.` columns.
const EVENT_COLUMNS = sql`e.transaction_id::text as transaction_id, e.global_position::text as global_position, e.stream_id,
  e.stream_position::text as stream_position, e.event_id::text as event_id, e.type, e.schema_version, e.data, e.metadata, e.recorded_at`;

/** Only transactions older than every open one are visible, so no reader skips a late commit. */
const VISIBLE = sql`e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) },
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}

interface PgError {
  code?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/** The default event store: two tables in PostgreSQL (or PGlite), the algorithm of DESIGN.md §4. */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';

  constructor(
    private readonly database: Database,
    private readonly pollIntervalMs = 250,
  ) {}

  async append(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    const eventIds = this.eventIds(appends, options);
    if (options.idempotencyKey) {
      const earlier = await this.findAppended(this.database.db, appends, eventIds);
      if (earlier) return earlier;
    }
    try {
      return await this.database.db.transaction().execute((trx) => this.appendWithin(trx, appends, eventIds));
    } catch (error) {
      const conflict = error instanceof ConcurrencyError || (isPgError(error) && ['23505', '40P01', '40001'].includes(error.code ?? ''));
      if (!conflict) throw error;
      // A retry racing its first attempt loses the race to itself: answer with the first.
      const earlier = await this.findAppended(this.database.db, appends, eventIds);
      if (earlier) return earlier;
      throw error instanceof ConcurrencyError ? error : new ConcurrencyError(appends.map(({ streamId, expectedVersion }) => ({ streamId, expected: expectedVersion })));
    }
  }

  /**
   * The append itself, inside a transaction the caller owns and commits. Exposed so that a
   * caller (and the out-of-order commit test) can hold the transaction open.
   */
  async appendInTransaction(trx: SqlDb, appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    return this.appendWithin(trx, appends, this.eventIds(appends, options));
  }

  private eventIds(appends: readonly StreamAppend[], options: AppendOptions): string[] {
    const events = appends.flatMap((append) => append.events);
    const derived = options.idempotencyKey ? eventIdsForKey(options.idempotencyKey, events.length) : undefined;
    return events.map((event, index) => derived?.[index] ?? event.eventId ?? randomUUID());
  }

  private async appendWithin(trx: SqlDb, appends: readonly StreamAppend[], eventIds: string[]): Promise<AppendResult> {
    const byStream = new Map<string, StreamAppend>();
    for (const append of appends) {
      if (byStream.has(append.streamId)) throw new Error(`Stream ${append.streamId} appears twice in one append`);
      byStream.set(append.streamId, append);
    }
    const streamIds = [...byStream.keys()].sort();

    // Lock the existing streams in one sorted order, so concurrent multi-stream appends cannot deadlock.
    const current = await sql<{ stream_id: string; version: string }>`
      select stream_id, version::text as version from es_streams
      where stream_id = any(${streamIds}::text[]) order by stream_id for update`.execute(trx);
    const actual = new Map(current.rows.map((row) => [row.stream_id, Number(row.version)]));

    const conflicts: StreamConflict[] = [];
    for (const streamId of streamIds) {
      const { expectedVersion } = byStream.get(streamId)!;
      const version = actual.get(streamId) ?? 0;
      if (!matchesExpected(expectedVersion, version)) conflicts.push({ streamId, expected: expectedVersion, actual: version });
    }
    if (conflicts.length > 0) throw new ConcurrencyError(conflicts);

    const existing: { id: string; version: number }[] = [];
    const created: { id: string; type: string; version: number }[] = [];
    const rows: object[] = [];
    let eventIndex = 0;
    for (const append of appends) {
      const before = actual.get(append.streamId) ?? 0;
      append.events.forEach((event, offset) => {
        rows.push({
          stream_id: append.streamId,
          stream_position: before + offset + 1,
          event_id: eventIds[eventIndex++],
          type: event.type,
          schema_version: event.schemaVersion ?? 1,
          data: event.data,
          metadata: event.metadata ?? {},
        });
      });
      const version = before + append.events.length;
      if (actual.has(append.streamId)) existing.push({ id: append.streamId, version });
      else created.push({ id: append.streamId, type: streamTypeOf(append.streamId), version });
    }

    if (existing.length > 0) {
      await sql`
        update es_streams s set version = u.version
        from unnest(${existing.map((s) => s.id)}::text[], ${existing.map((s) => s.version)}::bigint[]) as u(stream_id, version)
        where s.stream_id = u.stream_id`.execute(trx);
    }
    if (created.length > 0) {
      // A stream created concurrently makes this insert fail with 23505: a concurrency conflict.
      await sql`
        insert into es_streams (stream_id, stream_type, version)
        select * from unnest(${created.map((s) => s.id)}::text[], ${created.map((s) => s.type)}::text[], ${created.map((s) => s.version)}::bigint[])`.execute(trx);
    }

    const versions = streamIds.map((streamId) => ({ streamId, version: (actual.get(streamId) ?? 0) + byStream.get(streamId)!.events.length }));
    if (rows.length === 0) {
      return { position: await this.head(), streams: versions, duplicate: false };
    }
    const inserted = await sql<{ transaction_id: string; global_position: string }>`
      with inserted as (
        insert into es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
        select stream_id, stream_position, event_id, type, schema_version, data, metadata
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as e(stream_id text, stream_position bigint, event_id uuid, type text, schema_version integer, data jsonb, metadata jsonb)
        returning transaction_id, global_position
      )
      select pg_current_xact_id()::text as transaction_id, max(global_position)::text as global_position,
             pg_notify(${APPENDED_CHANNEL}, '')::text as notified
      from inserted`.execute(trx);
    const last = inserted.rows[0]!;
    return {
      position: { transactionId: Number(last.transaction_id), globalPosition: Number(last.global_position) },
      streams: versions,
      duplicate: false,
    };
  }

  /** When every event id of this append is already stored, the answer the first attempt got. */
  private async findAppended(db: SqlDb, appends: readonly StreamAppend[], eventIds: string[]): Promise<AppendResult | null> {
    if (eventIds.length === 0) return null;
    const found = await sql<{ stream_id: string; stream_position: string; transaction_id: string; global_position: string }>`
      select stream_id, stream_position::text as stream_position, transaction_id::text as transaction_id, global_position::text as global_position
      from es_events where event_id = any(${eventIds}::uuid[])`.execute(db);
    if (found.rows.length !== eventIds.length) return null;
    let position: Position = START;
    const versions = new Map<string, number>();
    for (const row of found.rows) {
      const candidate = { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) };
      if (comparePositions(candidate, position) > 0) position = candidate;
      versions.set(row.stream_id, Math.max(versions.get(row.stream_id) ?? 0, Number(row.stream_position)));
    }
    const streams = appends.map(({ streamId }) => ({ streamId, version: versions.get(streamId) ?? 0 })).sort((a, b) => a.streamId.localeCompare(b.streamId));
    return { position, streams, duplicate: true };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromVersion ?? 1;
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const result = await sql<EventRow>`
      select ${EVENT_COLUMNS} from es_events e
      where e.stream_id = ${streamId} and e.stream_position >= ${from}
      order by e.stream_position limit ${limit}`.execute(this.database.db);
    return result.rows.map(toRecordedEvent);
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const result = await sql<EventRow>`
      select ${EVENT_COLUMNS} from es_events e
      where ${VISIBLE}
        and (e.transaction_id, e.global_position) > (${String(after.transactionId)}::xid8, ${after.globalPosition}::bigint)
      order by e.transaction_id, e.global_position
      limit ${maxCount}`.execute(this.database.db);
    return result.rows.map(toRecordedEvent);
  }

  async head(): Promise<Position> {
    const result = await sql<{ transaction_id: string; global_position: string }>`
      select e.transaction_id::text as transaction_id, e.global_position::text as global_position from es_events e
      where ${VISIBLE}
      order by e.transaction_id desc, e.global_position desc limit 1`.execute(this.database.db);
    const row = result.rows[0];
    return row ? { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) } : START;
  }

  subscribe(options: SubscribeOptions, handle: (events: RecordedEvent[]) => Promise<void>): Subscription {
    const batchSize = options.batchSize ?? 500;
    const { signal } = options;
    const wakeup = new Wakeup();
    const done = (async () => {
      const unlisten = await this.database.listen(APPENDED_CHANNEL, () => wakeup.notify());
      try {
        let after = options.after;
        while (!signal?.aborted) {
          wakeup.clear();
          const events = await this.readAll({ after, maxCount: batchSize });
          if (events.length > 0) {
            await handle(events);
            after = events[events.length - 1]!.position;
            continue;
          }
          // Events may also become visible without a notification (an unrelated transaction
          // that held the horizon back has ended), hence the poll.
          await wakeup.wait(this.pollIntervalMs, signal);
        }
      } finally {
        await unlisten();
      }
    })();
    return { done };
  }

  /** Wakes `onAppend` whenever events may have been appended (a hint; pair it with a poll). */
  async onAppended(onAppend: () => void): Promise<() => Promise<void>> {
    return this.database.listen(APPENDED_CHANNEL, onAppend);
  }

  async close(): Promise<void> {}
}
