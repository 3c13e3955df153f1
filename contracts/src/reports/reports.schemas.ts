import { z } from 'zod';
import { asOfParam } from '../audit/audit.schemas';
import {
  AGED_BUCKETS,
  AGED_PERIODS,
  DETAILED_REPORT_SORT_KEYS,
  INVENTORY_COUNT_TYPES,
  LEGACY_MAX_IN_VALUES,
  LEGACY_MAX_RULES,
  LEGACY_OPERATORS,
  LEGACY_QUERY_FIELDS,
  LEGACY_RANGE_DAYS,
  LEGACY_SORT_KEYS,
  AGED_REPORT_SORT_KEYS,
  SUMMARY_REPORT_SORT_KEYS,
  type LegacyOperator,
  type LegacyQueryField,
} from './reports.constants';

import { text, wholeNumber } from '../platform/input';
import {
  dateParam,
  idParam,
  keywordParam,
  optionalIdParam,
  optionalTextParam,
  pageParam,
  resultsParam,
  sortKeyParam,
  sortParam,
} from '../platform/list-params';
import {
  AGGREGATE_IN_STOCK,
  AGING_BANDS,
  type DeviceTypeCode,
  IN_STOCK_GROUP,
  deviceTypes,
  inventoryStatuses,
} from '../inventory/inventory.codes';

export * from './reports.constants';

const DEVICE_TYPE_CODES = deviceTypes.map((type) => type.code) as [DeviceTypeCode, ...DeviceTypeCode[]];

const KNOWN_STATUSES = new Set<number>(inventoryStatuses.map((status) => status.id));

/**
 * `status`: one id or a comma-joined list of ids (an array too); 13 stands for the whole in-stock
 * group (doc 1 §2.4, §4). Absent or empty: every status. Answers the distinct ids, 13 expanded.
 */
export const statusListParam = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const items = Array.isArray(value) ? value : String(value).split(',');
    return items.map((item) => String(item).trim()).filter(Boolean);
  },
  z
    .array(wholeNumber('status is a list of status ids'), { error: 'status is a list of status ids' })
    .max(50, 'status is a list of status ids')
    .refine((ids) => ids.every((id) => KNOWN_STATUSES.has(id)), 'status holds an unknown status id')
    .transform((ids) => [...new Set(ids.flatMap((id) => (id === AGGREGATE_IN_STOCK ? [...IN_STOCK_GROUP] : [id])))])
    .optional(),
);

const deviceTypeParam = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(DEVICE_TYPE_CODES, { error: `device_type is one of ${DEVICE_TYPE_CODES.join(', ')}` }).optional(),
);

/** The filters of the detailed report that choose rows; the spec names some twice (report vs export), both are read. */
const detailedReportFilterShape = {
  status: statusListParam,
  keyword: keywordParam,
  /** The report call's name of `keyword` (doc 1 §7). */
  search_text: keywordParam,
  retailer_id: optionalIdParam,
  ibo_marketer_id: optionalIdParam,
  /** The report call's name of `ibo_marketer_id`. */
  market: optionalIdParam,
  office_id: optionalIdParam,
  agent_id: optionalIdParam,
  /** Allocation date range. */
  date_range_start: dateParam,
  date_range_end: dateParam,
  activation_date_range_start: dateParam,
  activation_date_range_end: dateParam,
  order_id: optionalTextParam(60),
  enroll_id: optionalTextParam(60),
  carton: optionalTextParam(60),
  imei: optionalTextParam(30),
  device_type: deviceTypeParam,
  rma_order_id: optionalTextParam(60),
  /** The report call's name of `rma_order_id`. */
  rmaorderid: optionalTextParam(60),
};

const dateOrder = <T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string, message: string) =>
  ({ check: (value: T) => !(typeof value[start] === 'string' && typeof value[end] === 'string' && (value[end] as string) < (value[start] as string)), path: [end], message });

/** The detailed report's filters after the aliases are folded into one name each. */
function foldDetailedAliases<T extends { keyword?: string; search_text?: string; ibo_marketer_id?: string; market?: string; rma_order_id?: string; rmaorderid?: string }>(query: T) {
  const { search_text, market, rmaorderid, ...rest } = query;
  return { ...rest, keyword: rest.keyword ?? search_text, ibo_marketer_id: rest.ibo_marketer_id ?? market, rma_order_id: rest.rma_order_id ?? rmaorderid };
}

