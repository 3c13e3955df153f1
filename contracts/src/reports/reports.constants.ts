import {
  AGING_BANDS,
  type DeviceTypeCode,
  IN_STOCK_GROUP,
  LOST_DEFECTIVE_GROUP,
  deviceTypes,
  otherStatuses,
} from '../inventory/inventory.codes';
import { inventoryStatusName } from '../inventory/device-custody';

/*
 * The reports' fixed lists and limits, without zod: the console imports these (the schemas in
 * reports.schemas.ts build on them) and need not load the validation library for them.
 */

const DEVICE_TYPE_CODES = deviceTypes.map((type) => type.code) as [DeviceTypeCode, ...DeviceTypeCode[]];

/** The three status checkbox groups of the detailed report and Legacy Data (doc 1 §4). */
export const STATUS_GROUPS = [
  { key: 'instock', label: 'INSTOCK', statuses: IN_STOCK_GROUP as readonly number[] },
  { key: 'lost', label: 'LOST/DEFECTIVE', statuses: LOST_DEFECTIVE_GROUP as readonly number[] },
  { key: 'others', label: 'OTHERS', statuses: otherStatuses() },
] as const;

/** The sortable columns of the detailed report (doc 1 §2.11 columns, §3 device row). */
export const DETAILED_REPORT_SORT_KEYS = [
  'ibo_name', 'allocated_office_name', 'office_name', 'agent_name', 'make', 'enroll_id', 'excess_code', 'model', 'pallet', 'carton',
  'enroll_type', 'esn', 'imei', 'device_type', 'status_name', 'allocation_date', 'device_age', 'order_prefix', 'rma_prefix', 'activation_date',
] as const;
export type DetailedReportSortKey = (typeof DETAILED_REPORT_SORT_KEYS)[number];

/** Operators of the query builder (their names as react-querybuilder writes them). */
export const LEGACY_OPERATORS = [
  { name: '=', label: 'Equals' },
  { name: '!=', label: 'Not Equals' },
  { name: 'in', label: 'In' },
  { name: 'contains', label: 'Contains' },
  { name: 'beginsWith', label: 'Begins With' },
  { name: 'endsWith', label: 'Ends With' },
  { name: 'between', label: 'Between' },
] as const;
export type LegacyOperator = (typeof LEGACY_OPERATORS)[number]['name'];

const TEXT_OPERATORS: readonly LegacyOperator[] = ['=', '!=', 'in', 'contains', 'beginsWith', 'endsWith'];

/** Fields of the query builder, in the spec's order, with the operators each allows (Between for Order ID and RMA ID; Device Type a select with equals / not equals). */
export const LEGACY_QUERY_FIELDS = [
  { name: 'imei', label: 'IMEI', operators: TEXT_OPERATORS },
  { name: 'carton', label: 'Carton', operators: TEXT_OPERATORS },
  { name: 'order_id', label: 'Order ID', operators: [...TEXT_OPERATORS, 'between'] },
  { name: 'rma_id', label: 'RMA ID', operators: [...TEXT_OPERATORS, 'between'] },
  { name: 'enroll_id', label: 'Enrollment Number', operators: TEXT_OPERATORS },
  { name: 'device_type', label: 'Device Type', operators: ['=', '!='], values: DEVICE_TYPE_CODES },
  { name: 'pallet', label: 'Pallet', operators: TEXT_OPERATORS },
  { name: 'etc_code', label: 'ETC Code', operators: TEXT_OPERATORS },
  { name: 'plan_name', label: 'Plan Name', operators: TEXT_OPERATORS },
] as const satisfies readonly { name: string; label: string; operators: readonly LegacyOperator[]; values?: readonly string[] }[];
export type LegacyQueryField = (typeof LEGACY_QUERY_FIELDS)[number]['name'];

/** At most this many conditions and values: a person builds a query, not a program. */
export const LEGACY_MAX_RULES = 20;
export const LEGACY_MAX_IN_VALUES = 1000;

/** The sortable columns of Legacy Data (doc 1 §2.12 columns, §3 legacy rows). */
export const LEGACY_SORT_KEYS = [
  'retailer_name', 'ibo_name', 'allocated_office_name', 'office_name', 'agent_name', 'excess_code', 'enroll_id', 'order_prefix', 'rma_prefix', 'imei', 'pallet',
  'carton', 'enroll_type', 'esn', 'order_date', 'activation_date', 'allocation_date', 'status_name', 'plan_name', 'device_type',
] as const;

