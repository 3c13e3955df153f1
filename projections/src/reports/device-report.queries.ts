import {
  type DetailedDeviceRow,
  type DetailedReportFilters,
  type DetailedReportSortKey,
  ESTIMATE_ABOVE,
  type LegacyDeviceRow,
  type LegacyQuery,
  type LegacyReportFilters,
  type LegacyRule,
  LEGACY_SORT_KEYS,
  type ReportPage,
  inventoryStatuses,
} from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { sqlBusinessDate, sqlDayStart, sqlToday } from '../business-time';
import type { SqlDb } from '../runner/ports';
import { keysetPages } from '../runner/keyset-pages';

/**
 * The device reports (doc 1 §2.11 Inventory Detailed Report, §2.12 Legacy Data) over
 * rm.inventory_devices at a million rows: a page is chosen on the device table alone (its
 * indexes serve the filters and the usual sorts), then only its ten rows get their names
 * joined (DESIGN.md §5: device rows carry ids). Totals are exact from the counters when the
 * filters are ones the counters know, exact by counting up to ESTIMATE_ABOVE otherwise, and
 * the planner's estimate (said so) beyond.
 */

type Condition = RawBuilder<boolean>;

const statusName = (id: number) => inventoryStatuses.find((status) => status.id === id)?.name ?? `Status ${id}`;
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);
const TRUE: Condition = sql<boolean>`true`;
const and = (conditions: readonly Condition[]): Condition => (conditions.length === 0 ? TRUE : sql<boolean>`(${sql.join(conditions, sql` and `)})`);

/** Offices of an IBO/market or a retailer, as a condition on d.office_id. */
const officeOfMarket = (marketId: string) => sql<boolean>`d.office_id in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${marketId})`;
const officeOfRetailer = (retailerId: string) =>
  sql<boolean>`d.office_id in (select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id where i.retailer_id = ${retailerId})`;

/** An inclusive business-date range on a timestamptz column, as a range the column's index can walk. */
function instantBetween(column: RawBuilder<unknown>, start: string | undefined, end: string | undefined): Condition[] {
  const conditions: Condition[] = [];
  if (start) conditions.push(sql<boolean>`${column} >= ${sqlDayStart(sql`${start}::date`)}`);
  if (end) conditions.push(sql<boolean>`${column} < ${sqlDayStart(sql`${end}::date + 1`)}`);
  return conditions;
}

function dateBetween(column: RawBuilder<unknown>, start: string | undefined, end: string | undefined): Condition[] {
  const conditions: Condition[] = [];
  if (start) conditions.push(sql<boolean>`${column} >= ${start}::date`);
  if (end) conditions.push(sql<boolean>`${column} <= ${end}::date`);
  return conditions;
}

/** Which filters of a device report the dashboard counters can count exactly. */
export interface CountableFilters {
  readonly status?: readonly number[];
  readonly office_id?: string;
  readonly agent_id?: string;
  readonly ibo_marketer_id?: string;
  readonly retailer_id?: string;
  readonly device_type?: string;
}

/** The filters both device reports share. */
interface SharedDeviceFilters extends CountableFilters {
  readonly keyword?: string;
  readonly carton?: string;
  readonly imei?: string;
  readonly enroll_id?: string;
}

/** What a device page is chosen from: the rows' condition, and the filters the counters know (which holders can hold matching devices). */
export interface DeviceSelection {
  readonly scope: Scope;
  readonly counted: CountableFilters;
  readonly where: Condition;
}

/** Conditions on columns the counters share with the device rows (office_id, agent_id, device_type, status), alias d. */
function countableConditions(scope: Scope, filters: CountableFilters): Condition[] {
  const conditions: Condition[] = [officeInScope(scope, sql`d.office_id`)];
  if (filters.status && filters.status.length > 0) conditions.push(sql<boolean>`d.status = any(${[...filters.status]}::smallint[])`);
  if (filters.office_id) conditions.push(sql<boolean>`d.office_id = ${filters.office_id}`);
  if (filters.agent_id) conditions.push(sql<boolean>`d.agent_id = ${filters.agent_id}`);
  if (filters.ibo_marketer_id) conditions.push(officeOfMarket(filters.ibo_marketer_id));
  if (filters.retailer_id) conditions.push(officeOfRetailer(filters.retailer_id));
  if (filters.device_type) conditions.push(sql<boolean>`d.device_type = ${filters.device_type}`);
  return conditions;
}

