import {
  AGING_BANDS,
  type AgedAnswer,
  type AgedBucket,
  type AgedPeriod,
  type AgedRow,
  type AgentGrandTotals,
  type AgentSummaryRow,
  IN_STOCK_GROUP,
  INVENTORY_STATUS,
  type IboSummaryRow,
  type InventoryCountType,
  type ManagerSummaryRow,
  type OfficeSummaryRow,
  type ReportPage,
  SOLD_WINDOW_DAYS,
  type SummaryGrandTotals,
  ownValue,
} from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { sqlBusinessDate, sqlDayStart, sqlToday } from '../business-time';
import type { SqlDb } from '../runner/ports';

/**
 * Inventory by managers / IBOs / agents / offices (doc 1 §2.10) and aged inventory (§2.13),
 * read from the counters the inventory projection keeps (inventory_counts,
 * inventory_sales_counts, inventory_stock_ages), never from the million device rows; days,
 * ages and "sold in the last 30 days" are computed here, at query time, in the business's
 * time zone (DESIGN.md §5, §11).
 */

type Condition = RawBuilder<boolean>;

/** The holders the by-* and aged reports group by (the spec's path words). */
export type Holder = 'manager' | 'ibo' | 'agent' | 'office';

export interface SummaryPaging {
  readonly page: number;
  readonly results: number;
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
  /** Fixes "today" (tests, exports); now without it. */
  readonly asOf?: string;
}

const personName = (alias: string) => sql<string>`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
const likePattern = (term: string | undefined) => (term ? `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null);

/** "Sold in the last 30 days": activation dates from today - 29 to today, in the business's days. */
const soldWindow = (column: RawBuilder<unknown>, asOf: string | undefined): Condition =>
  sql<boolean>`${column} between ${sqlToday(asOf)} - ${SOLD_WINDOW_DAYS - 1}::int and ${sqlToday(asOf)}`;

/**
 * The holder of a counter row (alias c: office_id, agent_id) as (holder_id) for each report:
 * a manager holds what the offices they manage hold; an IBO/market what its offices hold.
 */
function holderSource(holder: Holder, counters: RawBuilder<unknown>, scope: Scope): RawBuilder<unknown> {
  const inScope = officeInScope(scope, sql`c.office_id`);
  switch (holder) {
    case 'office':
      return sql`select c.office_id as holder_id, c.* from ${counters} c where ${inScope}`;
    case 'agent':
      return sql`select c.agent_id as holder_id, c.* from ${counters} c where c.agent_id <> '' and ${inScope}`;
    case 'ibo':
      return sql`select o.ibo_marketer_id as holder_id, c.* from ${counters} c join rm.org_offices o on o.id = c.office_id where ${inScope}`;
    case 'manager':
      return sql`select m.user_id as holder_id, c.* from ${counters} c join rm.org_unit_managers m on m.unit_id = c.office_id and m.kind = 'manager' where ${inScope}`;
  }
}

/** The holders a report lists (also those holding nothing), with their names, in scope. */
function holderList(holder: Holder, scope: Scope): RawBuilder<unknown> {
  switch (holder) {
    case 'office':
      return sql`select o.id as holder_id, o.name as holder_name, null::text as office_name, o.id as office_id from rm.org_offices o where ${officeInScope(scope, sql`o.id`)}`;
    case 'agent':
      return sql`
        select u.id as holder_id, coalesce(${personName('u')}, u.email) as holder_name, o.name as office_name, u.office_id
        from rm.org_users u left join rm.org_offices o on o.id = u.office_id
        where 2 = any(u.role_ids) and u.office_id is not null and ${officeInScope(scope, sql`u.office_id`)}`;
    case 'ibo':
      return sql`
        select i.id as holder_id, i.name as holder_name, null::text as office_name, null::text as office_id from rm.org_ibo_markets i
        where exists (select 1 from rm.org_offices o where o.ibo_marketer_id = i.id and ${officeInScope(scope, sql`o.id`)})`;
    case 'manager':
      return sql`
        select u.id as holder_id, coalesce(${personName('u')}, u.email) as holder_name, null::text as office_name, null::text as office_id from rm.org_users u
        where exists (select 1 from rm.org_unit_managers m where m.user_id = u.id and m.kind = 'manager' and ${officeInScope(scope, sql`m.unit_id`)})`;
  }
}

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

