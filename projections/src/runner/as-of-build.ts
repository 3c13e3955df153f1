import { type Position, type RecordedEvent, START, comparePositions } from '@portal/contracts';
import { sql } from 'kysely';
import { type Projection, handlesEvent } from './projection';
import { applyHandled } from './projection-runner';
import type { EventFeed, SqlDb } from './ports';

export interface AsOfProgress {
  /** The last position read (applied or passed over). */
  readonly checkpoint: Position;
  /** Events applied so far (the ones the moment includes and a projection handles). */
  readonly applied: number;
}

export interface AsOfBuildOptions {
  readonly batchSize: number;
  /** Replay stops after this position (the store's head when the build began, or an asked position). */
  readonly target: Position;
  /** Whether an event up to the target belongs to the moment (a date or an instant compares its business time). */
  readonly includes: (event: RecordedEvent) => boolean;
  /**
   * Called inside each batch's transaction with the progress it commits; answers false when the
   * build must stop (its model was dropped), which rolls the batch back.
   */
  readonly recordProgress: (trx: SqlDb, progress: AsOfProgress) => Promise<boolean>;
  readonly signal?: AbortSignal;
}

/** How a replay ended: completed, or stopped (aborted, or its model was dropped); the last event it applied. */
export interface AsOfReplay {
  readonly completed: boolean;
  readonly lastIncluded: RecordedEvent | undefined;
}

class ModelDropped extends Error {}

/** The tables of `projections` in a new schema, empty. */
export async function createAsOfTables(db: SqlDb, projections: readonly Projection[], schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
    await sql`create schema ${sql.id(schema)}`.execute(trx);
    for (const projection of projections) await projection.createTables(trx, schema);
  });
}

/**
 * Replays the store from its first event up to `target` into `schema`'s tables (made by
 * createAsOfTables), applying each event the moment includes through the projections' own apply
 * — the runner's way (applyHandled). One short transaction per batch: a long write transaction
 * would stall every subscriber (DESIGN §4), and on the embedded database's one connection every
 * request would wait behind it.
 */
export async function replayInto(db: SqlDb, feed: EventFeed, projections: readonly Projection[], schema: string, options: AsOfBuildOptions): Promise<AsOfReplay> {
  let checkpoint: Position = START;
  let applied = 0;
  let lastIncluded: RecordedEvent | undefined;
  for (;;) {
    if (options.signal?.aborted) return { completed: false, lastIncluded };
    const read = await feed.readAll({ after: checkpoint, maxCount: options.batchSize });
    const upToTarget = read.filter((event) => comparePositions(event.position, options.target) <= 0);
    if (upToTarget.length === 0) return { completed: true, lastIncluded };
    const included = upToTarget.filter(options.includes);
    const last = upToTarget[upToTarget.length - 1]!.position;
    const nowApplied = applied + included.filter((event) => projections.some((projection) => handlesEvent(projection, event.type))).length;
    const kept = await db.transaction().execute(async (trx) => {
      for (const projection of projections) await applyHandled(trx, projection, included, schema);
      if (!(await options.recordProgress(trx, { checkpoint: last, applied: nowApplied }))) throw new ModelDropped();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof ModelDropped) return false;
      throw error;
    });
    if (!kept) return { completed: false, lastIncluded };
    applied = nowApplied;
    checkpoint = last;
    lastIncluded = included[included.length - 1] ?? lastIncluded;
    if (upToTarget.length < read.length) return { completed: true, lastIncluded };
    // Let the requests waiting for the connection go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