function sharedConditions(scope: Scope, filters: SharedDeviceFilters): Condition[] {
  const conditions = countableConditions(scope, filters);
  // Keyword: a part of an IMEI (trigram index) or a whole carton number.
  if (filters.keyword) conditions.push(sql<boolean>`(d.imei like ${`%${escapeLike(filters.keyword)}%`} or d.carton_number = ${filters.keyword})`);
  if (filters.imei) conditions.push(sql<boolean>`d.imei like ${`%${escapeLike(filters.imei)}%`}`);
  if (filters.carton) conditions.push(sql<boolean>`d.carton_number = ${filters.carton}`);
  if (filters.enroll_id) conditions.push(sql<boolean>`d.enroll_id = ${filters.enroll_id}`);
  return conditions;
}

/** The detailed report's rows: doc 1 §2.11 filters in the caller's scope. */
export function detailedConditions(scope: Scope, filters: DetailedReportFilters): Condition {
  const conditions = sharedConditions(scope, filters);
  conditions.push(...instantBetween(sql`d.allocation_date`, filters.date_range_start, filters.date_range_end));
  conditions.push(...dateBetween(sql`d.activation_date`, filters.activation_date_range_start, filters.activation_date_range_end));
  if (filters.order_id) conditions.push(sql<boolean>`d.order_id = ${filters.order_id}`);
  // No device is on an RMA order until the RMA capability records them: an RMA filter matches nothing yet.
  if (filters.rma_order_id) conditions.push(sql<boolean>`false`);
  return and(conditions);
}

/** The query builder's fields as device columns (RMA ids come with the RMA capability: none yet). */
const LEGACY_FIELD_COLUMNS: Record<LegacyRule['field'], RawBuilder<string | null>> = {
  imei: sql`d.imei`,
  carton: sql`d.carton_number`,
  order_id: sql`d.order_id`,
  rma_id: sql`null::text`,
  enroll_id: sql`d.enroll_id`,
  device_type: sql`d.device_type`,
  pallet: sql`d.pallet`,
  etc_code: sql`d.etc_code`,
  plan_name: sql`d.plan_name`,
};

/** The ILIKE pattern of a contains / begins with / ends with rule. */
function likePattern(rule: LegacyRule): string | null {
  const term = escapeLike(rule.values[0] ?? '');
  if (rule.operator === 'contains') return `%${term}%`;
  if (rule.operator === 'beginsWith') return `${term}%`;
  if (rule.operator === 'endsWith') return `%${term}`;
  return null;
}

/** One builder condition as parameterised SQL (never string-built): values are always bound. */
export function legacyRuleCondition(rule: LegacyRule): Condition {
  const column = LEGACY_FIELD_COLUMNS[rule.field];
  const [first] = rule.values as [string, ...string[]];
  switch (rule.operator) {
    case '=':
      return sql<boolean>`${column} = ${first}`;
    case '!=':
      return sql<boolean>`${column} is distinct from ${first}`;
    case 'in':
      return sql<boolean>`${column} = any(${[...rule.values]}::text[])`;
    case 'contains':
    case 'beginsWith':
    case 'endsWith':
      return sql<boolean>`${column} ilike ${likePattern(rule)}`;
    case 'between': {
      const [low, high] = [...rule.values].sort() as [string, string];
      return sql<boolean>`${column} between ${low} and ${high}`;
    }
  }
}

/** Fields whose column has a sort index, so its distinct values can be listed by skipping through it. */
const FIELDS_WITH_VALUE_INDEX: ReadonlySet<LegacyRule['field']> = new Set(['carton', 'order_id', 'enroll_id', 'pallet', 'etc_code', 'plan_name']);
/** Up to this many distinct values, a pattern rule is answered from the values (a few index probes each). */
const FEW_VALUES = 200;

