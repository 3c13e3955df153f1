import { type Position, comparePositions } from '@portal/contracts';
import { listGenerations } from '@portal/projections';
import { sql } from 'kysely';
import type { Platform } from '../platform';

export interface ProjectionLag {
  readonly projection: string;
  readonly generation: number;
  readonly status: string;
  readonly checkpoint: string;
  /** Events not applied yet, counted up to 100,000 (PostgreSQL event store only). */
  readonly behind: number | null;
  readonly caughtUp: boolean;
}

export interface Readiness {
  readonly ready: boolean;
  readonly database: { ok: boolean; kind: string; error?: string; oldestWriteTransactionSeconds?: number | null };
  readonly redis?: { ok: boolean; error?: string };
  readonly eventStore: { name: string; head?: string; error?: string };
  readonly projections: ProjectionLag[];
}

const format = (position: Position) => `${position.transactionId}.${position.globalPosition}`;

async function check<T>(probe: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await probe() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * What /health/ready answers: the database, Redis when configured, and how far each
 * projection is behind the event feed. Also the age of the oldest transaction holding an id,
 * because such a transaction holds every subscriber back (DESIGN.md §4).
 */
export async function readiness(platform: Platform): Promise<Readiness> {
  const db = platform.database.db;
  const database = await check(async () => {
    await sql`select 1`.execute(db);
    const oldest = await sql<{ seconds: number | null }>`
      select extract(epoch from max(now() - xact_start))::float8 as seconds
      from pg_stat_activity where backend_xid is not null`.execute(db);
    return oldest.rows[0]?.seconds ?? null;
  });
  // The shared connection would hold a ping until Redis is back (BullMQ needs that): ask its state instead.
  const redis = platform.redis
    ? await check(async () => {
        if (platform.redis!.status !== 'ready') throw new Error(`Redis is not connected (${platform.redis!.status})`);
        return platform.redis!.ping();
      })
    : undefined;
  const head = await check(() => platform.eventStore.head());
  const generations = database.ok ? await check(() => listGenerations(db)) : { ok: false as const, error: 'database unavailable' };

  const projections: ProjectionLag[] = [];
  if (generations.ok) {
    for (const generation of generations.value.filter((candidate) => candidate.status !== 'retired')) {
      let behind: number | null = null;
      if (platform.eventStore.name === 'postgres') {
        const counted = await sql<{ behind: string }>`
          select count(*)::text as behind from (
            select 1 from es_events e
            where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
              and (e.transaction_id, e.global_position) > (${String(generation.checkpoint.transactionId)}::xid8, ${generation.checkpoint.globalPosition}::bigint)
            limit 100000) ahead`.execute(db);
        behind = Number(counted.rows[0]?.behind ?? 0);
      }
      projections.push({
        projection: generation.projection,
        generation: generation.generation,
        status: generation.status,
        checkpoint: format(generation.checkpoint),
        behind,
        caughtUp: head.ok ? comparePositions(generation.checkpoint, head.value) >= 0 : false,
      });
    }
  }
  const ready = database.ok && (redis?.ok ?? true) && head.ok;
  return {
    ready,
    database: database.ok
      ? { ok: true, kind: platform.database.kind, oldestWriteTransactionSeconds: database.value }
      : { ok: false, kind: platform.database.kind, error: database.error },
    redis: redis && (redis.ok ? { ok: true } : { ok: false, error: redis.error }),
    eventStore: head.ok ? { name: platform.eventStore.name, head: format(head.value) } : { name: platform.eventStore.name, error: head.error },
    projections,
  };
}
