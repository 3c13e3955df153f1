import {
  AGING_BANDS,
  deviceTypeName,
  inventoryStatusName,
  type AgedBucket,
  type AgedPeriod,
  type AgedRow,
  type AgentSummaryRow,
  type DetailedReportFilters,
  type IboSummaryRow,
  type InventoryCountType,
  type LegacyQuery,
  type LegacyReportFilters,
  type ManagerSummaryRow,
  type OfficeSummaryRow,
  type Page,
  SUMMARY_COUNTS,
  SUMMARY_REPORT_COUNTS,
  type SummaryCountField,
} from '@portal/contracts';
import {
  type DeviceChoice,
  type DeviceFacts,
  type Holder,
  type SummaryFilters,
  agedCellChoice,
  agedInventory,
  agentSummary,
  chosenDeviceCount,
  chosenDevicePages,
  countedDevicesChoice,
  detailedReportChoice,
  iboSummary,
  legacyReportChoice,
  managerSummary,
  officeSummary,
} from '@portal/projections';
import type { SqlDb, Scope } from '@portal/projections';
import { type ExportColumn, type ExportDefinition, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** "Today" of an export is the moment it was asked for: the file matches the screen the user saw. */
interface AsOf {
  readonly requested_at: string;
}

/** The screen's sort, which a report's file follows. */
interface Sorted {
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
}

/** The 20 columns of the detailed report (doc 1 §2.11), also the columns of every download by count. */
const DETAILED_COLUMNS: readonly ExportColumn<DeviceFacts>[] = [
  { heading: 'IBO Name', value: (row) => row.ibo_name },
  { heading: 'Allocated Office', value: (row) => row.allocated_office_name },
  { heading: 'Office', value: (row) => row.office_name },
  { heading: 'Agent', value: (row) => row.agent_name },
  { heading: 'Make', value: (row) => row.make },
  { heading: 'Enrollment ID', value: (row) => row.enroll_id },
  { heading: 'ETC Code', value: (row) => row.etc_code },
  { heading: 'Model', value: (row) => row.model },
  { heading: 'Pallet', value: (row) => row.pallet },
  { heading: 'Carton', value: (row) => row.carton_number },
  { heading: 'Enrollment Type', value: (row) => row.enroll_type },
  { heading: 'ESN', value: (row) => row.esn },
  { heading: 'IMEI', value: (row) => row.imei },
  { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
  // The code too: downstream systems match on it.
  { heading: 'Device Type Code', value: (row) => row.device_type },
  { heading: 'Status', value: (row) => inventoryStatusName(row.status) },
  { heading: 'Allocation Date', value: (row) => formatExportDate(row.allocation_date) },
  { heading: 'Device Age', value: (row) => row.device_age },
  { heading: 'Order Prefix', value: (row) => row.order_id },
  { heading: 'RMA Prefix', value: () => null },
  { heading: 'Activation Date', value: (row) => formatExportDate(row.activation_date) },
];


/** A device export: every device its screen's query chooses, in the screen's order (keyset pages). */
function deviceExport<Filters extends AsOf & Sorted>(name: string, columns: readonly ExportColumn<DeviceFacts>[], choose: (scope: Scope, filters: Filters) => DeviceChoice): ExportDefinition<DeviceFacts, Filters> {
  return {
    name,
    columns,
    rows: (db: SqlDb, scope: Scope, filters: Filters) => chosenDevicePages(db, choose(scope, filters), filters.requested_at, { sort_by: filters.sort_by, sort: filters.sort }),
    count: (db: SqlDb, scope: Scope, filters: Filters) => chosenDeviceCount(db, choose(scope, filters)),
  };
}

export type DetailedExportFilters = DetailedReportFilters & AsOf & Sorted;
export const detailedExport = deviceExport<DetailedExportFilters>('inventory-detailed-report', DETAILED_COLUMNS, (scope, filters) => detailedReportChoice(scope, filters));

/** Legacy Data's columns (doc 1 §2.12); Retailer Name only for the super role (doc 1 §6). */
const legacyColumns = (withRetailer: boolean): ExportColumn<DeviceFacts>[] => [
  ...(withRetailer ? [{ heading: 'Retailer Name', value: (row: DeviceFacts) => row.retailer_name }] : []),
  { heading: 'IBO / Markets', value: (row) => row.ibo_name },
  { heading: 'Allocated Office', value: (row) => row.allocated_office_name },
  { heading: 'Office', value: (row) => row.office_name },
  { heading: 'Agent Name', value: (row) => row.agent_name },
  { heading: 'ETC Code', value: (row) => row.etc_code },
  { heading: 'Enrollment Number', value: (row) => row.enroll_id },
  { heading: 'Order ID', value: (row) => row.order_id },
  { heading: 'RMA ID', value: () => null },
  { heading: 'IMEI', value: (row) => row.imei },
  { heading: 'Pallet', value: (row) => row.pallet },
  { heading: 'Carton', value: (row) => row.carton_number },
  { heading: 'Enrollment Type', value: (row) => row.enroll_type },
  { heading: 'ESN', value: (row) => row.esn },
  { heading: 'Order Date', value: (row) => formatExportDate(row.order_date) },
  { heading: 'Activation Date', value: (row) => formatExportDate(row.activation_date) },
  { heading: 'Allocation Date', value: (row) => formatExportDate(row.allocation_date) },
  { heading: 'Status', value: (row) => inventoryStatusName(row.status) },
  { heading: 'Plan Name', value: (row) => row.plan_name },
  { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
  { heading: 'Device Type Code', value: (row) => row.device_type },
];

export type LegacyExportFilters = LegacyReportFilters & AsOf & Sorted & { readonly query?: LegacyQuery };
const legacyWhere = (scope: Scope, filters: LegacyExportFilters) => legacyReportChoice(scope, filters, filters.query);
export const legacyExport = deviceExport<LegacyExportFilters>('legacy-data', legacyColumns(false), legacyWhere);
export const legacyExportWithRetailer = deviceExport<LegacyExportFilters>('legacy-data-retailer', legacyColumns(true), legacyWhere);

/** A clicked non-zero count of a by-* report (GET inventory/{holder}/{id}/{type}). */
export type CountedDevicesFilters = AsOf & { readonly holder: Holder; readonly holder_id: string; readonly type: InventoryCountType };
export const countedDevicesExport = deviceExport<CountedDevicesFilters>('inventory-by-count', DETAILED_COLUMNS, (scope, filters) =>
  countedDevicesChoice(scope, filters.holder, filters.holder_id, filters.type, filters.requested_at),
);

/** A clicked non-zero cell of an aged report (GET aged/{holder}/{id}/{bucket}/{Product_Type}). */
export type AgedCellFilters = AsOf & { readonly holder: Holder; readonly holder_id: string; readonly bucket: AgedBucket; readonly product_type: string; readonly period: AgedPeriod };
export const agedCellExport = deviceExport<AgedCellFilters>('aged-inventory-devices', DETAILED_COLUMNS, (scope, filters) =>
  agedCellChoice(scope, filters.holder, filters.holder_id, filters.bucket, filters.product_type, filters.period, filters.requested_at),
);

// ----- The summaries' own lists, page by page through the screen's query -----

const asPage = <Row>(page: Page<Row>) => ({ data: [...page.data], total: page.total, current_page: page.current_page });

type SummaryExportFilters = SummaryFilters & AsOf & { readonly sort_by?: string; readonly sort?: 'ASC' | 'DESC' };
const paging = (filters: SummaryExportFilters & { page: number; results: number }) => ({ page: filters.page, results: filters.results, sort_by: filters.sort_by, sort: filters.sort, asOf: filters.requested_at });

/** The count columns as the screen heads them (contracts' SUMMARY_COUNTS: the statuses' one names). */
const countColumns = <Row extends Partial<Record<SummaryCountField, number>>>(fields: readonly (SummaryCountField & keyof Row)[]): ExportColumn<Row>[] =>
  fields.map((field) => ({ heading: SUMMARY_COUNTS[field].title, value: (row) => row[field] ?? null }));

export const managerSummaryExport = listExport<ManagerSummaryRow, SummaryExportFilters>(
  'inventory-by-managers',
  [{ heading: 'Manager', value: (row) => row.office_manager_name }, ...countColumns<ManagerSummaryRow>(SUMMARY_REPORT_COUNTS.manager)],
  async (db, scope, filters) => asPage((await managerSummary(db, scope, filters, paging(filters))).page),
);
export const iboSummaryExport = listExport<IboSummaryRow, SummaryExportFilters>(
  'inventory-by-ibos',
  [{ heading: 'IBO / Market', value: (row) => row.ibo_market_name }, ...countColumns<IboSummaryRow>(SUMMARY_REPORT_COUNTS.ibo)],
  async (db, scope, filters) => asPage((await iboSummary(db, scope, filters, paging(filters))).page),
);
export const agentSummaryExport = listExport<AgentSummaryRow, SummaryExportFilters>(
  'inventory-by-agents',
  [
    { heading: 'Agent', value: (row) => row.agent_name },
    { heading: 'Office', value: (row) => row.office_name },
    ...countColumns<AgentSummaryRow>(SUMMARY_REPORT_COUNTS.agent),
  ],
  async (db, scope, filters) => asPage((await agentSummary(db, scope, filters, paging(filters))).page),
);
export const officeSummaryExport = listExport<OfficeSummaryRow, SummaryExportFilters>(
  'inventory-by-offices',
  [
    { heading: 'Office', value: (row) => row.office_name },
    ...countColumns<OfficeSummaryRow>(SUMMARY_REPORT_COUNTS.office),
  ],
  async (db, scope, filters) => asPage((await officeSummary(db, scope, filters, paging(filters))).page),
);

// ----- Aged reports -----

const AGED_HOLDER_HEADINGS: Record<Holder, { heading: string; name: keyof AgedRow }> = {
  agent: { heading: 'Agent', name: 'Agent_name' },
  manager: { heading: 'Manager', name: 'office_manager_name' },
  ibo: { heading: 'IBO / Market', name: 'ibo_name' },
  office: { heading: 'Office', name: 'office_name' },
};

type AgedExportFilters = SummaryExportFilters & { readonly period: AgedPeriod };
const agedExport = (holder: Holder) =>
  listExport<AgedRow, AgedExportFilters>(
    `aged-inventory-by-${holder}`,
    [
      { heading: AGED_HOLDER_HEADINGS[holder].heading, value: (row) => (row[AGED_HOLDER_HEADINGS[holder].name] as string | undefined) ?? null },
      // An agent's office tells apart agents of one name, as on screen.
      ...(holder === 'agent' ? [{ heading: 'Office', value: (row: AgedRow) => row.office_name ?? null }, { heading: 'Office Number', value: (row: AgedRow) => row.office_number ?? null }] : []),
      { heading: 'Device Type', value: (row) => deviceTypeName(row.Product_Type) },
      ...AGING_BANDS.map((band) => ({ heading: `${band.label} Days`, value: (row: AgedRow) => Number(row[band.reportKey]) })),
      { heading: 'Total', value: (row) => Number(row.total) },
    ],
    async (db, scope, filters) => asPage((await agedInventory(db, scope, holder, filters, paging(filters))).items),
  );
export const AGED_EXPORTS: Record<Holder, ReturnType<typeof agedExport>> = {
  agent: agedExport('agent'),
  manager: agedExport('manager'),
  ibo: agedExport('ibo'),
  office: agedExport('office'),
};

export const REPORT_EXPORTS = [
  detailedExport,
  legacyExport,
  legacyExportWithRetailer,
  countedDevicesExport,
  agedCellExport,
  managerSummaryExport,
  iboSummaryExport,
  agentSummaryExport,
  officeSummaryExport,
  ...Object.values(AGED_EXPORTS),
] as const;