const endNotBeforeStart = [
  dateOrder<{ date_range_start?: string; date_range_end?: string }>('date_range_start', 'date_range_end', 'The end date cannot be before the start date'),
  dateOrder<{ activation_date_range_start?: string; activation_date_range_end?: string }>('activation_date_range_start', 'activation_date_range_end', 'The end date cannot be before the start date'),
];

/** GET detailed_inventory_report and detailed_inventory_export (doc 1 §2.11, §7). Dates in the future are refused by the server against the business's today. */
export const detailedReportQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    sort: sortParam,
    sort_by: sortKeyParam(DETAILED_REPORT_SORT_KEYS),
    as_of: asOfParam,
    ...detailedReportFilterShape,
  })
  .superRefine((query, context) => {
    for (const rule of endNotBeforeStart) if (!rule.check(query)) context.addIssue({ code: 'custom', path: rule.path, message: rule.message });
  })
  .transform(foldDetailedAliases);
export type DetailedReportQuery = z.infer<typeof detailedReportQuery>;
/** The filters that choose the rows (no paging, no order): the list, its total and its export share them. */
export type DetailedReportFilters = Omit<DetailedReportQuery, 'page' | 'results' | 'sort' | 'sort_by' | 'as_of'>;

// ---------------------------------------------------------------------------------------------
// Legacy Data and its advanced query builder (doc 1 §2.12)
// ---------------------------------------------------------------------------------------------

const FIELD_NAMES = LEGACY_QUERY_FIELDS.map((field) => field.name) as [LegacyQueryField, ...LegacyQueryField[]];
const OPERATOR_NAMES = LEGACY_OPERATORS.map((operator) => operator.name) as [LegacyOperator, ...LegacyOperator[]];
/** A list value as the builder sends it: an array, or one comma-joined string. */
const listValue = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split(',')).map((item) => item.trim()).filter(Boolean);

const legacyRule = z
  .object({
    field: z.enum(FIELD_NAMES, { error: (issue) => `Unknown field ${JSON.stringify(issue.input)}: the fields are ${FIELD_NAMES.join(', ')}` }),
    operator: z.enum(OPERATOR_NAMES, { error: (issue) => `Unknown operator ${JSON.stringify(issue.input)}: the operators are ${OPERATOR_NAMES.join(', ')}` }),
    value: z.union([text().max(20_000), z.number(), z.array(z.union([text().max(100), z.number()])).max(LEGACY_MAX_IN_VALUES)], { error: 'A condition needs a value' }),
  })
  .transform((rule, context) => {
    const field = LEGACY_QUERY_FIELDS.find((candidate) => candidate.name === rule.field)!;
    const label = field.label;
    if (!(field.operators as readonly string[]).includes(rule.operator)) {
      context.addIssue({ code: 'custom', path: ['operator'], message: `${label} does not take the operator ${LEGACY_OPERATORS.find((operator) => operator.name === rule.operator)!.label}` });
      return z.NEVER;
    }
    let values: string[];
    if (rule.operator === 'in' || rule.operator === 'between') values = listValue(rule.value);
    else values = [String(rule.value).trim()];
    if (values.length === 0 || values.some((value) => value === '')) {
      context.addIssue({ code: 'custom', path: ['value'], message: `Please enter a value for ${label}` });
      return z.NEVER;
    }
    if (rule.operator === 'between' && values.length !== 2) {
      context.addIssue({ code: 'custom', path: ['value'], message: `Between needs two values for ${label}` });
      return z.NEVER;
    }
    if (values.length > LEGACY_MAX_IN_VALUES) {
      context.addIssue({ code: 'custom', path: ['value'], message: `In takes at most ${LEGACY_MAX_IN_VALUES} values` });
      return z.NEVER;
    }
    if ('values' in field) {
      values = values.map((value) => value.toUpperCase());
      const unknown = values.find((value) => !(field.values as readonly string[]).includes(value));
      if (unknown) {
        context.addIssue({ code: 'custom', path: ['value'], message: `${label} is one of ${field.values.join(', ')}` });
        return z.NEVER;
      }
    }
    if (values.some((value) => value.length > 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: `A value is at most 100 characters` });
      return z.NEVER;
    }
    return { field: rule.field, operator: rule.operator, values };
  });
