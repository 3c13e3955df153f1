import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { clusterReady } from '@portal/services/dist/platform/testing/cluster-ready';
import { freePort, repositoryRoot } from '../inventory/service';

/* `npm run start:cluster` (the built launcher: api and worker processes behind its balancer), its output to a log file. */

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
  await clusterReady(baseUrl, counts.api, () => child.exitCode === null, () => `log: ${logFile}`);
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