/**
 * A pattern rule (contains, begins/ends with) on a column of few distinct values — plan names,
 * ETC codes, pallets of a small business — as the list of values it matches: `plan_name in
 * ('Unlimited', 'Unlimited Plus')` uses the column's index (and can join an OR of other indexed
 * rules), where ILIKE would read every device. The values are found by skipping through the
 * column's sort index (one probe per distinct value, stopped after FEW_VALUES); a column with
 * more keeps its pattern. Same devices either way.
 */
export async function withValueLists(db: SqlDb, query: LegacyQuery | undefined): Promise<LegacyQuery | undefined> {
  if (!query) return query;
  const rules: LegacyRule[] = [];
  for (const rule of query.rules) {
    const pattern = likePattern(rule);
    if (pattern === null || !FIELDS_WITH_VALUE_INDEX.has(rule.field)) {
      rules.push(rule);
      continue;
    }
    const column = LEGACY_FIELD_COLUMNS[rule.field];
    const found = await sql<{ distinct_values: number; matching: string[] }>`
      with recursive walk(value) as (
        (select ${column} from rm.inventory_devices d where ${column} is not null order by ${column} desc nulls last limit 1)
        union all
        select (select ${column} from rm.inventory_devices d where ${column} < walk.value order by ${column} desc nulls last limit 1)
        from walk where walk.value is not null
      )
      select count(*)::int as distinct_values, coalesce(array_agg(value) filter (where value ilike ${pattern}), '{}') as matching
      from (select value from walk where value is not null limit ${FEW_VALUES + 1}) v`.execute(db);
    const { distinct_values, matching } = found.rows[0]!;
    rules.push(distinct_values > FEW_VALUES ? rule : { field: rule.field, operator: 'in', values: matching });
  }
  return { ...query, rules };
}

function legacyQueryCondition(query: LegacyQuery | undefined): Condition {
  if (!query || query.rules.length === 0) return TRUE;
  const combinator = query.combinator === 'or' ? sql` or ` : sql` and `;
  return sql<boolean>`(${sql.join(query.rules.map(legacyRuleCondition), combinator)})`;
}

/** Legacy Data's rows: every device whatever its status (doc 1 §2.12), its filters and the builder's query. */
export function legacyConditions(scope: Scope, filters: LegacyReportFilters, query: LegacyQuery | undefined): Condition {
  const conditions = sharedConditions(scope, filters);
  conditions.push(...dateBetween(sql`d.activation_date`, filters.date_range_start, filters.date_range_end));
  conditions.push(...instantBetween(sql`d.allocation_date`, filters.allocation_date_range_start, filters.allocation_date_range_end));
  if (filters.order_date_range_start || filters.order_date_range_end) {
    conditions.push(sql<boolean>`d.job_id in (select j.job_id from rm.inventory_receive_jobs j where ${and(dateBetween(sql`j.order_date`, filters.order_date_range_start, filters.order_date_range_end))})`);
  }
  if (filters.inventory_request_order_id) conditions.push(sql<boolean>`d.order_id = ${filters.inventory_request_order_id}`);
  conditions.push(legacyQueryCondition(query));
  return and(conditions);
}

// ---------------------------------------------------------------------------------------------
// Paging, sorting, totals
// ---------------------------------------------------------------------------------------------

type SortKey = DetailedReportSortKey | (typeof LEGACY_SORT_KEYS)[number];

/**
 * Names (office, agent, IBO/market, retailer) sort through a join to the small org table (one
 * hash join for the page), not a lookup per device row.
 */