/** Legacy date pickers: end not before start, at most start + 30 days (doc 1 §5, §9). */
export const LEGACY_RANGE_DAYS = 30;

/**
 * The counts of the by-* reports that a click downloads (doc 1 §7 "download by count" names the
 * first five; doc 1 §2.10 makes every non-zero cell clickable, so Manager Received and Agent
 * Transfer have a type too: ours).
 */
export const INVENTORY_COUNT_TYPES = ['agent_received', 'agent_pending', 'sold', 'instock', 'manager_pending', 'manager_received', 'agent_transfer'] as const;
export type InventoryCountType = (typeof INVENTORY_COUNT_TYPES)[number];

/**
 * The count columns of the by-* reports (doc 1 §2.10, §3 summary row), keyed by the row's field:
 * the heading on screen and in the export (a status's one name, the aggregate's for in_stock),
 * and the type a click on a non-zero count downloads.
 */
export const SUMMARY_COUNTS = {
  in_stock: { title: inventoryStatusName(13), type: 'instock' },
  sold_30_days: { title: 'Sold (Last 30 days)', type: 'sold' },
  manager_pending: { title: inventoryStatusName(9), type: 'manager_pending' },
  manager_assigned: { title: inventoryStatusName(3), type: 'manager_received' },
  agent_pending: { title: inventoryStatusName(4), type: 'agent_pending' },
  agent_transfer: { title: inventoryStatusName(6), type: 'agent_transfer' },
  agent_assigned: { title: inventoryStatusName(5), type: 'agent_received' },
} as const satisfies Record<string, { title: string; type: InventoryCountType }>;
export type SummaryCountField = keyof typeof SUMMARY_COUNTS;

const EVERY_COUNT = ['in_stock', 'sold_30_days', 'manager_pending', 'manager_assigned', 'agent_pending', 'agent_transfer', 'agent_assigned'] as const;
/** Which counts each by-* report shows, in order (doc 1 §2.10), on screen and in its export. */
export const SUMMARY_REPORT_COUNTS = {
  manager: EVERY_COUNT,
  ibo: EVERY_COUNT,
  agent: ['agent_assigned', 'agent_pending', 'sold_30_days'],
  office: ['in_stock', 'manager_pending', 'sold_30_days'],
} as const satisfies Record<string, readonly SummaryCountField[]>;

/** The aged report's period toggle (doc 1 §2.13, default 'pre'): 'pre' ages from the allocation, 'post' from the hand-over to the agent (our reading: docs/REPORTS.md). */
export const AGED_PERIODS = ['pre', 'post'] as const;
export type AgedPeriod = (typeof AGED_PERIODS)[number];

export const AGED_BUCKETS = AGING_BANDS.map((band) => band.reportKey) as [(typeof AGING_BANDS)[number]['reportKey'], ...(typeof AGING_BANDS)[number]['reportKey'][]];
export type AgedBucket = (typeof AGED_BUCKETS)[number];

/** The columns each by-* report sorts by (doc 1 §2.10): the holder's name (the agents' office too) and each count it shows, as the row names them. */
export const SUMMARY_REPORT_SORT_KEYS = {
  manager: ['office_manager_name', ...SUMMARY_REPORT_COUNTS.manager],
  ibo: ['ibo_market_name', ...SUMMARY_REPORT_COUNTS.ibo],
  agent: ['agent_name', 'office_name', ...SUMMARY_REPORT_COUNTS.agent],
  office: ['office_name', ...SUMMARY_REPORT_COUNTS.office],
} as const;

/** The columns each aged report sorts by (doc 1 §2.13): the holder's name (the agents' office too), the device type, each band and the total, as the row names them. */
export const AGED_REPORT_SORT_KEYS = {
  agent: ['Agent_name', 'office_name', 'Product_Type', ...AGED_BUCKETS, 'total'],
  manager: ['office_manager_name', 'Product_Type', ...AGED_BUCKETS, 'total'],
  ibo: ['ibo_name', 'Product_Type', ...AGED_BUCKETS, 'total'],
  office: ['office_name', 'Product_Type', ...AGED_BUCKETS, 'total'],
} as const;
