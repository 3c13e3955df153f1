import { setMaxListeners } from 'node:events';
import type { SqlDb } from './ports';
import { type Position, type RecordedEvent, comparePositions } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import {
  type Generation,
  READ_MODEL_SCHEMA,
  advanceCheckpoint,
  findGeneration,
  insertGeneration,
  listGenerations,
} from './checkpoints';
import { type Projection, handlesEvent, schemaFor } from './projection';
import type { EventFeed, ProjectionDatabase } from './ports';
import { Wakeup } from './wakeup';

export interface RunnerLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RunnerOptions {
  readonly batchSize: number;
  /** Pause inside each batch's transaction, before it commits (fault tests slow catch-up with it); 0 in production. */
  readonly batchDelayMs?: number;
  /** How often an idle runner looks for new events when no notification came. */
  readonly pollIntervalMs?: number;
  readonly logger?: RunnerLogger;
  /**
   * Called after a batch of the LIVE generation has committed, with the batch's events the
   * projection handled (never inside the transaction); errors are logged, never fail the batch.
   */
  readonly onBatchCommitted?: (projection: string, events: readonly RecordedEvent[]) => void | Promise<void>;
  /**
   * Called when this runner has taken a projection's LIVE generation (at start, or from a worker
   * that died): what its predecessor committed but never announced can be announced now.
   */
  readonly onLeadership?: (projection: string) => void;
}

const silentLogger: RunnerLogger = { info: () => undefined, error: () => undefined };
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

const identifier = (...names: string[]) => sql.id(...names);

/** Creates the generation's schema and tables unless they exist. */
async function ensureTables(db: SqlDb, projection: Projection, generation: number): Promise<void> {
  const schema = schemaFor(projection.name, generation);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${schema}, 0))`.execute(trx);
    const exists = await sql`select 1 from information_schema.schemata where schema_name = ${schema}`.execute(trx);
    if (exists.rows.length > 0) return;
    await sql`create schema ${identifier(schema)}`.execute(trx);
    await projection.createTables(trx, schema);
  });
}

/** Points the `rm.<table>` views at this generation's tables. */
async function publishViews(trx: SqlDb, projection: Projection, generation: number): Promise<void> {
  const schema = schemaFor(projection.name, generation);
  for (const table of projection.tables) {
    await sql`drop view if exists ${identifier(READ_MODEL_SCHEMA, table)}`.execute(trx);
    await sql`create view ${identifier(READ_MODEL_SCHEMA, table)} as select * from ${identifier(schema, table)}`.execute(trx);
  }
}

/** Makes `generation` the one readers see, in one transaction; answers the generation it replaced. */
export async function swapTo(db: SqlDb, projection: Projection, generation: number): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`select 1 from projection_checkpoints where projection = ${projection.name} for update`.execute(trx);
    const retired = await sql<{ generation: number }>`
      update projection_checkpoints set status = 'retired', updated_at = now()
      where projection = ${projection.name} and status = 'live' returning generation`.execute(trx);
    await sql`
      update projection_checkpoints set status = 'live', updated_at = now()
      where projection = ${projection.name} and generation = ${generation}`.execute(trx);
    await publishViews(trx, projection, generation);
    return retired.rows[0]?.generation;
  });
}

export async function dropGeneration(db: SqlDb, projection: string, generation: number): Promise<void> {
  await sql`drop schema if exists ${identifier(schemaFor(projection, generation))} cascade`.execute(db);
}

/**
 * Applies the events of a batch that `projection` handles to its tables in `schema`, inside the
 * caller's transaction; answers those events. The one way a batch reaches a projection: the
 * runner's generations and the auditors' as-of read models (as-of-build.ts) both go through it.
 */
export async function applyHandled(trx: SqlDb, projection: Projection, events: readonly RecordedEvent[], schema: string): Promise<readonly RecordedEvent[]> {
  const handled = events.filter((event) => handlesEvent(projection, event.type));
  if (handled.length > 0) await projection.apply(trx.withSchema(schema) as unknown as Kysely<unknown>, handled, schema);
  return handled;
}

/** Applies one batch and moves the checkpoint in ONE transaction; false when the checkpoint was not ours to move. */
async function applyBatch(
  db: SqlDb,
  projection: Projection,
  generation: Generation,
  from: Position,
  events: readonly RecordedEvent[],
  delayMs: number,
): Promise<boolean> {
  const to = events[events.length - 1]!.position;
  const schema = schemaFor(projection.name, generation.generation);
  return db.transaction().execute(async (trx) => {
    const handled = await applyHandled(trx, projection, events, schema);
    // Fault tests widen the window in which a crash finds the batch applied but not committed.
    if (delayMs > 0) await sleep(delayMs);
    const moved = await advanceCheckpoint(trx, generation, from, to, handled.length);
    if (!moved) throw new CheckpointMoved();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof CheckpointMoved) return false;
    throw error;
  });
}

class CheckpointMoved extends Error {}

/** Tells the hook about a committed batch; a failing hook is logged and the runner goes on. */
async function notifyCommitted(
  hook: NonNullable<RunnerOptions['onBatchCommitted']>,
  projection: Projection,
  events: readonly RecordedEvent[],
  logger: RunnerLogger,
): Promise<void> {
  const handled = events.filter((event) => handlesEvent(projection, event.type));
  if (handled.length === 0) return;
  try {
    await hook(projection.name, handled);
  } catch (error) {
    logger.error({ projection: projection.name, err: error }, 'onBatchCommitted hook failed; the batch stays committed');
  }
}

export interface FollowOptions extends RunnerOptions {
  readonly signal?: AbortSignal;
  /** For a rebuild: return once this generation has become the live one. */
  readonly stopWhenLive?: boolean;
  /**
   * Not caught up before this position: a reader sees only what no open transaction anywhere
   * holds back, so an empty read can come before a known append is visible.
   */
  readonly until?: Position;
  readonly wakeup?: Wakeup;
}

/**
 * Runs one generation (the caller holds its lock): catches up batch by batch, swaps a
 * building generation in when it reaches the head, then follows the feed.
 * Returns when the generation is retired or moved by someone else, or on abort.
 */
export async function followGeneration(
  store: ProjectionDatabase,
  feed: EventFeed,
  projection: Projection,
  generationNumber: number,
  options: FollowOptions,
): Promise<void> {
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  let generation = await findGeneration(store.db, projection.name, generationNumber);
  if (!generation) return;
  let checkpoint = generation.checkpoint;
  let statusCheckedAt = Date.now();
  while (!options.signal?.aborted) {
    options.wakeup?.clear();
    const events = await feed.readAll({ after: checkpoint, maxCount: options.batchSize });
    if (events.length > 0) {
      if (!(await applyBatch(store.db, projection, generation, checkpoint, events, options.batchDelayMs ?? 0))) return;
      checkpoint = events[events.length - 1]!.position;
      if (options.onBatchCommitted && generation.status === 'live') await notifyCommitted(options.onBatchCommitted, projection, events, logger);
      continue;
    }
    // A live generation idles here; it looks whether a rebuild retired it about once a second.
    if (generation.status !== 'live' || Date.now() - statusCheckedAt >= 1000) {
      const current = await findGeneration(store.db, projection.name, generationNumber);
      statusCheckedAt = Date.now();
      if (!current || current.status === 'retired') return;
      generation = current;
    }
    if (options.until && comparePositions(checkpoint, options.until) < 0) {
      await sleep(Math.min(pollIntervalMs, 50), options.signal);
      continue;
    }
    if (generation.status === 'building') {
      const replaced = await swapTo(store.db, projection, generation.generation);
      logger.info({ projection: projection.name, generation: generation.generation, replaced }, 'projection generation is live');
      if (replaced !== undefined) await dropGeneration(store.db, projection.name, replaced);
      if (options.stopWhenLive) return;
      continue;
    }
    if (options.stopWhenLive) return;
    if (options.wakeup) await options.wakeup.wait(pollIntervalMs, options.signal);
    else await sleep(pollIntervalMs, options.signal);
  }
}

/**
 * The generation this code should run: the live one when its version matches; otherwise a
 * building one of the code's version (created if needed) that will replace it.
 */
export async function chooseGeneration(db: SqlDb, projection: Projection): Promise<Generation> {
  const generations = await listGenerations(db, projection.name);
  const live = generations.find((generation) => generation.status === 'live');
  if (live?.version === projection.version) return live;
  const building = generations.find((generation) => generation.status === 'building' && generation.version === projection.version);
  if (building) return building;
  if (!live) {
    // The first generation serves at once (empty tables, not missing ones) and fills up.
    const created = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`projection:${projection.name}`}, 0))`.execute(trx);
      const again = (await listGenerations(trx, projection.name)).find((generation) => generation.status === 'live');
      if (again) return again;
      const generation = await insertGeneration(trx, projection.name, projection.version, 'live');
      return generation;
    });
    await ensureTables(db, projection, created.generation);
    await db.transaction().execute((trx) => publishViews(trx, projection, created.generation));
    return created;
  }
  return startBuilding(db, projection);
}

