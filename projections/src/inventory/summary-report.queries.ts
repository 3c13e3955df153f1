import { type AgentGrandTotals, IN_STOCK_GROUP, INVENTORY_STATUS, type AgentSummaryRow, type IboSummaryRow, type ManagerSummaryRow, type OfficeSummaryRow, type Page, type SummaryGrandTotals, ownValue, salesPeriodRange } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';
import { type Holder, type SummaryFilters, type SummaryPaging, holderList, holderSource } from '../admin/report-holders';
import { businessDate } from '../business-time';
import { salesCountsIn } from '../sales/sales-summary.queries';

/** Inventory by managers / IBOs / agents / offices (doc 1 §2.10): counts per holder from the counters, with grand totals. */

interface HolderCounts {
  holder_id: string;
  holder_name: string;
  office_name: string | null;
  in_stock: number;
  sold_30_days: number;
  manager_pending: number;
  manager_assigned: number;
  agent_pending: number;
  agent_transfer: number;
  agent_assigned: number;
}

const COUNT_COLUMNS = ['in_stock', 'sold_30_days', 'manager_pending', 'manager_assigned', 'agent_pending', 'agent_transfer', 'agent_assigned'] as const;

/** Counts per holder for a page of holders, sorted on any count or the name, with grand totals over every holder in the filter. */
async function holderSummary(db: SqlDb, scope: Scope, holder: Holder, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: Page<HolderCounts>; totals: Record<(typeof COUNT_COLUMNS)[number], number> }> {
  const like = containsPattern(filters.filter);
  const stock = holderSource(holder, sql`rm.inventory_counts`, scope);
  // Sold = activated (DESIGN.md §11): the sales projection's daily counts, the very rows Sales By * sums for its 30 Days.
  const sales = holderSource(holder, salesCountsIn(salesPeriodRange('last_30_days', businessDate(paging.asOf ? new Date(paging.asOf) : new Date()))), scope);
  const sortable: Record<string, RawBuilder<unknown>> = {
    name: sql`holder_name`,
    // The by-agents report's Office Name column sorts by the agent's office, not the agent's name.
    ...(holder === 'agent' && { office_name: sql`office_name` }),
    ...Object.fromEntries(COUNT_COLUMNS.map((column) => [column, sql.ref(column)])),
  };
  const nameKeys = ['office_manager_name', 'ibo_market_name', 'agent_name', 'office_name', 'holder_name'];
  const sortColumn = (paging.sort_by && (ownValue(sortable, paging.sort_by) ?? (nameKeys.includes(paging.sort_by) ? sortable.name : undefined))) || sortable.name!;
  const direction = paging.sort === 'DESC' ? sql`desc` : sql`asc`;
  const result = await sql<HolderCounts & { full_count: number } & Record<`total_${(typeof COUNT_COLUMNS)[number]}`, number>>`
    with holders as (${holderList(holder, scope)}),
    stock as (
      select holder_id,
        sum(devices) filter (where status = any(${[...IN_STOCK_GROUP]}::smallint[]))::int as in_stock,
        sum(devices) filter (where status = ${INVENTORY_STATUS.MANAGER_PENDING})::int as manager_pending,
        sum(devices) filter (where status = ${INVENTORY_STATUS.MANAGER_RECEIVED})::int as manager_assigned,
        sum(devices) filter (where status = ${INVENTORY_STATUS.AGENT_PENDING})::int as agent_pending,
        sum(devices) filter (where status = ${INVENTORY_STATUS.AGENT_TRANSFER})::int as agent_transfer,
        sum(devices) filter (where status = ${INVENTORY_STATUS.AGENT_RECEIVED})::int as agent_assigned
      from (${stock}) c group by holder_id),
    sold as (select holder_id, sum(devices)::int as sold_30_days from (${sales}) c group by holder_id),
    rows as (
      select h.holder_id, h.holder_name, h.office_name,
        coalesce(s.in_stock, 0) as in_stock, coalesce(x.sold_30_days, 0) as sold_30_days, coalesce(s.manager_pending, 0) as manager_pending,
        coalesce(s.manager_assigned, 0) as manager_assigned, coalesce(s.agent_pending, 0) as agent_pending,
        coalesce(s.agent_transfer, 0) as agent_transfer, coalesce(s.agent_assigned, 0) as agent_assigned
      from holders h left join stock s on s.holder_id = h.holder_id left join sold x on x.holder_id = h.holder_id
      where (${filters.holder_id ?? null}::text is null or h.holder_id = ${filters.holder_id ?? null})
        and (${filters.office_id ?? null}::text is null or h.office_id = ${filters.office_id ?? null})
        and (${like}::text is null or h.holder_name ilike ${like}))
    select r.*, count(*) over ()::int as full_count,
      ${sql.join(COUNT_COLUMNS.map((column) => sql`sum(${sql.ref(column)}) over ()::int as ${sql.ref(`total_${column}`)}`))}
    from rows r
    order by ${sortColumn} ${direction}, holder_name asc, holder_id asc
    ${pageWindow(paging)}`.execute(db);
  let totals = Object.fromEntries(COUNT_COLUMNS.map((column) => [column, 0])) as Record<(typeof COUNT_COLUMNS)[number], number>;
  let fullCount = 0;
  const first = result.rows[0];
  if (first) {
    fullCount = first.full_count;
    totals = Object.fromEntries(COUNT_COLUMNS.map((column) => [column, first[`total_${column}`]])) as typeof totals;
  } else if (paging.page > 1) {
    // Past the last page: the totals still describe the filter.
    const again = await holderSummary(db, scope, holder, filters, { ...paging, page: 1, results: 1 });
    return { page: { data: [], total: again.page.total, current_page: paging.page }, totals: again.totals };
  }
  const data = result.rows.map((row): HolderCounts => ({ holder_id: row.holder_id, holder_name: row.holder_name, office_name: row.office_name, ...counts(row) }));
  return { page: { data, total: fullCount, current_page: paging.page }, totals };
}

