import { createHash } from 'node:crypto';
import type { Position } from '@portal/contracts';
import { sql } from 'kysely';
import { orgProjection } from '../admin/org.projection';
import { inventoryProjection } from '../inventory/inventory.projection';
import { salesProjection } from '../sales/sales.projection';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * The auditors' as-of read models (docs/AUDIT.md "The fleet as of a past date"): the read model
 * the fleet reports read (the org, inventory and sales projections), rebuilt on demand from the
 * store up to a moment into a schema of its own, and kept as a cache of at most
 * AS_OF_MODELS_KEPT, least recently used dropped first. This table is their registry: any process
 * of the service sees a model's progress, and one builds it.
 */
export const FLEET_AS_OF_PROJECTIONS: readonly Projection[] = [orgProjection, inventoryProjection, salesProjection];

/** The limit: a model is the size of the read model, so only two are kept. */
export const AS_OF_MODELS_KEPT = 2;

export const asOfModelMigrations = [
  {
    name: '0012_audit_as_of_models',
    async up(db: SqlDb): Promise<void> {
      await sql`
        create table audit_as_of_models (
          key text primary key,
          schema_name text not null unique,
          status text not null check (status in ('building', 'ready', 'failed')),
          target_transaction_id bigint not null,
          target_global_position bigint not null,
          transaction_id bigint not null default 0,
          global_position bigint not null default 0,
          events_applied bigint not null default 0,
          moment timestamptz,
          error text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          ready_at timestamptz,
          last_used_at timestamptz not null default now()
        )`.execute(db);
    },
  },
] as const;

export type AsOfModelStatus = 'building' | 'ready' | 'failed';

export interface AsOfModel {
  readonly key: string;
  readonly schema: string;
  readonly status: AsOfModelStatus;
  readonly target: Position;
  readonly checkpoint: Position;
  readonly eventsApplied: number;
  /** The instant ages are counted at (the end of the asked day, the asked instant, or the last event's time). */
  readonly moment: string | null;
  readonly error: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly readyAt: string | null;
  readonly lastUsedAt: string;
}

interface AsOfModelRow {
  key: string;
  schema_name: string;
  status: AsOfModelStatus;
  target_transaction_id: string;
  target_global_position: string;
  transaction_id: string;
  global_position: string;
  events_applied: string;
  moment: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  ready_at: string | null;
  last_used_at: string;
}

const COLUMNS = sql`key, schema_name, status, target_transaction_id::text as target_transaction_id, target_global_position::text as target_global_position,
  transaction_id::text as transaction_id, global_position::text as global_position, events_applied::text as events_applied,
  to_char(moment at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as moment, error,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
  to_char(ready_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ready_at,
  to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_used_at`;

const toModel = (row: AsOfModelRow): AsOfModel => ({
  key: row.key,
  schema: row.schema_name,
  status: row.status,
  target: { transactionId: Number(row.target_transaction_id), globalPosition: Number(row.target_global_position) },
  checkpoint: { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) },
  eventsApplied: Number(row.events_applied),
  moment: row.moment,
  error: row.error,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  readyAt: row.ready_at,
  lastUsedAt: row.last_used_at,
});

/** The schema a model's tables live in: from the key (ours), never from client text. */
export const asOfSchemaFor = (key: string) => `asof_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

export async function findAsOfModel(db: SqlDb, key: string): Promise<AsOfModel | undefined> {
  const result = await sql<AsOfModelRow>`select ${COLUMNS} from audit_as_of_models where key = ${key}`.execute(db);
  return result.rows[0] && toModel(result.rows[0]);
}

/** Every model, least recently used first. */
export async function listAsOfModels(db: SqlDb): Promise<AsOfModel[]> {
  const result = await sql<AsOfModelRow>`select ${COLUMNS} from audit_as_of_models order by last_used_at, key`.execute(db);
  return result.rows.map(toModel);
}

/** Registers a model to build (or starts a failed or abandoned one over), at its first batch. */
export async function startAsOfModel(db: SqlDb, key: string, target: Position, moment: string | null): Promise<AsOfModel> {
  const result = await sql<AsOfModelRow>`
    insert into audit_as_of_models (key, schema_name, status, target_transaction_id, target_global_position, moment)
    values (${key}, ${asOfSchemaFor(key)}, 'building', ${target.transactionId}, ${target.globalPosition}, ${moment})
    on conflict (key) do update set status = 'building', target_transaction_id = excluded.target_transaction_id,
      target_global_position = excluded.target_global_position, transaction_id = 0, global_position = 0, events_applied = 0,
      moment = excluded.moment, error = null, ready_at = null, updated_at = now(), last_used_at = now()
    returning ${COLUMNS}`.execute(db);
  return toModel(result.rows[0]!);
}

/** A batch's progress, in the batch's transaction; false when the model is gone or no longer building (dropped, taken over). */
export async function recordAsOfProgress(trx: SqlDb, key: string, checkpoint: Position, applied: number): Promise<boolean> {
  const result = await sql`
    update audit_as_of_models set transaction_id = ${checkpoint.transactionId}, global_position = ${checkpoint.globalPosition},
      events_applied = ${applied}, updated_at = now()
    where key = ${key} and status = 'building'`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Marks a model ready once its tables are analysed, with the instant its ages count at. */
export async function finishAsOfModel(db: SqlDb, key: string, moment: string): Promise<void> {
  await sql`update audit_as_of_models set status = 'ready', moment = ${moment}, ready_at = now(), updated_at = now() where key = ${key} and status = 'building'`.execute(db);
}

export async function failAsOfModel(db: SqlDb, key: string, error: string): Promise<void> {
  await sql`update audit_as_of_models set status = 'failed', error = ${error.slice(0, 500)}, updated_at = now() where key = ${key}`.execute(db);
}

export async function touchAsOfModel(db: SqlDb, key: string): Promise<void> {
  await sql`update audit_as_of_models set last_used_at = now() where key = ${key}`.execute(db);
}

/** Drops a model: its registry row first (a builder then stops at its next batch), then its tables. */
export async function dropAsOfModel(db: SqlDb, model: Pick<AsOfModel, 'key' | 'schema'>): Promise<void> {
  await sql`delete from audit_as_of_models where key = ${model.key}`.execute(db);
  await sql`drop schema if exists ${sql.id(model.schema)} cascade`.execute(db);
}

/** Gives the planner the built tables' statistics: the report queries were planned for a populated read model. */
export async function analyzeAsOfModel(db: SqlDb, schema: string): Promise<void> {
  for (const projection of FLEET_AS_OF_PROJECTIONS) {
    for (const table of projection.tables) await sql`analyze ${sql.id(schema, table)}`.execute(db);
  }
}