export interface SummaryFilters {
  /** Only this holder. */
  readonly holder_id?: string;
  /** A part of the holder's name. */
  readonly filter?: string;
  /** Only agents of this office (by agents). */
  readonly office_id?: string;
}

/** Counts per holder for a page of holders, sorted on any count or the name, with grand totals over every holder in the filter. */
async function holderSummary(db: SqlDb, scope: Scope, holder: Holder, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: ReportPage<HolderCounts>; totals: Record<(typeof COUNT_COLUMNS)[number], number> }> {
  const like = likePattern(filters.filter);
  const stock = holderSource(holder, sql`rm.inventory_counts`, scope);
  const sales = holderSource(holder, sql`(select * from rm.inventory_sales_counts s where ${soldWindow(sql`s.activation_date`, paging.asOf)})`, scope);
  const sortable: Record<string, RawBuilder<unknown>> = {
    name: sql`holder_name`,
    ...Object.fromEntries(COUNT_COLUMNS.map((column) => [column, sql.ref(column)])),
  };
  const nameKeys = ['office_manager_name', 'ibo_market_name', 'agent_name', 'office_name', 'holder_name'];
  const sortColumn = (paging.sort_by && (nameKeys.includes(paging.sort_by) ? sortable.name : ownValue(sortable, paging.sort_by))) || sortable.name!;
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
    limit ${paging.results} offset ${(paging.page - 1) * paging.results}`.execute(db);
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
export async function managerSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: ReportPage<ManagerSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'manager', filters, paging);
  return { page: { ...page, data: page.data.map((row) => ({ office_manager_id: row.holder_id, office_manager_name: row.holder_name, ...counts(row) })) }, grand_totals: summaryTotals(totals) };
}

/** GET inventory_summary_reports/ibo_marketer. */
export async function iboSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: ReportPage<IboSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'ibo', filters, paging);
  return { page: { ...page, data: page.data.map((row) => ({ ibo_market_id: row.holder_id, ibo_market_name: row.holder_name, ...counts(row) })) }, grand_totals: summaryTotals(totals) };
}

/** GET agentlist_with_pagination: agents of the offices in scope. */
export async function agentSummary(db: SqlDb, scope: Scope, filters: SummaryFilters & { office_id?: string }, paging: SummaryPaging): Promise<{ page: ReportPage<AgentSummaryRow>; grand_totals: AgentGrandTotals }> {
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
export async function officeSummary(db: SqlDb, scope: Scope, filters: SummaryFilters, paging: SummaryPaging): Promise<{ page: ReportPage<OfficeSummaryRow>; grand_totals: SummaryGrandTotals }> {
  const { page, totals } = await holderSummary(db, scope, 'office', filters, paging);
  return {
    page: { ...page, data: page.data.map((row) => ({ office_id: row.holder_id, office_name: row.holder_name, in_stock: row.in_stock, manager_pending: row.manager_pending, sold_30_days: row.sold_30_days })) },
    grand_totals: summaryTotals(totals),
  };
}

// ---------------------------------------------------------------------------------------------
// Aged inventory (doc 1 §2.13)
// ---------------------------------------------------------------------------------------------

/**
 * Where each band starts and ends as instants: the business day `today - maxDays` starts at
 * `from`, the day after `today - minDays` at `until`. Converting five boundaries once, instead of
 * every counter's hour to a business date, keeps the report to plain comparisons (measured: the
 * per-row time-zone conversion was most of a 400 ms report).
 */
async function bandInstants(db: SqlDb, asOf: string | undefined): Promise<{ from: string | null; until: string }[]> {
  const result = await sql<Record<string, string | null>>`
    select ${sql.join(
      AGING_BANDS.map((band, index) => sql`
        ${band.maxDays === null ? sql`null::timestamptz` : sqlDayStart(sql`${sqlToday(asOf)} - ${band.maxDays}::int`)}::text as ${sql.ref(`from_${index}`)},
        ${sqlDayStart(sql`${sqlToday(asOf)} - ${band.minDays - 1}::int`)}::text as ${sql.ref(`until_${index}`)}`),
    )}`.execute(db);
  const row = result.rows[0]!;
  return AGING_BANDS.map((_band, index) => ({ from: row[`from_${index}`] ?? null, until: row[`until_${index}`]! }));
}

/** A counter's hour (pre: from allocation; post: from the hand-over to the agent) inside a band's instants. */
const inBand = (column: RawBuilder<unknown>, instants: { from: string | null; until: string }) =>
  instants.from === null
    ? sql<boolean>`${column} < ${instants.until}::timestamptz`
    : sql<boolean>`${column} >= ${instants.from}::timestamptz and ${column} < ${instants.until}::timestamptz`;

const bandCondition = (age: RawBuilder<number>, band: (typeof AGING_BANDS)[number]) =>
  band.maxDays === null ? sql<boolean>`${age} >= ${band.minDays}` : sql<boolean>`${age} between ${band.minDays} and ${band.maxDays}`;

const AGED_NAME_FIELDS: Record<Holder, { name: keyof AgedRow; id: keyof AgedRow }> = {
  agent: { name: 'Agent_name', id: 'agent_id' },
  manager: { name: 'office_manager_name', id: 'office_manager_id' },
  ibo: { name: 'ibo_name', id: 'ibo_marketer_id' },
  office: { name: 'office_name', id: 'office_id' },
};

export interface AgedFilters extends SummaryFilters {
  readonly period: AgedPeriod;
}

/** GET aged_inventory_summary_reports/{kind}: one row per holder and device type, five bands, counts as strings (doc 1 §3). */
export async function agedInventory(db: SqlDb, scope: Scope, holder: Holder, filters: AgedFilters, paging: SummaryPaging): Promise<AgedAnswer> {
  const like = likePattern(filters.filter);
  const instants = await bandInstants(db, paging.asOf);
  const from = filters.period === 'post' ? sql`c.post_from` : sql`c.pre_from`;
  const source = holderSource(holder, sql`rm.inventory_stock_ages`, scope);
  const bucketColumns = AGING_BANDS.map((band, index) => sql`sum(c.devices) filter (where ${inBand(from, instants[index]!)})::int as ${sql.ref(band.reportKey)}`);
  const sortable: Record<string, RawBuilder<unknown>> = {
    Product_Type: sql`r.product_type`,
    total: sql`r.total`,
    ...Object.fromEntries(AGING_BANDS.map((band) => [band.reportKey, sql.ref(`r.${band.reportKey}`)])),
  };
  const sortColumn = (paging.sort_by && ownValue(sortable, paging.sort_by)) || sql`r.holder_name`;
  const direction = paging.sort === 'DESC' ? sql`desc` : sql`asc`;
  const result = await sql<{ holder_id: string; holder_name: string; product_type: string; total: number; full_count: number } & Record<AgedBucket | `all_${AgedBucket}`, number>>`
    with holders as (${holderList(holder, scope)}),
    cells as (
      select c.holder_id, c.device_type as product_type, ${sql.join(bucketColumns)}, sum(c.devices)::int as total
      from (${source}) c group by c.holder_id, c.device_type having sum(c.devices) <> 0),
    rows as (
      select h.holder_name, x.* from cells x join holders h on h.holder_id = x.holder_id
      where (${filters.holder_id ?? null}::text is null or h.holder_id = ${filters.holder_id ?? null})
        and (${like}::text is null or h.holder_name ilike ${like}))
    select r.holder_id, r.holder_name, r.product_type, r.total,
      ${sql.join(AGING_BANDS.map((band) => sql`coalesce(r.${sql.ref(band.reportKey)}, 0) as ${sql.ref(band.reportKey)}`))},
      count(*) over ()::int as full_count,
      ${sql.join(AGING_BANDS.map((band) => sql`coalesce(sum(r.${sql.ref(band.reportKey)}) over (), 0)::int as ${sql.ref(`all_${band.reportKey}`)}`))}
    from rows r
    order by ${sortColumn} ${direction}, r.holder_name asc, r.holder_id asc, r.product_type asc
    limit ${paging.results} offset ${(paging.page - 1) * paging.results}`.execute(db);
  const fields = AGED_NAME_FIELDS[holder];
  const data: AgedRow[] = result.rows.map((row) => ({
    [fields.name]: row.holder_name,
    [fields.id]: row.holder_id,
    Product_Type: row.product_type,
    days1_15: String(row.days1_15),
    days16_30: String(row.days16_30),
    days31_45: String(row.days31_45),
    days46_90: String(row.days46_90),
    days91: String(row.days91),
    total: String(row.total),
  }) as AgedRow);
  const first = result.rows[0];
  if (!first && paging.page > 1) {
    const again = await agedInventory(db, scope, holder, filters, { ...paging, page: 1, results: 1 });
    return { items: { data: [], total: again.items.total, current_page: paging.page }, grand_totals: again.grand_totals };
  }
  const all = (bucket: AgedBucket) => (first ? first[`all_${bucket}`] : 0);
  const totals = { days1_15: all('days1_15'), days16_30: all('days16_30'), days31_45: all('days31_45'), days46_90: all('days46_90'), days91: all('days91') };
  return {
    items: { data, total: first?.full_count ?? 0, current_page: paging.page },
    grand_totals: {
      days1_15: String(totals.days1_15),
      days16_30: String(totals.days16_30),
      days31_45: String(totals.days31_45),
      days46_90: String(totals.days46_90),
      days91: String(totals.days91),
      total: String(Object.values(totals).reduce((sum, value) => sum + value, 0)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Downloads by count: the devices behind one clicked number (doc 1 §2.10, §2.13)
// ---------------------------------------------------------------------------------------------

/** The device condition (alias d) of "the devices this holder holds". */
export function heldBy(holder: Holder, holderId: string): Condition {
  switch (holder) {
    case 'office':
      return sql<boolean>`d.office_id = ${holderId}`;
    case 'agent':
      return sql<boolean>`d.agent_id = ${holderId}`;
    case 'ibo':
      return sql<boolean>`d.office_id in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${holderId})`;
    case 'manager':
      return sql<boolean>`d.office_id in (select m.unit_id from rm.org_unit_managers m where m.user_id = ${holderId} and m.kind = 'manager')`;
  }
}

/** The devices behind a by-* count (GET inventory/{holder}/{id}/{type}), in the caller's scope. */
export function countedDevices(scope: Scope, holder: Holder, holderId: string, type: InventoryCountType, asOf: string | undefined): Condition {
  const held = sql<boolean>`${officeInScope(scope, sql`d.office_id`)} and ${heldBy(holder, holderId)}`;
  switch (type) {
    case 'agent_received':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_RECEIVED}`;
    case 'agent_pending':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_PENDING}`;
    case 'manager_pending':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.MANAGER_PENDING}`;
    case 'manager_received':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.MANAGER_RECEIVED}`;
    case 'agent_transfer':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.AGENT_TRANSFER}`;
    case 'instock':
      return sql<boolean>`${held} and d.status = any(${[...IN_STOCK_GROUP]}::smallint[])`;
    case 'sold':
      return sql<boolean>`${held} and d.status = ${INVENTORY_STATUS.SOLD} and ${soldWindow(sql`d.activation_date`, asOf)}`;
  }
}

