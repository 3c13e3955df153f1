import { START } from '@portal/contracts';
import {
  ProjectionRunner,
  type Projection,
  chooseGeneration,
  eventTypeCounts,
  findGeneration,
  followGeneration,
  listGenerations,
  schemaFor,
  streamCatalogProjection,
  waitForProjections,
} from '@portal/projections';
import { sql } from 'kysely';
import { PostgresEventStore } from './platform/event-store/postgres-event-store';
import { appendDeviceEvents, tablesChecksum } from './platform/testing/events';
import { type TestDatabase, createTestDatabase } from './platform/testing/test-database';

const catalog = streamCatalogProjection as Projection;
const totalEvents = async (test: TestDatabase) => (await eventTypeCounts(test.database.db)).reduce((sum, row) => sum + row.events, 0);

describe('projection runner', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;

  beforeEach(async () => {
    test = await createTestDatabase();
    store = new PostgresEventStore(test.database, 50);
  });
  afterEach(async () => {
    await test.drop();
  });

  it('catches up, follows live appends, and lets a command wait for its own write', async () => {
    const head = await appendDeviceEvents(store, 5000, { streams: 1000 });
    const runner = new ProjectionRunner(test.database, store, [catalog], { batchSize: 700, pollIntervalMs: 50 });
    runner.start();
    try {
      expect(await waitForProjections(test.database, ['stream_catalog'], head, 20_000)).toBe(true);
      expect(await totalEvents(test)).toBe(5000);

      const appended = await store.append([{ streamId: 'device-350000000000001', expectedVersion: 'no_stream', events: [{ type: 'LoadDeviceReceived', data: {} }] }]);
      expect(await waitForProjections(test.database, ['stream_catalog'], appended.position, 5000)).toBe(true);
      const row = await sql<{ events: number }>`select events from rm.audit_streams where stream_id = 'device-350000000000001'`.execute(test.database.db);
      expect(row.rows[0]?.events).toBe(1);
    } finally {
      await runner.stop();
    }
    // With the runner stopped, the wait gives up at its bound instead of hanging.
    const later = await store.append([{ streamId: 'device-350000000000001', expectedVersion: 1, events: [{ type: 'LoadDeviceAccepted', data: {} }] }]);
    const started = Date.now();
    expect(await waitForProjections(test.database, ['stream_catalog'], later.position, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('applies each event exactly once when two runners race on one generation without a lock', async () => {
    const head = await appendDeviceEvents(store, 6000, { streams: 800 });
    const generation = await chooseGeneration(test.database.db, catalog);
    // No locks here on purpose: the checkpoint compare-and-set alone must keep it exactly once.
    await Promise.all([
      followGeneration(test.database, store, catalog, generation.generation, { batchSize: 250, stopWhenLive: true, until: head }),
      followGeneration(test.database, store, catalog, generation.generation, { batchSize: 400, stopWhenLive: true, until: head }),
    ]);
    // A loser of the compare-and-set stops; finish with one runner.
    await followGeneration(test.database, store, catalog, generation.generation, { batchSize: 1000, stopWhenLive: true, until: head });
    const done = await findGeneration(test.database.db, 'stream_catalog', generation.generation);
    expect(done?.eventsApplied).toBe(6000);
    expect(await totalEvents(test)).toBe(6000);
  });

  it('runs one runner per projection: a second worker waits for the lock', async () => {
    const head = await appendDeviceEvents(store, 3000, { streams: 300 });
    const first = new ProjectionRunner(test.database, store, [catalog], { batchSize: 100, pollIntervalMs: 50 });
    const second = new ProjectionRunner(test.database, store, [catalog], { batchSize: 100, pollIntervalMs: 50 });
    first.start();
    second.start();
    try {
      expect(await waitForProjections(test.database, ['stream_catalog'], head, 20_000)).toBe(true);
      const live = (await listGenerations(test.database.db, 'stream_catalog')).find((generation) => generation.status === 'live');
      expect(live?.eventsApplied).toBe(3000);
      expect(await totalEvents(test)).toBe(3000);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('builds a new projection version beside the live one and swaps when it reaches the head', async () => {
    const head = await appendDeviceEvents(store, 4000, { streams: 500 });
    const v1 = await chooseGeneration(test.database.db, catalog);
    await followGeneration(test.database, store, catalog, v1.generation, { batchSize: 1000, stopWhenLive: true, until: head });
    const before = await tablesChecksum(test.database.db, schemaFor('stream_catalog', v1.generation), catalog.tables);

    const v2: Projection = { ...catalog, version: 2 };
    const building = await chooseGeneration(test.database.db, v2);
    expect(building.status).toBe('building');
    expect(building.generation).toBe(v1.generation + 1);
    // The old generation still serves while the new one is empty.
    expect(await totalEvents(test)).toBe(4000);

    await followGeneration(test.database, store, v2, building.generation, { batchSize: 1000, stopWhenLive: true, until: head });
    const generations = await listGenerations(test.database.db, 'stream_catalog');
    expect(generations.map((generation) => [generation.generation, generation.version, generation.status])).toEqual([
      [v1.generation, 1, 'retired'],
      [building.generation, 2, 'live'],
    ]);
    const after = await tablesChecksum(test.database.db, schemaFor('stream_catalog', building.generation), catalog.tables);
    expect(after).toEqual(before);
    const oldSchema = await sql`select 1 from information_schema.schemata where schema_name = ${schemaFor('stream_catalog', v1.generation)}`.execute(test.database.db);
    expect(oldSchema.rows).toHaveLength(0);
    expect(await totalEvents(test)).toBe(4000);
    expect((await findGeneration(test.database.db, 'stream_catalog', building.generation))?.checkpoint).not.toEqual(START);
  });
});
