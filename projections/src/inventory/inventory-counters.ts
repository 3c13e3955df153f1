import { IN_STOCK_GROUP } from '@portal/contracts';
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
 * Sales are counted by the sales projection (sales_daily_counts), which the reports' "Sold (last 30 days)" reads.
 */
interface Counter {
  readonly table: string;
  /** The key's columns, in the order `key` answers them. */
  readonly columns: readonly string[];
  readonly key: (row: DeviceRow) => readonly (string | number)[] | null;
}
export const COUNTERS: readonly Counter[] = [
  { table: 'inventory_counts', columns: ['office_id', 'agent_id', 'device_type', 'status', 'allocated_office_id'], key: (row) => [row.office_id, row.agent_id ?? '', row.device_type, row.status, row.allocated_office_id] },
  {
    table: 'inventory_stock_ages',
    columns: ['office_id', 'agent_id', 'device_type', 'status', 'pre_from', 'post_from'],
    key: (row) =>
      IN_STOCK.includes(row.status)
        ? [row.office_id, row.agent_id ?? '', row.device_type, row.status, hourOf(row.aged_from), hourOf(row.agent_id && row.assigned_date ? row.assigned_date : row.aged_from)]
        : null,
  },
];
