import { type ApiRoute, screenRoles } from '../platform/api-route';
import { exportQuery } from '../platform/export';
import { ROLE } from '../platform/roles';
import {
  agentAcceptBody,
  agentTransferBody,
  answerCartonsBody,
  answerTransferBody,
  partialAcceptBody,
  assignDeviceBody,
  deviceImageBody,
  deviceLogParams,
  manifestUploadBody,
  jobCartonsBody,
  officeAgentsBody,
  reassignBody,
  reassignListQuery,
  receiveJobsQuery,
  receiveShipmentBody,
  stockListQuery,
  transferRequestsQuery,
  transferToOfficeBody,
} from './inventory.schemas';
import { cartonLabelsBody, deviceLabelsBody } from './labels.schemas';

const capability = 'inventory';
/** Manager inventory screens (ReceiveInventory, assignagent, Inventory, InventoryBy*, aged by agent/manager/office, ...): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Agent inventory screens (agent-Inventory, agent-dashboard): role 2. */
const agentScreens = screenRoles(ROLE.AGENT);
/** The IMEI image upload: manager IMEI and agent agent-IMEI screens (doc 1 §2.1, doc 2 §2). */
const imeiScreens = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const managerBase = 'doc 1 §7 Inventory, manager base';
const agentBase = 'doc 1 §7 Inventory, agent base';
const reports = 'doc 1 §7 Reports and reference';

