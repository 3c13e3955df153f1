import { type Page, type RmaDeviceRow, rmaDeviceStatuses, rmaReasons } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import type { Paging } from '../sql/paging';
import { pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/**
 * RMA's device lists (doc 2 §2): which RMA devices each screen shows, in the caller's scope,
 * newest first. `pending_requests`: agents' requests awaiting the office manager (Pending RMA
 * Request); `accepted_requests`: agents' requests the manager accepted (Approved RMA Request
 * list); `awaiting_approval`: initiated RMA devices awaiting Approve RMA; `all`: every RMA
 * device (the agent's RMA Status, in the agent's scope).
 */
export type RmaDeviceList = 'pending_requests' | 'accepted_requests' | 'awaiting_approval' | 'all';

const LIST_CONDITIONS: Record<RmaDeviceList, RawBuilder<boolean>> = {
  pending_requests: sql<boolean>`r.awaiting_manager`,
  accepted_requests: sql<boolean>`r.opened_by = 'agent' and not r.awaiting_manager and r.status in (1, 2)`,
  awaiting_approval: sql<boolean>`not r.awaiting_manager and r.status = 1`,
  all: sql<boolean>`true`,
};

const nameOf = (list: readonly { id: number; name: string }[], id: number | null) => (id === null ? null : (list.find((item) => item.id === id)?.name ?? String(id)));

export interface RmaDeviceFilters extends Paging {
  readonly keyword?: string;
  /** 1 Pending, 2 Approved, 3 Rejected. */
  readonly status?: number;
  readonly office_id?: string;
}

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
    sql<{ id: string; imei: string; office_name: string | null; office_number: string | null; agent_name: string | null; manager_name: string | null; status: number; opened_by: 'agent' | 'manager'; awaiting_manager: boolean; reason: number; reason_two: number | null; notes: string | null; comments: string | null; created_at: string }>`
      select r.id, r.imei, o.name as office_name, o.office_number, ${fullNameOrNull('a')} as agent_name, ${fullNameOrNull('m')} as manager_name, r.status, r.opened_by,
        r.awaiting_manager, r.reason, r.reason_two, r.notes, r.comments, r.created_at::text as created_at
      ${from} where ${where} order by r.created_at desc, r.id desc ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${from} where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({
      ...row,
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
