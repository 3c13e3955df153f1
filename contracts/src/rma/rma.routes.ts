import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { exportDownloadQuery, exportQuery } from '../platform/export';
import { answerRmaOrderBody, rmaOrderDocumentParams, rmaOrderParams, rmaOrderReceivedBody, rmaOrderReceivedParams, rmaOrdersListQuery, submitRmaOrderBody } from './rma-order.schemas';
import { answerRmaDevicesBody, answerRmaRequestBody, createRmaBody, deviceSwapBody, markDevicesBody, returnToStockBody, rmaCandidatesQuery, rmaDeviceImageParams, rmaDeviceListQuery, rmaInitiationBody, uploadRmaDeviceImageBody } from './rma.schemas';

const capability = 'rma';
/** Manager RMA screens (rmarequest, rmainitiaterequest, rmapendingrequest, rmasubmitrequest, rmaapprovedrequest, rmarequeststatus, approvedrma, createrma): roles 3, 11, 12 (doc 1 §2.1, doc 2 §2). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Agent RMA screens (agent-allrmareport): role 2. */
const agentScreens = screenRoles(ROLE.AGENT);

/** doc 2 §7 "RMA (manager)" names its calls without a base; they are read as /api/v1/manager/ like doc 1's manager calls. */
const managerRma = 'doc 2 §7 RMA (manager); base read as /api/v1/manager/';

