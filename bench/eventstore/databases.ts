import { Client, types } from 'pg';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';

export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function recreateDatabases(names: readonly string[]): Promise<void> {
  await withServer(async (client) => {
    for (const name of names) {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    }
  });
}

export async function dropDatabases(names: readonly string[]): Promise<void> {
  await withServer(async (client) => {
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
  });
}

export async function serverFacts(): Promise<{ version: string; settings: Record<string, string> }> {
  return withServer(async (client) => {
    const version = (await client.query<{ version: string }>('select version()')).rows[0]!.version;
    const { rows } = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings
       where name in ('shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'max_wal_size', 'work_mem')`,
    );
    return { version, settings: Object.fromEntries(rows.map((row) => [row.name, row.unit ? `${row.setting}${row.unit === '8kB' ? 'x8kB' : row.unit}` : row.setting])) };
  });
}

/**
 * Emmett's connection pool (dumbo) replaces node-postgres' global type parsers on creation:
 * int8 -> BigInt and json/jsonb -> its own JSON reviver. They are process-wide, so each side
 * runs with its own parsers: ours with node-postgres' defaults, Emmett with dumbo's.
 */
const DEFAULT_PARSERS = new Map([20, 114, 3802].map((oid) => [oid, types.getTypeParser(oid, 'text')]));
let emmettParsers: Map<number, (value: string) => unknown> | undefined;

export function captureEmmettParsers(): void {
  emmettParsers = new Map([20, 114, 3802].map((oid) => [oid, types.getTypeParser(oid, 'text')]));
}

export function useParsers(side: 'ours' | 'emmett'): void {
  const parsers = side === 'ours' ? DEFAULT_PARSERS : emmettParsers;
  if (!parsers) throw new Error('Emmett parsers not captured yet');
  for (const [oid, parser] of parsers) types.setTypeParser(oid, parser);
}

/** Runs `work` on one connection to a bench database, closed afterwards. */
export async function withClient<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
