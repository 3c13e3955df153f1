import { type Page, type RmaDeviceRow, type RmaDeviceSort, rmaDeviceStatuses, rmaReasons } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import type { Paging } from '../sql/paging';
import { pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/**
 * RMA's device lists (doc 2 §2): which RMA devices each screen shows, in the caller's scope,
 * newest first. `pending_requests`: agents' requests awaiting the office manager (Pending RMA
 * Request); `accepted_requests`: RMA requests cleared to go ahead, pending approval or approved
 * (Approved RMA Request list: agents' requests the manager accepted, and the manager's own, which
 * need no acceptance — Create RMA returns there); `awaiting_approval`: initiated RMA devices awaiting Approve RMA; `all`: every RMA
 * device (the agent's RMA Status, in the agent's scope).
 */
export type RmaDeviceList = 'pending_requests' | 'accepted_requests' | 'awaiting_approval' | 'all';

const LIST_CONDITIONS: Record<RmaDeviceList, RawBuilder<boolean>> = {
  pending_requests: sql<boolean>`r.awaiting_manager`,
  accepted_requests: sql<boolean>`not r.awaiting_manager and r.status in (1, 2)`,
  awaiting_approval: sql<boolean>`not r.awaiting_manager and r.status = 1`,
  all: sql<boolean>`true`,
};

const nameOf = (list: readonly { id: number; name: string }[], id: number | null) => (id === null ? null : (list.find((item) => item.id === id)?.name ?? String(id)));

export interface RmaDeviceFilters extends Paging {
  readonly keyword?: string;
  /** 1 Pending, 2 Approved, 3 Rejected. */
  readonly status?: number;
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

export async function rmaDevices(db: SqlDb, scope: Scope, list: RmaDeviceList, filters: RmaDeviceFilters): Promise<Page<RmaDeviceRow>> {
  const like = containsPattern(filters.keyword);
  const inScope = scope.kind === 'agent' ? sql<boolean>`r.agent_id = ${scope.agentId}` : officeInScope(scope, sql`r.office_id`);
  const where = sql<boolean>`${inScope} and ${LIST_CONDITIONS[list]}
    and (${filters.status ?? null}::smallint is null or r.status = ${filters.status ?? null})
    and (${filters.office_id ?? null}::text is null or r.office_id = ${filters.office_id ?? null})
    and (${like}::text is null or r.imei ilike ${like} or ${fullNameOrNull('a')} ilike ${like})`;
  const from = sql`from rm.rma_devices r
    left join rm.org_offices o on o.id = r.office_id
    left join rm.org_users a on a.id = r.agent_id
    left join rm.org_users m on m.id = r.manager_id`;
  const [rows, count] = await Promise.all([
    sql<{ id: string; imei: string; office_name: string | null; office_number: string | null; agent_name: string | null; manager_name: string | null; status: number; opened_by: 'agent' | 'manager'; awaiting_manager: boolean; reason: number; reason_two: number | null; notes: string | null; comments: string | null; created_at: string; has_image: boolean }>`
      select r.id, r.imei, o.name as office_name, o.office_number, ${fullNameOrNull('a')} as agent_name, ${fullNameOrNull('m')} as manager_name, r.status, r.opened_by,
        r.awaiting_manager, r.reason, r.reason_two, r.notes, r.comments, r.created_at::text as created_at, r.image_file is not null as has_image
      ${from} where ${where} order by ${orderOf(filters)} ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${from} where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map(({ has_image, ...row }) => ({
      ...row,
      device_image_url: has_image ? rmaDeviceImagePath(row.id) : null,
      status_text: nameOf(rmaDeviceStatuses, row.status) ?? '',
      reason: nameOf(rmaReasons, row.reason) ?? '',
      reason_text: nameOf(rmaReasons, row.reason) ?? '',
      reason_two_text: nameOf(rmaReasons, row.reason_two),
      created_date: row.created_at.slice(0, 10),
    })),
    total: count.rows[0]!.total,
    current_page: filters.page,
  };
}

/** The order of a list: the chosen column (nulls last), then newest first; newest first when none is chosen. */
function orderOf(filters: RmaDeviceFilters): RawBuilder<unknown> {
  const column = filters.sort_by === undefined ? undefined : SORT_COLUMNS.get(filters.sort_by);
  if (!column) return sql`r.created_at desc, r.id desc`;
  return filters.sort === 'DESC' ? sql`${column} desc nulls last, r.created_at desc, r.id desc` : sql`${column} asc nulls last, r.created_at desc, r.id desc`;
}

/** The stored photo of one RMA device in scope; undefined when there is none or the device is out of scope (the same answer: docs/adr/0001). */
export async function rmaDeviceImageFile(db: SqlDb, scope: Scope, rmaDeviceId: string): Promise<string | undefined> {
  const inScope = scope.kind === 'agent' ? sql<boolean>`r.agent_id = ${scope.agentId}` : officeInScope(scope, sql`r.office_id`);
  const found = await sql<{ image_file: string | null }>`select r.image_file from rm.rma_devices r where r.id = ${rmaDeviceId} and ${inScope}`.execute(db);
  return found.rows[0]?.image_file ?? undefined;
}