const SORT_JOINS: Partial<Record<SortKey, RawBuilder<unknown>>> = {
  retailer_name: sql`left join rm.org_offices sort_o on sort_o.id = d.office_id left join rm.org_ibo_markets sort_i on sort_i.id = sort_o.ibo_marketer_id left join rm.org_retailers sort_r on sort_r.id = sort_i.retailer_id`,
  ibo_name: sql`left join rm.org_offices sort_o on sort_o.id = d.office_id left join rm.org_ibo_markets sort_i on sort_i.id = sort_o.ibo_marketer_id`,
  allocated_office_name: sql`left join rm.org_offices sort_a on sort_a.id = d.allocated_office_id`,
  office_name: sql`left join rm.org_offices sort_o on sort_o.id = d.office_id`,
  agent_name: sql`left join rm.org_users sort_u on sort_u.id = d.agent_id`,
  order_date: sql`left join rm.inventory_receive_jobs sort_j on sort_j.job_id = d.job_id`,
};

const SORT_COLUMNS: Record<SortKey, RawBuilder<unknown>> = {
  imei: sql`d.imei`,
  retailer_name: sql`sort_r.name`,
  ibo_name: sql`sort_i.name`,
  allocated_office_name: sql`sort_a.name`,
  office_name: sql`sort_o.name`,
  agent_name: sql`nullif(trim(coalesce(sort_u.first_name, '') || ' ' || coalesce(sort_u.last_name, '')), '')`,
  make: sql`d.make`,
  enroll_id: sql`d.enroll_id`,
  excess_code: sql`d.etc_code`,
  model: sql`d.model`,
  pallet: sql`d.pallet`,
  carton: sql`d.carton_number`,
  enroll_type: sql`d.enroll_type`,
  esn: sql`d.esn`,
  device_type: sql`d.device_type`,
  status_name: sql`d.status`,
  allocation_date: sql`d.allocation_date`,
  // Older first when ascending: the age base, reversed.
  device_age: sql`d.aged_from`,
  order_prefix: sql`d.order_id`,
  order_date: sql`sort_j.order_date`,
  rma_prefix: sql`null::text`,
  activation_date: sql`d.activation_date`,
  plan_name: sql`d.plan_name`,
};

export interface DeviceSort {
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
}

/** ORDER BY for a device page: the chosen column (nulls last when descending, first when ascending, so one index serves both), then the IMEI. */
function sortKeyOf(sort: DeviceSort): SortKey {
  return sort.sort_by && Object.hasOwn(SORT_COLUMNS, sort.sort_by) ? (sort.sort_by as SortKey) : 'allocation_date';
}

function orderBy(sort: DeviceSort): RawBuilder<unknown> {
  const key = sortKeyOf(sort);
  const column = SORT_COLUMNS[key];
  // Age grows as the date falls: ascending age is descending date.
  const descending = key === 'device_age' ? sort.sort === 'ASC' : sort.sort !== 'ASC';
  const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
  return key === 'imei' ? sql`d.imei ${descending ? sql`desc` : sql`asc`}` : sql`${column} ${direction}, d.imei ${descending ? sql`desc` : sql`asc`}`;
}

/** The counters' rows under the device table's names (alias d), so the same conditions apply to them. */
const COUNTED_AS_DEVICES = sql`(select office_id, nullif(agent_id, '') as agent_id, device_type, status, allocated_office_id, devices from rm.inventory_counts) d`;

/** Exact from the counters when every filter is one they know (scope, office, agent, market, retailer, type, status). */
async function counterTotal(db: SqlDb, scope: Scope, filters: CountableFilters): Promise<number> {
  const result = await sql<{ total: number }>`
    select coalesce(sum(d.devices), 0)::int as total from ${COUNTED_AS_DEVICES} where ${and(countableConditions(scope, filters))}`.execute(db);
  return result.rows[0]!.total;
}

/** Planner estimates above this are trusted to be over ESTIMATE_ABOVE without counting (estimates on these filters are within a few times the truth). */
const SURELY_ABOVE = ESTIMATE_ABOVE * 3;

