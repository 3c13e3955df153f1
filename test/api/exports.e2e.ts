import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ExportAnswer, ExportProgress, ExportPush } from '@portal/contracts';
import { type AnnouncementRow, type OfficeRow, findOrgUser, resolveScope } from '@portal/projections';
import { io } from 'socket.io-client';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { signingSecret } from '../../services/src/auth/credentials.store';
import { signedDownloadPath } from '../../services/src/exports/export-signing';
import { processExports } from '../../services/src/exports/export-processor';
import { announcementExport } from '../../services/src/help/announcement-export';
import { createLiveBus } from '../../services/src/platform/realtime/live-bus';
import { findExportRecord } from '../../services/src/exports/exports.store';
import { officeExport } from '../../services/src/admin/admin-exports';
import { loadConfig } from '../../services/src/platform/config/config';
import { createLogger } from '../../services/src/platform/logger';
import { type Platform, openPlatform } from '../../services/src/platform/platform';
import { type TestDatabase, createTestDatabase, testRedisPrefix, testRedisUrl } from '../../services/src/platform/testing/test-database';
import { call, login, waitForDemoBusiness } from '../support/demo';
import { exited, startService, waitFor } from '../support/processes';

/** The first sheet's rows as strings, `width` cells each. */
async function xlsxRows(response: Response, width: number): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: false }, (row) => {
    rows.push(Array.from({ length: width }, (_unused, index) => {
      const value = row.getCell(index + 1).value;
      return value === null || value === undefined ? '' : String(value as string | number);
    }));
  });
  return rows;
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const character = body[i]!;
    if (quoted) {
      if (character === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const headings = officeExport.columns.map((column) => column.heading);
/** The Office list's rows as the export writes them (sorted, so order does not matter). */
const expected = (rows: OfficeRow[]) =>
  rows.map((row) => officeExport.columns.map((column) => String(column.value(row) ?? ''))).sort((a, b) => a.join('|').localeCompare(b.join('|')));
/** The Office list's rows as the export writes them, in the list's own order. */
const inOrder = (rows: OfficeRow[]) => rows.map((row) => officeExport.columns.map((column) => String(column.value(row) ?? '')));
const sorted = (rows: string[][]) => [...rows].sort((a, b) => a.join('|').localeCompare(b.join('|')));

/**
 * Exports end to end: the api (built service) enqueues on BullMQ; this test process runs the
 * export processor on the same database, Redis prefix and data directory, as a worker would.
 */
describe('exports: office export, progress and signed downloads', () => {
  let test: TestDatabase;
  let service: Awaited<ReturnType<typeof startService>>;
  let worker: Platform;
  let dataDirectory: string;
  let baseUrl: string;
  const tokens: Record<'super' | 'ibo' | 'office', string> = { super: '', ibo: '', office: '' };

  beforeAll(async () => {
    test = await createTestDatabase();
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-exports-'));
    const env = { DATABASE_URL: test.url, NODE_ENV: 'test', REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix(), DATA_DIR: dataDirectory };
    service = await startService([], env);
    baseUrl = service.baseUrl;
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    worker = await openPlatform(config, createLogger(config, 'test-worker'));
    // A worker as the worker process runs it: pushes go over Redis to the api's sockets.
    processExports(worker, createLiveBus(worker));
    await waitForDemoBusiness(test.database.db);
    for (const [key, email] of [['super', 'super@demo.test'], ['ibo', 'ibo.manager@demo.test'], ['office', 'office.manager@demo.test']] as const) {
      const answer = await login(baseUrl, email);
      expect(answer.status).toBe(200);
      tokens[key] = answer.body.items!.token;
    }
  }, 180_000);
  afterAll(async () => {
    service?.child.kill('SIGTERM');
    if (service) await exited(service.child);
    await worker?.close();
    await test?.drop();
    if (dataDirectory) await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  const officeList = async (token: string, query: string) => {
    const answer = await call<{ items: { data: OfficeRow[]; total: number } }>(baseUrl, 'GET', `/api/v1/offices?results=100&${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body.items;
  };

  /** Runs an export and follows it to its signed url (polling when the first answer says it is being prepared). */
  const runExport = async (token: string, query: string, exportPath = '/api/v1/office_export') => {
    const answer = await call<ExportAnswer>(baseUrl, 'GET', `${exportPath}?${query}`, { token });
    expect(answer.status).toBe(200);
    const id = answer.body.export_id!;
    expect(id).toBeDefined();
    if (answer.body.download === 1) return { id, url: answer.body.url! };
    expect(answer.body.message).toBe('Your report is being prepared. You will be notified when it is ready.');
    const done = await waitFor(
      () => call<ExportProgress>(baseUrl, 'GET', `/api/v1/exports/${id}`, { token }),
      (progress) => progress.body.status === 'done' || progress.body.status === 'failed',
      30_000,
      `export ${id}`,
    );
    expect(done.body.status).toBe('done');
    return { id, url: done.body.url! };
  };

  /** Opens the url as the browser's new tab does: no bearer token. */
  const download = (url: string) => fetch(new URL(url, baseUrl));

  const csvRows = async (token: string, query: string) => {
    const { url } = await runExport(token, `${query}&format=csv`);
    const response = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="offices-\d{2}-\d{2}-\d{4}\.csv"$/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual(headings);
    return rows;
  };

  it('exports as CSV exactly the rows of the Office list, with its filters and the spec\'s alias names', async () => {
    const all = await officeList(tokens.super, '');
    expect(all.total).toBe(12);
    expect(sorted(await csvRows(tokens.super, ''))).toEqual(expected(all.data));

    const inactive = await officeList(tokens.super, 'status=0');
    const active = await officeList(tokens.super, 'status=1');
    expect(sorted(await csvRows(tokens.super, 'status=1'))).toEqual(expected(active.data));
    expect(sorted(await csvRows(tokens.super, 'status=0'))).toEqual(expected(inactive.data));

    const term = all.data[0]!.name.slice(0, 4);
    const searched = await officeList(tokens.super, `search_text=${encodeURIComponent(term)}`);
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.total).toBeLessThan(12);
    expect(sorted(await csvRows(tokens.super, `search_text=${encodeURIComponent(term)}`))).toEqual(expected(searched.data));
    expect(sorted(await csvRows(tokens.super, `keyword=${encodeURIComponent(term)}`))).toEqual(expected(searched.data));

    const market = all.data[0]!.ibo_marketer_id;
    const inMarket = await officeList(tokens.super, `ibo_marketer_id=${market}`);
    expect(sorted(await csvRows(tokens.super, `ibo_marketer=${market}`))).toEqual(expected(inMarket.data));
  });

  it('lists the offices in the order the screen sorted them, row for row', async () => {
    for (const query of ['sort_by=office_number&sort=DESC', 'sort_by=ibo_marketer_name&sort=ASC', 'sort_by=created_at&sort=DESC']) {
      const screen = await officeList(tokens.super, query);
      expect({ query, rows: await csvRows(tokens.super, query) }).toEqual({ query, rows: inOrder(screen.data) });
    }
  });

  it('exports as XLSX the same rows, read back with exceljs', async () => {
    const all = await officeList(tokens.super, '');
    const { url } = await runExport(tokens.super, 'format=xlsx');
    const response = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="offices-\d{2}-\d{2}-\d{4}\.xlsx"$/);
    const [header, ...data] = await xlsxRows(response, headings.length);
    expect(header).toEqual(headings);
    expect(sorted(data)).toEqual(expected(all.data));
  });

  it('exports in the caller\'s scope: an IBO manager gets their market\'s offices; an office manager\'s scope reaches only their office', async () => {
    const mine = await officeList(tokens.ibo, '');
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(12);
    expect(sorted(await csvRows(tokens.ibo, ''))).toEqual(expected(mine.data));

    // Role 3 may not call office_export (route table: roles 1, 11, 12); its scope still bounds the row source.
    expect((await call(baseUrl, 'GET', '/api/v1/office_export', { token: tokens.office })).status).toBe(403);
    const manager = (await sql<{ id: string }>`select id from rm.org_users where email = 'office.manager@demo.test'`.execute(test.database.db)).rows[0]!;
    const scope = await resolveScope(test.database.db, (await findOrgUser(test.database.db, manager.id))!);
    if (scope.kind !== 'office') throw new Error(`expected an office scope, got ${scope.kind}`);
    const rows: OfficeRow[] = [];
    for await (const page of officeExport.rows(test.database.db, scope, {})) rows.push(...page);
    expect(rows.map((row) => row.id).sort()).toEqual([...scope.officeIds].sort());
    expect(rows).toHaveLength(1);
  });

  it('answers progress to the owner only, and refuses tampered and expired links with 403', async () => {
    const { id, url } = await runExport(tokens.super, '');
    const progress = await call<ExportProgress>(baseUrl, 'GET', `/api/v1/exports/${id}`, { token: tokens.super });
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ status: 'done', rows_written: 12, rows_total: 12 });
    expect((await call(baseUrl, 'GET', `/api/v1/exports/${id}`, { token: tokens.ibo })).status).toBe(404);
    expect((await call(baseUrl, 'GET', `/api/v1/exports/${id}`)).status).toBe(401);

    const signed = new URL(url, baseUrl);
    const signature = signed.searchParams.get('signature')!;
    const tampered = new URL(signed);
    tampered.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`);
    const refused = await download(tampered.toString());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('This download link is not valid. Export the report again.');
    const longer = new URL(signed);
    longer.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    expect((await download(longer.toString())).status).toBe(403);

    const record = (await findExportRecord(test.database.db, id))!;
    const secret = await signingSecret(test.database.db);
    const expired = await download(signedDownloadPath(secret, id, record.user_id, Math.floor(Date.now() / 1000) - 60));
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toBe('This download link has expired. Export the report again.');
    // Signed for another user (the IBO manager) and so not this export's link.
    expect((await download(signedDownloadPath(secret, id, 'someone-else'))).status).toBe(403);
    expect((await download(`/api/v1/exports/${id}/download`)).status).toBe(400);
    expect((await download(url)).status).toBe(200);
  });

  it('exports the Announcements table as CSV and XLSX, exactly its rows', async () => {
    const list = await call<{ items: { data: AnnouncementRow[]; total: number } }>(baseUrl, 'GET', '/api/v1/announcements?results=100', { token: tokens.office });
    expect(list.status).toBe(200);
    expect(list.body.items.total).toBeGreaterThan(0);
    const want = list.body.items.data.map((row) => announcementExport.columns.map((column) => String(column.value(row) ?? '')));
    const announcementHeadings = announcementExport.columns.map((column) => column.heading);
    expect(announcementHeadings).toEqual(['Message', 'File', 'Created At']);

    const csv = await download((await runExport(tokens.office, 'format=csv', '/api/v1/announcement_export')).url);
    expect(csv.headers.get('content-disposition')).toMatch(/filename="announcements-\d{2}-\d{2}-\d{4}\.csv"/);
    expect(parseCsv(await csv.text())).toEqual([announcementHeadings, ...want]);
    const xlsx = await download((await runExport(tokens.office, 'format=xlsx', '/api/v1/announcement_export')).url);
    expect(await xlsxRows(xlsx, 3)).toEqual([announcementHeadings, ...want]);
    expect((await call(baseUrl, 'GET', '/api/v1/announcement_export?format=pdf', { token: tokens.office })).status).toBe(400);
  });

  it("pushes an export's progress and its signed link to its owner's socket only", async () => {
    const connect = (token: string) => io(baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    const owner = connect(tokens.super);
    const other = connect(tokens.ibo);
    const pushes: ExportPush[] = [];
    const overheard: ExportPush[] = [];
    owner.on('export', (push: ExportPush) => pushes.push(push));
    other.on('export', (push: ExportPush) => overheard.push(push));
    try {
      await Promise.all([owner, other].map((socket) => new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      })));
      const { id } = await runExport(tokens.super, 'format=xlsx');
      const done = await waitFor(async () => pushes.find((push) => push.export_id === id && push.status === 'done'), (push) => push !== undefined, 10_000, `the done push of ${id}`);
      expect(done).toMatchObject({ rows_written: 12, rows_total: 12 });
      expect(pushes.filter((push) => push.export_id === id).map((push) => push.status)).toContain('running');
      const file = await download(done!.url!);
      expect(file.status).toBe(200);
      expect((await xlsxRows(file, headings.length))[0]).toEqual(headings);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(overheard).toEqual([]);
    } finally {
      owner.disconnect();
      other.disconnect();
    }
  });
});
