import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely on PGlite. PGlite has ONE connection, so the driver hands it to one user at a
 * time (a transaction keeps it until commit); everyone else queues: requests first, then the
 * background (runInBackground: the demo seed, the projections), each first come first served.
 *
 * PGlite runs PostgreSQL (WASM) on this thread and answers through promises only, so a chain
 * of queries (a seed, a projection catching up) would run from microtask to microtask and
 * never let the event loop read a socket: not even /health answered while the demo devices
 * were seeded. Every query therefore first yields to the event loop (setImmediate), so waiting
 * requests are read and queue for the connection between any two queries of the background.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any -- the Dialect interface says so
   {
    return new PostgresIntrospector(db);
  }
}

/**
 * Marks the work started inside `work` (and everything it awaits or starts) as background:
 * on the embedded database it gets the connection only when no request is waiting for it.
 */
const background = new AsyncLocalStorage<true>();
export const runInBackground = <T>(work: () => T): T => background.run(true, work);

class PGliteDriver implements Driver {
  private busy = false;
  /** Waiting users, first come first served within each: requests before background work. */
  private readonly waiting = { foreground: [] as (() => void)[], background: [] as (() => void)[] };
  private readonly connection: PGliteConnection;

  constructor(pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) {
      // Handed over by releaseConnection, which leaves `busy` set for us.
      await new Promise<void>((resolve) => this.waiting[background.getStore() ? 'background' : 'foreground'].push(resolve));
    }
    this.busy = true;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    // A waiting request goes before the seed and the projections: it then waits for the one
    // holder it found, never for the background work queued before it.
    const next = this.waiting.foreground.shift() ?? this.waiting.background.shift();
    if (next) next();
    else this.busy = false;
  }

  async destroy(): Promise<void> {}
}

/** Lets pending I/O (incoming requests, timers) run before the next query: see PGliteDialect. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await yieldToEventLoop();
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results; read in pages instead');
  }
}