async function plannerEstimate(db: SqlDb, where: Condition): Promise<number> {
  const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) select 1 from rm.inventory_devices d where ${where}`.execute(db);
  return Math.round(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
}

/** Exact up to ESTIMATE_ABOVE, then the planner's estimate (at least the limit). */
async function cappedCount(db: SqlDb, where: Condition, estimate: number): Promise<Total> {
  const counted = await sql<{ total: number }>`
    select count(*)::int as total from (select 1 from rm.inventory_devices d where ${where} limit ${ESTIMATE_ABOVE + 1}) x`.execute(db);
  const total = counted.rows[0]!.total;
  return total <= ESTIMATE_ABOVE ? { total } : { total: Math.max(estimate, ESTIMATE_ABOVE + 1), estimated: true };
}

interface Total {
  total: number;
  estimated?: boolean;
}

const COUNTABLE_KEYS = new Set(['status', 'office_id', 'agent_id', 'ibo_marketer_id', 'retailer_id', 'device_type']);
const onlyCountable = (filters: object) =>
  Object.entries(filters).every(([key, value]) => COUNTABLE_KEYS.has(key) || value === undefined || value === null || value === '');

/** At most this many matching devices are chosen by their filters first and then sorted (see pageImeis). */
const FILTER_FIRST_BELOW = 50_000;

/**
 * Sorts by a value that lives outside the device rows (an office's, IBO's, retailer's or agent's
 * name, a job's order date), for many matching devices: the holders grouped by that value in the
 * sort's order — a small query over the counters and the org tables — then each group's first
 * devices by IMEI until the page is full. Equal values form one group, so the order is exactly
 * `order by value, imei`; a device whose holder has no name (or no holder) is in the null group.
 */
interface HolderWalk {
  /** The device column naming the holder. */
  readonly column: RawBuilder<unknown>;
  /** Rows (value, keys text[], none boolean): `none` when the group holds the devices whose column is null. */
  readonly groups: (selection: DeviceSelection) => RawBuilder<unknown>;
}

/**
 * The holders that can have matching devices: those the counters (every device, whatever its
 * status) show with devices of the scope, status, type, office, agent, market or retailer asked
 * for — a manager-pending filter leaves only the "no agent" group, say.
 */
const holding = (column: 'office_id' | 'agent_id' | 'allocated_office_id', selection: DeviceSelection) =>
  sql`(select distinct d.${sql.ref(column)} as key from ${COUNTED_AS_DEVICES} where ${and(countableConditions(selection.scope, selection.counted))})`;
const AGENT_NAME = sql`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;

/** The offices holding matching devices (by `column`), grouped by a name their org rows give (o: office, i: IBO/market, r: retailer). */
const officeGroups = (column: 'office_id' | 'allocated_office_id', name: RawBuilder<unknown>) => (selection: DeviceSelection) => sql`
  select ${name} as value, array_agg(h.key) as keys, false as none
  from ${holding(column, selection)} h left join rm.org_offices o on o.id = h.key
    left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id left join rm.org_retailers r on r.id = i.retailer_id
  group by 1`;

const HOLDER_WALKS: Partial<Record<SortKey, HolderWalk>> = {
  office_name: { column: sql`d.office_id`, groups: officeGroups('office_id', sql`o.name`) },
  ibo_name: { column: sql`d.office_id`, groups: officeGroups('office_id', sql`i.name`) },
  retailer_name: { column: sql`d.office_id`, groups: officeGroups('office_id', sql`r.name`) },
  allocated_office_name: { column: sql`d.allocated_office_id`, groups: officeGroups('allocated_office_id', sql`o.name`) },
  agent_name: {
    column: sql`d.agent_id`,
    groups: (selection) => sql`
      select ${AGENT_NAME} as value, coalesce(array_agg(h.key) filter (where h.key is not null), '{}') as keys, bool_or(h.key is null) as none
      from ${holding('agent_id', selection)} h left join rm.org_users u on u.id = h.key
      group by 1`,
  },
  order_date: {
    column: sql`d.job_id`,
    groups: () => sql`
      select h.value, coalesce(array_agg(h.job_id) filter (where h.job_id is not null), '{}') as keys, bool_or(h.job_id is null) as none
      from (select j.order_date as value, j.job_id from rm.inventory_receive_jobs j union all select null, null) h
      group by h.value`,
  },
};

