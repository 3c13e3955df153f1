import { comparePositions } from '@portal/contracts';
import { type Projection, followGeneration, schemaFor, startBuilding, streamCatalogProjection } from '@portal/projections';
import { appendDeviceEvents, tablesChecksum } from '../../services/src/platform/testing/events';
import { useTestEventStore } from '../../services/src/platform/testing/test-database';
import { catalogWorkers } from '../support/catalog-workers';
import { exited, waitFor } from '../support/processes';

const catalog = streamCatalogProjection as Projection;
const EVENTS = 100_000;
const KILLS = 6;

/**
 * The worker (built JS, a real child process) is killed with SIGKILL at random moments of its
 * catch-up, each time with the checkpoint strictly between zero and the head, and restarted.
 * At the end its read model must equal a clean rebuild: nothing lost, nothing applied twice.
 */
describe('projection worker killed with kill -9 during catch-up', () => {
  const testStore = useTestEventStore();

  const { live, startWorker } = catalogWorkers(() => ({ db: testStore().test.database.db, url: testStore().test.url }), 40);

  it(`loses nothing and applies nothing twice over ${KILLS} kills`, async () => {
    const { test, store } = testStore();
    const head = await appendDeviceEvents(store, EVENTS, { streams: 20_000 });
    expect(head.globalPosition).toBe(EVENTS);

    const killedAt: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const worker = startWorker();
      const before = (await live())?.eventsApplied ?? 0;
      // Wait until this run has committed at least one batch, then a random moment more.
      await waitFor(async () => (await live())?.eventsApplied ?? 0, (applied) => applied > before, 30_000, `worker run ${kill + 1} to commit a batch\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 600)));
      worker.kill('SIGKILL');
      await exited(worker);
      const generation = (await live())!;
      expect(generation.eventsApplied).toBeGreaterThan(0);
      expect(comparePositions(generation.checkpoint, head)).toBeLessThan(0);
      killedAt.push(generation.eventsApplied);
    }
    // Every kill found the worker further along, and never at the end.
    expect(killedAt).toEqual([...killedAt].sort((a, b) => a - b));
    expect(killedAt[killedAt.length - 1]!).toBeLessThan(EVENTS);

    const worker = startWorker();
    await waitFor(async () => (await live())?.checkpoint ?? head, (checkpoint) => comparePositions(checkpoint, head) === 0, 120_000, 'the last run to reach the head');
    worker.kill('SIGTERM');
    expect(await exited(worker)).toBe(0);

    const survivor = (await live())!;
    expect(survivor.eventsApplied).toBe(EVENTS);
    const survived = await tablesChecksum(test.database.db, schemaFor('stream_catalog', survivor.generation), catalog.tables);

    // A clean rebuild from the first event, in this process, for comparison.
    const clean = await startBuilding(test.database.db, catalog);
    await followGeneration(test.database, store, catalog, clean.generation, { batchSize: 5000, stopWhenLive: true, until: head });
    const rebuilt = await tablesChecksum(test.database.db, schemaFor('stream_catalog', clean.generation), catalog.tables);
    expect(survived).toEqual(rebuilt);
    expect(survived.audit_streams).toMatch(/^20000:/);
    console.log(`kill -9 test: killed at ${killedAt.join(', ')} of ${EVENTS} events applied; read model equals a clean rebuild`);
  }, 300_000);
});
