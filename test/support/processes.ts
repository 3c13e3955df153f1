import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const repositoryRoot = path.resolve(__dirname, '..', '..');
export const builtMain = path.join(repositoryRoot, 'services', 'dist', 'main.js');

/**
 * Starts built JS (what `npm start` runs) as a child process; output is kept for failure messages.
 * `workingDirectory` is where relative settings lead: without DATA_DIR, to `<it>/.data`, the
 * README's default.
 */
export function startNode(script: string, args: string[], env: Record<string, string | undefined>, workingDirectory = repositoryRoot): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: workingDirectory,
    // The demo seed makes no devices in tests unless a test asks (SEED_DEVICES): they would only slow every start.
    // Webhook receivers in tests listen on 127.0.0.1: private targets are allowed unless a test says otherwise (production refuses them).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SEED_DEVICES: '0', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

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
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `main.js` (api, worker or both) and waits until /health answers. */
export async function startService(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000, workingDirectory = repositoryRoot) {
  const port = await freePort();
  const child = startNode(builtMain, args, { LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' }, workingDirectory);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}:\n${child.output()}`);
      return fetch(`${baseUrl}/health`).then((response) => response.status, () => 0);
    },
    (status) => status === 200,
    timeoutMs,
    `/health of ${args.join(' ') || 'all'}\n${child.output()}`,
  );
  return { child, baseUrl, startedInMs: Date.now() - started };
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs` (a process whose Redis is gone may wait for it forever). */
export async function terminate(child: ChildProcess, graceMs = 10_000): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    return await exited(child);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A redis-server of the test's own on `port`: stopping it never touches the shared server. With
 * `directory`, it appends every write to a file there (`appendonly`), so that what was queued
 * before it stops is still there when it starts again on the same directory, as in production.
 */
export async function startRedis(port: number, directory?: string): Promise<ChildProcess> {
  const persistence = directory ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', directory] : ['--appendonly', 'no'];
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
  await waitFor(
    () => fetch(`http://127.0.0.1:${port}`).then(() => true, (error: { cause?: { code?: string } }) => error.cause?.code !== 'ECONNREFUSED'),
    (up) => up,
    10_000,
    `redis-server on ${port}`,
  );
  return redis;
}
