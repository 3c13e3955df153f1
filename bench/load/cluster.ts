import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, repositoryRoot, waitFor } from '../inventory/service';

/*
 * `npm run start:cluster` (the built launcher: api and worker processes behind its balancer), as
 * test/support/cluster.ts starts it; copied, not imported (the bench runs from .tsbuild/bench/).
 */

const clusterScript = path.join(repositoryRoot, 'services', 'dist', 'cli', 'cluster.js');

export interface BenchCluster {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

export async function startBenchCluster(counts: { api: number; worker: number }, env: Record<string, string>, logFile: string): Promise<BenchCluster> {
  const port = await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [clusterScript, '--api', String(counts.api), '--worker', String(counts.worker), '--port', String(port)], {
    cwd: repositoryRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiUrls = Array.from({ length: counts.api }, (_, index) => `http://127.0.0.1:${port + 1 + index}`);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the cluster exited with ${child.exitCode} (log: ${logFile})`);
      return Promise.all(apiUrls.map((url) => fetch(`${url}/health`).then((response) => response.status, () => 0)));
    },
    (statuses) => statuses.every((status) => status === 200),
    180_000,
    `every api process of the cluster (log: ${logFile})`,
  );
  // The balancer looks at /health once a second: wait until it sends to every process.
  await waitFor(
    async () => {
      const served = new Set<string>();
      for (let tries = 0; tries < 4 * counts.api; tries++) served.add((await fetch(`${baseUrl}/health`).catch(() => undefined))?.headers.get('x-portal-api') ?? '');
      return served.size;
    },
    (size) => size >= counts.api,
    15_000,
    'the balancer to reach every api process',
  );
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
