import { listGenerations, waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { appendDeviceEvents } from '../../services/src/platform/testing/events';
import { useTestEventStore } from '../../services/src/platform/testing/test-database';
import path from 'node:path';
import { builtMain, exited, repositoryRoot, startNode } from '../support/processes';

/**
 * `projections:rebuild` builds a new generation beside the live one while queries keep
 * hitting the read model; the swap happens with no failed query and no empty answer.
 */
describe('projection rebuild while the old generation serves', () => {
  const testStore = useTestEventStore();

  it('swaps with no moment where queries fail or see an empty table', async () => {
    const { test, store } = testStore();
    const head = await appendDeviceEvents(store, 30_000, { streams: 6000 });
    const env = { DATABASE_URL: test.url, LOG_LEVEL: 'warn', PROJECTION_BATCH_SIZE: '1000' };
    const worker = startNode(builtMain, ['worker'], env);
    try {
      expect(await waitForProjections(test.database, ['stream_catalog'], head, 60_000)).toBe(true);
      const [oldLive] = (await listGenerations(test.database.db, 'stream_catalog')).filter((generation) => generation.status === 'live');

      // Readers hammer the served view for the whole rebuild.
      const answers: number[] = [];
      const failures: string[] = [];
      let reading = true;
      const readers = Array.from({ length: 3 }, async () => {
        while (reading) {
          try {
            const result = await sql<{ streams: string }>`select count(*)::text as streams from rm.audit_streams`.execute(test.database.db);
            answers.push(Number(result.rows[0]!.streams));
          } catch (error) {
            failures.push(String(error));
          }
        }
      });

      const rebuild = startNode(path.join(repositoryRoot, 'services', 'dist', 'cli', 'rebuild-projection.js'), ['stream_catalog'], {
        ...env,
        PROJECTION_BATCH_DELAY_MS: '30',
      });
      const code = await exited(rebuild);
      reading = false;
      await Promise.all(readers);
      expect({ code, output: code === 0 ? '' : rebuild.output() }).toEqual({ code: 0, output: '' });
      expect(rebuild.output()).toMatch(/generation \d+ is live with 30000 events applied/);

      expect(failures).toEqual([]);
      expect(answers.length).toBeGreaterThan(50);
      expect(answers.every((count) => count === 6000)).toBe(true);

      const generations = await listGenerations(test.database.db, 'stream_catalog');
      const newLive = generations.find((generation) => generation.status === 'live')!;
      expect(newLive.generation).toBeGreaterThan(oldLive!.generation);
      expect(generations.find((generation) => generation.generation === oldLive!.generation)?.status).toBe('retired');

      // The running worker follows the new generation: a new event reaches it.
      const appended = await store.append([{ streamId: 'device-359999999999999', expectedVersion: 'no_stream', events: [{ type: 'LoadDeviceReceived', data: {} }] }]);
      expect(await waitForProjections(test.database, ['stream_catalog'], appended.position, 15_000)).toBe(true);
      const count = await sql<{ streams: string }>`select count(*)::text as streams from rm.audit_streams`.execute(test.database.db);
      expect(Number(count.rows[0]!.streams)).toBe(6001);
    } finally {
      worker.kill('SIGTERM');
      await exited(worker);
    }
  }, 180_000);
});
