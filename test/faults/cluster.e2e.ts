import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ExportAnswer, type ExportProgress, withLuhnCheckDigit } from '@portal/contracts';
import IORedis from 'ioredis';
import { sql } from 'kysely';
import { type Socket, io } from 'socket.io-client';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type TestDatabase, createTestDatabase, testRedisPrefix, testRedisUrl } from '../../services/src/platform/testing/test-database';
import { type RunningCluster, projectionLockHolders, startCluster } from '../support/cluster';
import { call, login, waitForDemoBusiness } from '../support/demo';
import { waitFor } from '../support/processes';

interface CountsPush {
  room: string;
  devices_in_stock: number;
}

/** Each device's IMEI: 15 digits, unique per test run and serial. */
const imei = (serial: number) => withLuhnCheckDigit(`35${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(9, '0')}`);

/**
 * `npm run start:cluster -- --api 2 --worker 2` (issue 25): two api and two worker processes
 * behind the launcher's balancer, on one PostgreSQL and one Redis. What crosses processes must
 * travel through them: projections (one worker each, advisory locks), read-your-writes, live
 * pushes (Redis pub/sub) and jobs (BullMQ, a dead worker's job taken over by the other).
 */
describe('two api and two worker processes', () => {
  let test: TestDatabase;
  let cluster: RunningCluster;
  let dataDirectory: string;
  let apiKey: string;
  let dallas: string;
  let managerToken: string;
  const prefix = testRedisPrefix();
  const sockets: Socket[] = [];
  let serial = 0;

  const ship = (baseUrl: string, count: number, carton: string) =>
    call<{ job_id: string }>(baseUrl, 'POST', '/api/integration/v1/shipments', {
      headers: { 'x-api-key': apiKey },
      body: { office_id: dallas, devices: Array.from({ length: count }, () => ({ imei: imei(++serial), device_type: 'PHONE', carton_number: carton })) },
    });

  beforeAll(async () => {
    test = await createTestDatabase();
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-cluster-'));
    cluster = await startCluster(
      { api: 2, worker: 2 },
      {
        DATABASE_URL: test.url,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        NODE_ENV: 'test',
        DATA_DIR: dataDirectory,
        // Every export answers "being prepared" and takes about a second a page, so a worker can be killed mid-file.
        EXPORT_WAIT_MS: '0',
        EXPORT_PAGE_DELAY_MS: '1000',
        // A dead worker's job goes to the other within seconds (production: 30 s).
        JOB_LOCK_MS: '2000',
      },
    );
    await waitForDemoBusiness(test.database.db, 180_000);
    const db = test.database.db;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    apiKey = (await createApiKey(db, retailer, 'cluster test')).key;
    const answer = await login(cluster.baseUrl, 'office.manager@demo.test');
    expect(answer.status).toBe(200);
    managerToken = answer.body.items!.token;
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    expect(await cluster?.stop()).toBe(0);
    await test?.drop();
    if (dataDirectory) await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  it('spreads requests over both api processes and runs each projection on exactly one worker', async () => {
    const served = new Map<string, number>();
    for (let request = 0; request < 20; request++) {
      const name = (await fetch(`${cluster.baseUrl}/health`)).headers.get('x-portal-api') ?? '';
      served.set(name, (served.get(name) ?? 0) + 1);
    }
    expect([...served.keys()].sort()).toEqual(['api-1', 'api-2']);

    // The seed's own process has ended by now: the live projections are the workers', one holder each.
    // A projection the seed held is taken over by a worker within a poll or two, so wait for all of them.
    const liveCount = async (): Promise<number> =>
      (await sql<{ n: number }>`select count(*)::int as n from projection_checkpoints where status = 'live'`.execute(test.database.db)).rows[0]!.n;
    const { holders, live } = await waitFor(
      async () => ({ holders: await projectionLockHolders(test.database.db), live: await liveCount() }),
      (state) => state.holders.size === state.live && [...state.holders.values()].every((pids) => pids.length === 1),
      30_000,
      'one holder of each projection',
    );
    expect(live).toBeGreaterThan(0);
    expect(holders.size).toBe(live);
  });

  it('shows a command answered by api 1 to a query on api 2 at once (read-your-writes across processes)', async () => {
    const [api1, api2] = cluster.apiUrls as [string, string];
    for (let round = 0; round < 5; round++) {
      const shipped = await ship(api1, 3, `RYW-${round}`);
      expect(shipped.status).toBe(201);
      // No wait: the answer came after the projections had the shipment.
      const cartons = await call<{ items: { data: { carton_number: string }[] } }>(api2, 'POST', '/api/v1/manager/managerdevicelist', { token: managerToken, body: { job_id: shipped.body.job_id } });
      expect(cartons.status).toBe(200);
      expect(cartons.body.items.data.map((carton) => carton.carton_number)).toEqual([`RYW-${round}`]);
    }
  });

  it('pushes a change made through either process to sockets on both', async () => {
    const clients = cluster.apiUrls.map((url) => {
      const socket = io(url, { path: '/socket.io', auth: { token: managerToken }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const pushes: CountsPush[] = [];
      socket.on('counts', (push: CountsPush) => pushes.push(push));
      return pushes;
    });
    await waitFor(async () => clients.map((pushes) => pushes.length), (lengths) => lengths.every((length) => length > 0), 10_000, 'the first counts on each socket');
    const before = clients[0]!.at(-1)!.devices_in_stock;
    expect(clients[1]!.at(-1)!.devices_in_stock).toBe(before);

    // Through api 2: the worker that applies it publishes on Redis; both api processes push to their own sockets.
    expect((await ship(cluster.apiUrls[1]!, 2, 'LIVE-1')).status).toBe(201);
    for (const pushes of clients) {
      await waitFor(async () => pushes.at(-1)?.devices_in_stock, (count) => count === before + 2, 5_000, 'the new count on a socket of each api process');
    }
  });

  it('finishes an export on the other worker when the one running it is killed, with one complete file', async () => {
    expect((await ship(cluster.baseUrl, 6_000, 'BULK-1')).status).toBe(201);
    // Every projection has applied the shipment: the export then has its 6,000 rows to write, and a
    // kill lands mid-file (on a busy machine it counted ~1,000 and had finished before the kill).
    await waitFor(
      () => call<{ projections?: { behind: number | null }[] }>(cluster.baseUrl, 'GET', '/health/ready'),
      (answer) => (answer.body.projections ?? []).length > 0 && answer.body.projections!.every((projection) => projection.behind === 0),
      120_000,
      'every projection to apply the shipment',
    );
    const started = await call<ExportAnswer>(cluster.baseUrl, 'GET', '/api/v1/detailed_inventory_export?format=csv', { token: managerToken });
    expect(started.status).toBe(200);
    expect(started.body.download).toBe(0);
    const exportId = started.body.export_id!;
    const progress = () => call<ExportProgress>(cluster.baseUrl, 'GET', `/api/v1/exports/${exportId}`, { token: managerToken });

    // Mid-file: a page written, more to come. Which process runs it: BullMQ's processedBy (host:pid).
    await waitFor(progress, (answer) => answer.body.rows_written > 0, 30_000, 'the export to write its first page');
    const redis = new IORedis(testRedisUrl(), { maxRetriesPerRequest: 1 });
    try {
      const runner = await redis.hget(`${prefix}:exports:${exportId}`, 'pb');
      const pid = Number(runner?.split(':').at(-1));
      expect(pid).toBeGreaterThan(0);
      process.kill(pid, 'SIGKILL');
      const killedAt = Date.now();

      const done = await waitFor(progress, (answer) => answer.body.status === 'done' || answer.body.status === 'failed', 60_000, 'another worker to finish the export');
      expect(done.body.status).toBe('done');
      console.log(`jobs across workers: the export's worker was killed after ${done.body.rows_total} rows were counted; another worker finished the file ${Date.now() - killedAt} ms later (JOB_LOCK_MS 2000)`);
      const finisher = await redis.hget(`${prefix}:exports:${exportId}`, 'pb');
      expect(finisher).not.toBe(runner);

      const text = await (await fetch(new URL(done.body.url!, cluster.baseUrl))).text();
      const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line.length > 0);
      const imeis = lines.slice(1).map((line) => line.split(',').find((cell) => /^\d{15}$/.test(cell)));
      expect(imeis.length).toBe(done.body.rows_total);
      expect(imeis.length).toBeGreaterThanOrEqual(6_000);
      expect(new Set(imeis).size).toBe(imeis.length);
      expect(lines.filter((line) => line === lines[0]).length).toBe(1);
      // One file under its final name; the killed attempt's unfinished file is never served.
      const files = await fs.readdir(path.join(dataDirectory, 'exports'));
      expect(files.filter((file) => file === `${exportId}.csv`)).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  }, 120_000);
});