export type LegacyRule = z.output<typeof legacyRule>;

/**
 * The advanced query as the builder sends it in `query_string` (doc 1 §2.12): JSON text or an
 * object `{ combinator: 'and' | 'or', rules: [{ field, operator, value }] }`; ALL = and, ANY = or;
 * no nested groups. `in` takes a list (array or comma-joined), `between` two values (text order).
 */
export const legacyQueryString = z
  .preprocess(
    (value, context) => {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'query_string is not valid JSON', input: value });
        return z.NEVER;
      }
    },
    z
      .object(
        {
          combinator: z.preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(['and', 'or'], { error: 'combinator is and (Matches ALL) or or (Matches ANY)' })).default('and'),
          rules: z
            .array(
              z.preprocess((rule, context) => {
                if (typeof rule === 'object' && rule !== null && 'rules' in rule) {
                  context.addIssue({ code: 'custom', message: 'Nested groups are not supported: one level of conditions', input: rule });
                  return z.NEVER;
                }
                return rule;
              }, legacyRule),
              { error: 'rules is a list of conditions' },
            )
            .max(LEGACY_MAX_RULES, `At most ${LEGACY_MAX_RULES} conditions`),
        },
        { error: 'query_string is a query: { combinator, rules: [{ field, operator, value }] }' },
      )
      .optional(),
  )
  .meta({
    description:
      'The advanced query builder (doc 1 §2.12), as JSON text or an object: { "combinator": "and" (Matches ALL) | "or" (Matches ANY), "rules": [{ "field", "operator", "value" }] }, ' +
      `no nested groups, at most ${LEGACY_MAX_RULES} conditions. Fields: ${LEGACY_QUERY_FIELDS.map((field) => `${field.name} (${field.label}: ${field.operators.join(' ')})`).join(', ')}. ` +
      "Operators: = equals, != not equals (also matches no value), in (a list or one comma-joined string), contains / beginsWith / endsWith (ignoring case), between (two values, inclusive, text order). " +
      'Device Type values: FREEPHONE_SMART, PHONE, SIM, TABLET. An unknown field or operator, or an operator a field does not take, is a 400.',
  });
export type LegacyQuery = NonNullable<z.output<typeof legacyQueryString>>;

const LEGACY_RANGES = [
  ['date_range_start', 'date_range_end', 'Activation'],
  ['order_date_range_start', 'order_date_range_end', 'Order'],
  ['allocation_date_range_start', 'allocation_date_range_end', 'Allocation'],
] as const;

const daysBetween = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

/** Query parameters of POST/GET legacy_detailed_sales_report and legacy_detailed_sales_export (doc 1 §7); the builder's query is the body's `query_string`. */
export const legacyReportQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    sort: sortParam,
    sort_by: sortKeyParam(LEGACY_SORT_KEYS),
    status: statusListParam,
    keyword: keywordParam,
    office_id: optionalIdParam,
    agent_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    /** Activation date range. */
    date_range_start: dateParam,
    date_range_end: dateParam,
    order_date_range_start: dateParam,
    order_date_range_end: dateParam,
    allocation_date_range_start: dateParam,
    allocation_date_range_end: dateParam,
    carton: optionalTextParam(60),
    imei: optionalTextParam(30),
    device_type: deviceTypeParam,
    enroll_id: optionalTextParam(60),
    inventory_request_order_id: optionalTextParam(60),
  })
  .superRefine((query, context) => {
    for (const [start, end, name] of LEGACY_RANGES) {
      const from = query[start];
      const to = query[end];
      if (to && !from) context.addIssue({ code: 'custom', path: [start], message: `Please choose the ${name} From date first` });
      if (from && to && to < from) context.addIssue({ code: 'custom', path: [end], message: 'The end date cannot be before the start date' });
      if (from && to && daysBetween(from, to) > LEGACY_RANGE_DAYS) context.addIssue({ code: 'custom', path: [end], message: `The end date can be at most ${LEGACY_RANGE_DAYS} days after the start date` });
    }
  });
