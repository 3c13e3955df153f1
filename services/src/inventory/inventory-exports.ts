import { type AgentDeviceRow, type ReassignRow, type ReceiveJobRow, deviceTypeName } from '@portal/contracts';
import {
  type Paging,
  type Scope,
  agentDevicePages,
  agentDevices,
  receiveJobs,
  type ReassignFilters,
  reassignableDevicePages,
  reassignableDevices,
  stockCartons,
  transferRequests,
} from '@portal/projections';
import { type ExportDefinition, formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** The agent's own scope is their user id; an export job carries it as the agent scope. */
const agentOf = (scope: Scope) => (scope.kind === 'agent' ? scope.agentId : '');

export const receiveJobsExport = listExport<ReceiveJobRow, Omit<Parameters<typeof receiveJobs>[2], keyof Paging>>(
  'receive-jobs',
  [
    { heading: 'Order ID', value: (row) => row.inventory_request_order_id },
    { heading: 'Order Date', value: (row) => formatExportDate(row.order_date) },
    { heading: 'From Office', value: (row) => row.from_office_number },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Cartons', value: (row) => row.total_carton_count },
    { heading: 'Devices', value: (row) => row.total_device_count },
    { heading: 'Source', value: (row) => row.assign_source_text },
    { heading: 'Status', value: (row) => row.status_text },
    { heading: 'Decline Reason', value: (row) => row.decline_reason },
    { heading: 'Uploaded Date', value: (row) => formatExportDate(row.assigned_date) },
  ],
  receiveJobs,
);

export const transferRequestsExport = listExport(
  'transfer-requests',
  [
    { heading: 'Agent Name', value: (row) => row.agent_name },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Devices', value: (row) => row.transfer_count },
    { heading: 'Reason', value: (row) => row.reason },
    { heading: 'Created Date', value: (row) => formatExportDate(row.created_date) },
    { heading: 'IMEIs', value: (row) => row.imei.join(' ') },
  ],
  transferRequests,
);

export const myInventoryExport = listExport(
  'my-inventory',
  [
    { heading: 'Carton Number', value: (row) => row.carton_number },
    { heading: 'Device Count', value: (row) => row.imei_count },
    { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Allocation Date', value: (row) => formatExportDate(row.allocation_date) },
    { heading: 'Age (Days)', value: (row) => row.device_age },
  ],
  stockCartons,
);

export const reassignExport: ExportDefinition<ReassignRow, ReassignFilters> = {
  name: 'reassign-inventory',
  columns: [
    { heading: 'IMEI', value: (row) => row.imei },
    { heading: 'Carton Number', value: (row) => row.carton_number },
    { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
    { heading: 'Status', value: (row) => row.status_name },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Agent Name', value: (row) => row.agent_name },
    { heading: 'Assigned Date', value: (row) => formatExportDate(row.assigned_date) },
    { heading: 'Age (Days)', value: (row) => row.device_age },
  ],
  // A device list can be hundreds of thousands long: keyset pages, not the screen's OFFSET paging.
  rows: (db, scope, filters) => reassignableDevicePages(db, scope, filters),
  // results 0 (LIMIT 0): the screen's row query then stops before its sort of every device, and the count alone runs.
  count: async (db, scope, filters) => (await reassignableDevices(db, scope, { ...filters, page: 1, results: 0 })).total,
};

export const agentInventoryExport: ExportDefinition<AgentDeviceRow, { keyword?: string }> = {
  name: 'agent-inventory',
  columns: [
    { heading: 'IMEI', value: (row) => row.imei },
    { heading: 'Age (Days)', value: (row) => row.device_age },
    { heading: 'Device Type', value: (row) => deviceTypeName(row.device_type) },
    { heading: 'Status', value: (row) => row.status_name },
    { heading: 'Assigned Date', value: (row) => formatExportDate(row.assigned_date) },
    { heading: 'Carton Number', value: (row) => row.carton },
  ],
  // Keyset pages by IMEI, like the reassign list: an agent's list can be long.
  rows: (db, scope, filters) => agentDevicePages(db, agentOf(scope), filters),
  count: async (db, scope, filters) => (await agentDevices(db, agentOf(scope), { ...filters, page: 1, results: 0 })).total,
};

export const INVENTORY_EXPORTS = [receiveJobsExport, transferRequestsExport, myInventoryExport, reassignExport, agentInventoryExport] as const;
