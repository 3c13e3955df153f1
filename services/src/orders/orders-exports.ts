import { type InventoryOrderRow, orderApproved } from '@portal/contracts';
import { type InventoryOrderFilters, type Paging, inventoryOrders } from '@portal/projections';
import { formatExportDate } from '../exports/export-definition';
import { listExport } from '../exports/list-export';

/** Order Devices (inventory_request_orders_export): the screen's rows, requested beside approved (blank until someone approved it, as on the screen) and received. */
export const inventoryOrdersExport = listExport<InventoryOrderRow, Omit<InventoryOrderFilters, keyof Paging>>(
  'device-orders',
  [
    { heading: 'Order ID', value: (row) => row.order_prefix },
    { heading: 'Status', value: (row) => row.status_text },
    { heading: 'IBO/Market', value: (row) => row.ibo_marketer_name },
    { heading: 'Office Name', value: (row) => row.office_name },
    { heading: 'Office Number', value: (row) => row.office_number },
    { heading: 'Requested By', value: (row) => row.requested_by_name },
    { heading: 'Delivery Method', value: (row) => row.method_of_delivery_text },
    { heading: 'Phones Requested', value: (row) => row.devices_requested },
    { heading: 'Phones Approved', value: (row) => (orderApproved(row) ? row.devices_approved : null) },
    { heading: 'Tablets Requested', value: (row) => row.tablets_requested },
    { heading: 'Tablets Approved', value: (row) => (orderApproved(row) ? row.tablets_approved : null) },
    { heading: 'SIMs Requested', value: (row) => row.sims_requested },
    { heading: 'SIMs Approved', value: (row) => (orderApproved(row) ? row.sims_approved : null) },
    { heading: 'Phones Received', value: (row) => row.devices_received },
    { heading: 'Tablets Received', value: (row) => row.tablets_received },
    { heading: 'SIMs Received', value: (row) => row.sims_received },
    { heading: 'Ship To', value: (row) => row.ship_to_name },
    { heading: 'Address', value: (row) => [row.address, row.address2, row.address3].filter(Boolean).join(', ') },
    { heading: 'City', value: (row) => row.city },
    { heading: 'State', value: (row) => row.state },
    { heading: 'ZIP', value: (row) => row.zip },
    { heading: 'Tracking Number', value: (row) => row.tracking_number },
    { heading: 'Admin Comments', value: (row) => row.admin_comments },
    { heading: 'Created Date', value: (row) => formatExportDate(row.created_at) },
  ],
  inventoryOrders,
);

export const ORDER_EXPORTS = [inventoryOrdersExport] as const;
