import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';

const capability = 'orders';
/** Order Devices (orderinventory): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Approve/reject is the approvers' action: role 3 has no approve/reject on the screen (doc 2 §4, §6). */
const approverScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const orders = 'doc 2 §7 Orders';

export const ordersRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/manager/get_inventory_request_order_list', access: managerScreens, capability, planned: true,
    summary: 'Device orders in the caller\'s scope (Order Devices)', spec: orders },
  { method: 'GET', path: '/api/v1/manager/inventory_request_orders_export', access: managerScreens, capability, planned: true,
    summary: 'Export the device orders', spec: `${orders}; base read as /api/v1/manager/` },
  { method: 'POST', path: '/api/v1/manager/create_inventory_request_order', access: managerScreens, capability, planned: true,
    summary: 'Request an order of phones, tablets and SIMs for an office', spec: `${orders}; doc 2 §5 Order request` },
  { method: 'POST', path: '/api/v1/inventory_request_order_accept_reject/:id', access: approverScreens, capability, planned: true,
    summary: 'Approve (req_action 2) or reject (req_action 3) a device order, with approved quantities and shipping', spec: `${orders}; doc 2 §4 Order approve/reject` },
  { method: 'POST', path: '/api/v1/resubmit_inventory_request_order/:id', access: managerScreens, capability, planned: true,
    summary: 'Resubmit a rejected device order with a comment', spec: `${orders}; doc 2 §4` },
  { method: 'GET', path: '/api/v1/inventory_order_comments_log/:id', access: managerScreens, capability, planned: true,
    summary: 'Comments on a device order', spec: orders },
  { method: 'GET', path: '/api/v1/inventory_request_order_log/:id', access: managerScreens, capability, planned: true,
    summary: 'History of a device order (View Log)', spec: orders },
];
