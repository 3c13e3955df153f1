import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { type Database, openDatabase } from '../db/database';
import { PostgresEventStore } from '../event-store/postgres-event-store';

/** Where tests find PostgreSQL and Redis (DESIGN.md §9); testcontainers may set these first. */
export function testDatabaseServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * Each `npm test` run has its own id, so two runs on one server (a developer's and a helper's)
 * never drop each other's databases. Global set-up sets it; test workers inherit it.
 */
export function testRunId(): string {
  const id = process.env.PORTAL_TEST_RUN;
  if (!id) throw new Error('PORTAL_TEST_RUN is not set: run the tests through jest (its global set-up sets it)');
  return id;
}

export const templateDatabase = () => `portal_test_${testRunId()}_template`;

/** Marks a test database with its birth time, so a later run can drop what a killed run left. */
export async function stampCreated(client: Client, name: string): Promise<void> {
  await client.query(`comment on database ${name} is 'portal-test ${Date.now()}'`);
}

/** Drops this run's databases, and other runs' ones older than `staleAfterMs`. */
export async function dropTestDatabases(client: Client, options: { run?: string; staleAfterMs: number }): Promise<void> {
  const { rows } = await client.query<{ datname: string; note: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'portal\\_test\\_%'`,
  );
  for (const { datname, note } of rows) {
    const born = Number(/^portal-test (\d+)$/.exec(note ?? '')?.[1] ?? 0);
    const ours = options.run !== undefined && datname.startsWith(`portal_test_${options.run}_`);
    if (ours || Date.now() - born > options.staleAfterMs) await client.query(`drop database if exists ${datname} with (force)`);
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServerClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testDatabaseServerUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  readonly database: Database;
  /** Closes the connections and drops the database. */
  drop(): Promise<void>;
}

/** A fresh database per test file, cloned from the migrated template that global set-up made. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${testRunId()}_${randomBytes(4).toString('hex')}`;
  await withServerClient(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${templateDatabase()}`);
        await stampCreated(client, name);
        return;
      } catch (error) {
        // Two files cloning the template at the same moment: try again shortly.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = databaseUrl(testDatabaseServerUrl(), name);
  const database = await openDatabase({ url, poolSize: 12, applicationName: 'portal-test' });
  return {
    name,
    url,
    database,
    async drop() {
      await database.close();
      await withServerClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A Redis key prefix of its own for each test file, so files running in parallel never meet. */
export function testRedisPrefix(): string {
  return `portal-test-${randomBytes(4).toString('hex')}`;
}

/**
 * One fresh database and event store for a whole test file: call at the top of a describe;
 * read them through the returned function once the tests run.
 */
export function useTestEventStore(): () => { test: TestDatabase; store: PostgresEventStore } {
  let current: { test: TestDatabase; store: PostgresEventStore } | undefined;
  beforeAll(async () => {
    const test = await createTestDatabase();
    current = { test, store: new PostgresEventStore(test.database, 50) };
  });
  afterAll(async () => {
    await current?.test.drop();
  });
  return () => {
    if (!current) throw new Error('useTestEventStore: the database is made in beforeAll');
    return current;
  };
}
