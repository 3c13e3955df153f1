import { type Position, comparePositions } from '@portal/contracts';
import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import type { Scope } from '../admin/org.queries';
import { NO_RETAILER } from './feed.projection';

/** How many of a retailer's index rows one filtered page examines at most (a rare type must not scan a whole history per request). */
export const FEED_SCAN_ROWS = 20_000;

export interface FeedPlace {
  readonly position: Position;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
}

export interface FeedIndexPage {
  /** The retailer's events after the cursor (of the types asked), in the store's order. */
  readonly places: readonly FeedPlace[];
  /** Where the next page starts: after the last place, or after the last row examined when a filtered page found fewer. */
  readonly next: Position;
}

/**
 * A page of one retailer's feed index after `after`: at most `limit` places; with `types`, only
 * those types among at most FEED_SCAN_ROWS rows examined. The index grows only at its end (the
 * projection applies the store's stable order batch after batch), so a page read after a cursor
 * never misses a row committed later.
 */
export async function feedIndexPage(db: SqlDb, retailerId: string, after: Position, limit: number, types?: readonly string[]): Promise<FeedIndexPage> {
  const examine = types ? FEED_SCAN_ROWS : limit;
  // Ordered as the index (retailer, position) is, with a LIMIT: a range scan of the index that stops
  // early. Without statistics (a table never analyzed: autovacuum off, or a fresh rebuild) the planner
  // guesses a few hundred rows and prefers a bitmap scan of the retailer's whole rest plus a sort —
  // 140 ms instead of 1 ms at 300,000 rows (docs/PERFORMANCE.md, issue 24) — so bitmaps are off here.
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local enable_bitmapscan = off`.execute(trx);
    return sql<{ transaction_id: string; global_position: string; stream_id: string; stream_position: string; event_id: string; type: string; last_examined: boolean }>`
    with examined as materialized (
      select f.transaction_id, f.global_position, f.stream_id, f.stream_position, f.event_id, f.type
      from rm.feed_events f
      where f.retailer_id = ${retailerId}
        and (f.transaction_id, f.global_position) > (${after.transactionId}::bigint, ${after.globalPosition}::bigint)
      order by f.retailer_id, f.transaction_id, f.global_position
      limit ${examine}
    )
    (select e.transaction_id::text as transaction_id, e.global_position::text as global_position, e.stream_id, e.stream_position::text as stream_position, e.event_id::text as event_id, e.type, false as last_examined
     from examined e ${types ? sql`where e.type = any(${[...types]}::text[])` : sql``}
     order by e.transaction_id, e.global_position limit ${limit})
    union all
    (select e.transaction_id::text, e.global_position::text, e.stream_id, e.stream_position::text, e.event_id::text, e.type, true
     from examined e order by e.transaction_id desc, e.global_position desc limit 1)`.execute(trx);
  });
  const toPosition = (row: { transaction_id: string; global_position: string }): Position => ({ transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) });
  const places = result.rows
    .filter((row) => !row.last_examined)
    .sort((a, b) => comparePositions(toPosition(a), toPosition(b)))
    .map((row) => ({ position: toPosition(row), streamId: row.stream_id, streamPosition: Number(row.stream_position), eventId: row.event_id, type: row.type }));
  const lastExamined = result.rows.find((row) => row.last_examined);
  const full = places.length === limit;
  let next = full ? places[places.length - 1]!.position : lastExamined ? toPosition(lastExamined) : after;
  if (comparePositions(next, after) < 0) next = after;
  return { places, next };
}

export interface FeedTypeCount {
  readonly type: string;
  readonly events: number;
  readonly last_recorded_at: Date;
  /** The latest event of the type in the scope: the catalog's example. */
  readonly last: { readonly streamId: string; readonly streamPosition: number; readonly retailerId: string | null };
}

/**
 * How many events of each type the scope's feeds hold so far, and the latest of each: the super
 * role's count everything (also what no retailer's feed carries); a retailer's people their
 * retailer's. Other scopes have no feed: none.
 */
export async function feedTypeCounts(db: SqlDb, scope: Scope): Promise<FeedTypeCount[]> {
  if (scope.kind !== 'all' && scope.kind !== 'retailer') return [];
  const result = await sql<{ type: string; retailer_id: string; events: string; last_recorded_at: Date; last_stream_id: string; last_stream_position: string }>`
    select distinct on (c.type) c.type, c.retailer_id, sum(c.events) over (partition by c.type)::text as events, c.last_recorded_at, c.last_stream_id, c.last_stream_position::text as last_stream_position
    from rm.feed_type_counts c
    ${scope.kind === 'retailer' ? sql`where c.retailer_id = any(${[...scope.retailerIds]}::text[])` : sql``}
    order by c.type, c.last_recorded_at desc`.execute(db);
  return result.rows.map((row) => ({
    type: row.type,
    events: Number(row.events),
    last_recorded_at: row.last_recorded_at,
    last: { streamId: row.last_stream_id, streamPosition: Number(row.last_stream_position), retailerId: row.retailer_id === NO_RETAILER ? null : row.retailer_id },
  }));
}
