import type { SqlDb } from '@portal/projections';
import { type EventMetadata, type Position, type RecordedEvent, START, comparePositions, streamTypeOf } from '@portal/contracts';
import { Wakeup } from '@portal/projections';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Migration } from '../db/migrations';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type EventPlace,
  IdempotencyKeyReusedError,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamAppend,
  type ExpectedVersion,
  type SubscribeOptions,
  type Subscription,
} from './event-store';
import { v7 as uuidv7 } from 'uuid';
import { eventIdsForKey } from './idempotency';
import { streamIdsAfter } from './hash-chain';
import { AppendAnnouncer } from './append-announcer';
import { AppendGroups, DEFAULT_APPEND_GROUP_LIMITS, type PreparedAppend } from './append-groups';

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
  {
    // The whole append in one statement, so one round trip (and, outside a caller's
    // transaction, one implicit transaction): lock existing streams in sorted order, check
    // expected versions, bump or create the streams, insert the events, notify.
    // Expected versions: n >= 0 exact (0 = no stream), -1 any, -2 the stream exists.
    name: '0003_es_append_function',
    async up(db) {
      await sql`
        create function es_append(
          p_stream_ids text[], p_stream_types text[], p_expected bigint[], p_counts integer[], p_events jsonb
        ) returns table (transaction_id text, last_position bigint, before_versions bigint[])
        language plpgsql as $fn$
        declare
          v_found text[];
          v_found_versions bigint[];
          v_before bigint[];
          v_exists boolean[];
          v_conflicts jsonb;
        begin
          select coalesce(array_agg(l.stream_id), '{}'), coalesce(array_agg(l.version), '{}')
            into v_found, v_found_versions
          from (select s.stream_id, s.version from es_streams s
                where s.stream_id = any(p_stream_ids) order by s.stream_id for update) l;

          -- Per requested stream, in request order: its version before this append and
          -- whether it exists (arrays indexed by position, never searched: 10,000 streams stay linear).
          select array_agg(coalesce(c.version, 0) order by r.ord), array_agg(c.stream_id is not null order by r.ord)
            into v_before, v_exists
          from unnest(p_stream_ids) with ordinality as r(stream_id, ord)
          left join unnest(v_found, v_found_versions) as c(stream_id, version) on c.stream_id = r.stream_id;

          select jsonb_agg(jsonb_build_object('streamId', r.stream_id, 'expected', r.expected, 'actual', v_before[r.ord]))
            into v_conflicts
          from unnest(p_stream_ids, p_expected) with ordinality as r(stream_id, expected, ord)
          where not (r.expected = -1
                     or (r.expected = -2 and v_exists[r.ord])
                     or (r.expected >= 0 and v_before[r.ord] = r.expected));
          if v_conflicts is not null then
            raise exception 'wrong expected version' using errcode = 'PE409', detail = v_conflicts::text;
          end if;

          update es_streams s set version = v_before[r.ord] + r.n
          from unnest(p_stream_ids, p_counts) with ordinality as r(stream_id, n, ord)
          where v_exists[r.ord] and s.stream_id = r.stream_id;

          -- A stream created concurrently fails this insert with 23505: a concurrency conflict.
          insert into es_streams (stream_id, stream_type, version)
          select r.stream_id, r.stream_type, r.n
          from unnest(p_stream_ids, p_stream_types, p_counts) with ordinality as r(stream_id, stream_type, n, ord)
          where not v_exists[r.ord];

          return query
          with inserted as (
            insert into es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
            select p_stream_ids[e.s], v_before[e.s] + e.o, e.id, e.type, e.v, e.data, e.m
            from rows from (jsonb_to_recordset(p_events)
              as (s integer, o integer, id uuid, type text, v integer, data jsonb, m jsonb)) with ordinality
              as e(s, o, id, type, v, data, m, ord)
            order by e.ord
            returning es_events.global_position
          )
          select pg_current_xact_id()::text, max(inserted.global_position), v_before from inserted;

          perform pg_notify('es_appended', '');
        end
        $fn$`.execute(db);
    },
  },
  {
    // Tamper evidence (issue 23, docs/AUDIT.md): every event's hash is SHA-256 over the previous
    // event's hash in its stream and its canonical envelope (es_envelope), computed inside the one
    // append statement: a window over es_chain, seeded with each stream's head hash. Events stored
    // before are chained here, a batch of streams at a time.
    name: '0010_es_hash_chain',
    async up(db) {
      await sql`alter table es_events add column hash bytea`.execute(db);
      await sql`alter table es_streams add column head_hash bytea`.execute(db);
      await sql`
        create function es_chain_step(state bytea, piece bytea) returns bytea
        language sql immutable parallel safe as $$ select case when state is null then piece else sha256(state || piece) end $$`.execute(db);
      await sql`create aggregate es_chain(bytea) (sfunc = es_chain_step, stype = bytea)`.execute(db);
      await sql`
        create function es_envelope(p_stream_id text, p_position bigint, p_event_id uuid, p_type text, p_schema_version integer, p_data jsonb, p_metadata jsonb, p_recorded_at timestamptz)
        returns bytea language sql immutable parallel safe as $$
          select convert_to(concat_ws(E'\n', p_stream_id, p_position::text, p_event_id::text, p_type, p_schema_version::text, p_data::text, p_metadata::text,
            (extract(epoch from p_recorded_at) * 1000000)::bigint::text), 'UTF8') $$`.execute(db);
      await backfillHashChains(db);
      await sql`
        create or replace function es_append(
          p_stream_ids text[], p_stream_types text[], p_expected bigint[], p_counts integer[], p_events jsonb
        ) returns table (transaction_id text, last_position bigint, before_versions bigint[])
        language plpgsql as $fn$
        declare
          v_found text[];
          v_found_versions bigint[];
          v_found_heads bytea[];
          v_before bigint[];
          v_heads bytea[];
          v_exists boolean[];
          v_conflicts jsonb;
          v_now timestamptz := now();
        begin
          select coalesce(array_agg(l.stream_id), '{}'), coalesce(array_agg(l.version), '{}'), coalesce(array_agg(l.head_hash), '{}')
            into v_found, v_found_versions, v_found_heads
          from (select s.stream_id, s.version, s.head_hash from es_streams s
                where s.stream_id = any(p_stream_ids) order by s.stream_id for update) l;

          select array_agg(coalesce(c.version, 0) order by r.ord), array_agg(c.stream_id is not null order by r.ord),
                 array_agg(coalesce(c.head_hash, ''::bytea) order by r.ord)
            into v_before, v_exists, v_heads
          from unnest(p_stream_ids) with ordinality as r(stream_id, ord)
          left join unnest(v_found, v_found_versions, v_found_heads) as c(stream_id, version, head_hash) on c.stream_id = r.stream_id;

          select jsonb_agg(jsonb_build_object('streamId', r.stream_id, 'expected', r.expected, 'actual', v_before[r.ord]))
            into v_conflicts
          from unnest(p_stream_ids, p_expected) with ordinality as r(stream_id, expected, ord)
          where not (r.expected = -1
                     or (r.expected = -2 and v_exists[r.ord])
                     or (r.expected >= 0 and v_before[r.ord] = r.expected));
          if v_conflicts is not null then
            raise exception 'wrong expected version' using errcode = 'PE409', detail = v_conflicts::text;
          end if;

          update es_streams s set version = v_before[r.ord] + r.n
          from unnest(p_stream_ids, p_counts) with ordinality as r(stream_id, n, ord)
          where v_exists[r.ord] and s.stream_id = r.stream_id;

          insert into es_streams (stream_id, stream_type, version)
          select r.stream_id, r.stream_type, r.n
          from unnest(p_stream_ids, p_stream_types, p_counts) with ordinality as r(stream_id, stream_type, n, ord)
          where not v_exists[r.ord];

          return query
          with ev as (
            select e.s, e.o, e.id, e.type, e.v, e.data, e.m, e.ord,
              es_envelope(p_stream_ids[e.s], v_before[e.s] + e.o, e.id, e.type, e.v, e.data, e.m, v_now) as piece
            from rows from (jsonb_to_recordset(p_events)
              as (s integer, o integer, id uuid, type text, v integer, data jsonb, m jsonb)) with ordinality
              as e(s, o, id, type, v, data, m, ord)
          ),
          chained as (
            select x.s, x.o, es_chain(x.piece) over (partition by x.s order by x.o rows between unbounded preceding and current row) as h
            from (
              select r.ord::integer as s, 0 as o, v_heads[r.ord] as piece from generate_subscripts(p_stream_ids, 1) as r(ord)
              union all
              select ev.s, ev.o, ev.piece from ev
            ) x
          ),
          inserted as (
            insert into es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at, hash)
            select p_stream_ids[ev.s], v_before[ev.s] + ev.o, ev.id, ev.type, ev.v, ev.data, ev.m, v_now, c.h
            from ev join chained c on c.s = ev.s and c.o = ev.o
            order by ev.ord
            returning es_events.global_position, es_events.stream_id, es_events.stream_position, es_events.hash
          ),
          heads as (
            update es_streams s set head_hash = i.hash from inserted i
            where s.stream_id = i.stream_id and i.stream_position = s.version
            returning 1
          )
          select pg_current_xact_id()::text, max(inserted.global_position), v_before from inserted;

          perform pg_notify('es_appended', '');
        end
        $fn$`.execute(db);
    },
  },
  {
    // The chain's cost (docs/AUDIT.md, docs/PERFORMANCE.md): 0010 updated each stream's row twice
    // (its version, then its head hash, joining the inserted events back to es_streams) and
    // chained every stream through a window. Now the hashes come first: a stream with one new
    // event (the common atomic multi-stream append) is one sha256, a window only for the others;
    // then each stream's row is updated once, version and head hash together.
    name: '0011_es_append_lean_chain',
    async up(db) {
      await sql.raw(leanChainAppend({ notifyInside: true })).execute(db);
    },
  },
  {
    // Issue 26 (docs/PERFORMANCE.md), concurrent small appends:
    // - NOTIFY inside the append held PostgreSQL's one cluster-wide notify lock from before the
    //   commit until after its WAL flush, so concurrent appends committed one flush at a time (no
    //   group commit). The store now notifies after the commit, in a statement of its own that
    //   writes no WAL (AppendAnnouncer).
    // - es_envelope was declared immutable over concat_ws, which is only stable, so PostgreSQL
    //   could not inline it and ran it as a function call per event (about 50 µs each). Its result
    //   depends on no setting (jsonb, uuid, bigint and epoch text), so stable loses nothing.
    // (Forcing generic plans on es_append saved a third of a small append's server time, but a
    // session keeps the generic plan it built when the tables were small: a 10,000-stream append
    // then took 8 s instead of 0.7 s in the bench. Custom plans stay.)
    name: '0012_es_append_notify_after_commit',
    async up(db) {
      await sql.raw(leanChainAppend({ notifyInside: false })).execute(db);
      await sql`alter function es_envelope(text, bigint, uuid, text, integer, jsonb, jsonb, timestamptz) stable`.execute(db);
    },
  },
];

