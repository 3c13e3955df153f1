import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ExportAnswer, type ExportProgress, QUEUE_UNAVAILABLE_MESSAGE, ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import { type Socket, io } from 'socket.io-client';
import { type TestDatabase, createTestDatabase } from '../../services/src/platform/testing/test-database';
import { call, login, waitForDemoBusiness } from '../support/demo';
import { builtMain, exited, freePort, startNode, startRedis, startService, terminate, waitFor } from '../support/processes';

interface CountsPush {
  room: string;
  agents: number;
}

/**
 * Issue 25, faults 7 and 8, with the api and the worker as separate processes joined by a Redis
 * of the test's own: a worker killed between committing a batch and publishing its live counts
 * (the counts are right once a worker runs again), and Redis stopped and started (commands go
 * on, exports are refused with a sentence while it is down, a job queued before resumes after,
 * live pushes resume).
 */
describe('a worker killed before its live push, and Redis stopped and started', () => {
  let test: TestDatabase;
  let directory: string;
  let redisPort: number;
  let redis: ChildProcess;
  let api: Awaited<ReturnType<typeof startService>>;
  let worker: ReturnType<typeof startNode> | undefined;
  let env: Record<string, string>;
  let socket: Socket;
  const pushes: CountsPush[] = [];
  let managerToken: string;
  let iboToken: string;
  let dallas: string;
  let houston: string;

  const startWorker = (extra: Record<string, string> = {}) => {
    worker = startNode(builtMain, ['worker'], { ...env, ...extra });
    return worker;
  };
  const stopWorker = async (signal: NodeJS.Signals) => {
    if (!worker) return;
    worker.kill(signal);
    await exited(worker);
    worker = undefined;
  };
  const moveAgent = async (officeId: string) => {
    const agent = (
      await sql<{ id: string }>`select id from rm.org_users where office_id = ${officeId === houston ? dallas : houston} and ${ROLE.AGENT} = any(role_ids) order by email limit 1`.execute(test.database.db)
    ).rows[0]!.id;
    return call(api.baseUrl, 'POST', '/api/v1/change_office', { token: iboToken, body: { agent_id: agent, office_id: officeId } });
  };
  const dallasAgents = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from rm.org_users where office_id = ${dallas} and ${ROLE.AGENT} = any(role_ids)`.execute(test.database.db)).rows[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase();
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-redis-'));
    redisPort = await freePort();
    redis = await startRedis(redisPort, directory);
    env = { DATABASE_URL: test.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: 'faults', NODE_ENV: 'test', LOG_LEVEL: 'warn', EXPORT_WAIT_MS: '0', DATA_DIR: directory };
    const seed = startNode(builtMain, ['seed'], env);
    if ((await exited(seed)) !== 0) throw new Error(`seeding failed:\n${seed.output()}`);
    api = await startService(['api'], env);
    startWorker();
    await waitForDemoBusiness(test.database.db);
    const db = test.database.db;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    houston = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Houston Office'`.execute(db)).rows[0]!.id;
    managerToken = (await login(api.baseUrl, 'office.manager@demo.test')).body.items!.token;
    iboToken = (await login(api.baseUrl, 'ibo.manager@demo.test')).body.items!.token;
    socket = io(api.baseUrl, { path: '/socket.io', auth: { token: managerToken }, transports: ['websocket'] });
    socket.on('counts', (push: CountsPush) => pushes.push(push));
    await waitFor(async () => pushes.length, (count) => count > 0, 10_000, 'the first counts');
  }, 240_000);

  afterAll(async () => {
    socket?.disconnect();
    if (worker) await terminate(worker);
    if (api) await terminate(api.child);
    if (redis) await terminate(redis);
    await test?.drop();
    if (directory) await fs.rm(directory, { recursive: true, force: true });
  }, 60_000);

  it('shows the right counts once a worker runs again after one was killed between a commit and its push', async () => {
    // A worker that waits 5 s between committing a batch and publishing it.
    await stopWorker('SIGTERM');
    const pushed = pushes.length;
    startWorker({ LIVE_PUBLISH_DELAY_MS: '5000' });
    const before = await dallasAgents();
    // It has taken the projections over when its resync arrives (a fresh count of every room).
    await waitFor(async () => pushes.slice(pushed).map((push) => push.agents), (agents) => agents.includes(before), 15_000, 'the new worker to take over');

    const moved = await moveAgent(dallas);
    expect(moved.status).toBe(200);
    // Answered: the batch is committed (read-your-writes); its push is 5 s away. Kill the worker now.
    await stopWorker('SIGKILL');
    expect(await dallasAgents()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pushes.at(-1)!.agents).toBe(before);

    // The next worker takes over the projections and has every room counted again.
    const restartedAt = Date.now();
    startWorker();
    await waitFor(async () => pushes.at(-1)?.agents, (agents) => agents === before + 1, 15_000, 'the right count after the restart');
    console.log(`live resync: the right count reached the console ${Date.now() - restartedAt} ms after the worker started again`);
  }, 60_000);

  it('goes on with commands while Redis is down, refuses exports with a sentence, and resumes the queued job and live pushes after', async () => {
    // A job queued with no worker to run it: waiting in Redis when Redis stops.
    await stopWorker('SIGTERM');
    const queued = await call<ExportAnswer>(api.baseUrl, 'GET', '/api/v1/office_export', { token: iboToken });
    expect(queued.status).toBe(200);
    expect(queued.body.download).toBe(0);
    const queuedId = queued.body.export_id!;

    redis.kill('SIGTERM'); // redis-server writes its append-only file and exits
    await exited(redis);
    const ready = await waitFor(() => call(api.baseUrl, 'GET', '/health/ready'), (answer) => answer.status === 503, 10_000, 'readiness to notice Redis is down');
    expect(JSON.stringify(ready.body)).toMatch(/redis/i);

    // Commands need only PostgreSQL: accepted and stored (the read models follow once a worker
    // runs again: none runs now, so that the export above stays queued). Exports are refused at
    // once, nothing queued.
    const before = await dallasAgents();
    const storedEvents = async () => (await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(test.database.db)).rows[0]!.n;
    const eventsBefore = await storedEvents();
    expect((await moveAgent(houston)).status).toBe(200);
    expect(await storedEvents()).toBeGreaterThan(eventsBefore);
    const refused = await call<{ message: string }>(api.baseUrl, 'GET', '/api/v1/office_export', { token: iboToken });
    expect(refused).toEqual({ status: 503, body: { error: 'Service Unavailable', message: QUEUE_UNAVAILABLE_MESSAGE } });

    redis = await startRedis(redisPort, directory);
    startWorker();
    const done = await waitFor(() => call<ExportProgress>(api.baseUrl, 'GET', `/api/v1/exports/${queuedId}`, { token: iboToken }), (answer) => answer.body.status === 'done', 30_000, 'the job queued before the stop to run');
    expect(done.body.rows_written).toBeGreaterThan(0);
    await waitFor(dallasAgents, (agents) => agents === before - 1, 15_000, 'the read model to hold the move made while Redis was down');
    // The change made while Redis was down reaches the console (the new worker counts every room again) …
    await waitFor(async () => pushes.at(-1)?.agents, (agents) => agents === before - 1, 15_000, 'the count changed while Redis was down');
    // … and so does the next one, over the resumed pub/sub.
    expect((await moveAgent(dallas)).status).toBe(200);
    await waitFor(async () => pushes.at(-1)?.agents, (agents) => agents === before, 10_000, 'a live push after Redis came back');
    const again = await call<ExportAnswer>(api.baseUrl, 'GET', '/api/v1/office_export', { token: iboToken });
    expect(again.status).toBe(200);
  }, 90_000);
});
