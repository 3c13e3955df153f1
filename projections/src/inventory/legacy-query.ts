import type { LegacyQuery, LegacyReportFilters, LegacyRule } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Scope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { type Condition, TRUE, and, dateBetween, instantBetween } from '../sql/conditions';
import { escapeLike } from '../sql/text';
import { sharedConditions } from './device-report-filters';

/**
 * Legacy Data's query builder (doc 1 §2.12) compiled to parameterised SQL on the device rows
 * (alias d): values are always bound, never spliced into the text.
 */

/** The query builder's fields as device columns (RMA ID: the RMA order a device was submitted on). */
const LEGACY_FIELD_COLUMNS: Record<LegacyRule['field'], RawBuilder<string | null>> = {
  imei: sql`d.imei`,
  carton: sql`d.carton_number`,
  order_id: sql`d.order_id`,
  rma_id: sql`d.rma_prefix`,
  enroll_id: sql`d.enroll_id`,
  device_type: sql`d.device_type`,
  pallet: sql`d.pallet`,
  etc_code: sql`d.etc_code`,
  plan_name: sql`d.plan_name`,
};

/** The ILIKE pattern of a contains / begins with / ends with rule. */
function rulePattern(rule: LegacyRule): string | null {
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
      return sql<boolean>`${column} ilike ${rulePattern(rule)}`;
    case 'between': {
      const [low, high] = [...rule.values].sort() as [string, string];
      return sql<boolean>`${column} between ${low} and ${high}`;
    }
  }
}

/** Fields whose column has a sort index, so its distinct values can be listed by skipping through it. */
const FIELDS_WITH_VALUE_INDEX: ReadonlySet<LegacyRule['field']> = new Set(['carton', 'order_id', 'rma_id', 'enroll_id', 'pallet', 'etc_code', 'plan_name']);
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
    const pattern = rulePattern(rule);
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

