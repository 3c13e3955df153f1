import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Client } from 'pg';
import { databaseUrl, withServer } from '../eventstore/databases';
import { builtMain, recreateDatabase, repositoryRoot } from './service';
import { fmt } from './stats';

/** What a seeded bench database holds. */
export interface DataFacts {
  devices: number;
  events: number;
  /** Seconds the seed took, or null when an earlier run's database was reused. */
  seededSeconds: number | null;
}

async function databaseExists(name: string): Promise<boolean> {
  return withServer(async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
}

/** Runs a command to its end, its output appended to `logFile`; rejects on a non-zero exit. */
export function runToEnd(command: string, args: string[], env: Record<string, string>, logFile: string): Promise<number> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { cwd: repositoryRoot, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(0) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}; log: ${logFile}`))));
  });
}

/**
 * The demo business with `devices` devices in database `database`, made by the demo seed's bulk
 * path (the commands' own deciders and events, then the projections catch up) unless an earlier
 * run left it there (`reseed` makes it again). Shared by the benches that read at scale.
 */
export async function seededBenchDatabase(options: { database: string; devices: number; reseed: boolean; logFile: string; log: (message: string) => void }): Promise<DataFacts> {
  const { database, devices, logFile, log } = options;
  let seededSeconds: number | null = null;
  if (options.reseed || !(await databaseExists(database))) {
    log(`seeding ${fmt(devices)} devices into ${database} (bulk path)…`);
    const url = await recreateDatabase(database);
    const started = Date.now();
    await runToEnd(process.execPath, [builtMain, 'seed', '--devices', String(devices)], { DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, logFile);
    seededSeconds = (Date.now() - started) / 1000;
    log(`seeded in ${fmt(seededSeconds, 1)} s`);
  } else log(`reusing ${database}`);
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    // Statistics and visibility maps as production's autovacuum would keep them (this server may
    // run without it): without the maps no scan is index-only — after a rebuild every index scan
    // read the heap too (5,000 rows of a range: 21 ms instead of 2). Quick once done.
    await client.query('vacuum (analyze)');
    const count = async (query: string) => Number((await client.query<{ n: string }>(query)).rows[0]!.n);
    return { devices: await count('select count(*) as n from rm.inventory_devices'), events: await count('select count(*) as n from es_events'), seededSeconds };
  } finally {
    await client.end();
  }
}