/** A walk that has not filled its page after this many groups gives way to one sorted query. */
const WALK_GROUPS = 40;

interface HolderGroup {
  keys: string[];
  none: boolean;
}

function inGroup(column: RawBuilder<unknown>, group: HolderGroup): Condition {
  const some = sql<boolean>`${column} = any(${group.keys}::text[])`;
  if (!group.none) return some;
  return group.keys.length === 0 ? sql<boolean>`${column} is null` : sql<boolean>`(${some} or ${column} is null)`;
}

async function walkHolders(db: SqlDb, walk: HolderWalk, selection: DeviceSelection, sort: DeviceSort, page: number, results: number): Promise<string[] | null> {
  const descending = sort.sort !== 'ASC';
  const groups = await sql<HolderGroup>`
    select g.keys, g.none from (${walk.groups(selection)}) g order by g.value ${descending ? sql`desc nulls last` : sql`asc nulls first`}`.execute(db);
  const wanted = page * results;
  const imeis: string[] = [];
  for (const [index, group] of groups.rows.entries()) {
    if (index === WALK_GROUPS) return null;
    const found = await sql<{ imei: string }>`
      select d.imei from rm.inventory_devices d where ${inGroup(walk.column, group)} and ${selection.where}
      order by d.imei ${descending ? sql`desc` : sql`asc`} limit ${wanted - imeis.length}`.execute(db);
    imeis.push(...found.rows.map((row) => row.imei));
    if (imeis.length >= wanted) break;
  }
  return imeis.slice((page - 1) * results, wanted);
}

/**
 * How a page is chosen: `filters-first` — the filters' indexes choose the matching devices
 * behind an OFFSET 0 fence and only those are sorted (few matching: otherwise the planner,
 * misled by the LIMIT, would walk a sort index past almost every device — measured: 2.4 s for
 * an office's SIMs by activation date); `sort-order` — walk the sort's index (or the holders,
 * for names) and keep the first devices that pass the filters (many matching: they come soon).
 * Both give the same page; tests compare them.
 */
export type PageStrategy = 'filters-first' | 'sort-order';

/** The IMEIs of a page, chosen on the device table. */
export async function pageImeis(db: SqlDb, selection: DeviceSelection, sort: DeviceSort, page: number, results: number, strategy: PageStrategy): Promise<string[]> {
  const key = sortKeyOf(sort);
  const walk = HOLDER_WALKS[key];
  if (strategy === 'sort-order' && walk) {
    const walked = await walkHolders(db, walk, selection, sort, page, results);
    if (walked) return walked;
  }
  if (strategy === 'filters-first') return (await filtersFirst(db, selection.where, sort, page, results)).imeis;
  const result = await sql<{ imei: string }>`
    select d.imei from rm.inventory_devices d ${SORT_JOINS[key] ?? sql``} where ${selection.where}
    order by ${orderBy(sort)} limit ${results} offset ${(page - 1) * results}`.execute(db);
  return result.rows.map((row) => row.imei);
}

/**
 * A page chosen filters first, with how many devices matched: the same scan gives both (unknown
 * when the page is past the last device).
 */
async function filtersFirst(db: SqlDb, where: Condition, sort: DeviceSort, page: number, results: number): Promise<{ imeis: string[]; matching?: number }> {
  const result = await sql<{ imei: string; matching: number }>`
    select d.imei, count(*) over ()::int as matching from (select * from rm.inventory_devices d where ${where} offset 0) d ${SORT_JOINS[sortKeyOf(sort)] ?? sql``}
    order by ${orderBy(sort)} limit ${results} offset ${(page - 1) * results}`.execute(db);
  return { imeis: result.rows.map((row) => row.imei), ...(result.rows.length > 0 && { matching: result.rows[0]!.matching }) };
}

