import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportFailedMessage } from '@portal/contracts';
import { InProcessJobQueue } from '../platform/queue/in-process-job-queue';
import type { Platform } from '../platform/platform';
import { type TestDatabase, createTestDatabase } from '../platform/testing/test-database';
import type { ExportDefinition } from './export-definition';
import { EXPORTS_QUEUE, type ExportJobData, processExports } from './export-processor';
import { createExportRecord, findExportRecord } from './exports.store';
import { EXPORT_DEFINITIONS } from './export-registry';

/** An export whose source breaks after its first page, to see retries, the failed row and no file left behind. */
const broken: ExportDefinition<{ n: number }, unknown> = {
  name: 'broken-for-test',
  columns: [{ heading: 'N', value: (row) => row.n }],
  async *rows() {
    yield [{ n: 1 }, { n: 2 }];
    throw new Error('the source went away');
  },
  count: () => Promise.resolve(3),
};

describe('export processor', () => {
  let test: TestDatabase;
  let directory: string;
  let queue: InProcessJobQueue;

  beforeAll(async () => {
    test = await createTestDatabase();
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-export-processor-'));
    (EXPORT_DEFINITIONS as Record<string, unknown>)[broken.name] = broken;
  });
  afterAll(async () => {
    delete (EXPORT_DEFINITIONS as Record<string, unknown>)[broken.name];
    await queue?.close();
    await test?.drop();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it.each(['csv', 'xlsx'] as const)('retries a failing %s export with backoff, then marks it failed with a sentence for the user (the error goes to the log) and leaves no file', async (format) => {
    queue = new InProcessJobQueue();
    const logged = jest.fn();
    const logger = { warn: jest.fn(), error: logged } as unknown as Platform['logger'];
    processExports({ jobs: queue, database: test.database, config: { dataDirectory: directory } as Platform['config'], logger });
    const attempts: number[] = [];
    const id = `broken-${format}`;
    await createExportRecord(test.database.db, { id, user_id: 'u1', name: broken.name, format });
    const data: ExportJobData = { export_id: id, user_id: 'u1', name: broken.name, format, scope: { kind: 'all' }, filters: {} };
    const original = broken.count;
    broken.count = (...args) => {
      attempts.push(Date.now());
      return original(...args);
    };
    try {
      await queue.add(EXPORTS_QUEUE, broken.name, data, { attempts: 3, backoffMs: 100, jobId: id });
      for (let waited = 0; (await findExportRecord(test.database.db, id))?.status !== 'failed'; waited += 20) {
        if (waited > 10_000) throw new Error('the export never failed');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      broken.count = original;
    }
    const record = (await findExportRecord(test.database.db, id))!;
    expect(record).toMatchObject({ status: 'failed', error: exportFailedMessage(id), file: null, rows_total: 3 });
    expect(record.error).not.toContain('the source went away');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.objectContaining({ message: 'the source went away' }), exportId: id }), 'export failed');
    expect(attempts).toHaveLength(3);
    // Backoff doubles: 100 ms before the second try, 200 ms before the third.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(95);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(195);
    expect(await fs.readdir(path.join(directory, 'exports'))).toEqual([]);
    await queue.close();
  });
});