/**
 * es_append as 0011 made it (the lean hash chain); 0012 the same without its NOTIFY. One text for
 * both so that the two migrations cannot drift apart; neither may change once released.
 * `chain: false` is the same append storing no hashes: the event store bench puts it in its own
 * database (BENCH_CHAIN=off) to measure what the chain costs, all else equal.
 */
export function leanChainAppend({ notifyInside, chain = true }: { notifyInside: boolean; chain?: boolean }): string {
  const notify = notifyInside ? "          perform pg_notify('es_appended', '');\n" : '';
  const hashing = chain
    ? `          -- Each event's hash, in the order of p_events: sha256(previous ‖ envelope), the previous
          -- being the stream's head for its first new event. Joins, not subscripts: a subscript of
          -- a bytea[] walks the array, and per event that grew with the streams of the append.
          with st as (
            select r.s::integer as s, r.id, r.head, r.n, r.before
            from unnest(p_stream_ids, v_heads, p_counts, v_before) with ordinality as r(id, head, n, before, s)
          ),
          ev as (
            select e.s, e.o, e.ord, st.n, st.head,
              es_envelope(st.id, st.before + e.o, e.id, e.type, e.v, e.data, e.m, v_now) as piece
            from rows from (jsonb_to_recordset(p_events)
              as (s integer, o integer, id uuid, type text, v integer, data jsonb, m jsonb)) with ordinality
              as e(s, o, id, type, v, data, m, ord)
            join st on st.s = e.s
          ),
          hashed as (
            select ev.ord, ev.s, ev.o, sha256(ev.head || ev.piece) as h from ev where ev.n = 1
            union all
            select x.ord, x.s, x.o, x.h from (
              select y.ord, y.s, y.o, es_chain(y.piece) over (partition by y.s order by y.o rows between unbounded preceding and current row) as h
              from (
                select 0::bigint as ord, st.s, 0 as o, st.head as piece from st where st.n > 1
                union all
                select ev.ord, ev.s, ev.o, ev.piece from ev where ev.n > 1
              ) y
            ) x where x.o > 0
          ),
          last_of as (
            select distinct on (hashed.s) hashed.s, hashed.h from hashed order by hashed.s, hashed.o desc
          )
          select (select array_agg(hashed.h order by hashed.ord) from hashed),
                 (select array_agg(coalesce(last_of.h, st.head) order by st.s) from st left join last_of on last_of.s = st.s)
            into v_hashes, v_new_heads;
`
    : '          v_new_heads := v_heads;\n';
  const hashOf = chain ? 'hh.h' : 'null::bytea';
  const joinHashes = chain ? '            join unnest(v_hashes) with ordinality as hh(h, ord) on hh.ord = e.ord\n' : '';
  return `
        create or replace function es_append(
          p_stream_ids text[], p_stream_types text[], p_expected bigint[], p_counts integer[], p_events jsonb
        ) returns table (transaction_id text, last_position bigint, before_versions bigint[])
        language plpgsql as $fn$
        declare
          v_found text[];
          v_found_versions bigint[];
          v_found_heads bytea[];
          v_before bigint[];
          v_heads bytea[];
          v_exists boolean[];
          v_conflicts jsonb;
          v_now timestamptz := now();
          v_hashes bytea[];
          v_new_heads bytea[];
        begin
          select coalesce(array_agg(l.stream_id), '{}'), coalesce(array_agg(l.version), '{}'), coalesce(array_agg(l.head_hash), '{}')
            into v_found, v_found_versions, v_found_heads
          from (select s.stream_id, s.version, s.head_hash from es_streams s
                where s.stream_id = any(p_stream_ids) order by s.stream_id for update) l;

          select array_agg(coalesce(c.version, 0) order by r.ord), array_agg(c.stream_id is not null order by r.ord),
                 array_agg(coalesce(c.head_hash, ''::bytea) order by r.ord)
            into v_before, v_exists, v_heads
          from unnest(p_stream_ids) with ordinality as r(stream_id, ord)
          left join unnest(v_found, v_found_versions, v_found_heads) as c(stream_id, version, head_hash) on c.stream_id = r.stream_id;

          select jsonb_agg(jsonb_build_object('streamId', r.stream_id, 'expected', r.expected, 'actual', v_before[r.ord]))
            into v_conflicts
          from unnest(p_stream_ids, p_expected) with ordinality as r(stream_id, expected, ord)
          where not (r.expected = -1
                     or (r.expected = -2 and v_exists[r.ord])
                     or (r.expected >= 0 and v_before[r.ord] = r.expected));
          if v_conflicts is not null then
            raise exception 'wrong expected version' using errcode = 'PE409', detail = v_conflicts::text;
          end if;

${hashing}
          update es_streams s set version = r.before + r.n, head_hash = r.head
          from unnest(p_stream_ids, p_counts, v_before, v_new_heads, v_exists) as r(stream_id, n, before, head, found)
          where r.found and s.stream_id = r.stream_id;

          insert into es_streams (stream_id, stream_type, version, head_hash)
          select r.stream_id, r.stream_type, r.n, r.head
          from unnest(p_stream_ids, p_stream_types, p_counts, v_new_heads, v_exists) as r(stream_id, stream_type, n, head, found)
          where not r.found;

          return query
          with inserted as (
            insert into es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at, hash)
            select p_stream_ids[e.s], v_before[e.s] + e.o, e.id, e.type, e.v, e.data, e.m, v_now, ${hashOf}
            from rows from (jsonb_to_recordset(p_events)
              as (s integer, o integer, id uuid, type text, v integer, data jsonb, m jsonb)) with ordinality
              as e(s, o, id, type, v, data, m, ord)
${joinHashes}            order by e.ord
            returning es_events.global_position
          )
          select pg_current_xact_id()::text, max(inserted.global_position), v_before from inserted;

${notify}        end
        $fn$`;
}

