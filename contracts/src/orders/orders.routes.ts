import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { exportQuery } from '../platform/export';
import { answerInventoryOrderBody, createInventoryOrderBody, inventoryOrderParams, inventoryOrdersListQuery, resubmitInventoryOrderBody } from './orders.schemas';

const capability = 'orders';
/** Order Devices (orderinventory): roles 3, 11, 12 (doc 1 §2.1). */
const managerScreens = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
/** Approve/reject is the approvers' action: role 3 has no approve/reject on the screen (doc 2 §4, §6); the admin (1) is the chain's last step (docs/ORDERS.md). */
const approverScreens = screenRoles(ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);

const orders = 'doc 2 §7 Orders';

export const ordersRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/manager/get_inventory_request_order_list', access: managerScreens, capability,
    summary: 'Device orders in the caller\'s scope (Order Devices)', spec: orders, query: inventoryOrdersListQuery },
  { method: 'GET', path: '/api/v1/manager/inventory_request_orders_export', access: managerScreens, capability,
    summary: 'Export the device orders', spec: `${orders}; base read as /api/v1/manager/`, query: exportQuery(inventoryOrdersListQuery) },
  { method: 'POST', path: '/api/v1/manager/create_inventory_request_order', access: managerScreens, capability,
    summary: 'Request an order of phones, tablets and SIMs for an office (payload ours: docs/ORDERS.md)', spec: `${orders}; doc 2 §5 Order request`, body: createInventoryOrderBody },
  { method: 'POST', path: '/api/v1/inventory_request_order_accept_reject/:id', access: approverScreens, capability,
    summary: 'Approve (req_action 2) or reject (req_action 3) a device order at the caller\'s level of the chain, with approved quantities and shipping', spec: `${orders}; doc 2 §4 Order approve/reject`,
    params: inventoryOrderParams, body: answerInventoryOrderBody },
  { method: 'POST', path: '/api/v1/resubmit_inventory_request_order/:id', access: managerScreens, capability,
    summary: 'Resubmit a rejected device order with a comment', spec: `${orders}; doc 2 §4`, params: inventoryOrderParams, body: resubmitInventoryOrderBody },
  { method: 'GET', path: '/api/v1/inventory_order_comments_log/:id', access: managerScreens, capability,
    summary: 'Comments on a device order', spec: orders, params: inventoryOrderParams },
  { method: 'GET', path: '/api/v1/inventory_request_order_log/:id', access: managerScreens, capability,
    summary: 'History of a device order (View Log)', spec: orders, params: inventoryOrderParams },
];