const counts = (row: HolderCounts) => ({
  in_stock: row.in_stock,
  sold_30_days: row.sold_30_days,
  manager_pending: row.manager_pending,
  manager_assigned: row.manager_assigned,
  agent_pending: row.agent_pending,
  agent_transfer: row.agent_transfer,
  agent_assigned: row.agent_assigned,
});
const summaryTotals = (totals: Record<(typeof COUNT_COLUMNS)[number], number>): SummaryGrandTotals => ({
  in_stock: totals.in_stock,
  manager_pending: totals.manager_pending,
  sold_30_days: totals.sold_30_days,
});

/** GET inventory_summary_reports/manager. */
export async function managerSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: Page<ManagerSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'manager', filters, paging);
  return { page: { ...page, data: page.data.map((row) => ({ office_manager_id: row.holder_id, office_manager_name: row.holder_name, ...counts(row) })) }, grand_totals: summaryTotals(totals) };
}

/** GET inventory_summary_reports/ibo_marketer. */
export async function iboSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: Page<IboSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'ibo', filters, paging);
  return { page: { ...page, data: page.data.map((row) => ({ ibo_market_id: row.holder_id, ibo_market_name: row.holder_name, ...counts(row) })) }, grand_totals: summaryTotals(totals) };
}

/** GET agentlist_with_pagination: agents of the offices in scope. */
export async function agentSummary(db: SqlDb, scope: Scope, filters: SummaryFilters & { office_id?: string }, paging: SummaryPaging): Promise<{ page: Page<AgentSummaryRow>; grand_totals: AgentGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'agent', filters, paging);
  return {
    page: {
      ...page,
      data: page.data.map((row) => ({ agent_id: row.holder_id, agent_name: row.holder_name, office_name: row.office_name, agent_assigned: row.agent_assigned, agent_pending: row.agent_pending, sold_30_days: row.sold_30_days })),
    },
    grand_totals: { agent_assigned: totals.agent_assigned, agent_pending: totals.agent_pending, sold_30_days: totals.sold_30_days },
  };
}

/** GET inventory_summary_for_manager_with_pagination: offices in scope. */
export async function officeSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: Page<OfficeSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'office', filters, paging);
  return {
    page: { ...page, data: page.data.map((row) => ({ office_id: row.holder_id, office_name: row.holder_name, in_stock: row.in_stock, manager_pending: row.manager_pending, sold_30_days: row.sold_30_days })) },
    grand_totals: summaryTotals(totals),
  };
}