/** Streams per statement of the hash chain's backfill (0010): short statements, whatever the store's size. */
const HASH_BACKFILL_STREAMS = 2000;

/**
 * Chains every stream's events from its first (0010's backfill, for events stored before the
 * chain existed), a batch of streams per statement; each stream's head hash follows.
 */
export async function backfillHashChains(db: SqlDb): Promise<number> {
  let streams = 0;
  for (let after = ''; ; ) {
    const streamIds = await streamIdsAfter(db, after, HASH_BACKFILL_STREAMS);
    if (streamIds.length === 0) return streams;
    await sql`
      with chained as (
        select x.stream_id, x.k, es_chain(x.piece) over (partition by x.stream_id order by x.k rows between unbounded preceding and current row) as h
        from (
          select stream_id, 0::bigint as k, ''::bytea as piece from unnest(${streamIds}::text[]) as stream_id
          union all
          select e.stream_id, e.stream_position, es_envelope(e.stream_id, e.stream_position, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.recorded_at)
          from es_events e where e.stream_id = any(${streamIds}::text[])
        ) x
      )
      update es_events e set hash = c.h from chained c where c.k > 0 and e.stream_id = c.stream_id and e.stream_position = c.k`.execute(db);
    await sql`
      update es_streams s set head_hash = e.hash from es_events e
      where s.stream_id = any(${streamIds}::text[]) and e.stream_id = s.stream_id and e.stream_position = s.version`.execute(db);
    streams += streamIds.length;
    after = streamIds[streamIds.length - 1]!;
  }
}

