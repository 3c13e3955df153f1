import { type Generation, listGenerations } from '@portal/projections';
import type { SqlDb } from '@portal/projections';
import { builtMain, startNode } from './processes';

/**
 * Worker processes (built JS) catching the stream catalog up on a test database, and its live
 * generation: shared by the kill -9 test and the failover test. Each batch holds its transaction
 * `batchDelayMs` before committing, so kills land mid catch-up and mid batch.
 */
export function catalogWorkers(database: () => { db: SqlDb; url: string }, batchDelayMs: number) {
  return {
    live: async (): Promise<Generation | undefined> =>
      (await listGenerations(database().db, 'stream_catalog')).find((generation) => generation.status === 'live'),
    startWorker: () =>
      startNode(builtMain, ['worker'], {
        DATABASE_URL: database().url,
        LOG_LEVEL: 'warn',
        PROJECTION_BATCH_SIZE: '500',
        PROJECTION_BATCH_DELAY_MS: String(batchDelayMs),
      }),
  };
}