/** Everything a report row shows about some devices, names joined, in the order of `imeis`. */
interface DeviceFacts {
  imei: string;
  retailer_name: string | null;
  ibo_name: string | null;
  allocated_office_name: string | null;
  office_name: string | null;
  agent_name: string | null;
  make: string | null;
  enroll_id: string | null;
  etc_code: string | null;
  model: string | null;
  pallet: string | null;
  carton_number: string;
  enroll_type: string | null;
  esn: string | null;
  device_type: string;
  status: number;
  allocation_date: string | null;
  device_age: number;
  order_id: string | null;
  order_date: string | null;
  activation_date: string | null;
  plan_name: string | null;
}

const FACTS_SELECT = (asOf: string | undefined) => sql`
  select d.imei, r.name as retailer_name, i.name as ibo_name, ao.name as allocated_office_name, o.name as office_name,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as agent_name,
    d.make, d.enroll_id, d.etc_code, d.model, d.pallet, d.carton_number, d.enroll_type, d.esn, d.device_type, d.status,
    d.allocation_date, (${sqlToday(asOf)} - ${sqlBusinessDate(sql`d.aged_from`)})::int as device_age,
    d.order_id, j.order_date::text as order_date, d.activation_date::text as activation_date, d.plan_name
  from rm.inventory_devices d
  left join rm.org_offices o on o.id = d.office_id
  left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  left join rm.org_retailers r on r.id = i.retailer_id
  left join rm.org_offices ao on ao.id = d.allocated_office_id
  left join rm.org_users u on u.id = d.agent_id
  left join rm.inventory_receive_jobs j on j.job_id = d.job_id`;

async function deviceFacts(db: SqlDb, imeis: readonly string[], asOf: string | undefined): Promise<DeviceFacts[]> {
  if (imeis.length === 0) return [];
  const result = await sql<DeviceFacts>`${FACTS_SELECT(asOf)} where d.imei = any(${[...imeis]}::text[])`.execute(db);
  const byImei = new Map(result.rows.map((row) => [row.imei, row]));
  return imeis.map((imei) => byImei.get(imei)).filter((row): row is DeviceFacts => row !== undefined);
}

export const toDetailedRow = (facts: DeviceFacts): DetailedDeviceRow => ({
  imei: facts.imei,
  ibo_name: facts.ibo_name,
  allocated_office_name: facts.allocated_office_name,
  office_name: facts.office_name,
  agent_name: facts.agent_name,
  make: facts.make,
  enroll_id: facts.enroll_id,
  excess_code: facts.etc_code,
  model: facts.model,
  pallet: facts.pallet,
  carton: facts.carton_number,
  enroll_type: facts.enroll_type,
  esn: facts.esn,
  device_type: facts.device_type,
  status: facts.status,
  status_name: statusName(facts.status),
  allocation_date: facts.allocation_date === null ? null : new Date(facts.allocation_date).toISOString(),
  device_age: facts.device_age,
  order_info: { order_prefix: facts.order_id },
  rma_order_info: { rma_prefix: null },
  activation_date: facts.activation_date,
});

export const toLegacyRow = (withRetailer: boolean) => (facts: DeviceFacts): LegacyDeviceRow => ({
  imei: facts.imei,
  ...(withRetailer ? { retailer_name: facts.retailer_name } : {}),
  ibo_name: facts.ibo_name,
  allocated_office_name: facts.allocated_office_name,
  office_name: facts.office_name,
  agent_name: facts.agent_name,
  excess_code: facts.etc_code,
  enroll_id: facts.enroll_id,
  order_prefix: facts.order_id,
  rma_prefix: null,
  pallet: facts.pallet,
  carton: facts.carton_number,
  enroll_type: facts.enroll_type,
  esn: facts.esn,
  order_date: facts.order_date,
  activation_date: facts.activation_date,
  allocation_date: facts.allocation_date === null ? null : new Date(facts.allocation_date).toISOString(),
  status: facts.status,
  status_name: statusName(facts.status),
  plan_name: facts.plan_name,
  device_type: facts.device_type,
});

export interface DevicePaging extends DeviceSort {
  readonly page: number;
  readonly results: number;
  /** The instant "today" is taken at (tests and exports fix it); now without one. */
  readonly asOf?: string;
}

const strategyFor = (matching: number): PageStrategy => (matching < FILTER_FIRST_BELOW ? 'filters-first' : 'sort-order');

