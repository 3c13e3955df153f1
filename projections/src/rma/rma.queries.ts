import { INVENTORY_STATUS, type Page, type RmaDeviceRow, type RmaDeviceSort, type RmaDeviceStatusRow, inventoryStatusName, rmaDeviceStatuses, rmaOrderStatuses, rmaReasons } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { sqlBusinessDate, sqlToday } from '../business-time';
import type { Paging } from '../sql/paging';
import { pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/**
 * RMA's device lists (doc 2 §2): which RMA devices each screen shows, in the caller's scope,
 * newest first. `pending_requests`: agents' requests awaiting the office manager (Pending RMA
 * Request); `accepted_requests`: RMA requests cleared to go ahead, pending approval or approved
 * (Approved RMA Request list: agents' requests the manager accepted, and the manager's own, which
 * need no acceptance — Create RMA returns there); `awaiting_approval`: initiated RMA devices awaiting Approve RMA; `to_submit`:
 * approved RMA devices on no order whose device is still 10 (Submit RMA); `all`: every RMA
 * device (the agent's RMA Status, in the agent's scope; the RMA device Status report).
 */
export type RmaDeviceList = 'pending_requests' | 'accepted_requests' | 'awaiting_approval' | 'to_submit' | 'all';

const LIST_CONDITIONS: Record<RmaDeviceList, RawBuilder<boolean>> = {
  pending_requests: sql<boolean>`r.awaiting_manager`,
  accepted_requests: sql<boolean>`not r.awaiting_manager and r.status in (1, 2)`,
  awaiting_approval: sql<boolean>`not r.awaiting_manager and r.status = 1`,
  to_submit: sql<boolean>`r.status = 2 and r.rma_order_id is null
    and exists (select 1 from rm.inventory_devices dv where dv.imei = r.imei and dv.status = ${INVENTORY_STATUS.RMA} and dv.rma_prefix is null)`,
  all: sql<boolean>`true`,
};

const nameOf = (list: readonly { id: number; name: string }[], id: number | null) => (id === null ? null : (list.find((item) => item.id === id)?.name ?? String(id)));

export interface RmaDeviceFilters extends Paging {
  readonly keyword?: string;
  /** 1 Pending, 2 Approved, 3 Rejected. */
  readonly status?: number;
  /** The device's own status now (contracts' RMA_DEVICE_LIFE_STATUSES): the agent's RMA Status filters by it. */
  readonly device_status?: number;
  readonly office_id?: string;
  readonly sort_by?: RmaDeviceSort;
  readonly sort?: 'ASC' | 'DESC';
}

/** The SQL each sortable column orders by (a Map: only the keys named here, never an object's inherited ones). */
const SORT_COLUMNS = new Map<RmaDeviceSort, RawBuilder<unknown>>([
  ['created_at', sql`r.created_at`],
  ['imei', sql`r.imei`],
  ['office_name', sql`o.name`],
  ['agent_name', sql`lower(${fullNameOrNull('a')})`],
  ['manager_name', sql`lower(${fullNameOrNull('m')})`],
  ['status', sql`r.status`],
]);

/** Where an RMA device's photo is answered (in scope only, with the bearer token). */
export const rmaDeviceImagePath = (rmaDeviceId: string) => `/api/v1/manager/rma_device_image/${encodeURIComponent(rmaDeviceId)}`;

export function rmaDevices(db: SqlDb, scope: Scope, list: RmaDeviceList, filters: RmaDeviceFilters): Promise<Page<RmaDeviceRow>> {
  return rmaDevicePage(db, scope, list, filters, false);
}

/**
 * The RMA device Status report (doc 2 §2, §3 "RMA device"): every RMA device in scope with its
 * device's age, status and carton. The agent's RMA Status reads it too (agent scope): its Status
 * is the device's one status (`status_name`), the one every other screen shows.
 */
export function rmaDeviceStatusReport(db: SqlDb, scope: Scope, filters: RmaDeviceFilters & { readonly asOf?: string }): Promise<Page<RmaDeviceStatusRow>> {
  return rmaDevicePage(db, scope, 'all', filters, true);
}

interface RmaDeviceRecord {
  id: string; imei: string; office_id: string; office_name: string | null; office_number: string | null; agent_name: string | null; manager_name: string | null; status: number;
  opened_by: 'agent' | 'manager'; awaiting_manager: boolean; reason: number; reason_two: number | null; notes: string | null; comments: string | null; created_at: string;
  has_image: boolean; rma_prefix: string | null; rma_order_id: string | null; order_status: number | null; device_age: number | null; device_status: number | null; carton: string | null;
}

async function rmaDevicePage(db: SqlDb, scope: Scope, list: RmaDeviceList, filters: RmaDeviceFilters & { readonly asOf?: string }, withDevice: true): Promise<Page<RmaDeviceStatusRow>>;
async function rmaDevicePage(db: SqlDb, scope: Scope, list: RmaDeviceList, filters: RmaDeviceFilters, withDevice: false): Promise<Page<RmaDeviceRow>>;
async function rmaDevicePage(db: SqlDb, scope: Scope, list: RmaDeviceList, filters: RmaDeviceFilters & { readonly asOf?: string }, withDevice: boolean): Promise<Page<RmaDeviceRow | RmaDeviceStatusRow>> {
  const like = containsPattern(filters.keyword);
  const inScope = scope.kind === 'agent' ? sql<boolean>`r.agent_id = ${scope.agentId}` : officeInScope(scope, sql`r.office_id`);
  const where = sql<boolean>`${inScope} and ${LIST_CONDITIONS[list]}
    and (${filters.status ?? null}::smallint is null or r.status = ${filters.status ?? null})
    and (${filters.device_status ?? null}::smallint is null
      or exists (select 1 from rm.inventory_devices dv where dv.imei = r.imei and dv.status = ${filters.device_status ?? null}))
    and (${filters.office_id ?? null}::text is null or r.office_id = ${filters.office_id ?? null})
    and (${like}::text is null or r.imei ilike ${like} or ${fullNameOrNull('a')} ilike ${like} or r.rma_prefix ilike ${like})`;
  const from = sql`from rm.rma_devices r
    left join rm.org_offices o on o.id = r.office_id
    left join rm.org_users a on a.id = r.agent_id
    left join rm.org_users m on m.id = r.manager_id`;
  // The device's own facts (the report only): one join per row of the page, after paging.
  const deviceColumns = withDevice
    ? sql`(${sqlToday(filters.asOf)} - ${sqlBusinessDate(sql`dv.aged_from`)})::int as device_age, dv.status as device_status, dv.carton_number as carton`
    : sql`null::int as device_age, null::smallint as device_status, null::text as carton`;
  const [rows, count] = await Promise.all([
    sql<RmaDeviceRecord>`
      select p.*, ro.status as order_status, ${deviceColumns}
      from (
        select r.id, r.imei, r.office_id, o.name as office_name, o.office_number, ${fullNameOrNull('a')} as agent_name, ${fullNameOrNull('m')} as manager_name, r.status, r.opened_by,
          r.awaiting_manager, r.reason, r.reason_two, r.notes, r.comments, r.created_at::text as created_at, r.image_file is not null as has_image, r.rma_prefix, r.rma_order_id
        ${from} where ${where} order by ${orderOf(filters)} ${pageWindow(filters)}
      ) p
      left join rm.rma_orders ro on ro.id = p.rma_order_id
      ${withDevice ? sql`left join rm.inventory_devices dv on dv.imei = p.imei` : sql``}
      order by ${orderOf(filters, 'p')}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${from} where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map(({ has_image, order_status, device_age, device_status, carton, rma_order_id: _order, ...row }) => ({
      ...row,
      device_image_url: has_image ? rmaDeviceImagePath(row.id) : null,
      status_text: nameOf(rmaDeviceStatuses, row.status) ?? '',
      reason: nameOf(rmaReasons, row.reason) ?? '',
      reason_text: nameOf(rmaReasons, row.reason) ?? '',
      reason_two_text: nameOf(rmaReasons, row.reason_two),
      created_date: row.created_at.slice(0, 10),
      order_status_text: nameOf(rmaOrderStatuses, order_status),
      ...(withDevice && { device_age, status_name: device_status === null ? '' : inventoryStatusName(device_status), carton }),
    })),
    total: count.rows[0]!.total,
    current_page: filters.page,
  };
}

/** The order of a list: the chosen column (nulls last), then newest first; newest first when none is chosen. */
function orderOf(filters: RmaDeviceFilters, page?: 'p'): RawBuilder<unknown> {
  // Re-ordering the page after its joins: by the page's own columns, in the same order.
  if (page) {
    const key = filters.sort_by === undefined || !SORT_COLUMNS.has(filters.sort_by) ? undefined : PAGE_SORT_COLUMNS[filters.sort_by];
    if (!key) return sql`p.created_at::timestamptz desc, p.id desc`;
    return filters.sort === 'DESC' ? sql`${key} desc nulls last, p.created_at::timestamptz desc, p.id desc` : sql`${key} asc nulls last, p.created_at::timestamptz desc, p.id desc`;
  }
  const column = filters.sort_by === undefined ? undefined : SORT_COLUMNS.get(filters.sort_by);
  if (!column) return sql`r.created_at desc, r.id desc`;
  return filters.sort === 'DESC' ? sql`${column} desc nulls last, r.created_at desc, r.id desc` : sql`${column} asc nulls last, r.created_at desc, r.id desc`;
}

/** The same sort keys on the chosen page's columns (alias p). */
const PAGE_SORT_COLUMNS: Record<RmaDeviceSort, RawBuilder<unknown>> = {
  created_at: sql`p.created_at::timestamptz`,
  imei: sql`p.imei`,
  office_name: sql`p.office_name`,
  agent_name: sql`lower(p.agent_name)`,
  manager_name: sql`lower(p.manager_name)`,
  status: sql`p.status`,
};

/** The stored photo of one RMA device in scope; undefined when there is none or the device is out of scope (the same answer: docs/adr/0001). */
export async function rmaDeviceImageFile(db: SqlDb, scope: Scope, rmaDeviceId: string): Promise<string | undefined> {
  const inScope = scope.kind === 'agent' ? sql<boolean>`r.agent_id = ${scope.agentId}` : officeInScope(scope, sql`r.office_id`);
  const found = await sql<{ image_file: string | null }>`select r.image_file from rm.rma_devices r where r.id = ${rmaDeviceId} and ${inScope}`.execute(db);
  return found.rows[0]?.image_file ?? undefined;
}
