import type { ExportAnswer, ExportProgress, LoginItems } from '@portal/contracts';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import { type TestDatabase, createTestDatabase, testRedisPrefix, testRedisUrl } from '../../services/src/platform/testing/test-database';
import { projectionLockHolders } from './cluster';
import { builtMain, exited, startNode, startService, waitFor } from './processes';

export const DEMO_PASSWORD = 'Passw0rd!';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Calls the api as the console does: JSON in, JSON out, bearer token when given. */
export async function call<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}


/** Runs an export (or a download by count) to its end as the console does, and reads the CSV: its heading line and data lines. */
export async function downloadExport(baseUrl: string, token: string, path: string): Promise<{ heading: string; rows: string[] }> {
  const answer = await call<ExportAnswer>(baseUrl, 'GET', path, { token });
  if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  let url = answer.body.url;
  if (answer.body.download === 0) {
    const done = await waitFor(() => call<ExportProgress>(baseUrl, 'GET', `/api/v1/exports/${answer.body.export_id}`, { token }), (progress) => progress.body.status === 'done' || progress.body.status === 'failed', 30_000, 'export');
    url = done.body.url;
  }
  const text = await (await fetch(new URL(url!, baseUrl))).text();
  const lines = text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line.length > 0);
  return { heading: lines[0]!, rows: lines.slice(1) };
}

export async function login(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<Answer<{ message?: string; items?: LoginItems }>> {
  return call(baseUrl, 'POST', '/api/login', { body: { email, password, deviceid: 'web-browser', platform_type: 4, portal_type: 2 } });
}

/**
 * Waits until the background seed has made the demo business: its last account (agent120), then
 * the help centre's last announcement, are in the read models. Read from the database, since failed logins while waiting would trip the limiter.
 */
export async function waitForDemoBusiness(db: SqlDb, timeoutMs = 120_000): Promise<void> {
  await waitFor(
    async () => {
      const result = await sql<{ password_changed: number }>`select password_changed from rm.org_users where email = 'agent120@demo.test'`
        .execute(db)
        .catch(() => ({ rows: [] }));
      return result.rows[0]?.password_changed;
    },
    (changed) => changed === 1,
    timeoutMs,
    'the demo business to be seeded',
  );
  // The help centre's story comes after the organisation; its last event is the retailer manager's announcement to agents.
  await waitFor(
    async () => {
      const result = await sql<{ n: number }>`select count(*)::int as n from rm.help_announcements where message_text like 'Agents: please accept%'`.execute(db).catch(() => ({ rows: [] }));
      return result.rows[0]?.n;
    },
    (count) => count === 1,
    timeoutMs,
    'the demo help centre to be seeded',
  );
}

/** A fresh database with the built service (api + worker in one process) on it, once the demo business is seeded. */
export interface SeededService {
  readonly test: TestDatabase;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/**
 * `workingDirectory`: the service's own; a test that leaves DATA_DIR unset there runs on the
 * README's default data folder, `<workingDirectory>/.data` (a dot-folder: stored files must be
 * answered from it too).
 */
export async function startSeededService(env: Record<string, string | undefined> = {}, workingDirectory?: string): Promise<SeededService> {
  const test = await createTestDatabase();
  const service = await startService([], { DATABASE_URL: test.url, NODE_ENV: 'test', ...env }, undefined, workingDirectory);
  await waitForDemoBusiness(test.database.db);
  return {
    test,
    baseUrl: service.baseUrl,
    async stop() {
      service.child.kill('SIGTERM');
      await exited(service.child);
      await test.drop();
    },
  };
}

/**
 * The api and the worker as SEPARATE processes on a fresh database, joined by Redis (what
 * crosses between them — scope changes, ended sessions — must travel over pub/sub), once the
 * demo business is seeded by `main.js seed`.
 */
export interface SplitService {
  readonly test: TestDatabase;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

export async function startSplitService(): Promise<SplitService> {
  const test = await createTestDatabase();
  const env = { DATABASE_URL: test.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix(), NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const seed = startNode(builtMain, ['seed'], env);
  if ((await exited(seed)) !== 0) throw new Error(`seeding failed:\n${seed.output()}`);
  const api = await startService(['api'], env);
  const worker = startNode(builtMain, ['worker'], env);
  await waitForDemoBusiness(test.database.db);
  // The worker has taken every projection (and asked for the fresh counts a new leader asks for)
  // before a test connects its sockets: no push of that start lands in what a test counts.
  await waitFor(
    async () => {
      const live = (await sql<{ n: number }>`select count(*)::int as n from projection_checkpoints where status = 'live'`.execute(test.database.db)).rows[0]!.n;
      const holders = await projectionLockHolders(test.database.db);
      return live > 0 && holders.size === live && [...holders.values()].every((pids) => pids.length === 1 && pids[0] === worker.pid);
    },
    Boolean,
    30_000,
    'the worker to hold every projection',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    test,
    baseUrl: api.baseUrl,
    async stop() {
      worker.kill('SIGTERM');
      api.child.kill('SIGTERM');
      await Promise.all([exited(worker), exited(api.child)]);
      await test.drop();
    },
  };
}