export const rmaRoutes: readonly ApiRoute[] = [
  // Pending RMA Request: agents' requests awaiting the manager (doc 2 §2, §4)
  { method: 'GET', path: '/api/v1/manager/get_pending_rma_device_list', access: managerScreens, capability,
    summary: 'Agents\' RMA requests waiting for the manager (Pending RMA Request)', spec: managerRma, query: rmaDeviceListQuery },
  { method: 'GET', path: '/api/v1/manager/pending_rma_device_list_export', access: managerScreens, capability,
    summary: 'Export the pending RMA requests', spec: managerRma, query: exportQuery(rmaDeviceListQuery) },
  { method: 'GET', path: '/api/v1/manager/rma_device_image/:id', access: screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER, ROLE.AGENT), capability,
    summary: 'The photo of one RMA device in scope, as its bytes (ours; the image viewers of Pending and Approved RMA Request; an agent sees the photos of their own requests)', spec: `${managerRma}; doc 2 §2 Pending RMA Request image viewer`, params: rmaDeviceImageParams, file: ['image/*'] },
  { method: 'POST', path: '/api/v1/manager/accept_reject_rma_device', access: managerScreens, capability,
    summary: 'Accept (status 2) or decline (status 3) an agent\'s RMA request', spec: `${managerRma}; doc 2 §4`, body: answerRmaRequestBody },
  { method: 'GET', path: '/api/v1/manager/get_rma_devices_for_approval', access: managerScreens, capability,
    summary: 'Approve RMA: initiated RMA devices awaiting approval (ours)', spec: `${managerRma}; doc 2 §2 Approve RMA`, query: rmaDeviceListQuery },
  { method: 'POST', path: '/api/v1/manager/approve_reject_rma_devices', access: managerScreens, capability,
    summary: 'Approve RMA: approve (status 2) or reject (status 3) initiated RMA devices, all or none (ours)', spec: `${managerRma}; doc 2 §4 Approve RMA`, body: answerRmaDevicesBody },
  { method: 'POST', path: '/api/v1/manager/mark_devices', access: managerScreens, capability,
    summary: 'Mark devices lost (16) or defective (18), all or none (ours)', spec: 'doc 1 §4 lost/defective group; docs/RMA.md', body: markDevicesBody },
  { method: 'POST', path: '/api/v1/manager/return_to_stock', access: managerScreens, capability,
    summary: 'Put devices out of service (15, 16, 18, 19, 21) back in their holder\'s stock, all or none (ours)', spec: 'doc 1 §4 lost/defective group; docs/RMA.md', body: returnToStockBody },
  { method: 'POST', path: '/api/v1/manager/device_swap', access: managerScreens, capability,
    summary: 'Device swap from the manager stock: the sold device back (15), the replacement sold (8) (ours)', spec: 'doc 1 §2.4 Device Swap; docs/RMA.md', body: deviceSwapBody },
  { method: 'POST', path: '/api/v1/agent/device_swap', access: agentScreens, capability,
    summary: 'Device swap from the agent\'s stock (ours)', spec: 'doc 1 §2.4 Device Swap; docs/RMA.md', body: deviceSwapBody },
  { method: 'POST', path: '/api/v1/agent/rma_device_request', access: agentScreens, capability,
    summary: 'An agent asks to return devices they hold, all or none (ours; doc 2 §7 "Agent RMA initiate (imei_list)")', spec: 'doc 2 §2 agent-Initiaterma, §7 Agent', body: rmaInitiationBody },

  // Approved RMA Request list
  { method: 'GET', path: '/api/v1/manager/get_approved_rma_device_list_v2', access: managerScreens, capability,
    summary: 'Approved RMA requests (Approved RMA Request list)', spec: managerRma, query: rmaDeviceListQuery },
  { method: 'GET', path: '/api/v1/manager/approved_rma_device_list_export_v2', access: managerScreens, capability,
    summary: 'Export the approved RMA requests', spec: managerRma, query: exportQuery(rmaDeviceListQuery) },

  // Initiate, create, submit
  { method: 'GET', path: '/api/v1/manager/get_device_list_to_initiate_rma_v2', access: managerScreens, capability,
    summary: 'Devices an RMA can be initiated for (Initiate RMA)', spec: `${managerRma}; doc 2 §4`, query: rmaCandidatesQuery },
  { method: 'GET', path: '/api/v1/manager/device_list_to_initiate_rma_export_v2', access: managerScreens, capability,
    summary: 'Export the devices an RMA can be initiated for', spec: managerRma, query: exportQuery(rmaCandidatesQuery) },
  { method: 'POST', path: '/api/v1/manager/rma_device_request_v2', access: managerScreens, capability,
    summary: 'Initiate RMA for a list of IMEIs with reasons and notes, all or none', spec: `${managerRma}; doc 2 §5`, body: rmaInitiationBody },
  { method: 'POST', path: '/api/v1/manager/upload_rma_device_image', success: 201, access: managerScreens, capability,
    summary: 'Replace the photo of an RMA device (multipart: rma_device_id and device_image, one image of at most 50,000,000 bytes)', spec: `${managerRma}; doc 2 §2 Create RMA form`, body: uploadRmaDeviceImageBody, upload: 'device_image' },
  { method: 'POST', path: '/api/v1/manager/create_rma', success: 201, access: managerScreens, capability,
    summary: 'Create RMA form: initiate an RMA for one IMEI with its photo (ours; multipart device_image, imei, reason)', spec: `${managerRma}; doc 2 §2 Create RMA form, §5 Direct RMA form`, body: createRmaBody, upload: 'device_image' },
  { method: 'POST', path: '/api/v1/manager/submit_rma_order', access: managerScreens, capability,
    summary: 'Submit approved RMA devices of one office as one shipped order (boxes, dimensions, address)', spec: `${managerRma}; doc 2 §5 Submit RMA`, body: submitRmaOrderBody },
  { method: 'GET', path: '/api/v1/manager/get_rma_devices_to_submit', access: managerScreens, capability,
    summary: 'Submit RMA: approved RMA devices on no order yet (ours; the spec shows the table, not its call)', spec: `${managerRma}; doc 2 §2 Submit RMA`, query: rmaDeviceListQuery },

  // RMA Status (orders)
  { method: 'GET', path: '/api/v1/manager/get_rma_orders_list', access: managerScreens, capability,
    summary: 'RMA orders and their status (RMA Status)', spec: managerRma, query: rmaOrdersListQuery },
  { method: 'GET', path: '/api/v1/manager/get_rma_orders_export', access: managerScreens, capability,
    summary: 'Export the RMA orders', spec: managerRma, query: exportQuery(rmaOrdersListQuery) },
  { method: 'POST', path: '/api/v1/manager/approve_reject_rma_order/:id', access: screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER), capability,
    summary: 'Approve (status 2) or reject (status 3) a submitted RMA order, comment required; never by its submitter (ours)', spec: `${managerRma}; doc 2 §4, §5 RMA Status comment`,
    params: rmaOrderParams, body: answerRmaOrderBody },
  { method: 'GET', path: '/api/v1/manager/update_rma_order_to_shipped_status/:id', effect: true, access: managerScreens, capability,
    summary: 'Mark an approved RMA order (status 2) as shipped', spec: `${managerRma}; doc 2 §4`, params: rmaOrderParams },
  { method: 'GET', path: '/api/v1/rma_orders/:id/documents/:document', access: 'public', capability,
    summary: 'An RMA order\'s PDF (its RMA form, or its shipping label once approved) through the signed, expiring link the list answers (ours)', spec: 'doc 2 §3 rma_form_url, rma_shipping_label_url, attachments_list',
    params: rmaOrderDocumentParams, query: exportDownloadQuery, file: ['application/pdf'] },

  // RMA device Status report (doc 2 §2 "There is also an RMA device Status report"; paths ours)
  { method: 'GET', path: '/api/v1/manager/rma_device_status_report', access: managerScreens, capability,
    summary: 'RMA device Status report: every RMA device in scope with its device\'s age, status and carton, and its order (ours)', spec: 'doc 2 §2 RMA Status, §3 RMA device', query: rmaDeviceListQuery },
  { method: 'GET', path: '/api/v1/manager/rma_device_status_report_export', access: managerScreens, capability,
    summary: 'Export the RMA device Status report (ours)', spec: 'doc 2 §2 RMA Status, §3 RMA device', query: exportQuery(rmaDeviceListQuery) },
  { method: 'POST', path: '/api/integration/v1/rma_orders/:rma_prefix/received', access: 'integration', capability,
    summary: 'The returns desk received an RMA order: the IMEIs found in its boxes (the order completes; missing IMEIs are named on it) (ours)', spec: 'doc 2 §4 RMA order statuses (Completed); docs/RMA.md',
    params: rmaOrderReceivedParams, body: rmaOrderReceivedBody },

  // Agent RMA Status (agent base, doc 2 §7 Agent)
  { method: 'GET', path: '/api/v1/agent/get_rma_device_list', access: agentScreens, capability,
    summary: 'The agent\'s own RMA requests and their status (agent-allrmareport)', spec: 'doc 2 §7 Agent', query: rmaDeviceListQuery },
  { method: 'GET', path: '/api/v1/agent/agent_rma_request_status_export', access: agentScreens, capability,
    summary: 'Export the agent\'s RMA requests', spec: 'doc 2 §7 Agent; base read as /api/v1/agent/', query: exportQuery(rmaDeviceListQuery) },
  { method: 'GET', path: '/api/v1/agent/get_device_list_to_initiate_rma', access: agentScreens, capability,
    summary: 'The agent\'s devices an RMA can be requested for (agent-Initiaterma; ours)', spec: 'doc 2 §2 Agent Initiate RMA, §7 Agent', query: rmaCandidatesQuery },
  { method: 'POST', path: '/api/v1/agent/create_rma', success: 201, access: agentScreens, capability,
    summary: 'Direct RMA form: ask to return one device with its photo (ours; multipart device_image, imei, reason)', spec: 'doc 2 §2 agent-rmareport, §5 Direct RMA form', body: createRmaBody, upload: 'device_image' },
];