interface EventRow {
  transaction_id: number;
  global_position: number;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata | null;
  /** Epoch milliseconds: far cheaper to decode than a timestamp text. */
  recorded_at: number;
}

// Text aliases shadow the columns in ORDER BY, so every query orders by the qualified `e.` columns.
// Numbers come back as float8 (exact below 2^53) and times as epoch milliseconds: both decode
// far faster in node-postgres than bigint text and timestamp text, and read-all is decode-bound.
// Aliases shadow the columns in ORDER BY, so every query orders by the qualified `e.` columns.
const EVENT_COLUMNS = sql`e.transaction_id::text::float8 as transaction_id, e.global_position::float8 as global_position, e.stream_id,
  e.stream_position::float8 as stream_position, e.event_id::text as event_id, e.type, e.schema_version, e.data, e.metadata,
  (extract(epoch from e.recorded_at) * 1000)::float8 as recorded_at`;

/** Only transactions older than every open one are visible, so no reader skips a late commit. */
const VISIBLE = sql`e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: { transactionId: row.transaction_id, globalPosition: row.global_position },
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata ?? {},
    recordedAt: new Date(row.recorded_at),
  };
}

interface PgError {
  code?: string;
  detail?: string;
}

function encodeExpected(expected: ExpectedVersion): number {
  switch (expected) {
    case 'any':
      return -1;
    case 'stream_exists':
      return -2;
    case 'no_stream':
      return 0;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
      return expected;
  }
}

const decodeExpected = (encoded: number): ExpectedVersion => (encoded === -1 ? 'any' : encoded === -2 ? 'stream_exists' : encoded);

function toConcurrencyError(error: PgError, appends: readonly StreamAppend[]): ConcurrencyError {
  if (error.code === 'PE409' && error.detail) {
    const conflicts = JSON.parse(error.detail) as { streamId: string; expected: number; actual: number }[];
    return new ConcurrencyError(conflicts.map((conflict) => ({ streamId: conflict.streamId, expected: decodeExpected(conflict.expected), actual: conflict.actual })));
  }
  return new ConcurrencyError(appends.map(({ streamId, expectedVersion }) => ({ streamId, expected: expectedVersion })));
}

/** Stream versions are answered in stream id order (code-point order, as PostgreSQL's C collation sorts). */
const byStreamId = (a: { streamId: string }, b: { streamId: string }) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0);

function isPgError(error: unknown): error is PgError {
  return typeof error === 'object' && error !== null && 'code' in error;
}

/** The default event store: two tables in PostgreSQL (or PGlite), the algorithm of DESIGN.md §4. */
/** Streams per query in readStreams. */
const READ_STREAMS_CHUNK = 5000;

export class PostgresEventStore implements EventStore {
  readonly name = 'postgres';
  private readonly announcer: AppendAnnouncer;
  private readonly groups: AppendGroups;

  constructor(
    private readonly database: Database,
    private readonly pollIntervalMs = 250,
    /** `groupAppends: false` gives every append a statement of its own (the bench's comparison). */
    options: { groupAppends?: boolean } = {},
  ) {
    this.announcer = new AppendAnnouncer(database.db, APPENDED_CHANNEL);
    const execute = ({ appends, eventIds }: PreparedAppend) => this.appendWithin(database.db, appends, eventIds);
    this.groups = new AppendGroups(execute, options.groupAppends === false ? { ...DEFAULT_APPEND_GROUP_LIMITS, maxEventsToGroup: -1 } : DEFAULT_APPEND_GROUP_LIMITS);
  }

  async append(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    const eventIds = this.eventIds(appends, options);
    if (options.idempotencyKey) {
      const earlier = await this.findAppended(this.database.db, appends, eventIds);
      if (earlier) return earlier;
    }
    try {
      // One statement: atomic without an explicit transaction; small appends made at once share it (append-groups.ts).
      const result = await this.groups.submit({ appends, eventIds });
      this.announcer.announce();
      return result;
    } catch (error) {
      const conflict = isPgError(error) && ['PE409', '23505', '40P01', '40001'].includes(error.code ?? '');
      if (!conflict) throw error;
      // A retry racing its first attempt loses the race to itself: answer with the first.
      const earlier = await this.findAppended(this.database.db, appends, eventIds);
      if (earlier) return earlier;
      throw toConcurrencyError(error, appends);
    }
  }

  /**
   * The append itself, inside a transaction the caller owns and commits. Exposed so that a
   * caller (and the out-of-order commit test) can hold the transaction open; after its commit
   * the caller calls `announceAppended` (until then listeners only find the events by polling).
   */
  async appendInTransaction(trx: SqlDb, appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    return this.appendWithin(trx, appends, this.eventIds(appends, options));
  }

  /** Wakes listeners after a commit that held an `appendInTransaction`. */
  announceAppended(): void {
    this.announcer.announce();
  }

  private eventIds(appends: readonly StreamAppend[], options: AppendOptions): string[] {
    const events = appends.flatMap((append) => append.events);
    const derived = options.idempotencyKey ? eventIdsForKey(options.idempotencyKey, events.length) : undefined;
    // Time-ordered ids keep the unique index's inserts on its right edge.
    return events.map((event, index) => derived?.[index] ?? event.eventId ?? uuidv7());
  }

  private async appendWithin(db: SqlDb, appends: readonly StreamAppend[], eventIds: readonly string[]): Promise<AppendResult> {
    const streamIds = appends.map((append) => append.streamId);
    if (new Set(streamIds).size !== streamIds.length) throw new Error('A stream appears twice in one append');
    const events: object[] = [];
    let eventIndex = 0;
    appends.forEach((append, streamIndex) => {
      append.events.forEach((event, offset) => {
        events.push({
          s: streamIndex + 1,
          o: offset + 1,
          id: eventIds[eventIndex++],
          type: event.type,
          v: event.schemaVersion ?? 1,
          data: event.data,
          m: event.metadata ?? {},
        });
      });
    });
    const result = await sql<{ transaction_id: string; last_position: string | null; before_versions: string[] | number[] }>`
      select transaction_id, last_position::text as last_position, before_versions::text[] as before_versions
      from es_append(
        ${streamIds}::text[],
        ${streamIds.map(streamTypeOf)}::text[],
        ${appends.map((append) => encodeExpected(append.expectedVersion))}::bigint[],
        ${appends.map((append) => append.events.length)}::integer[],
        ${JSON.stringify(events)}::jsonb
      )`.execute(db);
    const row = result.rows[0]!;
    const streams = appends
      .map((append, index) => ({ streamId: append.streamId, version: Number(row.before_versions[index]) + append.events.length }))
      .sort(byStreamId);
    const position = row.last_position === null ? await this.head() : { transactionId: Number(row.transaction_id), globalPosition: Number(row.last_position) };
    return { position, streams, duplicate: false };
  }

  /** When every event id of this append is already stored, the answer the first attempt got. */
  private async findAppended(db: SqlDb, appends: readonly StreamAppend[], eventIds: string[]): Promise<AppendResult | null> {
    if (eventIds.length === 0) return null;
    const found = await sql<{ stream_id: string; stream_position: string; transaction_id: string; global_position: string }>`
      select stream_id, stream_position::text as stream_position, transaction_id::text as transaction_id, global_position::text as global_position
      from es_events where event_id = any(${eventIds}::uuid[])`.execute(db);
    if (found.rows.length === 0) return null;
    // The key's events exist, but on other streams or fewer of them: another request used it.
    const streamIds = new Set(appends.map((append) => append.streamId));
    if (found.rows.length !== eventIds.length || found.rows.some((row) => !streamIds.has(row.stream_id))) throw new IdempotencyKeyReusedError();
    let position: Position = START;
    const versions = new Map<string, number>();
    for (const row of found.rows) {
      const candidate = { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) };
      if (comparePositions(candidate, position) > 0) position = candidate;
      versions.set(row.stream_id, Math.max(versions.get(row.stream_id) ?? 0, Number(row.stream_position)));
    }
    const streams = appends.map(({ streamId }) => ({ streamId, version: versions.get(streamId) ?? 0 })).sort(byStreamId);
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

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>(streamIds.map((streamId) => [streamId, []]));
    // A lateral primary-key range per stream: the plan does not depend on statistics (a join or a
    // long `= any($1)` can make a planner without them scan the whole store).
    for (let start = 0; start < streamIds.length; start += READ_STREAMS_CHUNK) {
      const chunk = streamIds.slice(start, start + READ_STREAMS_CHUNK);
      const result = await sql<EventRow>`
        select e.* from unnest(${chunk}::text[]) with ordinality as wanted(stream_id, ord)
        cross join lateral (
          select ${EVENT_COLUMNS} from es_events e where e.stream_id = wanted.stream_id order by e.stream_position
        ) e
        order by wanted.ord, e.stream_position`.execute(this.database.db);
      for (const row of result.rows) streams.get(row.stream_id)?.push(toRecordedEvent(row));
    }
    return streams;
  }

  async readAt(places: readonly EventPlace[]): Promise<RecordedEvent[]> {
    if (places.length === 0) return [];
    // A primary-key lookup per place, in the order asked.
    const result = await sql<EventRow>`
      select e.* from unnest(${places.map((place) => place.streamId)}::text[], ${places.map((place) => place.streamPosition)}::bigint[]) with ordinality as wanted(stream_id, stream_position, ord)
      cross join lateral (
        select ${EVENT_COLUMNS} from es_events e where e.stream_id = wanted.stream_id and e.stream_position = wanted.stream_position
      ) e
      order by wanted.ord`.execute(this.database.db);
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

  head(): Promise<Position> {
    return this.newest(VISIBLE);
  }

  lastCommitted(): Promise<Position> {
    return this.newest(sql`true`);
  }

  private async newest(where: RawBuilder<unknown>): Promise<Position> {
    const result = await sql<{ transaction_id: string; global_position: string }>`
      select e.transaction_id::text as transaction_id, e.global_position::text as global_position from es_events e
      where ${where}
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

  async close(): Promise<void> {
    await this.announcer.settled();
  }
}
