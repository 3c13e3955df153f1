import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client, Pool, type PoolConfig } from 'pg';
import type { Extension } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';

/**
 * Runs `work` as background work (the demo seed, the projection runner): on the embedded
 * database a waiting request gets the one connection before it (pglite-dialect.ts). Harmless
 * on PostgreSQL, whose pool serves both at once.
 */
export { runInBackground } from './pglite-dialect';

/** A held lock; releasing it lets another process take over the work it guards. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * The one database handle the service uses: kysely for queries and transactions, plus
 * what kysely does not cover (LISTEN/NOTIFY, session-level advisory locks).
 * Either real PostgreSQL (pg pool) or the embedded PGlite.
 */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each capability types its own tables
  /** Calls `onNotify` for each NOTIFY on `channel` until the returned function is called. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** A session-level advisory lock, held until released or until this process dies. */
  tryLock(key: string): Promise<HeldLock | null>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without one the embedded PGlite under `dataDirectory` is used. */
  url?: string;
  dataDirectory?: string;
  poolSize?: number;
  applicationName?: string;
}

// Readers wait for open write transactions (DESIGN.md §4): never let one sit idle.
const SESSION_OPTIONS = '-c idle_in_transaction_session_timeout=60000';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPGlite(options.dataDirectory ?? '.data');
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const connection: PoolConfig = {
    connectionString: url,
    options: SESSION_OPTIONS,
    application_name: options.applicationName ?? 'portal',
    // A server that does not answer (network gone, not refused) fails the request in seconds, never hangs it (a 503, error-filter.ts).
    connectionTimeoutMillis: 5000,
  };
  const pool = new Pool({ ...connection, max: options.poolSize ?? 10 });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  // A client checked out between two queries (a transaction) that the server ends (restart,
  // shutdown: 57P01) emits 'error' with nobody listening, which would end the process; its next
  // query fails instead, the request answers 503 and the pool replaces the client.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any

  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenerClient: Promise<Client> | undefined;
  const connectListener = (): Promise<Client> => {
    listenerClient ??= (async () => {
      const client = new Client(connection);
      client.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
      });
      client.on('error', () => {
        // Subscribers also poll, so a lost listener only adds latency until it reconnects.
        listenerClient = undefined;
        setTimeout(() => void reconnect(), 1000).unref();
      });
      await client.connect();
      return client;
    })();
    return listenerClient;
  };
  const reconnect = async () => {
    if (listeners.size === 0) return;
    try {
      for (const channel of listeners.keys()) await onListener(`listen ${quoteIdentifier(channel)}`);
    } catch {
      listenerClient = undefined;
      setTimeout(() => void reconnect(), 1000).unref();
    }
  };
  const lockClients = new Set<Client>();
  // One command at a time on the shared listener connection.
  let listenerCommands: Promise<unknown> = Promise.resolve();
  const onListener = (command: string) => {
    const next = listenerCommands.then(async () => (await connectListener()).query(command));
    listenerCommands = next.catch(() => undefined);
    return next;
  };

  return {
    kind: 'postgres',
    db,
    async listen(channel, onNotify) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await onListener(`listen ${quoteIdentifier(channel)}`);
      }
      set.add(onNotify);
      return async () => {
        set.delete(onNotify);
      };
    },
    async tryLock(key) {
      const client = new Client(connection);
      client.on('error', () => undefined);
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [key]);
      if (!rows[0]?.locked) {
        await client.end();
        return null;
      }
      lockClients.add(client);
      return {
        async release() {
          lockClients.delete(client);
          await client.end().catch(() => undefined);
        },
      };
    },
    async close() {
      for (const client of lockClients) await client.end().catch(() => undefined);
      lockClients.clear();
      const listener = listenerClient;
      listeners.clear();
      listenerClient = undefined;
      if (listener) await (await listener).end().catch(() => undefined);
      await db.destroy();
    },
  };
}

const PG_TRGM_MODULE = '@electric-sql/pglite/contrib/pg_trgm';

/** Whether the embedded database under `dataDirectory` exists: its first open creates it (PGlite's initdb, seconds). */
export function embeddedDatabaseExists(dataDirectory: string): boolean {
  return fs.existsSync(path.join(pgliteDirectory(dataDirectory), 'PG_VERSION'));
}

const pgliteDirectory = (dataDirectory: string) => path.resolve(dataDirectory, 'pglite');

// Runs in the worker thread: PGlite's CommonJS build, given by path (an eval'd worker resolves
// modules from no file of ours).
const CREATE_IN_WORKER = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
PGlite.create(workerData.directory).then((pglite) => pglite.close());`;

/**
 * Creates the embedded database (PGlite's initdb) in a worker thread. PGlite runs on the thread
 * that opens it, and initdb is one synchronous WASM call of ~8 s: on the main thread the first
 * start answered nothing meanwhile, /health included (DESIGN.md §1 wants it at once). Opening
 * the created directory afterwards blocks the main thread about a second.
 */
async function createInWorkerThread(directory: string): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(CREATE_IN_WORKER, { eval: true, workerData: { pglite: require.resolve('@electric-sql/pglite'), directory } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database under ${directory} failed (worker exit code ${code})`))));
  });
}

async function openPGlite(dataDirectory: string): Promise<Database> {
  // PGlite ships CommonJS too; loaded lazily so a PostgreSQL deployment never pays for the WASM.
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm: the reports' partial-IMEI search index (the inventory projection creates the extension).
  // (a subpath export, which this package's `moduleResolution: node` cannot type; the shape is PGlite's Extension)
  const { pg_trgm } = (await import(PG_TRGM_MODULE)) as { pg_trgm: Extension };
  const directory = pgliteDirectory(dataDirectory);
  fs.mkdirSync(directory, { recursive: true });
  if (!embeddedDatabaseExists(dataDirectory)) await createInWorkerThread(directory);
  const pglite = await PGlite.create(directory, { extensions: { pg_trgm } });
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  // One process owns the embedded database, so locks are process-local.
  const held = new Set<string>();
  return {
    kind: 'pglite',
    db,
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, onNotify);
      return unsubscribe;
    },
    async tryLock(key) {
      if (held.has(key)) return null;
      held.add(key);
      return {
        async release() {
          held.delete(key);
        },
      };
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function ping(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
