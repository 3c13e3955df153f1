import { type ProjectionDatabase, waitForProjections } from '@portal/projections';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { useTestEventStore } from '../../services/src/platform/testing/test-database';

/**
 * Read-your-writes and the seed wait for projections through a pool whose connections the
 * catching-up projections may all hold: a look that cannot get a connection in time is looked
 * again while the wait lasts (the 1,000,000-device seed failed after 11 minutes on one), and
 * fails the wait only once its time is up.
 */
describe('waiting for projections', () => {
  const testStore = useTestEventStore();

  it('looks again when the pool has no connection to give, and gives up only at its deadline', async () => {
    const { test } = testStore();
    await sql`insert into projection_checkpoints (projection, generation, version, status, transaction_id, global_position) values ('wait_probe', 1, 1, 'live', 5, 5)`.execute(test.database.db);
    // One connection, handed out within 200 ms or not at all: the seed's pool in miniature.
    const pool = new Pool({ connectionString: test.url, max: 1, connectionTimeoutMillis: 200 });
    const store: ProjectionDatabase = {
      db: new Kysely({ dialect: new PostgresDialect({ pool }) }),
      tryLock: (key) => test.database.tryLock(key),
      listen: (channel, onNotify) => test.database.listen(channel, onNotify),
    };
    try {
      const held = await pool.connect();
      const release = setTimeout(() => held.release(), 700);
      const started = Date.now();
      expect(await waitForProjections(store, ['wait_probe'], { transactionId: 5, globalPosition: 5 }, 5000)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
      clearTimeout(release);

      const heldAgain = await pool.connect();
      try {
        await expect(waitForProjections(store, ['wait_probe'], { transactionId: 5, globalPosition: 5 }, 500)).rejects.toThrow(/timeout exceeded when trying to connect/);
      } finally {
        heldAgain.release();
      }
    } finally {
      await store.db.destroy();
    }
  });
});
