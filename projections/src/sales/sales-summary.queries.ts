import {
  type ActivationCount,
  type ActivationTrendDay,
  type AgentSalesSummaryRow,
  type DateRange,
  type IboSalesSummaryRow,
  type ManagerSalesSummaryRow,
  type OfficeSalesSummaryRow,
  type Page,
  SALES_PERIODS,
  SALES_PERIOD_NAMES,
  type SalesCounts,
  type SalesPeriod,
  datesBetween,
  ownValue,
  salesPeriodRange,
  salesPeriodsStart,
} from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { type Holder, heldBy, holderList, holderSource } from '../admin/report-holders';
import type { SqlDb } from '../runner/ports';
import type { Condition } from '../sql/conditions';
import { pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';

/**
 * Sales summaries by agents, offices, managers and IBOs/markets (doc 2 §2), the dashboards' cards
 * and trend (doc 1 §2.4), from the daily counts only (at most 31 days of them per read). Periods
 * come from contracts' salesPeriodRange on the business's today, the same on every screen and file.
 */

const ROW_KEYS = SALES_PERIODS.map((period) => SALES_PERIOD_NAMES[period].row);

/** `sum(devices)` per period over daily count rows (alias-free: activation_date, devices), named by the row keys. */
function periodSums(today: string): RawBuilder<unknown> {
  return sql.join(
    SALES_PERIODS.map((period) => {
      const range = salesPeriodRange(period, today);
      return sql`coalesce(sum(devices) filter (where activation_date between ${range.start}::date and ${range.end}::date), 0)::int as ${sql.ref(SALES_PERIOD_NAMES[period].row)}`;
    }),
  );
}

/** Daily count rows of the days any period covers on `today`. */
const countsOfPeriods = (today: string) => sql`(select * from rm.sales_daily_counts s where s.activation_date between ${salesPeriodsStart(today)}::date and ${today}::date)`;

const countsOf = (row: object): SalesCounts => Object.fromEntries(ROW_KEYS.map((key) => [key, Number((row as Record<string, unknown>)[key] ?? 0)])) as SalesCounts;

export interface SalesSummaryFilters {
  /** Only this holder. */
  readonly holder_id?: string;
  /** A part of the holder's name. */
  readonly filter?: string;
  /** Only agents of this office (by agents). */
  readonly office_id?: string;
}

export interface SalesSummaryPaging {
  readonly page: number;
  readonly results: number;
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
  /** The business's today the periods end on. */
  readonly today: string;
}

interface HolderSales extends SalesCounts {
  holder_id: string;
  holder_name: string;
  office_name: string | null;
  office_number: string | null;
}

const NAME_KEYS = ['agent_name', 'office_name', 'office_manager_name', 'ibo_market_name', 'name'];

/**
 * One page of holders with their counts per period, sorted on a name or a period, and the grand
 * totals of every holder the filter keeps — distinct sales, so an office with two managers is
 * counted once in the managers' total though it counts on both managers' rows.
 */
async function holderSales(db: SqlDb, scope: Scope, holder: Holder, filters: SalesSummaryFilters, paging: SalesSummaryPaging): Promise<{ page: Page<HolderSales>; totals: SalesCounts }> {
  const like = containsPattern(filters.filter);
  // The agents' Office column sorts by the office; every other name key by the holder's name.
  const sortColumn =
    holder === 'agent' && paging.sort_by === 'office_name'
      ? 'office_name'
      : paging.sort_by && !NAME_KEYS.includes(paging.sort_by)
        ? (ownValue(Object.fromEntries(ROW_KEYS.map((key) => [key, key])), paging.sort_by) ?? 'holder_name')
        : 'holder_name';
  const direction = paging.sort === 'DESC' ? sql`desc` : sql`asc`;
  const source = holderSource(holder, countsOfPeriods(paging.today), scope);
  const result = await sql<HolderSales & { full_count: number } & Record<`total_${string}`, number>>`
    with holders as (${holderList(holder, scope)}),
    source as (${source}),
    counts as (select holder_id, ${periodSums(paging.today)} from source group by holder_id),
    kept as (
      select h.holder_id, h.holder_name, h.office_name, h.office_number,
        ${sql.join(ROW_KEYS.map((key) => sql`coalesce(c.${sql.ref(key)}, 0) as ${sql.ref(key)}`))}
      from holders h left join counts c on c.holder_id = h.holder_id
      where (${filters.holder_id ?? null}::text is null or h.holder_id = ${filters.holder_id ?? null})
        and (${filters.office_id ?? null}::text is null or h.office_id = ${filters.office_id ?? null})
        and (${like}::text is null or h.holder_name ilike ${like})),
    totals as (
      select ${periodSums(paging.today)}, (select count(*) from kept)::int as full_count
      from (select distinct office_id, agent_id, device_type, activation_date, devices from source where holder_id in (select holder_id from kept)) d),
    page as (select * from kept order by ${sql.ref(sortColumn)} ${direction}, holder_name asc, holder_id asc ${pageWindow(paging)})
    select p.*, t.full_count, ${sql.join(ROW_KEYS.map((key) => sql`t.${sql.ref(key)} as ${sql.ref(`total_${key}`)}`))}
    from totals t left join page p on true
    order by ${sql.ref(`p.${sortColumn}`)} ${direction}, p.holder_name asc, p.holder_id asc`.execute(db);
  const first = result.rows[0]!;
  const totals = countsOf(Object.fromEntries(ROW_KEYS.map((key) => [key, first[`total_${key}`]])));
  const data = result.rows.filter((row) => row.holder_id !== null).map((row): HolderSales => ({ holder_id: row.holder_id, holder_name: row.holder_name, office_name: row.office_name, office_number: row.office_number, ...countsOf(row) }));
  return { page: { data, total: first.full_count, current_page: paging.page }, totals };
}

export interface SalesSummary<Row> {
  readonly page: Page<Row>;
  readonly grand_totals: SalesCounts;
}

/** GET manager/sales_by_agents: the agents of the offices in scope (a sale without an agent counts for its office only). */
export async function salesByAgents(db: SqlDb, scope: Scope, filters: SalesSummaryFilters, paging: SalesSummaryPaging): Promise<SalesSummary<AgentSalesSummaryRow>> {
  const { page, totals } = await holderSales(db, scope, 'agent', filters, paging);
  return { page: { ...page, data: page.data.map(({ holder_id, holder_name, office_name, office_number, ...counts }) => ({ agent_id: holder_id, agent_name: holder_name, office_name, office_number, ...counts })) }, grand_totals: totals };
}

/** GET sales_summary_reports/office (and manager/sales_by_office). */
export async function salesByOffices(db: SqlDb, scope: Scope, filters: SalesSummaryFilters, paging: SalesSummaryPaging): Promise<SalesSummary<OfficeSalesSummaryRow>> {
  const { page, totals } = await holderSales(db, scope, 'office', filters, paging);
  return { page: { ...page, data: page.data.map(({ holder_id, holder_name, office_number, office_name: _office, ...counts }) => ({ office_id: holder_id, office_name: holder_name, office_number, ...counts })) }, grand_totals: totals };
}

/** GET sales_summary_reports/manager: an office with two managers counts for both. */
export async function salesByManagers(db: SqlDb, scope: Scope, filters: SalesSummaryFilters, paging: SalesSummaryPaging): Promise<SalesSummary<ManagerSalesSummaryRow>> {
  const { page, totals } = await holderSales(db, scope, 'manager', filters, paging);
  return { page: { ...page, data: page.data.map(({ holder_id, holder_name, office_name: _o, office_number: _n, ...counts }) => ({ office_manager_id: holder_id, office_manager_name: holder_name, ...counts })) }, grand_totals: totals };
}

/** GET sales_summary_reports/ibo_marketer. */
export async function salesByIbos(db: SqlDb, scope: Scope, filters: SalesSummaryFilters, paging: SalesSummaryPaging): Promise<SalesSummary<IboSalesSummaryRow>> {
  const { page, totals } = await holderSales(db, scope, 'ibo', filters, paging);
  return { page: { ...page, data: page.data.map(({ holder_id, holder_name, office_name: _o, office_number: _n, ...counts }) => ({ ibo_market_id: holder_id, ibo_market_name: holder_name, ...counts })) }, grand_totals: totals };
}

// ----- Dashboards (doc 1 §2.4) -----

/** Whose sales a dashboard counts: the offices of a scope, or one agent's own. */
export type SalesOwner = { readonly scope: Scope } | { readonly agentId: string };

const ownedBy = (owner: SalesOwner): Condition => ('agentId' in owner ? sql<boolean>`c.agent_id = ${owner.agentId}` : officeInScope(owner.scope, sql`c.office_id`));

/** Sales per business day of the owner, from the earliest day any card or the trend needs to today (≤ 31 rows). */
async function salesByDay(db: SqlDb, owner: SalesOwner, today: string): Promise<Map<string, number>> {
  const start = [salesPeriodsStart(today), salesPeriodRange('last_30_days', today).start].sort()[0]!;
  const result = await sql<{ day: string; sales: number }>`
    select c.activation_date::text as day, sum(c.devices)::int as sales from rm.sales_daily_counts c
    where c.activation_date between ${start}::date and ${today}::date and ${ownedBy(owner)}
    group by c.activation_date`.execute(db);
  return new Map(result.rows.map((row) => [row.day, row.sales]));
}

const cardsOf = (byDay: ReadonlyMap<string, number>, today: string): ActivationCount =>
  Object.fromEntries(
    SALES_PERIODS.map((period) => {
      const range = salesPeriodRange(period, today);
      const sales = [...byDay].filter(([day]) => day >= range.start && day <= range.end).reduce((sum, [, count]) => sum + count, 0);
      return [SALES_PERIOD_NAMES[period].card, sales];
    }),
  ) as ActivationCount;

const trendOf = (byDay: ReadonlyMap<string, number>, today: string): ActivationTrendDay[] => {
  const range = salesPeriodRange('last_30_days', today);
  return datesBetween(range.start, range.end).map((date) => ({ date, activations: byDay.get(date) ?? 0 }));
};

/** The Sales Summary cards (`activation_count`): the same sums as the summaries' grand totals for the scope. */
export async function activationCount(db: SqlDb, owner: SalesOwner, today: string): Promise<ActivationCount> {
  return cardsOf(await salesByDay(db, owner, today), today);
}

/** Activations per business day over the last 30 days (today − 29 … today), days without any at 0. */
export async function activationTrend(db: SqlDb, owner: SalesOwner, today: string): Promise<ActivationTrendDay[]> {
  return trendOf(await salesByDay(db, owner, today), today);
}

/** The dashboard's cards and trend from one read of the daily counts. */
export async function salesDashboardFigures(db: SqlDb, owner: SalesOwner, today: string): Promise<{ activation_count: ActivationCount; activation_trend: ActivationTrendDay[] }> {
  const byDay = await salesByDay(db, owner, today);
  return { activation_count: cardsOf(byDay, today), activation_trend: trendOf(byDay, today) };
}

/**
 * Each agent's latest activation date in scope (the Agents Summary pie's activity bands, doc 1 §9:
 * Dynamic 1-14, Passive 15-30, Dormant 31-60 days): agents who never sold are absent.
 */
export async function lastActivationByAgent(db: SqlDb, scope: Scope): Promise<Map<string, string>> {
  const result = await sql<{ agent_id: string; last_activation: string }>`
    select c.agent_id, max(c.activation_date)::text as last_activation from rm.sales_daily_counts c
    where c.agent_id <> '' and ${officeInScope(scope, sql`c.office_id`)} group by c.agent_id`.execute(db);
  return new Map(result.rows.map((row) => [row.agent_id, row.last_activation]));
}

/** Each agent's latest activation date (agent_id, last_activation), as a row source for onboarding's Agent Summary and its pie. */
export const lastActivationsSource = (): RawBuilder<unknown> =>
  sql`(select c.agent_id, max(c.activation_date) as last_activation from rm.sales_daily_counts c where c.agent_id <> '' group by c.agent_id)`;

// ----- What inventory's reports read of sales -----

/** Daily count rows (office_id, agent_id, device_type, activation_date, devices) of a range: inventory's "Sold (last 30 days)". */
export const salesCountsIn = (range: DateRange): RawBuilder<unknown> =>
  sql`(select * from rm.sales_daily_counts s where s.activation_date between ${range.start}::date and ${range.end}::date)`;

/** The device condition (alias d) of "sold in scope by this holder in the range": a click on a sold count. */
export const soldByHolder = (scope: Scope, holder: Holder, holderId: string, range: DateRange): Condition =>
  sql<boolean>`d.imei in (
    select a.imei from rm.sales_activations a
    where a.activation_date between ${range.start}::date and ${range.end}::date and ${heldBy(holder, holderId, 'a')} and ${officeInScope(scope, sql`a.office_id`)})`;

export type { SalesPeriod };
