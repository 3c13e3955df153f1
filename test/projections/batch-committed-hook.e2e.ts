import type { RecordedEvent } from '@portal/contracts';
import { ProjectionRunner, projections, waitForProjections } from '@portal/projections';
import { sql } from 'kysely';
import { appendDeviceEvents } from '../../services/src/platform/testing/events';
import { useTestEventStore } from '../../services/src/platform/testing/test-database';
import { waitFor } from '../support/processes';

/** The runner's onBatchCommitted hook: called after each live batch commits; a failing hook fails nothing. */
describe('ProjectionRunner onBatchCommitted', () => {
  const testStore = useTestEventStore();

  it('sees committed batches, and a throwing hook neither fails nor repeats them', async () => {
    const { test, store } = testStore();
    const head = await appendDeviceEvents(store, 300, { streams: 30 });
    const seen: { projection: string; events: readonly RecordedEvent[]; visible: number }[] = [];
    const errors: string[] = [];
    let calls = 0;
    const runner = new ProjectionRunner(test.database, { readAll: store.readAll.bind(store), head: store.head.bind(store) }, projections, {
      batchSize: 100,
      logger: { info: () => undefined, error: (_details, message) => void errors.push(message) },
      onBatchCommitted: async (projection, events) => {
        // Every projection that handles all events (the catalog, the feed) is called; this one is watched.
        if (projection !== 'stream_catalog') return;
        calls++;
        // Another connection already sees what the batch wrote: the hook runs after the commit.
        const visible = await sql<{ count: number }>`select count(*)::int as count from rm.audit_streams`.execute(test.database.db);
        seen.push({ projection, events, visible: visible.rows[0]!.count });
        if (seen.length === 1) throw new Error('hook failure');
      },
    });
    runner.start();
    try {
      expect(await waitForProjections(test.database, ['stream_catalog'], head, 20_000)).toBe(true);
      // The checkpoint is visible before the last batch's hook has run: wait for that too.
      await waitFor(async () => seen.length, (count) => count >= 3, 5_000, 'the hook of the last batch');
      expect(seen.map((batch) => batch.events.length)).toEqual([100, 100, 100]);
      expect(new Set(seen.flatMap((batch) => batch.events.map((event) => event.eventId))).size).toBe(300);
      expect(seen.every((batch) => batch.visible > 0)).toBe(true);
      expect(errors).toEqual(['onBatchCommitted hook failed; the batch stays committed']);
      expect(calls).toBe(3);
    } finally {
      await runner.stop();
    }
  });
});
