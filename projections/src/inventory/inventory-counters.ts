import { IN_STOCK_GROUP, INVENTORY_STATUS } from '@portal/contracts';
import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import type { DeviceRow } from './device-row';

/** The start of the hour of an instant: age counters keep hours, so any whole-hour time zone reads exact days from them. */
const hourOf = (instant: string) => {
  const date = new Date(instant);
  date.setUTCMinutes(0, 0, 0);
  return date.toISOString();
};

const IN_STOCK: readonly number[] = IN_STOCK_GROUP;

/**
 * Counters kept with the rows they count, in the same transaction (DESIGN.md §5): a device adds
 * one to the key its row has (or to none), and an event moves it from its old key to its new.
 * - inventory_counts: devices per office, agent ('' with the manager), type, status and the office that first
 *   received them (dashboards, by-* reports; the allocated office lets a sort by it walk only the offices that matter);
 * - inventory_stock_ages: in-stock devices per holder, type, status and the hours their ages
 *   count from ('pre': allocation; 'post': handed to the agent), so aged reports read bands
 *   computed at query time from a few thousand rows instead of a million;
 * - inventory_sales_counts: sold devices per holder at sale, type and activation date ("sold in the last 30 days").
 */
interface Counter {
  readonly table: string;
  readonly key: (row: DeviceRow) => readonly (string | number)[] | null;
}
export const COUNTERS: readonly Counter[] = [
  { table: 'inventory_counts', key: (row) => [row.office_id, row.agent_id ?? '', row.device_type, row.status, row.allocated_office_id] },
  {
    table: 'inventory_stock_ages',
    key: (row) =>
      IN_STOCK.includes(row.status)
        ? [row.office_id, row.agent_id ?? '', row.device_type, row.status, hourOf(row.aged_from), hourOf(row.agent_id && row.assigned_date ? row.assigned_date : row.aged_from)]
        : null,
  },
  {
    table: 'inventory_sales_counts',
    key: (row) => (row.status === INVENTORY_STATUS.SOLD && row.activation_date ? [row.office_id, row.agent_id ?? '', row.device_type, row.activation_date] : null),
  },
];
const COUNTER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  inventory_counts: ['office_id', 'agent_id', 'device_type', 'status', 'allocated_office_id'],
  inventory_stock_ages: ['office_id', 'agent_id', 'device_type', 'status', 'pre_from', 'post_from'],
  inventory_sales_counts: ['office_id', 'agent_id', 'device_type', 'activation_date'],
};

/** Adds a batch's deltas to a counter table in one statement; keys a decrease leaves at zero are removed (a second statement, only when something decreased). */
export async function applyCounterDeltas(db: SqlDb, t: (name: string) => ReturnType<typeof sql.id>, table: string, changes: ReadonlyMap<string, number>): Promise<void> {
  const columns = COUNTER_COLUMNS[table]!;
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