/** A new generation beside the live one, with empty tables, to be filled from the start. */
export async function startBuilding(db: SqlDb, projection: Projection): Promise<Generation> {
  const generation = await insertGeneration(db, projection.name, projection.version, 'building');
  await ensureTables(db, projection, generation.generation);
  return generation;
}

export const lockKey = (projection: string, generation: number) => `projection:${projection}:${generation}`;

/** The worker's side: one loop per projection, each running whichever generation it should. */
export class ProjectionRunner {
  private readonly controller = new AbortController();
  private loops: Promise<void>[] = [];

  constructor(
    private readonly store: ProjectionDatabase,
    private readonly feed: EventFeed & { onAppended?(listener: () => void): Promise<() => Promise<void>> },
    private readonly projections: readonly Projection[],
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    // Every projection's loop waits on this one signal (a sleep or a wakeup each): not a leak.
    setMaxListeners(4 * this.projections.length + 10, this.controller.signal);
    this.loops = this.projections.map((projection) => this.run(projection));
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.all(this.loops);
  }

  private async run(projection: Projection): Promise<void> {
    const { signal } = this.controller;
    const logger = this.options.logger ?? silentLogger;
    const wakeup = new Wakeup();
    const unlisten = await this.feed.onAppended?.(() => wakeup.notify()).catch(() => undefined);
    try {
      while (!signal.aborted) {
        try {
          const generation = await chooseGeneration(this.store.db, projection);
          const lock = await this.store.tryLock(lockKey(projection.name, generation.generation));
          if (!lock) {
            // Another worker runs it; look again later in case that worker dies.
            await sleep(1000, signal);
            continue;
          }
          try {
            if (generation.status === 'live') this.options.onLeadership?.(projection.name);
            await followGeneration(this.store, this.feed, projection, generation.generation, { ...this.options, signal, wakeup });
          } finally {
            await lock.release();
          }
        } catch (error) {
          if (signal.aborted) break;
          logger.error({ projection: projection.name, err: error }, 'projection runner failed; retrying');
          await sleep(1000, signal);
        }
      }
    } finally {
      await unlisten?.();
    }
  }
}