export type LegacyReportQuery = z.infer<typeof legacyReportQuery>;
export type LegacyReportFilters = Omit<LegacyReportQuery, 'page' | 'results' | 'sort' | 'sort_by'>;

/** The body of POST legacy_detailed_sales_report / legacy_detailed_sales_export. */
export const legacyReportBody = z.object({ query_string: legacyQueryString }).default({ query_string: undefined });

// ---------------------------------------------------------------------------------------------
// Inventory by managers / IBOs / agents / offices (doc 1 §2.10) and aged inventory (§2.13)
// ---------------------------------------------------------------------------------------------

/** GET inventory_summary_reports/manager (filter, sort_by, sort, manager_id, page). */
export const managerSummaryQuery = z.object({ page: pageParam, results: resultsParam, filter: keywordParam, sort: sortParam, sort_by: sortKeyParam(SUMMARY_REPORT_SORT_KEYS.manager), manager_id: optionalIdParam, as_of: asOfParam });
/** GET inventory_summary_reports/ibo_marketer (filter, sort_by, sort, ibo_marketer_id, page). */
export const iboSummaryQuery = z.object({ page: pageParam, results: resultsParam, filter: keywordParam, sort: sortParam, sort_by: sortKeyParam(SUMMARY_REPORT_SORT_KEYS.ibo), ibo_marketer_id: optionalIdParam, as_of: asOfParam });
/** GET agentlist_with_pagination (page, agent_id). */
export const agentSummaryQuery = z.object({ page: pageParam, results: resultsParam, sort: sortParam, sort_by: sortKeyParam(SUMMARY_REPORT_SORT_KEYS.agent), agent_id: optionalIdParam, office_id: optionalIdParam, as_of: asOfParam });
/** GET inventory_summary_for_manager_with_pagination (page, office_id). */
export const officeSummaryQuery = z.object({ page: pageParam, results: resultsParam, sort: sortParam, sort_by: sortKeyParam(SUMMARY_REPORT_SORT_KEYS.office), office_id: optionalIdParam, as_of: asOfParam });

export const inventoryCountParams = z.object({
  id: idParam('id is required'),
  type: z.enum(INVENTORY_COUNT_TYPES, { error: `type is one of ${INVENTORY_COUNT_TYPES.join(', ')}` }),
});

const periodParam = z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(AGED_PERIODS, { error: "period is 'pre' or 'post'" }).default('pre'));

/** GET aged_inventory_summary_reports/{agent|manager|ibo_marketer|office} (+ export): page, filter, sort_by, sort, the id filter, period. */
export const agedReportQuery = (holder: keyof typeof AGED_REPORT_SORT_KEYS) =>
  z.object({
    page: pageParam,
    results: resultsParam,
    filter: keywordParam,
    sort: sortParam,
    sort_by: sortKeyParam(AGED_REPORT_SORT_KEYS[holder]),
    period: periodParam,
    agent_id: optionalIdParam,
    manager_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    office_id: optionalIdParam,
    as_of: asOfParam,
  });
export type AgedReportQuery = z.infer<ReturnType<typeof agedReportQuery>>;

/** GET aged/{kind}/{id}/{bucket}/{Product_Type}: the bucket by its column key (days1_15 ...) or its label (1-15 ...). */
export const agedCellParams = z.object({
  id: idParam('id is required'),
  bucket: z.preprocess(
    (value) => AGING_BANDS.find((band) => band.label === value || band.reportKey === value)?.reportKey ?? value,
    z.enum(AGED_BUCKETS, { error: `bucket is one of ${AGED_BUCKETS.join(', ')}` }),
  ),
  Product_Type: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(DEVICE_TYPE_CODES, { error: `Product_Type is one of ${DEVICE_TYPE_CODES.join(', ')}` })),
});
export const agedCellQuery = z.object({ period: periodParam, as_of: asOfParam });

/** GET inventory/{kind}/{id}/{type}: the devices behind a count, as of a past moment when asked (roles 1, 12, 15). */
export const countDownloadQuery = z.object({ as_of: asOfParam });
