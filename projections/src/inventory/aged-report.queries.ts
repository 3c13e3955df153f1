import { AGING_BANDS, type AgedAnswer, type AgedBucket, type AgedPeriod, type AgedRow, type InventoryAging, ownValue } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { sqlDayStart, sqlToday } from '../business-time';
import type { SqlDb } from '../runner/ports';
import { pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';
import { type Holder, type SummaryFilters, type SummaryPaging, holderList, holderSource } from '../admin/report-holders';

/** Aged inventory (doc 1 §2.13): in-stock devices per holder, device type and age band (AGING_BANDS), from inventory_stock_ages. */

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

export const bandCondition = (age: RawBuilder<number>, band: (typeof AGING_BANDS)[number]) =>
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
  const like = containsPattern(filters.filter);
  const instants = await bandInstants(db, paging.asOf);
  const from = filters.period === 'post' ? sql`c.post_from` : sql`c.pre_from`;
  const source = holderSource(holder, sql`rm.inventory_stock_ages`, scope);
  const bucketColumns = AGING_BANDS.map((band, index) => sql`sum(c.devices) filter (where ${inBand(from, instants[index]!)})::int as ${sql.ref(band.reportKey)}`);
  const sortable: Record<string, RawBuilder<unknown>> = {
    Product_Type: sql`r.product_type`,
    total: sql`r.total`,
    // An agent's office tells apart agents of one name (the agent report's Office column).
    ...(holder === 'agent' && { office_name: sql`r.office_name` }),
    ...Object.fromEntries(AGING_BANDS.map((band) => [band.reportKey, sql.ref(`r.${band.reportKey}`)])),
  };
  const sortColumn = (paging.sort_by && ownValue(sortable, paging.sort_by)) || sql`r.holder_name`;
  const direction = paging.sort === 'DESC' ? sql`desc` : sql`asc`;
  const result = await sql<{ holder_id: string; holder_name: string; office_name: string | null; office_number: string | null; product_type: string; total: number; full_count: number } & Record<AgedBucket | `all_${AgedBucket}`, number>>`
    with holders as (${holderList(holder, scope)}),
    cells as (
      select c.holder_id, c.device_type as product_type, ${sql.join(bucketColumns)}, sum(c.devices)::int as total
      from (${source}) c group by c.holder_id, c.device_type having sum(c.devices) <> 0),
    rows as (
      select h.holder_name, h.office_name, h.office_number, x.* from cells x join holders h on h.holder_id = x.holder_id
      where (${filters.holder_id ?? null}::text is null or h.holder_id = ${filters.holder_id ?? null})
        and (${like}::text is null or h.holder_name ilike ${like}))
    select r.holder_id, r.holder_name, r.office_name, r.office_number, r.product_type, r.total,
      ${sql.join(AGING_BANDS.map((band) => sql`coalesce(r.${sql.ref(band.reportKey)}, 0) as ${sql.ref(band.reportKey)}`))},
      count(*) over ()::int as full_count,
      ${sql.join(AGING_BANDS.map((band) => sql`coalesce(sum(r.${sql.ref(band.reportKey)}) over (), 0)::int as ${sql.ref(`all_${band.reportKey}`)}`))}
    from rows r
    order by ${sortColumn} ${direction}, r.holder_name asc, r.holder_id asc, r.product_type asc
    ${pageWindow(paging)}`.execute(db);
  const fields = AGED_NAME_FIELDS[holder];
  const data: AgedRow[] = result.rows.map((row) => ({
    [fields.name]: row.holder_name,
    [fields.id]: row.holder_id,
    ...(holder === 'agent' && { office_name: row.office_name, office_number: row.office_number }),
    Product_Type: row.product_type,
    ...Object.fromEntries(AGING_BANDS.map((band) => [band.reportKey, String(row[band.reportKey])])),
    total: String(row.total),
  }) as AgedRow);
  const first = result.rows[0];
  if (!first && paging.page > 1) {
    const again = await agedInventory(db, scope, holder, filters, { ...paging, page: 1, results: 1 });
    return { items: { data: [], total: again.items.total, current_page: paging.page }, grand_totals: again.grand_totals };
  }
  const all = (bucket: AgedBucket) => (first ? first[`all_${bucket}`] : 0);
  const totals = AGING_BANDS.map((band) => [band.reportKey, all(band.reportKey)] as const);
  return {
    items: { data, total: first?.full_count ?? 0, current_page: paging.page },
    grand_totals: {
      ...Object.fromEntries(totals.map(([bucket, count]) => [bucket, String(count)])),
      total: String(totals.reduce((sum, [, count]) => sum + count, 0)),
    } as AgedAnswer['grand_totals'],
  };
}


/**
 * The dashboards' Inventory Summary cards (doc 1 §2.4, §3 `inventory_aging`): in-stock devices of
 * the offices in scope (or one agent's) per age band, from the same counters and band instants as
 * the aged reports ('pre': age from allocation), and all of them.
 */
export async function inventoryAging(db: SqlDb, owner: { readonly scope: Scope } | { readonly agentId: string }, asOf: string | undefined): Promise<InventoryAging> {
  const owned = 'agentId' in owner ? sql<boolean>`c.agent_id = ${owner.agentId}` : officeInScope(owner.scope, sql`c.office_id`);
  // The bands' instants once (a one-row CTE), compared with each counter's hour: one round trip.
  const result = await sql<Record<string, number>>`
    with b as materialized (
      select ${sql.join(
        AGING_BANDS.map((band, index) => sql`
          ${band.maxDays === null ? sql`null::timestamptz` : sqlDayStart(sql`${sqlToday(asOf)} - ${band.maxDays}::int`)} as ${sql.ref(`from_${index}`)},
          ${sqlDayStart(sql`${sqlToday(asOf)} - ${band.minDays - 1}::int`)} as ${sql.ref(`until_${index}`)}`),
      )})
    select ${sql.join(
      AGING_BANDS.map((band, index) => {
        const from = sql.ref(`b.from_${index}`);
        const until = sql.ref(`b.until_${index}`);
        const inBandNow = band.maxDays === null ? sql`c.pre_from < ${until}` : sql`c.pre_from >= ${from} and c.pre_from < ${until}`;
        return sql`coalesce(sum(c.devices) filter (where ${inBandNow}), 0)::int as ${sql.ref(band.dashboardKey)}`;
      }),
    )},
      coalesce(sum(c.devices), 0)::int as "Grand_Total"
    from rm.inventory_stock_ages c cross join b where ${owned}`.execute(db);
  const row = result.rows[0]!;
  return { LT15: row.LT15!, LT30: row.LT30!, LT45: row.LT45!, LT90: row.LT90!, GT90: row.GT90!, Grand_Total: row.Grand_Total! };
}