/** The devices behind an aged cell (GET aged/{holder}/{id}/{bucket}/{Product_Type}): in stock, of that type, in that band. */
export function agedCellDevices(scope: Scope, holder: Holder, holderId: string, bucket: AgedBucket, productType: string, period: AgedPeriod, asOf: string | undefined): Condition {
  const band = AGING_BANDS.find((candidate) => candidate.reportKey === bucket)!;
  // The counters' hour, from the device's own dates (as the projection keys it).
  const from = period === 'post' ? sql`case when d.agent_id is not null and d.assigned_date is not null then d.assigned_date else d.aged_from end` : sql`d.aged_from`;
  const age = sql<number>`(${sqlToday(asOf)} - ${sqlBusinessDate(sql`date_trunc('hour', ${from})`)})`;
  // A range on aged_from keeps the 'pre' band on its index; the exact age test follows.
  const indexed =
    period === 'pre'
      ? sql<boolean>`d.aged_from < ${sqlDayStart(sql`${sqlToday(asOf)} - ${band.minDays - 1}::int`)}${band.maxDays === null ? sql`` : sql` and d.aged_from >= ${sqlDayStart(sql`${sqlToday(asOf)} - ${(band.maxDays ?? 0) + 1}::int`)}`}`
      : sql<boolean>`true`;
  return sql<boolean>`${officeInScope(scope, sql`d.office_id`)} and ${heldBy(holder, holderId)}
    and d.status = any(${[...IN_STOCK_GROUP]}::smallint[]) and d.device_type = ${productType} and ${indexed} and ${bandCondition(age, band)}`;
}
