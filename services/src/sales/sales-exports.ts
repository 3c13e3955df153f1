import {
  type AgentSalesSummaryRow,
  type DateRange,
  type IboSalesSummaryRow,
  type ManagerSalesSummaryRow,
  type OfficeSalesSummaryRow,
  type Page,
  SALES_PERIODS,
  SALES_PERIOD_NAMES,
  SALES_PERIOD_TITLES,
  type SalesCounts,
  type SalesPeriod,
  deviceTypeName,
  salesPeriodRange,
} from '@portal/contracts';
import {
  type Holder,
  type SaleChoice,
  type SaleFacts,
  type SaleOrder,
  type SalesSummary,
  type SalesSummaryFilters,
  type SalesSummaryPaging,
  type Scope,
  type SqlDb,
  agentSalesChoice,
  businessDate,
  detailedSalesChoice,
  saleCount,
  salePages,
  salesBreakdownChoice,
  salesByAgents,
  salesByIbos,
  salesByManagers,
  salesByOffices,
} from '@portal/projections';
import { type ExportColumn, type ExportDefinition, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** "Today" of a file is the moment it was asked for: the file matches the screen the user saw. */
interface AsOf {
  readonly requested_at: string;
}
const todayOf = (asOf: string) => businessDate(new Date(asOf));

/** The Detailed Sales Report's columns (doc 2 §2); IBO Name only where the screen shows it (not for roles 11 and 3). */
const detailedColumns = (withIbo: boolean): ExportColumn<SaleFacts>[] => [
  ...(withIbo ? [{ heading: 'IBO Name', value: (row: SaleFacts) => row.ibo_name }] : []),
  { heading: 'Allocated Office', value: (row) => row.allocated_office_name },
  { heading: 'Office', value: (row) => row.office_name },
  { heading: 'Agent', value: (row) => row.agent_name },
  { heading: 'Enrollment ID', value: (row) => row.enroll_id },
  { heading: 'ETC Code', value: (row) => row.etc_code },
  { heading: 'IMEI', value: (row) => row.imei },
  { heading: 'Pallet', value: (row) => row.pallet },
  { heading: 'Carton', value: (row) => row.carton_number },
  { heading: 'Enrollment Type', value: (row) => row.enroll_type },
  { heading: 'ESN', value: (row) => row.esn },
  { heading: 'Order Date', value: (row) => formatExportDate(row.order_date) },
  { heading: 'Activation Date', value: (row) => formatExportDate(row.activation_date) },
  { heading: 'Allocation Date', value: (row) => formatExportDate(row.allocation_date) },
  { heading: 'Plan Name', value: (row) => row.plan_name },
  { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
  // The code too: downstream systems match on it.
  { heading: 'Device Type Code', value: (row) => row.device_type },
  { heading: 'Subscriber State', value: (row) => row.subscriber_state },
  { heading: 'Subscriber Zip', value: (row) => row.subscriber_zip },
];

/** A sales file: every sale its screen's choice means, in the screen's order. */
function salesExport<Filters extends AsOf & SaleOrder>(
  name: string,
  columns: readonly ExportColumn<SaleFacts>[],
  choose: (scope: Scope, filters: Filters) => SaleChoice,
  columnsFor?: (filters: Filters) => readonly ExportColumn<SaleFacts>[],
): ExportDefinition<SaleFacts, Filters> {
  return {
    name,
    columns,
    ...(columnsFor && { columnsFor }),
    rows: (db: SqlDb, scope: Scope, filters: Filters) => salePages(db, choose(scope, filters), filters),
    count: (db: SqlDb, scope: Scope, filters: Filters) => saleCount(db, choose(scope, filters)),
  };
}

/** Whether the file has the IBO Name column: as the caller's Detailed Sales Report (contracts' `detailedSalesShowsIbo`). */
interface IboColumn {
  readonly with_ibo: boolean;
}
// A file queued before `with_ibo` existed had every column.
const detailedColumnsFor = (filters: IboColumn) => detailedColumns(filters.with_ibo !== false);

export type DetailedSalesExportFilters = AsOf & SaleOrder & IboColumn & { readonly keyword?: string; readonly office_id?: string; readonly ibo_marketer_id?: string; readonly range: DateRange };
const detailedChoice = (scope: Scope, filters: DetailedSalesExportFilters) => detailedSalesChoice(scope, filters, filters.range);
export const detailedSalesExport = salesExport<DetailedSalesExportFilters>('detailed-sales-report', detailedColumns(true), detailedChoice, detailedColumnsFor);

/** The Agent Sales Detailed Report's columns (doc 2 §2). */
const AGENT_COLUMNS: readonly ExportColumn<SaleFacts>[] = [
  { heading: 'Enrollment Number', value: (row) => row.enroll_id },
  { heading: 'IMEI', value: (row) => row.imei },
  { heading: 'Pallet', value: (row) => row.pallet },
  { heading: 'Carton', value: (row) => row.carton_number },
  { heading: 'Order Date', value: (row) => formatExportDate(row.order_date) },
  { heading: 'Activation Date', value: (row) => formatExportDate(row.activation_date) },
  { heading: 'Received Date', value: (row) => formatExportDate(row.received_at) },
  { heading: 'Plan Name', value: (row) => row.plan_name },
  { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
];
export type AgentSalesExportFilters = AsOf & SaleOrder & { readonly agent_id: string; readonly keyword?: string; readonly range: DateRange };
export const agentSalesExport = salesExport<AgentSalesExportFilters>('agent-sales-report', AGENT_COLUMNS, (_scope, filters) => agentSalesChoice(filters.agent_id, filters, filters.range));

/** A clicked non-zero count of a sales summary (GET sales/{level}/{id}/{period}): its sales, the detailed report's columns (no IBO Name for roles 11 and 3). */
export type SalesBreakdownFilters = AsOf & IboColumn & { readonly holder: Holder; readonly holder_id: string; readonly period: SalesPeriod };
const breakdownChoice = (scope: Scope, filters: SalesBreakdownFilters) => salesBreakdownChoice(scope, filters.holder, filters.holder_id, salesPeriodRange(filters.period, todayOf(filters.requested_at)));
export const salesBreakdownExport = salesExport<SalesBreakdownFilters>('sales-breakdown', detailedColumns(true), breakdownChoice, detailedColumnsFor);

// ----- The summaries' own lists, page by page through the screen's query -----

type SummaryExportFilters = SalesSummaryFilters & AsOf & SaleOrder;
const summaryPaging = (filters: SummaryExportFilters & { page: number; results: number }): SalesSummaryPaging => ({
  page: filters.page,
  results: filters.results,
  sort_by: filters.sort_by,
  sort: filters.sort,
  today: todayOf(filters.requested_at),
});
const asPage = <Row>(page: Page<Row>) => ({ data: [...page.data], total: page.total, current_page: page.current_page });
const periodColumns = <Row extends SalesCounts>(): ExportColumn<Row>[] =>
  SALES_PERIODS.map((period) => ({ heading: SALES_PERIOD_TITLES[period], value: (row: Row) => row[SALES_PERIOD_NAMES[period].row] }));

function summaryExport<Row extends SalesCounts>(
  name: string,
  nameColumns: ExportColumn<Row>[],
  query: (db: SqlDb, scope: Scope, filters: SalesSummaryFilters, paging: SalesSummaryPaging) => Promise<SalesSummary<Row>>,
) {
  return listExport<Row, SummaryExportFilters>(name, [...nameColumns, ...periodColumns<Row>()], async (db, scope, filters) => asPage((await query(db, scope, filters, summaryPaging(filters))).page));
}

export const salesByAgentsExport = summaryExport<AgentSalesSummaryRow>(
  'sales-by-agents',
  [{ heading: 'Agent', value: (row) => row.agent_name }, { heading: 'Office', value: (row) => row.office_name }, { heading: 'Office Number', value: (row) => row.office_number }],
  salesByAgents,
);
export const salesByOfficesExport = summaryExport<OfficeSalesSummaryRow>('sales-by-offices', [{ heading: 'Office', value: (row) => row.office_name }, { heading: 'Office Number', value: (row) => row.office_number }], salesByOffices);
export const salesByManagersExport = summaryExport<ManagerSalesSummaryRow>('sales-by-managers', [{ heading: 'Manager', value: (row) => row.office_manager_name }], salesByManagers);
export const salesByIbosExport = summaryExport<IboSalesSummaryRow>('sales-by-ibos', [{ heading: 'IBO / Market', value: (row) => row.ibo_market_name }], salesByIbos);

export const SALES_EXPORTS = [
  detailedSalesExport,
  agentSalesExport,
  salesBreakdownExport,
  salesByAgentsExport,
  salesByOfficesExport,
  salesByManagersExport,
  salesByIbosExport,
];