/**
 * A page and its total. Counters give the total when every filter is one they know; otherwise
 * the planner's estimate decides: far above the limit — said to be an estimate, and the sort
 * order leads; few — one filters-first scan gives the page and the exact count together; in
 * between — counted up to the limit, then the page.
 */
async function pageAndTotal(db: SqlDb, selection: DeviceSelection, paging: DevicePaging, countable: boolean): Promise<Total & { imeis: string[] }> {
  const page = (matching: number) => pageImeis(db, selection, paging, paging.page, paging.results, strategyFor(matching));
  if (countable) {
    const total = await counterTotal(db, selection.scope, selection.counted);
    return { total, imeis: total === 0 ? [] : await page(total) };
  }
  const estimate = await plannerEstimate(db, selection.where);
  if (estimate > SURELY_ABOVE) return { total: estimate, estimated: true, imeis: await page(estimate) };
  if (estimate < FILTER_FIRST_BELOW) {
    const chosen = await filtersFirst(db, selection.where, paging, paging.page, paging.results);
    if (chosen.matching !== undefined) return { total: chosen.matching, imeis: chosen.imeis };
    return { ...(await cappedCount(db, selection.where, estimate)), imeis: [] };
  }
  const counted = await cappedCount(db, selection.where, estimate);
  return { ...counted, imeis: counted.total === 0 ? [] : await page(counted.total) };
}

async function devicePage<Row>(db: SqlDb, selection: DeviceSelection, paging: DevicePaging, countable: boolean, toRow: (facts: DeviceFacts) => Row): Promise<ReportPage<Row>> {
  const { imeis, total, estimated } = await pageAndTotal(db, selection, paging, countable);
  const rows = (await deviceFacts(db, imeis, paging.asOf)).map(toRow);
  return { data: rows, total, current_page: paging.page, ...(estimated && { estimated: true }) };
}

/** GET detailed_inventory_report (doc 1 §2.11). */
export async function detailedInventoryReport(db: SqlDb, scope: Scope, filters: DetailedReportFilters, paging: DevicePaging): Promise<ReportPage<DetailedDeviceRow>> {
  return devicePage(db, { scope, counted: filters, where: detailedConditions(scope, filters) }, paging, onlyCountable(filters), toDetailedRow);
}

/** POST/GET legacy_detailed_sales_report (doc 1 §2.12); `retailer_name` only for the super role (doc 1 §6). */
export async function legacyReport(db: SqlDb, scope: Scope, filters: LegacyReportFilters, query: LegacyQuery | undefined, paging: DevicePaging, withRetailer: boolean): Promise<ReportPage<LegacyDeviceRow>> {
  const countable = onlyCountable(filters) && (!query || query.rules.length === 0);
  const where = legacyConditions(scope, filters, await withValueLists(db, query));
  return devicePage(db, { scope, counted: filters, where }, paging, countable, toLegacyRow(withRetailer));
}

/**
 * Every device a condition chooses, in keyset pages by IMEI with its facts (exports and
 * downloads by count): flat memory and no offset scans whatever the size.
 */
export async function* devicePages(db: SqlDb, where: Condition, asOf: string | undefined, pageSize = 2000): AsyncGenerator<DeviceFacts[]> {
  const read = async (after: string | null): Promise<DeviceFacts[]> => {
    const page = await sql<{ imei: string }>`
      select d.imei from rm.inventory_devices d where ${where} and (${after}::text is null or d.imei > ${after}) order by d.imei limit ${pageSize}`.execute(db);
    return deviceFacts(db, page.rows.map((row) => row.imei), asOf);
  };
  yield* keysetPages(read, (row) => row.imei, pageSize);
}

/** How many devices a condition chooses (an export's row count). */
export async function deviceCount(db: SqlDb, where: Condition): Promise<number> {
  const result = await sql<{ total: number }>`select count(*)::int as total from rm.inventory_devices d where ${where}`.execute(db);
  return result.rows[0]!.total;
}

export type { DeviceFacts };
