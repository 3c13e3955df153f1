import { type AgentSalesRow, type DateRange, type DetailedSalesRow, type Page, datesBetween, ownValue } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { type Holder, heldBy } from '../admin/report-holders';
import { keysetPages } from '../runner/keyset-pages';
import type { SqlDb } from '../runner/ports';
import { type Condition, and, dateBetween } from '../sql/conditions';
import { pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/**
 * The sales behind the reports (doc 2 §2 Detailed Sales Report, Agent Sales Detailed Report) and
 * the breakdown files of a clicked count: rows of rm.sales_activations (alias a) in a date range,
 * names joined for the rows read only.
 */

/**
 * Which sales a report, a file or a clicked count means: a condition on the sale rows (alias a)
 * and, when no keyword narrows it, the same choice on the daily counts (alias c), from which the
 * total and the name sorts' group sizes are summed instead of counting sale rows.
 */
export interface SaleChoice {
  readonly where: Condition;
  readonly counts?: Condition;
  /** The activation dates it covers. */
  readonly range: DateRange;
}

export interface DetailedSalesChoiceFilters {
  readonly keyword?: string;
  readonly office_id?: string;
  readonly ibo_marketer_id?: string;
}

/**
 * Keyword: a part of an IMEI (its trigram index), or a whole carton number, enrollment id or ESN
 * (their indexes); with `names`, also a part of the name of the agent, the office or allocated
 * office (or its number), or the IBO/market. The names are looked up first in the small org
 * tables (`= any(array(...))` runs once), so each is an index condition on the sale rows.
 */
const keywordMatches = (keyword: string | undefined, names: boolean): Condition[] => {
  const like = containsPattern(keyword);
  if (!like || !keyword) return [];
  const own = sql`a.imei ilike ${like} or a.carton_number = ${keyword} or a.enroll_id = ${keyword} or a.esn = ${keyword}`;
  if (!names) return [sql<boolean>`(${own})`];
  const offices = sql`select o.id from rm.org_offices o
    where o.name ilike ${like} or o.office_number ilike ${like} or o.ibo_marketer_id in (select i.id from rm.org_ibo_markets i where i.name ilike ${like})`;
  const agents = sql`select u.id from rm.org_users u where ${fullNameOrNull('u')} ilike ${like}`;
  return [
    sql<boolean>`(${own}
      or a.agent_id = any(array(${agents}))
      or a.office_id = any(array(${offices}))
      or a.allocated_office_id = any(array(select o.id from rm.org_offices o where o.name ilike ${like})))`,
  ];
};

/** The conditions of a choice on alias a, and the same on the daily counts (alias c) when the keyword is absent. */
function choiceOf(on: (alias: 'a' | 'c') => Condition[], range: DateRange, keyword: string | undefined, names = false): SaleChoice {
  const rows = (alias: 'a' | 'c') => [...on(alias), ...dateBetween(sql.ref(`${alias}.activation_date`), range.start, range.end)];
  return { where: and([...rows('a'), ...keywordMatches(keyword, names)]), ...(keyword ? {} : { counts: and(rows('c')) }), range };
}

/** The Detailed Sales Report's sales: in scope, in the range, by office, IBO/market and keyword. */
export function detailedSalesChoice(scope: Scope, filters: DetailedSalesChoiceFilters, range: DateRange): SaleChoice {
  return choiceOf(
    (alias) => {
      const office = sql.ref(`${alias}.office_id`);
      return [
        officeInScope(scope, office),
        ...(filters.office_id ? [sql<boolean>`${office} = ${filters.office_id}`] : []),
        ...(filters.ibo_marketer_id ? [sql<boolean>`${office} in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${filters.ibo_marketer_id})`] : []),
      ];
    },
    range,
    filters.keyword,
    // The report shows whose and where each sale is: its keyword finds those names too.
    true,
  );
}

/** The agent's own sales (agent-salesreport): sold while they held the device. */
export function agentSalesChoice(agentId: string, filters: { readonly keyword?: string }, range: DateRange): SaleChoice {
  return choiceOf((alias) => [sql<boolean>`${sql.ref(`${alias}.agent_id`)} = ${agentId}`], range, filters.keyword);
}

/** The sales behind a clicked count of a summary: the holder's, in scope, in the period. */
export function salesBreakdownChoice(scope: Scope, holder: Holder, holderId: string, range: DateRange): SaleChoice {
  return choiceOf((alias) => [officeInScope(scope, sql.ref(`${alias}.office_id`)), heldBy(holder, holderId, alias)], range, undefined);
}

/** A report's order: a column (names through the joins below) and a direction; the IMEI breaks ties. */
export interface SaleOrder {
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
}

/** Columns of the sale row, each with an index in the sort's order (the projection's), so a page is an index walk. */
const SORT_COLUMNS: Record<string, RawBuilder<unknown>> = {
  enroll_id: sql`a.enroll_id`,
  excess_code: sql`a.etc_code`,
  imei: sql`a.imei`,
  pallet: sql`a.pallet`,
  carton: sql`a.carton_number`,
  enroll_type: sql`a.enroll_type`,
  esn: sql`a.esn`,
  order_date: sql`a.order_date`,
  activation_date: sql`a.activation_date`,
  allocation_date: sql`a.allocation_date`,
  received_date: sql`a.received_at`,
  plan_name: sql`a.plan_name`,
  device_type: sql`a.device_type`,
  subscriber_state: sql`a.subscriber_state`,
  subscriber_zip: sql`a.subscriber_zip`,
};

/**
 * Names sort by walking their holders in name order (DESIGN.md §5: rows keep ids): each name's
 * group size from the daily counts (or, for the allocated office, counted), whole groups skipped,
 * and the page read from the first groups it falls in by IMEI — the page `order by name, imei`
 * gives, without sorting a month of sales. `id` is the group's key expression on the counts (c)
 * or the sale rows (a); `rows` the sale condition of a group's ids.
 */
interface NameGroups {
  /** (id, name) of the holders; null when the key is its own name (the day). */
  readonly names: RawBuilder<unknown> | null;
  readonly key: (alias: 'a' | 'c') => RawBuilder<unknown>;
  readonly onCounts: boolean;
  readonly rows: (ids: readonly string[]) => Condition;
}
const NAME_SORTS: Record<string, NameGroups> = {
  office_name: { names: sql`select o.id, o.name from rm.org_offices o`, key: (alias) => sql.ref(`${alias}.office_id`), onCounts: true, rows: (ids) => sql<boolean>`a.office_id = any(${[...ids]}::text[])` },
  ibo_name: {
    names: sql`select i.id, i.name from rm.org_ibo_markets i`,
    key: (alias) => sql`(select o.ibo_marketer_id from rm.org_offices o where o.id = ${sql.ref(`${alias}.office_id`)})`,
    onCounts: true,
    rows: (ids) => sql<boolean>`a.office_id in (select o.id from rm.org_offices o where o.ibo_marketer_id = any(${[...ids]}::text[]))`,
  },
  agent_name: { names: sql`select u.id, ${fullNameOrNull('u')} as name from rm.org_users u`, key: (alias) => sql`nullif(${sql.ref(`${alias}.agent_id`)}, '')`, onCounts: true, rows: (ids) => sql<boolean>`a.agent_id = any(${[...ids]}::text[])` },
  allocated_office_name: { names: sql`select o.id, o.name from rm.org_offices o`, key: () => sql`a.allocated_office_id`, onCounts: false, rows: (ids) => sql<boolean>`a.allocated_office_id = any(${[...ids]}::text[])` },
  // The default order walks the days likewise: a day's sales by IMEI on the (activation_date, imei) index.
  activation_date: { names: null, key: (alias) => sql`${sql.ref(`${alias}.activation_date`)}::text`, onCounts: true, rows: (ids) => sql<boolean>`a.activation_date = any(${[...ids]}::date[])` },
};

const JOINS = sql`
  left join rm.org_offices o on o.id = a.office_id
  left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  left join rm.org_offices ao on ao.id = a.allocated_office_id
  left join rm.org_users u on u.id = a.agent_id`;

interface SaleFacts {
  imei: string;
  ibo_name: string | null;
  allocated_office_name: string | null;
  office_id: string;
  office_name: string | null;
  office_number: string | null;
  agent_id: string | null;
  agent_name: string | null;
  enroll_id: string | null;
  etc_code: string | null;
  pallet: string | null;
  carton_number: string | null;
  enroll_type: string | null;
  esn: string | null;
  order_date: string | null;
  activation_date: string;
  allocation_date: string | null;
  received_at: string | null;
  plan_name: string | null;
  device_type: string;
  subscriber_state: string | null;
  subscriber_zip: string | null;
}

/** An instant as ISO text (…Z): files and rows take it as it is — parsing a Date per cell cost more than the query (measured: 70 ms per 5,000 rows). */
const isoText = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const FACTS = sql`
  a.imei, i.name as ibo_name, ao.name as allocated_office_name, a.office_id, o.name as office_name, o.office_number, a.agent_id, ${fullNameOrNull('u')} as agent_name,
  a.enroll_id, a.etc_code, a.pallet, a.carton_number, a.enroll_type, a.esn, a.order_date::text as order_date, a.activation_date::text as activation_date,
  ${isoText(sql`a.allocation_date`)} as allocation_date, ${isoText(sql`a.received_at`)} as received_at, a.plan_name, a.device_type, a.subscriber_state, a.subscriber_zip`;

const NAME_COLUMNS: Record<string, RawBuilder<unknown>> = { ibo_name: sql`i.name`, allocated_office_name: sql`ao.name`, office_name: sql`o.name`, agent_name: sql`${fullNameOrNull('u')}` };

const directionOf = (order: SaleOrder) => (order.sort === 'ASC' ? sql`asc` : sql`desc`);
const orderBy = (order: SaleOrder) => {
  const column = (order.sort_by && (ownValue(SORT_COLUMNS, order.sort_by) ?? ownValue(NAME_COLUMNS, order.sort_by))) || SORT_COLUMNS.activation_date!;
  // Blanks last descending and first ascending: one index (desc nulls last) serves both ways.
  return sql`order by ${column} ${order.sort === 'ASC' ? sql`asc nulls first` : sql`desc nulls last`}, a.imei ${directionOf(order)}`;
};


export const toDetailedSalesRow = (facts: SaleFacts): DetailedSalesRow => ({
  imei: facts.imei,
  ibo_name: facts.ibo_name,
  allocated_office_name: facts.allocated_office_name,
  office_id: facts.office_id,
  office_name: facts.office_name,
  office_number: facts.office_number,
  agent_id: facts.agent_id,
  agent_name: facts.agent_name,
  enroll_id: facts.enroll_id,
  excess_code: facts.etc_code,
  pallet: facts.pallet,
  carton: facts.carton_number,
  enroll_type: facts.enroll_type,
  esn: facts.esn,
  order_date: facts.order_date,
  activation_date: facts.activation_date,
  allocation_date: facts.allocation_date,
  plan_name: facts.plan_name,
  device_type: facts.device_type,
  subscriber_state: facts.subscriber_state,
  subscriber_zip: facts.subscriber_zip,
});

export const toAgentSalesRow = (facts: SaleFacts): AgentSalesRow => ({
  imei: facts.imei,
  enroll_id: facts.enroll_id,
  pallet: facts.pallet,
  carton: facts.carton_number,
  order_date: facts.order_date,
  activation_date: facts.activation_date,
  received_date: facts.received_at,
  plan_name: facts.plan_name,
  device_type: facts.device_type,
});

/** One page of the chosen sales in the report's order, with the total. */
async function salePage(db: SqlDb, choice: SaleChoice, paging: { page: number; results: number } & SaleOrder): Promise<Page<SaleFacts>> {
  const groups = ownValue(NAME_SORTS, paging.sort_by ?? 'activation_date');
  const total = await saleCount(db, choice);
  if (groups && choice.counts) return { data: await pageByNames(db, choice, groups, paging), total, current_page: paging.page };
  // Many sales: walk the sort's index, matches come soon. Few (a narrow filter, a keyword): a walk
  // could read the whole index to find them (measured: 1 s), so they are fetched first, then sorted.
  const source = total > WALK_FROM ? sql`rm.sales_activations` : sql`(select * from rm.sales_activations a where ${choice.where} offset 0)`;
  const rows = await sql<SaleFacts>`select ${FACTS} from ${source} a ${JOINS} where ${choice.where} ${orderBy(paging)} ${pageWindow(paging)}`.execute(db);
  return { data: rows.rows, total, current_page: paging.page };
}

/** Above this many chosen sales a page walks the sort's index; at or below, the sales are read and sorted. */
const WALK_FROM = 20_000;

/** A page in name order: the groups' sizes, whole groups skipped, then the rows by IMEI from the groups the page falls in. */
async function pageByNames(db: SqlDb, choice: SaleChoice, groups: NameGroups, paging: { page: number; results: number } & SaleOrder): Promise<SaleFacts[]> {
  // The names in the database's collation, as `order by name` sorts them (and the file, which sorts in SQL).
  const nameOrder = paging.sort === 'ASC' ? sql`asc nulls first` : sql`desc nulls last`;
  const counted = groups.onCounts
    ? sql`select ${groups.key('c')} as id, sum(c.devices)::int as n from rm.sales_daily_counts c where ${choice.counts!} group by 1`
    : sql`select ${groups.key('a')} as id, count(*)::int as n from rm.sales_activations a where ${choice.where} group by 1`;
  const sizes = groups.names
    ? sql<{ id: string | null; name: string | null; n: number }>`select g.id, n.name, g.n from (${counted}) g left join (${groups.names}) n on n.id = g.id where g.n > 0 order by n.name ${nameOrder}`
    : sql<{ id: string | null; name: string | null; n: number }>`select g.id, g.id as name, g.n from (${counted}) g where g.n > 0 order by g.id ${nameOrder}`;
  // One group per name, in the names' order (two offices of one name interleave by IMEI, as the ORDER BY would).
  const byName = new Map<string | null, { ids: string[]; withoutHolder: boolean; n: number }>();
  for (const row of (await sizes.execute(db)).rows) {
    const group = byName.get(row.name) ?? { ids: [], withoutHolder: false, n: 0 };
    if (row.id === null) group.withoutHolder = true;
    else group.ids.push(row.id);
    group.n += row.n;
    byName.set(row.name, group);
  }
  const ordered = [...byName.entries()];
  let skip = (paging.page - 1) * paging.results;
  let wanted = paging.results;
  const page: SaleFacts[] = [];
  for (const [, group] of ordered) {
    if (wanted === 0) break;
    if (skip >= group.n) {
      skip -= group.n;
      continue;
    }
    const inGroup = group.withoutHolder
      ? sql<boolean>`(${group.ids.length > 0 ? groups.rows(group.ids) : sql`false`} or ${groups.key('a')} is null)`
      : groups.rows(group.ids);
    const rows = await sql<SaleFacts>`
      select ${FACTS} from rm.sales_activations a ${JOINS} where ${choice.where} and ${inGroup}
      order by a.imei ${directionOf(paging)} offset ${skip} limit ${wanted}`.execute(db);
    page.push(...rows.rows);
    wanted -= rows.rows.length;
    skip = 0;
  }
  return page;
}
export async function detailedSalesReport(db: SqlDb, choice: SaleChoice, paging: { page: number; results: number } & SaleOrder): Promise<Page<DetailedSalesRow>> {
  const page = await salePage(db, choice, paging);
  return { ...page, data: page.data.map(toDetailedSalesRow) };
}

export async function agentSalesReport(db: SqlDb, choice: SaleChoice, paging: { page: number; results: number } & SaleOrder): Promise<Page<AgentSalesRow>> {
  const page = await salePage(db, choice, paging);
  return { ...page, data: page.data.map(toAgentSalesRow) };
}

/** How many sales a choice means: summed from the daily counts when no keyword narrows it, else counted. */
export async function saleCount(db: SqlDb, choice: SaleChoice): Promise<number> {
  const result = choice.counts
    ? await sql<{ total: number }>`select coalesce(sum(c.devices), 0)::int as total from rm.sales_daily_counts c where ${choice.counts}`.execute(db)
    : await sql<{ total: number }>`select count(*)::int as total from rm.sales_activations a where ${choice.where}`.execute(db);
  return result.rows[0]!.total;
}

/**
 * Every chosen sale in the report's order (files), flat memory, no OFFSET scans: in the default
 * order (activation date, then IMEI) in keyset pages along its index; in another order, the order
 * is read once as IMEIs (a range of at most a month of sales), then the rows in chunks by IMEI.
 */
export async function* salePages(db: SqlDb, choice: SaleChoice, order: SaleOrder, pageSize = 5000): AsyncGenerator<SaleFacts[]> {
  if (!order.sort_by || order.sort_by === 'activation_date') {
    // Day by day (newest first, or oldest), each day's sales by IMEI in keyset pages: an equality on
    // the index's first column keeps every read on the (activation_date, imei) index, where a range
    // over a busy month lets the planner prefer scanning and sorting the table (measured: 85 ms a page).
    const descending = order.sort !== 'ASC';
    const days = datesBetween(choice.range.start, choice.range.end);
    if (descending) days.reverse();
    const after = descending ? sql`<` : sql`>`;
    for (const day of days) {
      const read = async (last: string | null): Promise<SaleFacts[]> =>
        (
          await sql<SaleFacts>`
            select ${FACTS} from rm.sales_activations a ${JOINS}
            where ${choice.where} and a.activation_date = ${day}::date ${last === null ? sql`` : sql`and a.imei ${after} ${last}`}
            order by a.imei ${descending ? sql`desc` : sql`asc`} limit ${pageSize}`.execute(db)
        ).rows;
      // The next page is read while the file writes this one.
      yield* keysetPages(read, (row) => row.imei, pageSize);
    }
    return;
  }
  const ordered = await sql<{ imei: string }>`select a.imei from rm.sales_activations a ${JOINS} where ${choice.where} ${orderBy(order)}`.execute(db);
  const imeis = ordered.rows.map((row) => row.imei);
  for (let start = 0; start < imeis.length; start += pageSize) {
    const chunk = imeis.slice(start, start + pageSize);
    const rows = await sql<SaleFacts>`select ${FACTS} from rm.sales_activations a ${JOINS} where a.imei = any(${chunk}::text[])`.execute(db);
    const byImei = new Map(rows.rows.map((row) => [row.imei, row]));
    // A sale reversed since the order was read is simply left out.
    yield chunk.map((imei) => byImei.get(imei)).filter((row): row is SaleFacts => row !== undefined);
  }
}

export type { SaleFacts };
