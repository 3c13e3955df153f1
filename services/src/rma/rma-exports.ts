import type { RmaCandidateRow, RmaDeviceRow, RmaDeviceStatusRow } from '@portal/contracts';
import {
  type Paging,
  type RmaCandidateFilters,
  type RmaDeviceFilters,
  type RmaDeviceList,
  type RmaOrderFacts,
  type RmaOrderFilters,
  type Scope,
  type SqlDb,
  rmaCandidateDevices,
  rmaDeviceStatusReport,
  rmaDevices,
  rmaOrders,
} from '@portal/projections';
import { type ExportColumn, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** RMA's exports (doc 2 §7): each reads its screen's own query, so the file holds the screen's rows. */

type RmaListFilters = Omit<RmaDeviceFilters, keyof Paging>;
const listOf = (list: RmaDeviceList) => (db: SqlDb, scope: Scope, filters: RmaDeviceFilters) => rmaDevices(db, scope, list, filters);

const requestColumns: readonly ExportColumn<RmaDeviceRow>[] = [
  { heading: 'IMEI', value: (row) => row.imei },
  { heading: 'Agent Name', value: (row) => row.agent_name },
  { heading: 'Office Name', value: (row) => row.office_name },
  { heading: 'Office Number', value: (row) => row.office_number },
  { heading: 'Reason', value: (row) => row.reason_text },
  { heading: 'Reason 2', value: (row) => row.reason_two_text },
  { heading: 'Comment', value: (row) => row.notes },
  { heading: 'Status', value: (row) => row.status_text },
  { heading: 'Date', value: (row) => formatExportDate(row.created_at) },
];

/** Pending RMA Request (pending_rma_device_list_export). */
export const pendingRmaRequestsExport = listExport<RmaDeviceRow, RmaListFilters>('pending-rma-requests', requestColumns, listOf('pending_requests'));

/** Approved RMA Request list (approved_rma_device_list_export_v2). */
export const approvedRmaRequestsExport = listExport<RmaDeviceRow, RmaListFilters>('approved-rma-requests', requestColumns, listOf('accepted_requests'));

/** The agent's RMA Status (agent_rma_request_status_export): the screen's columns; Status is the device's one status (issue 42). */
export const agentRmaStatusExport = listExport<RmaDeviceStatusRow, RmaListFilters & { readonly requested_at?: string }>(
  'rma-status',
  [
    { heading: 'IMEI', value: (row) => row.imei },
    { heading: 'Status', value: (row) => row.status_name },
    { heading: 'Manager Name', value: (row) => row.manager_name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Reason 1', value: (row) => row.reason_text },
    { heading: 'Reason 2', value: (row) => row.reason_two_text },
    { heading: 'Comments', value: (row) => [row.notes, row.comments].filter(Boolean).join(' / ') || null },
    { heading: 'Created Date', value: (row) => formatExportDate(row.created_at) },
    { heading: 'RMA Order', value: (row) => row.rma_prefix },
    { heading: 'Order Status', value: (row) => row.order_status_text },
  ],
  (db, scope, { requested_at, ...filters }) => rmaDeviceStatusReport(db, scope, { ...filters, asOf: requested_at }),
);

/** Initiate RMA's device list (device_list_to_initiate_rma_export_v2). */
type CandidateExportFilters = Omit<RmaCandidateFilters, keyof Paging | 'asOf'> & { readonly requested_at?: string };
export const rmaCandidatesExport = listExport<RmaCandidateRow, CandidateExportFilters>(
  'initiate-rma-devices',
  [
    { heading: 'IMEI', value: (row) => row.imei },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Agent Name', value: (row) => row.agent_name },
    { heading: 'Age (Days)', value: (row) => row.device_age },
    { heading: 'Status', value: (row) => row.status_name },
    { heading: 'Carton Number', value: (row) => row.carton_number },
  ],
  // Ages as of the moment the export was asked for, as the screen showed them.
  (db, scope, { requested_at, ...filters }) => rmaCandidateDevices(db, scope, { ...filters, asOf: requested_at }),
);

/** RMA Status (get_rma_orders_export): the orders with their state, boxes and what the returns desk missed. */
export const rmaOrdersExport = listExport<RmaOrderFacts, Omit<RmaOrderFilters, keyof Paging>>(
  'rma-orders',
  [
    { heading: 'RMA Number', value: (row) => row.rma_prefix },
    { heading: 'IBO/Market', value: (row) => row.ibo_market_name },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Submitted By', value: (row) => row.submitted_user_name },
    { heading: 'Boxes', value: (row) => row.no_of_boxes },
    { heading: 'Devices', value: (row) => row.rma_device_count },
    { heading: 'Status', value: (row) => row.order_status_text },
    { heading: 'Approved At', value: (row) => (row.approved_at ? formatExportDate(row.approved_at) : null) },
    { heading: 'Comments', value: (row) => row.comments },
    { heading: 'Missing IMEIs', value: (row) => row.missing_imeis.join(' ') || null },
    { heading: 'Created Date', value: (row) => formatExportDate(row.created_at) },
  ],
  rmaOrders,
);

/** The RMA device Status report (rma_device_status_report_export): the screen's columns, ages as of the request. */
type StatusReportExportFilters = RmaListFilters & { readonly requested_at?: string };
export const rmaDeviceStatusExport = listExport<RmaDeviceStatusRow, StatusReportExportFilters>(
  'rma-device-status',
  [
    { heading: 'IMEI', value: (row) => row.imei },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Age (Days)', value: (row) => row.device_age },
    { heading: 'Device Status', value: (row) => row.status_name },
    { heading: 'Carton Number', value: (row) => row.carton },
    { heading: 'Manager Name', value: (row) => row.manager_name },
    { heading: 'Agent Name', value: (row) => row.agent_name },
    { heading: 'RMA Status', value: (row) => row.status_text },
    { heading: 'Reason 1', value: (row) => row.reason_text },
    { heading: 'Reason 2', value: (row) => row.reason_two_text },
    { heading: 'Notes', value: (row) => row.notes },
    { heading: 'RMA Number', value: (row) => row.rma_prefix },
    { heading: 'Order Status', value: (row) => row.order_status_text },
    { heading: 'Created Date', value: (row) => formatExportDate(row.created_at) },
  ],
  (db, scope, { requested_at, ...filters }) => rmaDeviceStatusReport(db, scope, { ...filters, asOf: requested_at }),
);

export const RMA_EXPORTS = [pendingRmaRequestsExport, approvedRmaRequestsExport, agentRmaStatusExport, rmaCandidatesExport, rmaOrdersExport, rmaDeviceStatusExport] as const;
