import { comparePositions } from '@portal/contracts';
import { type Projection, followGeneration, schemaFor, startBuilding, streamCatalogProjection } from '@portal/projections';
import { appendDeviceEvents, tablesChecksum } from '../../services/src/platform/testing/events';
import { useTestEventStore } from '../../services/src/platform/testing/test-database';
import { projectionLockHolders } from '../support/cluster';
import { catalogWorkers } from '../support/catalog-workers';
import { exited, waitFor } from '../support/processes';

const catalog = streamCatalogProjection as Projection;
/** CI: 30,000; `npm run bench:failover`: 200,000. */
const EVENTS = Number(process.env.FAILOVER_EVENTS ?? 30_000);

/**
 * Projection leadership (issue 25): two workers share one database; each projection runs on
 * whichever holds its advisory lock. The holder of `stream_catalog` is killed with SIGKILL in
 * the middle of its catch-up; the other takes the lock and carries on from the committed
 * checkpoint. The read model at the end equals a clean rebuild: nothing lost, nothing twice.
 */
describe('projection leadership failover between two workers', () => {
  const testStore = useTestEventStore();

  const { live, startWorker } = catalogWorkers(() => ({ db: testStore().test.database.db, url: testStore().test.url }), 25);

  it(`takes over a killed worker's projections within seconds, and the read model equals a clean rebuild (${EVENTS.toLocaleString('en-US')} events)`, async () => {
    const { test, store } = testStore();
    const head = await appendDeviceEvents(store, EVENTS, { streams: Math.max(1, Math.floor(EVENTS / 5)) });
    const workers = [startWorker(), startWorker()];
    try {
      // Mid catch-up: a third of the events applied.
      await waitFor(async () => (await live())?.eventsApplied ?? 0, (applied) => applied >= EVENTS / 3, 120_000, `a worker to be a third through the catch-up\n${workers.map((worker) => worker.output()).join('\n')}`);
      const holders = await waitFor(async () => (await projectionLockHolders(test.database.db)).get('stream_catalog') ?? [], (pids) => pids.length === 1, 10_000, 'the holder of stream_catalog');
      const holder = workers.find((worker) => worker.pid === holders[0])!;
      expect(holder).toBeDefined();
      const survivor = workers.find((worker) => worker !== holder)!;

      holder.kill('SIGKILL');
      const killedAt = Date.now();
      await exited(holder);
      const atKill = (await live())!;
      expect(comparePositions(atKill.checkpoint, head)).toBeLessThan(0);

      const newHolder = await waitFor(async () => (await projectionLockHolders(test.database.db)).get('stream_catalog') ?? [], (pids) => pids.length === 1 && pids[0] === survivor.pid, 15_000, 'the other worker to take the lock');
      const lockTakenMs = Date.now() - killedAt;
      expect(newHolder).toEqual([survivor.pid]);
      await waitFor(async () => (await live())!.eventsApplied, (applied) => applied > atKill.eventsApplied, 15_000, 'the other worker to commit a batch');
      const firstBatchMs = Date.now() - killedAt;
      await waitFor(async () => (await live())!.checkpoint, (checkpoint) => comparePositions(checkpoint, head) === 0, 300_000, 'the other worker to reach the head');
      const caughtUpMs = Date.now() - killedAt;

      const survived = (await live())!;
      expect(survived.eventsApplied).toBe(EVENTS);
      const survivedSums = await tablesChecksum(test.database.db, schemaFor('stream_catalog', survived.generation), catalog.tables);
      survivor.kill('SIGTERM');
      expect(await exited(survivor)).toBe(0);
      const clean = await startBuilding(test.database.db, catalog);
      await followGeneration(test.database, store, catalog, clean.generation, { batchSize: 5000, stopWhenLive: true, until: head });
      expect(survivedSums).toEqual(await tablesChecksum(test.database.db, schemaFor('stream_catalog', clean.generation), catalog.tables));
      console.log(
        `failover: holder killed with ${atKill.eventsApplied.toLocaleString('en-US')} of ${EVENTS.toLocaleString('en-US')} events applied; ` +
          `the other worker held the lock after ${lockTakenMs} ms, committed its first batch after ${firstBatchMs} ms, reached the head after ${caughtUpMs} ms; ` +
          'read model equals a clean rebuild',
      );
    } finally {
      for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGTERM');
      await Promise.all(workers.map((worker) => exited(worker)));
    }
  }, 600_000);
});
