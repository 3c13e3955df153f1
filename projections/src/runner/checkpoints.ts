import type { SqlDb } from './ports';
import { type Position, START } from '@portal/contracts';
import { sql } from 'kysely';

export const CHECKPOINT_CHANNEL = 'projection_checkpoint';
export const READ_MODEL_SCHEMA = 'rm';

export type GenerationStatus = 'building' | 'live' | 'retired';

export interface Generation {
  readonly projection: string;
  readonly generation: number;
  readonly version: number;
  readonly status: GenerationStatus;
  readonly checkpoint: Position;
  readonly eventsApplied: number;
}

export const projectionRunnerMigrations = [
  {
    name: '0002_projection_checkpoints',
    async up(db: SqlDb): Promise<void> {
      await sql`
        create table projection_checkpoints (
          projection text not null,
          generation integer not null,
          version integer not null,
          status text not null check (status in ('building', 'live', 'retired')),
          transaction_id bigint not null default 0,
          global_position bigint not null default 0,
          events_applied bigint not null default 0,
          updated_at timestamptz not null default now(),
          primary key (projection, generation)
        )`.execute(db);
      await sql`create unique index projection_checkpoints_one_live on projection_checkpoints (projection) where status = 'live'`.execute(db);
      await sql`create schema if not exists rm`.execute(db);
    },
  },
] as const;

interface GenerationRow {
  projection: string;
  generation: number;
  version: number;
  status: GenerationStatus;
  transaction_id: string;
  global_position: string;
  events_applied: string;
}

const toGeneration = (row: GenerationRow): Generation => ({
  projection: row.projection,
  generation: row.generation,
  version: row.version,
  status: row.status,
  checkpoint: { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) },
  eventsApplied: Number(row.events_applied),
});

const GENERATION_COLUMNS = sql`projection, generation, version, status, transaction_id::text as transaction_id,
  global_position::text as global_position, events_applied::text as events_applied`;

export async function listGenerations(db: SqlDb, projection?: string): Promise<Generation[]> {
  const result = await sql<GenerationRow>`
    select ${GENERATION_COLUMNS} from projection_checkpoints
    where ${projection === undefined ? sql`true` : sql`projection = ${projection}`}
    order by projection, generation`.execute(db);
  return result.rows.map(toGeneration);
}

export async function findGeneration(db: SqlDb, projection: string, generation: number): Promise<Generation | undefined> {
  const result = await sql<GenerationRow>`
    select ${GENERATION_COLUMNS} from projection_checkpoints where projection = ${projection} and generation = ${generation}`.execute(db);
  return result.rows[0] ? toGeneration(result.rows[0]) : undefined;
}

export async function insertGeneration(db: SqlDb, projection: string, version: number, status: GenerationStatus): Promise<Generation> {
  const result = await sql<GenerationRow>`
    insert into projection_checkpoints (projection, generation, version, status)
    select ${projection}, coalesce(max(generation), 0) + 1, ${version}, ${status}
    from projection_checkpoints where projection = ${projection}
    returning ${GENERATION_COLUMNS}`.execute(db);
  return toGeneration(result.rows[0]!);
}

/**
 * Moves the checkpoint from `from` to `to` only if nobody else moved it and the generation
 * is not retired: the compare-and-set that makes a batch apply exactly once.
 */
export async function advanceCheckpoint(
  trx: SqlDb,
  generation: Pick<Generation, 'projection' | 'generation'>,
  from: Position,
  to: Position,
  applied: number,
): Promise<boolean> {
  const result = await sql`
    update projection_checkpoints
    set transaction_id = ${to.transactionId}, global_position = ${to.globalPosition},
        events_applied = events_applied + ${applied}, updated_at = now()
    where projection = ${generation.projection} and generation = ${generation.generation}
      and transaction_id = ${from.transactionId} and global_position = ${from.globalPosition}
      and status <> 'retired'`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) !== 1) return false;
  await sql`select pg_notify(${CHECKPOINT_CHANNEL}, ${generation.projection})`.execute(trx);
  return true;
}

export { START };
