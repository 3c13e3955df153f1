import type { SqlDb } from './ports';
import type { RecordedEvent } from '@portal/contracts';
import type { Kysely } from 'kysely';

/**
 * A read model: the events it handles and the SQL it writes for a batch of them, inside
 * the transaction it is given. It owns its tables; nothing else writes them.
 *
 * Tables are created in a schema of their own per generation (`p_<name>_<generation>`);
 * readers use the views in schema `rm`, which point at the live generation, so a rebuild
 * can fill new tables while the old ones keep answering.
 */
export interface Projection<Tables = unknown> {
  readonly name: string;
  /** Bump when the tables or the logic change: the runner then rebuilds beside the old one and swaps. */
  readonly version: number;
  /** The tables it owns; each is served as the view `rm.<table>`, so names are unique across projections. */
  readonly tables: readonly string[];
  /** Event types it handles; the others only move its checkpoint. */
  readonly handles: readonly string[] | 'all';
  /** Creates the tables (and indexes) in `schema`. */
  createTables(db: SqlDb, schema: string): Promise<void>;
  /** Applies a batch (only handled events, in feed order); `db` is the transaction, scoped to the schema. */
  apply(db: Kysely<Tables>, events: readonly RecordedEvent[], schema: string): Promise<void>;
}

export function schemaFor(projection: string, generation: number): string {
  return `p_${projection}_${generation}`;
}

export function handlesEvent(projection: Projection, type: string): boolean {
  return projection.handles === 'all' || projection.handles.includes(type);
}