export const inventoryRoutes: readonly ApiRoute[] = [
  // Assign, transfer, accept transfer (doc 1 §2.6, §2.7; doc 2 §7 Transfers and assign)
  { method: 'GET', path: '/api/v1/manager/agentassignlist', access: managerScreens, capability,
    summary: 'Cartons in the manager\'s stock that can be assigned to agents', spec: `${managerBase}; doc 2 §7 Transfers and assign`, query: stockListQuery },
  { method: 'POST', path: '/api/v1/manager/assigndevice', access: managerScreens, capability,
    summary: 'Assign cartons or single IMEIs to an agent', spec: `${managerBase}; doc 1 §2.6; doc 2 §7 Transfers and assign`, body: assignDeviceBody },
  { method: 'POST', path: '/api/v1/manager/transfer_device', access: managerScreens, capability,
    summary: 'Transfer cartons or IMEIs (Transfer Inventory drawer)', spec: `${managerBase}; doc 1 §2.7`, body: transferToOfficeBody },
  { method: 'GET', path: '/api/v1/manager/transfer_request', access: managerScreens, capability,
    summary: 'Transfers from agents waiting for the manager to accept', spec: `${managerBase}; doc 1 §2.7 Accept Transfer`, query: transferRequestsQuery },
  { method: 'POST', path: '/api/v1/manager/accept_transfer', access: managerScreens, capability,
    summary: 'Accept (status 1) or reject (status 2) an agent\'s transfer', spec: `${managerBase}; doc 1 §4`, body: answerTransferBody },
  { method: 'GET', path: '/api/v1/manager/accept_transfer_request_list_export', access: managerScreens, capability,
    summary: 'Export the Accept Transfer list', spec: `${managerBase}; doc 2 §7 Transfers and assign`, query: exportQuery(transferRequestsQuery) },
  { method: 'POST', path: '/api/v1/manager/transfer_devices_to_other_office', access: managerScreens, capability,
    summary: 'Send devices to another office, where they arrive as manager pending', spec: managerBase, body: transferToOfficeBody },
  { method: 'GET', path: '/api/v1/manager/get_other_office_list', access: managerScreens, capability,
    summary: 'Offices a transfer can go to', spec: managerBase },
  { method: 'GET', path: '/api/v1/manager/get_manager_office_list', access: managerScreens, capability,
    summary: 'Offices the caller manages', spec: managerBase },
  { method: 'POST', path: '/api/v1/manager/agent_list_for_office', access: managerScreens, capability,
    summary: 'Agents of one office (assign and transfer drawers)', spec: managerBase, body: officeAgentsBody },
  { method: 'GET', path: '/api/v1/manager/manager_agents_list', access: managerScreens, capability,
    summary: 'Agents in the caller\'s scope', spec: managerBase },

  // Receive inventory (doc 1 §2.5)
  { method: 'GET', path: '/api/v1/manager/managerjob_v2', access: managerScreens, capability,
    summary: 'Receive jobs (source, uploaded-date range, keyword)', spec: `${managerBase}; doc 1 §2.5`, query: receiveJobsQuery },
  { method: 'POST', path: '/api/v1/manager/managerdevicelist', access: managerScreens, capability,
    summary: 'Cartons and IMEIs of one receive job', spec: `${managerBase}; doc 1 §2.5 Cartons List`, body: jobCartonsBody },
  { method: 'POST', path: '/api/v1/manager/manager_accept_selected_cartons', access: managerScreens, capability,
    summary: 'Accept (status 1) or decline with a reason (status 2) selected cartons of a job', spec: `${managerBase}; doc 1 §2.5, §4`, body: answerCartonsBody },
  { method: 'GET', path: '/api/v1/manager/manager_jobs_export', access: managerScreens, capability,
    summary: 'Export the receive job list', spec: `${managerBase}; doc 1 §2.5`, query: exportQuery(receiveJobsQuery) },

  // My Inventory (doc 1 §2.9)
  { method: 'GET', path: '/api/v1/manager/managerinventorylist_optimisation', access: managerScreens, capability,
    summary: 'My Inventory: cartons held by the manager', spec: `${managerBase}; doc 1 §2.9`, query: stockListQuery },
  { method: 'GET', path: '/api/v1/manager/manager_inventory_list_export', access: managerScreens, capability,
    summary: 'Export My Inventory', spec: `${managerBase}; doc 1 §2.9`, query: exportQuery(stockListQuery) },

  // Reassign (doc 1 §2.8)
  { method: 'GET', path: '/api/v1/manager/reassign_inventory_list', access: managerScreens, capability,
    summary: 'Devices that can be reassigned (statuses 3, 4, 5)', spec: `${managerBase}; doc 1 §2.8`, query: reassignListQuery },
  { method: 'GET', path: '/api/v1/manager/reassign_inventory_list_export', access: managerScreens, capability,
    summary: 'Export the reassign list', spec: `${managerBase}; doc 1 §2.8`, query: exportQuery(reassignListQuery) },
  { method: 'POST', path: '/api/v1/manager/reassign_inventory', access: managerScreens, capability,
    summary: 'Reassign IMEIs to another agent or office', spec: `${managerBase}; doc 1 §2.8`, body: reassignBody },

  // IMEI image upload (doc 1 §2.14): a manager-base path that the agent-IMEI screen uses too
  { method: 'POST', path: '/api/v1/manager/device_image', success: 201, access: imeiScreens, capability,
    summary: 'Upload one image of a device (IMEI and agent-IMEI screens; kept with inventory, doc 1 §2.14)', spec: `${managerBase}; doc 1 §2.14 Agent IMEI; doc 2 §2`, body: deviceImageBody, upload: 'file' },

  // Agent base (doc 1 §2.14, §2.4 agent dashboard)
  { method: 'POST', path: '/api/v1/agent/accept', access: agentScreens, capability,
    summary: 'Agent accepts a pending assignment job, whole or in part', spec: `${agentBase}; doc 2 §7 Agent`, body: agentAcceptBody },
  { method: 'POST', path: '/api/v1/agent/partial_accept', access: agentScreens, capability,
    summary: 'Partial accept in one call (ours): the chosen IMEIs become the agent\'s, the rest of the job goes back to the manager', spec: `${agentBase}; doc 1 §2.14, §5 Partial accept (one call is ours; the spec's accept + transfer_device status 0 keep working)`, body: partialAcceptBody },
  { method: 'POST', path: '/api/v1/agent/transfer_device', access: agentScreens, capability,
    summary: 'Agent transfers IMEIs back to their manager', spec: `${agentBase}; doc 2 §7 Agent`, body: agentTransferBody },
  { method: 'GET', path: '/api/v1/agent/agentinventorylistv1', access: agentScreens, capability,
    summary: 'The agent\'s own devices (agent-Inventory)', spec: `${agentBase}; doc 2 §7 Agent`, query: stockListQuery },
  { method: 'GET', path: '/api/v1/agent/agentassignlist', access: agentScreens, capability,
    summary: 'Pending jobs of devices sent to the agent, for Accept or Partial Accept (agent dashboard table)', spec: `${agentBase}; doc 1 §2.4`, query: stockListQuery },
  { method: 'GET', path: '/api/v1/agent/agent_inventory_list_export', access: agentScreens, capability,
    summary: 'Export the agent\'s own inventory', spec: `${agentBase}; doc 2 §7 Agent`, query: exportQuery(stockListQuery) },

  // Device log drawer of the detailed report (doc 1 §2.11): built with the flows
  { method: 'GET', path: '/api/v1/device_log/:id', access: managerScreens, capability,
    summary: 'History of one device (device-log drawer)', spec: `${reports}; doc 1 §2.11`, params: deviceLogParams },

  // Printable labels (ours, issue 27; docs/SCANNING.md "Labels"): a PDF, read only, in the caller's scope
  { method: 'POST', path: '/api/v1/manager/carton_labels', access: managerScreens, capability, file: ['application/pdf'],
    summary: 'Carton labels as a PDF (carton number as Code 128 and QR, office, device count, device type, received date) for A4 sheets, 4x6 in or 62 mm label printers', spec: `${managerBase}; doc 1 §2.5 Receive Inventory, Cartons List (labels are ours: docs/SCANNING.md)`, body: cartonLabelsBody },
  { method: 'POST', path: '/api/v1/manager/device_labels', access: managerScreens, capability, file: ['application/pdf'],
    summary: 'Device labels as a PDF (IMEI as Code 128 with its digits, model, carton number) for A4 sheets, 4x6 in or 62 mm label printers', spec: `${managerBase}; doc 1 §2.11 device rows and log (labels are ours: docs/SCANNING.md)`, body: deviceLabelsBody },

  // Manifest upload (ours: the spec shows jobs arriving, not how): back office (roles 1, 12) uploads a CSV/XLSX shipment
  { method: 'POST', path: '/api/v1/manager/receive_manifest', success: 201, access: screenRoles(ROLE.RETAILER_MANAGER), capability,
    summary: 'Upload a shipment manifest (CSV or XLSX, one device per row) for an office: all rows or none, bad rows reported', spec: 'doc 1 §2.5 receive jobs (upload path is ours)', body: manifestUploadBody, upload: 'file' },

  // Upstream
  { method: 'POST', path: '/api/integration/v1/shipments', success: 201, access: 'integration', capability,
    summary: 'Receive an upstream shipment (a receive job of cartons and IMEIs) from the warehouse system', spec: 'doc 1 §2.5 receive jobs (upstream call not shown; path is ours)', body: receiveShipmentBody },
];
