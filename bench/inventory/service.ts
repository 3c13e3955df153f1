import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { databaseUrl, withServer } from '../eventstore/databases';

/*
 * The built service on a fresh database, as the end-to-end tests start it (test/support/processes.ts
 * and demo.ts; copied, not imported: the bench runs from .tsbuild/bench/bench/ and tsc -b does not
 * emit test/ there).
 */

/** The repository root (this file runs as .tsbuild/bench/bench/inventory/service.js). */
export const repositoryRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const builtMain = path.join(repositoryRoot, 'services', 'dist', 'main.js');

export async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function recreateDatabase(name: string): Promise<string> {
  await withServer(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withServer((client) => client.query(`drop database if exists ${name} with (force)`));
}

export interface RunningService {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  /** Milliseconds from spawn to /health answering 200. */
  readonly startedInMs: number;
  stop(): Promise<void>;
}

/**
 * Starts `node services/dist/main.js` (no role: api + worker in one process) with its stdout and
 * stderr (pino JSON lines) written to `logFile`, and waits until /health answers.
 */
export async function startService(env: Record<string, string>, logFile: string, timeoutMs = 120_000): Promise<RunningService> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [builtMain], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${fs.readFileSync(logFile, 'utf8').slice(-4000)}`);
      return fetch(`${baseUrl}/health`).then((response) => response.status, () => 0);
    },
    (status) => status === 200,
    timeoutMs,
    `/health of the service (log: ${logFile})`,
  );
  return {
    baseUrl,
    child,
    startedInMs: Date.now() - started,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Waits until the background seed has made the demo business: its last account (agent120) is in
 * the read model (as test/support/demo.ts waitForDemoBusiness does).
 */
export async function waitForDemoBusiness(client: Client, timeoutMs = 300_000): Promise<void> {
  await waitFor(
    async () => {
      const result = await client.query<{ password_changed: number }>(`select password_changed from rm.org_users where email = 'agent120@demo.test'`).catch(() => ({ rows: [] }));
      return result.rows[0]?.password_changed;
    },
    (changed) => changed === 1,
    timeoutMs,
    'the demo business to be seeded',
  );
}

/** One line of the service's pino log, the fields the bench reads. */
interface LogLine {
  readonly msg?: string;
  readonly level?: number;
  readonly responseTime?: number;
  readonly req?: { readonly id?: string; readonly method?: string; readonly url?: string };
  readonly res?: { readonly statusCode?: number };
  readonly jobs?: string;
  readonly database?: string;
  readonly eventStore?: string;
  readonly err?: { readonly message?: string };
}

export interface ServiceLog {
  /** Server-side time (pino-http responseTime, ms) of each request, by the request id the bench sent. */
  readonly responseTimes: Map<string, number>;
  /** The platform line: database, event store, jobs (in-process or bullmq). */
  readonly platform: { database?: string; eventStore?: string; jobs?: string };
  /** Warnings and errors (level >= 40) the service logged. */
  readonly problems: string[];
}

export function readServiceLog(logFile: string): ServiceLog {
  const responseTimes = new Map<string, number>();
  const platform: ServiceLog['platform'] = {};
  const problems: string[] = [];
  for (const text of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!text.startsWith('{')) continue;
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      continue;
    }
    if (line.req?.id && typeof line.responseTime === 'number') responseTimes.set(line.req.id, line.responseTime);
    if (line.jobs && line.eventStore) Object.assign(platform, { database: line.database, eventStore: line.eventStore, jobs: line.jobs });
    if ((line.level ?? 0) >= 40) problems.push(`${line.msg ?? ''}${line.err?.message ? `: ${line.err.message}` : ''}${line.req?.url ? ` (${line.req.method} ${line.req.url} → ${line.res?.statusCode})` : ''}`);
  }
  return { responseTimes, platform, problems };
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat. */
async function machineCpu(): Promise<{ busy: number; total: number }> {
  const line = (await fs.promises.readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

/**
 * Waits until the services started have finished their start-up work (an api process reads the
 * latest audit checkpoint's Merkle tree: ~1 M heads at a million devices; projections catching
 * up): the machine's CPU under 10 % busy over a second. Answers the seconds waited. A bench of
 * steady-state latency measures after it, and says how long it waited.
 */
export async function settled(timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  for (let before = await machineCpu(); Date.now() - started < timeoutMs; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await machineCpu();
    if ((now.busy - before.busy) / Math.max(1, now.total - before.total) < 0.1) break;
    before = now;
  }
  return (Date.now() - started) / 1000;
}
