import { z } from 'zod';
import { deviceIdParam } from '../inventory/inventory.schemas';
import { text } from '../platform/input';
import { dateParam, idParam, keywordParam, optionalIdParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { SALES_PATH_WORDS } from './sales.periods';
import { ROLE } from '../platform/roles';

/** The Detailed Sales Report's sortable columns (doc 2 §2): every column it shows. */
export const DETAILED_SALES_SORT_KEYS = [
  'ibo_name', 'allocated_office_name', 'office_name', 'agent_name', 'enroll_id', 'excess_code', 'imei', 'pallet', 'carton', 'enroll_type', 'esn',
  'order_date', 'activation_date', 'allocation_date', 'plan_name', 'device_type', 'subscriber_state', 'subscriber_zip',
] as const;
export type DetailedSalesSortKey = (typeof DETAILED_SALES_SORT_KEYS)[number];

/** The Agent Sales Detailed Report's sortable columns (doc 2 §2). */
export const AGENT_SALES_SORT_KEYS = ['enroll_id', 'imei', 'pallet', 'carton', 'order_date', 'activation_date', 'received_date', 'plan_name', 'device_type'] as const;
export type AgentSalesSortKey = (typeof AGENT_SALES_SORT_KEYS)[number];

/** An activation date range: the end not before the start (the 31-day window is checked against the business's today by the server). */
const activationRange = <T extends { start_date?: string; end_date?: string }>(query: T, context: z.RefinementCtx) => {
  if (query.end_date && !query.start_date) context.addIssue({ code: 'custom', path: ['start_date'], message: 'Please choose the start date first' });
  if (query.start_date && query.end_date && query.end_date < query.start_date) context.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date cannot be before the start date' });
};

/** GET manager/manager_sales_report and detailed_sales_export (doc 2 §7): keyword, start/end date, office, IBO/market. */
export const detailedSalesQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    sort: sortParam,
    sort_by: sortKeyParam(DETAILED_SALES_SORT_KEYS),
    keyword: keywordParam,
    start_date: dateParam,
    end_date: dateParam,
    office_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
  })
  .superRefine(activationRange);
export type DetailedSalesQuery = z.output<typeof detailedSalesQuery>;
export type DetailedSalesFilters = Omit<DetailedSalesQuery, 'page' | 'results' | 'sort' | 'sort_by'>;

/** GET agent/agent_sales_report and agent_sales_report_export (doc 2 §7): keyword, start/end date; the export's office_id is read and ignored (the agent's own sales). */
export const agentSalesQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    sort: sortParam,
    sort_by: sortKeyParam(AGENT_SALES_SORT_KEYS),
    keyword: keywordParam,
    start_date: dateParam,
    end_date: dateParam,
    office_id: optionalIdParam,
  })
  .superRefine(activationRange);
export type AgentSalesQuery = z.output<typeof agentSalesQuery>;

/** A summary sorts by its holder's name (any of the rows' name keys), the agents' office, or a period's count. */
export const SALES_SUMMARY_SORT_KEYS = ['name', 'agent_name', 'office_name', 'office_manager_name', 'ibo_market_name', 'today', 'WTD', 'MTD', 'last_7_days', 'last_30_days'] as const;
const summaryPaging = { page: pageParam, results: resultsParam, sort: sortParam, sort_by: sortKeyParam(SALES_SUMMARY_SORT_KEYS) };

/** GET manager/sales_by_agents (agent_id, page, sort, sort_by) and its export; office_id narrows to one office's agents (ours). */
export const salesByAgentsQuery = z.object({ ...summaryPaging, agent_id: optionalIdParam, office_id: optionalIdParam });
/** GET manager/sales_by_office and sales_summary_reports/office (filter, sort_by, sort, office_id, page) and the export. */
export const salesByOfficesQuery = z.object({ ...summaryPaging, filter: keywordParam, office_id: optionalIdParam });
/** GET sales_summary_reports/manager (page, manager_id, sort_by, sort) and the export. */
export const salesByManagersQuery = z.object({ ...summaryPaging, filter: keywordParam, manager_id: optionalIdParam });
/** GET sales_summary_reports/ibo_marketer (page, ibo_marketer_id, sort_by, sort) and the export. */
export const salesByIbosQuery = z.object({ ...summaryPaging, filter: keywordParam, ibo_marketer_id: optionalIdParam });
export type SalesSummaryQuery = z.output<typeof salesByAgentsQuery> & z.output<typeof salesByOfficesQuery> & z.output<typeof salesByManagersQuery> & z.output<typeof salesByIbosQuery>;

/** GET sales/{agent|office|manager|ibo}/{id}/{period}: period one of today, wtd, mtd, 7_day, 30_day (doc 2 §7). */
export const salesBreakdownParams = z.object({
  id: idParam('id is required'),
  period: z.enum(SALES_PATH_WORDS, { error: `period is one of ${SALES_PATH_WORDS.join(', ')}` }),
});

/** POST integration activations/{imei}/reversal (ours). */
export const activationReversalParams = z.object({ imei: deviceIdParam('IMEI is required') });
export const activationReversalBody = z
  .object({ reason: z.preprocess((value) => (value === '' || value === undefined ? null : value), text().trim().max(200, 'At most 200 characters').nullable()).default(null) })
  .default({ reason: null });
export type ActivationReversalBody = z.output<typeof activationReversalBody>;

/** The Detailed Sales Report's IBO Name column and IBO/Market filter are hidden for roles 11 and 3 (doc 2 §6): shown to retailer managers and the super role. */
export const detailedSalesShowsIbo = (roles: readonly number[]): boolean => roles.includes(ROLE.RETAILER_MANAGER) || roles.includes(ROLE.SUPER_ADMIN);
