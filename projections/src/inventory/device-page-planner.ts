import { type DetailedReportSortKey, ESTIMATE_ABOVE, LEGACY_SORT_KEYS } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { type Condition, and } from '../sql/conditions';
import { keysetPages } from '../runner/keyset-pages';
import { schemaFor } from '../runner/projection';
import { pageWindow } from '../sql/paging';
import { fullNameOrNull } from '../sql/text';
import { COUNTED_AS_DEVICES, type CountableFilters, type DeviceSelection, countableConditions } from './device-report-filters';

/**
 * The device reports' page planner: which IMEIs make a page, and the total, at a million rows.
 * A page is chosen on the device table alone (its indexes serve the filters and the usual sorts);
 * totals are exact from the counters when the filters are ones the counters know, exact by
 * counting up to ESTIMATE_ABOVE otherwise, and an estimate (said so: `estimated`) beyond.
 */

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
  agent_name: fullNameOrNull('sort_u'),
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
  rma_prefix: sql`d.rma_prefix`,
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

/** Percent of the device table's pages the sampled estimate reads (about 400 of 40,000 at a million devices). */
const SAMPLE_PERCENT = 1;

/**
 * The table behind rm.inventory_devices (the live generation's, behind the view, or an as-of
 * model's): a sample cannot be taken through a view. Null before the first generation.
 */
async function deviceTable(db: SqlDb): Promise<RawBuilder<unknown> | null> {
  const source = await sql<{ schema: string; view: boolean; generation: number | null }>`
    select n.nspname as schema, c.relkind = 'v' as view,
      (select generation from projection_checkpoints where projection = 'inventory' and status = 'live') as generation
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass('rm.inventory_devices')`.execute(db);
  const found = source.rows[0];
  if (!found || (found.view && found.generation === null)) return null;
  return sql.id(found.view ? schemaFor('inventory', found.generation!) : found.schema, 'inventory_devices');
}

const sampleOf = (table: RawBuilder<unknown>) => sql`${table} d tablesample system (${sql.lit(SAMPLE_PERCENT)}) repeatable (26)`;
const scaledUp = (sampledRows: number) => Math.round((sampledRows * 100) / SAMPLE_PERCENT);

/**
 * The matching devices counted in a sample of the device table's pages, scaled up: a few
 * milliseconds, and near the truth where the planner cannot know (a part of an IMEI, a builder
 * rule): the planner put a 5-digit IMEI part at a few thousand matches where it had 70,000.
 */
async function sampledMatches(db: SqlDb, table: RawBuilder<unknown>, where: Condition): Promise<number> {
  const sampled = await sql<{ hits: number }>`select count(*)::int as hits from ${sampleOf(table)} where ${where}`.execute(db);
  return scaledUp(sampled.rows[0]!.hits);
}

/**
 * How many devices a walk in the sort's order passes before it meets the first match: the same
 * sample in the page's order, scaled up (~10 ms more, so asked only where a walk is the choice).
 * Where the filters correlate with the sort — PHONEs activated lately, sorted by model — the
 * matches lie deep in the order however many they are. Name sorts walk their holders: not asked.
 */
async function sampledWalk(db: SqlDb, table: RawBuilder<unknown>, where: Condition, sort: DeviceSort): Promise<number> {
  if (HOLDER_WALKS[sortKeyOf(sort)]) return 0;
  const sampled = await sql<{ before_first: number }>`
    select coalesce(min(s.rn) filter (where s.hit) - 1, count(*))::int as before_first
    from (select (${where}) as hit, row_number() over (order by ${orderBy(sort)}) as rn from ${sampleOf(table)}) s`.execute(db);
  return scaledUp(sampled.rows[0]!.before_first);
}

/** Exact up to ESTIMATE_ABOVE, then the estimate (at least the limit). */
async function cappedCount(db: SqlDb, where: Condition, estimate: number): Promise<Total> {
  const counted = await sql<{ total: number }>`
    select count(*)::int as total from (select 1 from rm.inventory_devices d where ${where} limit ${ESTIMATE_ABOVE + 1}) x`.execute(db);
  const total = counted.rows[0]!.total;
  return total <= ESTIMATE_ABOVE ? { total } : { total: Math.max(estimate, ESTIMATE_ABOVE + 1), estimated: true };
}

