// Imported through the workspace packages' build output (not '../services/src/...'): the
// bench runs from .tsbuild/bench/bench/, where a relative source path would not resolve.
import { type Database, openDatabase } from '@portal/services/dist/platform/db/database';
import { migrate } from '@portal/services/dist/platform/db/migrations';
import { allMigrations } from '@portal/services/dist/platform/db/all-migrations';
import { PostgresEventStore, leanChainAppend } from '@portal/services/dist/platform/event-store/postgres-event-store';
import type { StreamAppend } from '@portal/services/dist/platform/event-store/event-store';
import { START, chooseGeneration, followGeneration } from '@portal/projections';
import type { Position } from '@portal/contracts';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { DEVICE_COUNTS_TABLE, deviceCountsProjection } from './device-counts.projection';
import { deviceEvent, deviceStream, imeiOf } from './workload';

export class OursSide {
  private constructor(
    readonly database: Database,
    readonly store: PostgresEventStore,
    /** The same store with every append in a statement of its own (no group commit): the comparison for issue 26. */
    private readonly storeAlone: PostgresEventStore,
  ) {}

  static async open(url: string): Promise<OursSide> {
    const database = await openDatabase({ url, poolSize: 10, applicationName: 'bench-ours' });
    await migrate(database.db, allMigrations);
    // BENCH_CHAIN=off: the same append storing no hashes, to measure what the hash chain costs.
    if (process.env.BENCH_CHAIN === 'off') await sql.raw(leanChainAppend({ notifyInside: false, chain: false })).execute(database.db);
    return new OursSide(database, new PostgresEventStore(database), new PostgresEventStore(database, 250, { groupAppends: false }));
  }

  /** One event to one existing-or-new stream with its expected version. */
  async appendOne(streamId: string, expectedVersion: number, sequence: number, imei: string): Promise<void> {
    await this.store.append([{ streamId, expectedVersion, events: [deviceEvent(sequence, imei)] }]);
  }

  /** As appendOne, never grouped with other callers' appends. */
  readonly ungrouped = {
    appendOne: async (streamId: string, expectedVersion: number, sequence: number, imei: string): Promise<void> => {
      await this.storeAlone.append([{ streamId, expectedVersion, events: [deviceEvent(sequence, imei)] }]);
    },
  };

  /** `size` events to one new stream. */
  async appendBatch(streamId: string, size: number, imei: string): Promise<void> {
    const correlationId = randomUUID();
    const events = Array.from({ length: size }, (_, index) => deviceEvent(index, imei, correlationId));
    await this.store.append([{ streamId, expectedVersion: 'no_stream', events }]);
  }

  /** One event to each of `devices` streams, atomically: the shape of "assign 500 devices". */
  async appendMultiStream(prefix: string, client: number, devices: readonly number[], expectedVersion: number | 'no_stream', sequence: number): Promise<void> {
    const correlationId = randomUUID();
    const appends: StreamAppend[] = devices.map((device) => {
      const imei = imeiOf(client, device);
      return { streamId: deviceStream(prefix, client, device), expectedVersion, events: [deviceEvent(sequence, imei, correlationId)] };
    });
    await this.store.append(appends);
  }

  /** Reads the whole feed in pages; answers the number of events read. */
  async readAll(pageSize: number): Promise<number> {
    let after: Position = START;
    let count = 0;
    for (;;) {
      const events = await this.store.readAll({ after, maxCount: pageSize });
      if (events.length === 0) return count;
      count += events.length;
      after = events[events.length - 1]!.position;
    }
  }

  /** Catches the bench projection up from zero with the real runner; answers the events it counted. */
  async catchUp(batchSize: number): Promise<number> {
    const generation = await chooseGeneration(this.database.db, deviceCountsProjection);
    await followGeneration(this.database, this.store, deviceCountsProjection, generation.generation, { batchSize, stopWhenLive: true });
    const { rows } = await sql<{ total: string | null }>`select sum(events)::text as total from ${sql.id('rm', DEVICE_COUNTS_TABLE)}`.execute(this.database.db);
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * Waits until every stored event is visible to readers: a transaction opened anywhere in the
   * cluster before the seeding finished (another database's test, say) holds the horizon back.
   */
  async waitVisible(expected: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from es_events e where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())`.execute(this.database.db);
      if (Number(rows[0]!.n) >= expected) return;
      if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${expected} events visible after ${timeoutMs} ms: a long transaction holds the horizon back`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async truncate(): Promise<void> {
    await sql`truncate es_events, es_streams`.execute(this.database.db);
  }

  async vacuum(): Promise<void> {
    await sql`vacuum (analyze) es_events`.execute(this.database.db);
    await sql`vacuum (analyze) es_streams`.execute(this.database.db);
  }

  async count(): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from es_events`.execute(this.database.db);
    return Number(rows[0]!.n);
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.storeAlone.close();
    await this.database.close();
  }
}
