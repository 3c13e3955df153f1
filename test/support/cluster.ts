import path from 'node:path';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import { clusterReady } from '../../services/src/platform/testing/cluster-ready';
import { exited, freePort, repositoryRoot, startNode } from './processes';

export const clusterScript = path.join(repositoryRoot, 'services', 'dist', 'cli', 'cluster.js');

export interface RunningCluster {
  /** The balancer: what users open. */
  readonly baseUrl: string;
  /** Each api process directly, in order (api-1, api-2, …). */
  readonly apiUrls: readonly string[];
  output(): string;
  stop(): Promise<number | null>;
}

/** `npm run start:cluster` (the built launcher) on a port of its own; answers once every api process answers /health through it. */
export async function startCluster(counts: { api: number; worker: number }, env: Record<string, string | undefined>): Promise<RunningCluster> {
  const port = await freePort();
  const child = startNode(clusterScript, ['--api', String(counts.api), '--worker', String(counts.worker), '--port', String(port)], { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env });
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiUrls = Array.from({ length: counts.api }, (_, index) => `http://127.0.0.1:${port + 1 + index}`);
  await clusterReady(baseUrl, counts.api, () => child.exitCode === null, () => child.output());
  return {
    baseUrl,
    apiUrls,
    output: () => child.output(),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/** The process (pid, from application_name `portal:<pid>`) holding each projection's advisory lock. */
export async function projectionLockHolders(db: SqlDb): Promise<Map<string, number[]>> {
  const result = await sql<{ projection: string; pid: string }>`
    with keys as (
      select c.projection, hashtextextended('projection:' || c.projection || ':' || c.generation, 0) as k
      from projection_checkpoints c where c.status = 'live'
    )
    select k.projection, split_part(a.application_name, ':', 2) as pid
    from keys k
    join pg_locks l on l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
      and l.classid::bigint = ((k.k >> 32) & 4294967295) and l.objid::bigint = (k.k & 4294967295) and l.objsubid = 1
    join pg_stat_activity a on a.pid = l.pid
    where a.application_name like 'portal:%'`.execute(db);
  const holders = new Map<string, number[]>();
  for (const row of result.rows) holders.set(row.projection, [...(holders.get(row.projection) ?? []), Number(row.pid)]);
  return holders;
}
