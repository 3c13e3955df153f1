import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createProxyServer } from 'http-proxy-3';
import { loadConfigOrExit } from '../platform/config/config';

/**
 * `npm run start:cluster -- --api 2 --worker 2`: several api and worker processes on one machine
 * behind one port (README "Several processes"). The processes are the ones production runs
 * (`main.js api`, `main.js worker`); they share PostgreSQL and Redis and nothing else: each
 * projection runs on one worker at a time (advisory lock), BullMQ spreads the jobs, live pushes
 * cross processes over Redis pub/sub. This launcher only starts them, restarts one that dies, and
 * spreads HTTP and WebSocket connections over the api processes that answer /health (the console
 * speaks WebSocket only, so no sticky sessions are needed). In production an orchestrator and a
 * load balancer do these two jobs (docker-compose.yml: replicas).
 */

const USAGE = 'Usage: npm run start:cluster -- [--api N] [--worker N] [--port PORT]   (N from 1 to 16; needs DATABASE_URL and REDIS_URL)';

const parsed = (() => {
  try {
    return parseArgs({ args: process.argv.slice(2), options: { api: { type: 'string', default: '2' }, worker: { type: 'string', default: '2' }, port: { type: 'string' } }, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();
const count = (value: string, flag: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 16) {
    console.error(`--${flag} takes a whole number from 1 to 16 (got "${value}")\n${USAGE}`);
    process.exit(2);
  }
  return number;
};
const apis = count(parsed.values.api, 'api');
const workers = count(parsed.values.worker, 'worker');

const config = loadConfigOrExit();
if (config.embedded) {
  console.error('Several processes share one PostgreSQL: set DATABASE_URL (the embedded database has one connection and runs api and worker in one process: npm start).');
  process.exit(2);
}
if (!config.REDIS_URL) {
  console.error('Several processes share their jobs and live pushes through Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379).');
  process.exit(2);
}
const port = parsed.values.port === undefined ? config.PORT : portArgument(parsed.values.port);

function portArgument(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535 - apis) {
    console.error(`--port takes a TCP port (got "${value}")\n${USAGE}`);
    process.exit(2);
  }
  return number;
}

const main = path.resolve(__dirname, '..', 'main.js');
const RESTART_BASE_MS = 1000;
const RESTART_MAX_MS = 30_000;
const HEALTH_EVERY_MS = 1000;
/**
 * Looks in a row without an answer before an api process that is still running is passed over:
 * a busy process answers /health late (bench:load, 50 users on 2 cores, saw both marked down at
 * once and every request answered 503 for seconds); one that died is passed over at once.
 */
const MISSED_LOOKS_TO_PASS_OVER = 3;

interface Member {
  readonly name: string;
  readonly args: string[];
  readonly env: Record<string, string>;
  /** api processes: the port it listens on (127.0.0.1), which the balancer forwards to. */
  readonly port?: number;
  child?: ChildProcess;
  /** api processes: whether it is sent requests (its /health answered in one of the last looks). */
  healthy: boolean;
  /** api processes: looks in a row /health did not answer. */
  missed?: number;
  restarts: number;
  /** Started once and done (the demo seed): never restarted. */
  readonly once?: boolean;
}

let stopping = false;
const members: Member[] = [
  ...Array.from({ length: apis }, (_, index): Member => ({
    name: `api-${index + 1}`,
    args: ['api'],
    port: port + 1 + index,
    // The balancer is on loopback: the client's address is the one it forwards.
    env: { PORT: String(port + 1 + index), HOST: '127.0.0.1', TRUST_PROXY: 'loopback' },
    healthy: false,
    restarts: 0,
  })),
  ...Array.from({ length: workers }, (_, index): Member => ({ name: `worker-${index + 1}`, args: ['worker'], env: {}, healthy: false, restarts: 0 })),
];

function prefixLines(name: string, stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) {
  let pending = '';
  stream?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

function start(member: Member): void {
  const child = spawn(process.execPath, [main, ...member.args], { env: { ...process.env, ...member.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  member.child = child;
  prefixLines(member.name, child.stdout, process.stdout);
  prefixLines(member.name, child.stderr, process.stderr);
  console.log(`[cluster] ${member.name} started (pid ${child.pid}${member.port ? `, port ${member.port}` : ''})`);
  child.once('exit', (code, signal) => {
    member.healthy = false;
    member.missed = undefined;
    if (member.once && !stopping) console.log(`[cluster] ${member.name} ended (${signal ?? `code ${code}`})`);
    if (stopping || member.once) return;
    const delay = Math.min(RESTART_BASE_MS * 2 ** member.restarts, RESTART_MAX_MS);
    member.restarts += 1;
    console.error(`[cluster] ${member.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) start(member);
    }, delay).unref();
  });
}

/**
 * Round robin over the healthy api processes; when none is (all slow at once), over those still
 * running: a slow answer beats a 503.
 */
let turn = 0;
function nextApi(): Member | undefined {
  const apis = members.filter((member) => member.port !== undefined);
  const healthy = apis.filter((member) => member.healthy);
  const candidates = healthy.length > 0 ? healthy : apis.filter((member) => member.child && member.child.exitCode === null && member.child.signalCode === null && member.missed !== undefined);
  if (candidates.length === 0) return undefined;
  turn = (turn + 1) % candidates.length;
  return candidates[turn];
}

async function checkHealth(): Promise<void> {
  await Promise.all(
    members
      .filter((member) => member.port !== undefined)
      .map(async (member) => {
        const answered = await fetch(`http://127.0.0.1:${member.port}/health`, { signal: AbortSignal.timeout(HEALTH_EVERY_MS) }).then(
          (response) => response.ok,
          () => false,
        );
        if (answered && member.restarts > 0 && !member.healthy) member.restarts = 0;
        const running = member.child !== undefined && member.child.exitCode === null && member.child.signalCode === null;
        if (answered) member.missed = 0;
        // Never answered yet (starting): not sent requests until it does.
        else if (member.missed !== undefined) member.missed += 1;
        member.healthy = answered || (running && member.missed !== undefined && member.missed < MISSED_LOOKS_TO_PASS_OVER);
      }),
  );
}

const proxy = createProxyServer({ xfwd: true });
const UNAVAILABLE = JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'No api process is answering right now; try again in a few seconds.' });
proxy.on('error', (error, _request, target) => {
  if (target instanceof http.ServerResponse) {
    if (!target.headersSent) target.writeHead(502, { 'content-type': 'application/json' });
    target.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: 'The api process handling this request stopped answering; try again.' }));
  } else target.destroy();
  console.error(`[cluster] balancer: ${error.message}`);
});

const balancer = http.createServer((request, response) => {
  const api = nextApi();
  if (!api) {
    response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
    response.end(UNAVAILABLE);
    return;
  }
  // Which process answered: the cluster test counts them; an operator reads it in the browser's tools.
  response.setHeader('x-portal-api', api.name);
  proxy.web(request, response, { target: `http://127.0.0.1:${api.port}` });
});
balancer.on('upgrade', (request, socket, head) => {
  const api = nextApi();
  if (!api) return socket.destroy();
  proxy.ws(request, socket, head, { target: `http://127.0.0.1:${api.port}` });
});

async function stopAll(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[cluster] ${signal}: stopping every process`);
  balancer.close();
  const running = members.map((member) => member.child).filter((child): child is ChildProcess => !!child && child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  const killLater = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), 15_000);
  await Promise.all(running.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
  clearTimeout(killLater);
  process.exit(0);
}
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));

async function run(): Promise<void> {
  // All at once: each applies the migrations under one advisory lock, so they are applied once.
  for (const member of members) start(member);
  const health = setInterval(() => void checkHealth(), HEALTH_EVERY_MS);
  health.unref();
  balancer.listen(port, config.HOST, () => {
    console.log(`[cluster] balancer on http://localhost:${port}: ${apis} api (ports ${port + 1}-${port + apis}), ${workers} worker processes`);
  });
  // An empty store gets the demo business, as `npm start` does: once, by a process of its own.
  if (config.SEED_ON_EMPTY === 'true') {
    const seed: Member = { name: 'seed', args: ['seed'], env: {}, healthy: false, restarts: 0, once: true };
    members.push(seed);
    start(seed);
  }
}

void run();