export interface Total {
  total: number;
  estimated?: boolean;
}


/**
 * At most this many matching devices are chosen by their filters first and then sorted (see
 * pageImeis); more come soon enough walking the sort's order. (50,000 before issue 26: sorting
 * 30,000-50,000 matches was a p95 of its own at a million devices.)
 */
const FILTER_FIRST_BELOW = ESTIMATE_ABOVE;

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
const AGENT_NAME = fullNameOrNull('u');

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
    order by ${orderBy(sort)} ${pageWindow({ page, results })}`.execute(db);
  return result.rows.map((row) => row.imei);
}

/**
 * A page chosen filters first, with how many devices matched: the same scan gives both (unknown
 * when the page is past the last device).
 */
async function filtersFirst(db: SqlDb, where: Condition, sort: DeviceSort, page: number, results: number): Promise<{ imeis: string[]; matching?: number }> {
  const result = await sql<{ imei: string; matching: number }>`
    select d.imei, count(*) over ()::int as matching from (select * from rm.inventory_devices d where ${where} offset 0) d ${SORT_JOINS[sortKeyOf(sort)] ?? sql``}
    order by ${orderBy(sort)} ${pageWindow({ page, results })}`.execute(db);
  return { imeis: result.rows.map((row) => row.imei), ...(result.rows.length > 0 && { matching: result.rows[0]!.matching }) };
}

export interface DevicePaging extends DeviceSort {
  readonly page: number;
  readonly results: number;
  /** The instant "today" is taken at (tests and exports fix it); now without one. */
  readonly asOf?: string;
}

/**
 * What filters first cost per matching device (found through the filters' indexes, then sorted),
 * in devices a walk in the sort's order passes for the same time. At a million devices both are
 * ~3.3 µs: PHONEs activated in the last four weeks (27,233) sorted by model ascending took 640-840
 * ms walking (the sample put the first match past 210,000 devices) and 86-109 ms filters first.
 */
const FILTERS_FIRST_COST_PER_MATCH = 1;

export const strategyFor = (matching: number, walkedBeforeFirst = 0): PageStrategy =>
  matching < FILTER_FIRST_BELOW || walkedBeforeFirst > FILTERS_FIRST_COST_PER_MATCH * matching ? 'filters-first' : 'sort-order';

/**
 * A page and its total. Counters give the total when every filter is one they know; otherwise
 * the planner's estimate decides: far above the limit — said to be an estimate, and the sort
 * order leads; few — one filters-first scan gives the page and the exact count together; in
 * between — counted up to the limit, then the page.
 */
export async function pageAndTotal(db: SqlDb, selection: DeviceSelection, paging: DevicePaging, countable: boolean): Promise<Total & { imeis: string[] }> {
  if (countable) {
    const total = await counterTotal(db, selection.scope, selection.counted);
    return { total, imeis: total === 0 ? [] : await pageImeis(db, selection, paging, paging.page, paging.results, strategyFor(total)) };
  }
  // The planner's estimate or the sample's, whichever is higher: either alone can be far below the
  // truth, and a low one sends a large match set to the filters-first sort or an exact count.
  const table = await deviceTable(db);
  const estimate = Math.max(await plannerEstimate(db, selection.where), table ? await sampledMatches(db, table, selection.where) : 0);
  const walkedBeforeFirst = table && estimate >= FILTER_FIRST_BELOW ? await sampledWalk(db, table, selection.where, paging) : 0;
  const page = (matching: number) => pageImeis(db, selection, paging, paging.page, paging.results, strategyFor(matching, walkedBeforeFirst));
  if (estimate > SURELY_ABOVE) return { total: estimate, estimated: true, imeis: await page(estimate) };
  if (estimate < FILTER_FIRST_BELOW) {
    const chosen = await filtersFirst(db, selection.where, paging, paging.page, paging.results);
    if (chosen.matching !== undefined) return { total: chosen.matching, imeis: chosen.imeis };
    return { ...(await cappedCount(db, selection.where, estimate)), imeis: [] };
  }
  const counted = await cappedCount(db, selection.where, estimate);
  return { ...counted, imeis: counted.total === 0 ? [] : await page(counted.total) };
}


// ----- Every chosen device in the screen's order (exports) -----

/** IMEIs matching `where`, in IMEI order, in keyset pages. */
function imeiWalk(db: SqlDb, where: Condition, descending: boolean, pageSize: number): AsyncGenerator<string[]> {
  const read = async (after: string | null) =>
    (
      await sql<{ imei: string }>`
        select d.imei from rm.inventory_devices d
        where ${where} and (${after}::text is null or d.imei ${descending ? sql`<` : sql`>`} ${after})
        order by d.imei ${descending ? sql`desc` : sql`asc`} limit ${pageSize}`.execute(db)
    ).rows.map((row) => row.imei);
  return keysetPages(read, (imei) => imei, pageSize);
}

/**
 * IMEIs matching `where` (whose sort column is never null there) in `order by column, imei`, in
 * keyset pages on the column's (value, IMEI) index: each page continues after the last row's pair,
 * read back by its IMEI (the inner `d` is that row), so a million devices are read once each.
 */
function columnWalk(db: SqlDb, where: Condition, column: RawBuilder<unknown>, descending: boolean, pageSize: number): AsyncGenerator<string[]> {
  const read = async (after: string | null) => {
    const past = after === null ? sql`true` : sql`(${column}, d.imei) ${descending ? sql`<` : sql`>`} ((select ${column} from rm.inventory_devices d where d.imei = ${after}), ${after}::text)`;
    // The null ordering must be the index's (desc nulls last, read backwards for asc nulls first)
    // for the planner to read the index in order with the row comparison as its bound: ~20 ms a
    // page at a million devices, against a sort of every device per page without it.
    const result = await sql<{ imei: string }>`
      select d.imei from rm.inventory_devices d where ${where} and ${past}
      order by ${column} ${descending ? sql`desc nulls last` : sql`asc nulls first`}, d.imei ${descending ? sql`desc` : sql`asc`} limit ${pageSize}`.execute(db);
    return result.rows.map((row) => row.imei);
  };
  return keysetPages(read, (imei) => imei, pageSize);
}

/**
 * Every device of the selection in the order its screen shows them for this sort (pageImeis'
 * `order by value, imei`, nulls first ascending and last descending), in pages of IMEIs: an
 * export follows the screen's sort. Device columns walk their (value, IMEI) index; names walk
 * the holder groups in the name's order and each group's devices by IMEI. The order is the
 * table's as each page is read: a device that moves while a long export runs may be written
 * where it was or where it went.
 */
export async function* sortedImeiPages(db: SqlDb, selection: DeviceSelection, sort: DeviceSort, pageSize: number): AsyncGenerator<string[]> {
  const key = sortKeyOf(sort);
  const walk = HOLDER_WALKS[key];
  if (walk) {
    const descending = sort.sort !== 'ASC';
    const groups = await sql<HolderGroup>`
      select g.keys, g.none from (${walk.groups(selection)}) g order by g.value ${descending ? sql`desc nulls last` : sql`asc nulls first`}`.execute(db);
    for (const group of groups.rows) yield* imeiWalk(db, and([inGroup(walk.column, group), selection.where]), descending, pageSize);
    return;
  }
  const descending = key === 'device_age' ? sort.sort === 'ASC' : sort.sort !== 'ASC';
  if (key === 'imei') {
    yield* imeiWalk(db, selection.where, descending, pageSize);
    return;
  }
  const column = SORT_COLUMNS[key];
  const nulls = and([selection.where, sql<boolean>`${column} is null`]);
  if (!descending) yield* imeiWalk(db, nulls, false, pageSize);
  yield* columnWalk(db, and([selection.where, sql<boolean>`${column} is not null`]), column, descending, pageSize);
  if (descending) yield* imeiWalk(db, nulls, true, pageSize);
}
