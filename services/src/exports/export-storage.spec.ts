import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { type TestDatabase, createTestDatabase } from '../platform/testing/test-database';
import type { ExportDefinition } from './export-definition';
import { type ExportJobData, runExport } from './export-processor';
import { EXPORT_DEFINITIONS } from './export-registry';
import { type ExportStorage, LocalExportStorage, createExportStorage } from './export-storage';
import { createExportRecord, findExportRecord } from './exports.store';

const BUCKET = 'portal-exports-test';

/** 1,200 rows in pages of 500, from no database table: the storage is what is under test. */
const numbers: ExportDefinition<{ n: number }, unknown> = {
  name: 'numbers-for-storage-test',
  columns: [
    { heading: 'N', value: (row) => row.n },
    { heading: 'Square', value: (row) => row.n * row.n },
    // Quoting and CSV injection: a cell a spreadsheet would run as a formula is written as text.
    { heading: 'Note', value: (row) => (row.n === 1 ? '=HYPERLINK("http://evil.test")' : row.n === 2 ? 'Dallas, "North"' : row.n === 3 ? -3 : null) },
  ],
  async *rows() {
    for (let start = 1; start <= 1200; start += 500) yield Array.from({ length: Math.min(500, 1201 - start) }, (_unused, index) => ({ n: start + index }));
  },
  count: () => Promise.resolve(1200),
};

/** Both storages behave the same: complete files in, the same bytes out, nothing for a missing name. */
describe.each(['local', 's3'] as const)('export storage (%s)', (kind) => {
  let directory: string;
  let server: S3rver | undefined;
  let storage: ExportStorage;
  let test: TestDatabase;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), `portal-export-storage-${kind}-`));
    if (kind === 's3') {
      // s3rver: a real S3-compatible HTTP server (in this process), so the AWS SDK is exercised for real.
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(directory, 's3'), configureBuckets: [{ name: BUCKET }] });
      const { port } = await server.run();
      process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
      process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
      storage = createExportStorage({
        dataDirectory: directory,
        EXPORT_S3_BUCKET: BUCKET,
        EXPORT_S3_ENDPOINT: `http://127.0.0.1:${port}`,
        EXPORT_S3_REGION: 'us-east-1',
        EXPORT_S3_PREFIX: 'exports/',
      });
    } else {
      storage = createExportStorage({ dataDirectory: directory, EXPORT_S3_REGION: 'us-east-1', EXPORT_S3_PREFIX: 'exports/' });
      expect(storage).toBeInstanceOf(LocalExportStorage);
    }
    test = await createTestDatabase();
    (EXPORT_DEFINITIONS as Record<string, unknown>)[numbers.name] = numbers;
  });
  afterAll(async () => {
    delete (EXPORT_DEFINITIONS as Record<string, unknown>)[numbers.name];
    await server?.close();
    await test?.drop();
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('stores a complete file and serves its bytes; a missing name is undefined', async () => {
    expect(storage.kind).toBe(kind);
    const temporary = await storage.temporaryFile('e1.1.0');
    await fs.writeFile(temporary, 'Office Name\nDallas Office\n');
    await storage.store(temporary, 'e1.csv');
    await expect(fs.access(temporary)).rejects.toThrow();
    expect(await text((await storage.open('e1.csv')) as Readable)).toBe('Office Name\nDallas Office\n');
    expect(await storage.open('missing.csv')).toBeUndefined();
    await storage.remove('e1.csv');
    expect(await storage.open('e1.csv')).toBeUndefined();
  });

  it('receives a whole export from the processor', async () => {
    const id = `x-${kind}`;
    await createExportRecord(test.database.db, { id, user_id: 'u1', name: numbers.name, format: 'csv' });
    const data: ExportJobData = { export_id: id, user_id: 'u1', name: numbers.name, format: 'csv', scope: { kind: 'all' }, filters: {} };
    const result = await runExport(test.database.db, storage, { id: 'j1', name: numbers.name, data, attempt: 1, updateProgress: async () => undefined });
    expect(result).toEqual({ rows: 1200 });
    const record = await findExportRecord(test.database.db, id);
    expect(record).toMatchObject({ status: 'done', file: `${id}.csv`, rows_written: 1200, rows_total: 1200 });
    // Bytes, not text(): a TextDecoder would hide the BOM that makes Excel read the file as UTF-8.
    const lines = (await buffer((await storage.open(record!.file!)) as Readable)).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFN,Square,Note');
    expect(lines[1]).toBe(`1,1,"'=HYPERLINK(""http://evil.test"")"`);
    expect(lines[2]).toBe('2,4,"Dallas, ""North"""');
    expect(lines[3]).toBe('3,9,-3');
    expect(lines[1200]).toBe('1200,1440000,');
    expect(lines).toHaveLength(1202);
  });

  it('removes the files in the making that a dead worker left, once idle, and nothing else', async () => {
    const now = Date.now();
    const abandoned = await storage.temporaryFile(`abandoned.1.${process.pid}`);
    const writing = await storage.temporaryFile(`writing.1.${process.pid}`);
    await fs.writeFile(abandoned, 'half a file');
    await fs.writeFile(writing, 'still growing');
    const hourAgo = new Date(now - 2 * 3_600_000);
    await fs.utimes(abandoned, hourAgo, hourAgo);
    const finished = path.join(directory, 'finished.csv');
    await fs.writeFile(finished, 'done');
    await storage.store(finished, 'finished.csv');

    // At least ours: the S3 kind writes in the machine's temp folder, where an older run may have left one too.
    expect(await storage.removeAbandoned(3_600_000, now)).toBeGreaterThanOrEqual(1);
    await expect(fs.access(abandoned)).rejects.toThrow();
    await expect(fs.access(writing)).resolves.toBeUndefined();
    expect(await text((await storage.open('finished.csv')) as Readable)).toBe('done');
    await fs.rm(writing, { force: true });
  });
});
