import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';

/**
 * Counters kept with the rows they count, in the same transaction (DESIGN.md §5): a batch sums
 * its +1/-1 per key (a JSON array of the key's values) and adds them here.
 */

/** Adds a batch's deltas to a counter table in one statement; keys a decrease leaves at zero are removed (a second statement, only when something decreased). */
export async function applyCounterDeltas(
  db: SqlDb,
  t: (name: string) => ReturnType<typeof sql.id>,
  table: string,
  /** The key's columns, in the order of each key's JSON array. */
  columns: readonly string[],
  changes: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [...changes.entries()]
    .filter(([, delta]) => delta !== 0)
    .map(([key, devices]) => ({ ...Object.fromEntries((JSON.parse(key) as unknown[]).map((value, index) => [columns[index]!, value])), devices }));
  if (rows.length === 0) return;
  const keyColumns = sql.join(columns.map((column) => sql.ref(column)));
  await sql`
    insert into ${t(table)} as c (${keyColumns}, devices)
    select ${sql.join(columns.map((column) => sql.ref(`r.${column}`)))}, r.devices
    from jsonb_populate_recordset(null::${t(table)}, ${JSON.stringify(rows)}::jsonb) r
    on conflict (${keyColumns}) do update set devices = c.devices + excluded.devices`.execute(db);
  const decreased = rows.filter((row) => row.devices < 0);
  if (decreased.length === 0) return;
  await sql`
    delete from ${t(table)} c using jsonb_populate_recordset(null::${t(table)}, ${JSON.stringify(decreased)}::jsonb) r
    where c.devices = 0 and ${sql.join(columns.map((column) => sql`c.${sql.ref(column)} = r.${sql.ref(column)}`), sql` and `)}`.execute(db);
}

