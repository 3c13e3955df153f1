import {
  type PostgresEventStore,
  getPostgreSQLEventStore,
  postgreSQLEventStoreConsumer,
  postgreSQLProjection,
  postgreSQLProjector,
  readMessagesBatch,
} from '@event-driven-io/emmett-postgresql';
import type { Event } from '@event-driven-io/emmett';
import { type Dumbo, dumbo, sql } from '@event-driven-io/dumbo';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEVICE_EVENT_TYPES, type DeviceData, type DeviceEventType, type DeviceMetadata, deviceEvent } from './workload';

type EmmettDeviceEvent = Event<DeviceEventType, DeviceData, DeviceMetadata>;

/**
 * Emmett's side of the benchmark, through its public API only:
 * - appends: `PostgresEventStore.appendToStream` (one stream per call: Emmett has no atomic multi-stream append);
 * - read-all: `readMessagesBatch` (exported by @event-driven-io/emmett-postgresql; what its consumer's
 *   puller calls), in pages like ours;
 * - projection: `postgreSQLEventStoreConsumer` + `projector` with a `postgreSQLProjection` whose handler
 *   upserts into an equivalent indexed table. Emmett's projector hands it one event at a time (and
 *   stores its checkpoint after each), in one transaction per pulled batch.
 */
export class EmmettSide {
  private constructor(
    readonly connectionString: string,
    readonly store: PostgresEventStore,
    readonly pool: Dumbo,
  ) {}

  static async open(connectionString: string): Promise<EmmettSide> {
    const store = getPostgreSQLEventStore(connectionString, { schema: { autoMigration: 'CreateOrUpdate' } });
    await store.schema.migrate();
    const pool = dumbo({ connectionString });
    await pool.execute.command(
      sql(`create table if not exists device_counts (
             stream_id text primary key,
             events integer not null,
             last_type text not null,
             office_id text not null
           );
           create index if not exists device_counts_by_office on device_counts (office_id, last_type);`),
    );
    return new EmmettSide(connectionString, store, pool);
  }

  async appendOne(streamId: string, expectedVersion: number, sequence: number, imei: string): Promise<void> {
    await this.store.appendToStream<EmmettDeviceEvent>(streamId, [deviceEvent(sequence, imei)], { expectedStreamVersion: BigInt(expectedVersion) });
  }

  async appendBatch(streamId: string, size: number, imei: string, expectedVersion = 0): Promise<void> {
    const correlationId = randomUUID();
    const events = Array.from({ length: size }, (_, index) => deviceEvent(index, imei, correlationId));
    await this.store.appendToStream<EmmettDeviceEvent>(streamId, events, { expectedStreamVersion: BigInt(expectedVersion) });
  }

  /**
   * Reads the whole feed in pages (or until `maxSeconds`). Answers the events delivered and how
   * many distinct ones: Emmett pages by `global_position >= last + 1` but orders by
   * (transaction_id, global_position), so after concurrent appends a page can repeat events
   * and skip others.
   */
  async readAll(pageSize: number, maxSeconds: number): Promise<{ events: number; distinct: number; seconds: number; complete: boolean }> {
    const started = performance.now();
    const deadline = started + maxSeconds * 1000;
    const seen = new Set<bigint>();
    let after = 0n;
    let events = 0;
    let complete = false;
    while (performance.now() < deadline) {
      const batch = await readMessagesBatch(this.pool.execute, { after, batchSize: pageSize });
      if (batch.messages.length === 0) {
        complete = true;
        break;
      }
      events += batch.messages.length;
      for (const message of batch.messages) seen.add(message.metadata.globalPosition);
      after = batch.currentGlobalPosition;
    }
    return { events, distinct: seen.size, seconds: (performance.now() - started) / 1000, complete };
  }

  /**
   * Emmett's async projector from zero, pulling `batchSize` messages at a time with no pause
   * between pulls (its default pause is 50 ms), until caught up or `maxSeconds`.
   */
  async catchUp(batchSize: number, maxSeconds: number): Promise<{ events: number; seconds: number; complete: boolean }> {
    const consumer = postgreSQLEventStoreConsumer<EmmettDeviceEvent>({
      connectionString: this.connectionString,
      stopWhen: { noMessagesLeft: true },
      pulling: { batchSize, pullingFrequencyInMs: 0 },
      processors: [postgreSQLProjector<EmmettDeviceEvent>({ projection: deviceCountsEmmettProjection })],
    });
    const started = performance.now();
    let finished = false;
    const running = consumer.start().then(() => {
      finished = true;
    });
    await Promise.race([running, new Promise((resolve) => setTimeout(resolve, maxSeconds * 1000).unref())]);
    // Caught up on its own (stopWhen.noMessagesLeft) or stopped at the time cap.
    const complete = finished;
    if (!complete) await consumer.stop();
    await running;
    const seconds = (performance.now() - started) / 1000;
    await consumer.close();
    const result = await this.pool.execute.query<{ total: string | bigint | null }>(sql('select sum(events)::bigint as total from device_counts'));
    return { events: Number(result.rows[0]?.total ?? 0), seconds, complete };
  }

  async truncate(): Promise<void> {
    await this.store.schema.dangerous.truncate({ resetSequences: true });
    await this.pool.execute.command(sql('truncate device_counts'));
  }

  async vacuum(): Promise<void> {
    await this.pool.execute.command(sql('vacuum (analyze) emt_messages'));
    await this.pool.execute.command(sql('vacuum (analyze) emt_streams'));
  }

  async count(): Promise<number> {
    const result = await this.pool.execute.query<{ n: string | bigint }>(sql('select count(*)::bigint as n from emt_messages'));
    return Number(result.rows[0]!.n);
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.pool.close();
  }
}

/** The same read model as ours (device_counts + index), applied one event per statement. */
const deviceCountsEmmettProjection = postgreSQLProjection<EmmettDeviceEvent>({
  name: 'bench_device_counts',
  canHandle: [...DEVICE_EVENT_TYPES],
  handle: async (events, context) => {
    for (const event of events) {
      await context.execute.command(
        sql(
          `insert into device_counts as c (stream_id, events, last_type, office_id) values (%L, 1, %L, %L)
           on conflict (stream_id) do update set events = c.events + 1, last_type = excluded.last_type, office_id = excluded.office_id`,
          event.metadata.streamName,
          event.type,
          event.data.office_id,
        ),
      );
    }
  },
});
