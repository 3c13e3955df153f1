import { orderApproved } from '@portal/contracts/orders/orders.codes';
import type { INVENTORY_ORDER_SORTS } from '@portal/contracts/orders/orders.schemas';
import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { officeLabel, shownDate } from '../../app/format';
import { orderStatusChip } from './orders-choices';

type OrderColumn = ColumnType<InventoryOrderRow>;

const dash = (value: string | null | undefined) => value || '—';

/** A column the server sorts: its key is sent as `sort_by` (contracts' INVENTORY_ORDER_SORTS), by ReportPage. */
const sortedBy = (key: (typeof INVENTORY_ORDER_SORTS)[number]) => ({ key, sorter: true });

/**
 * What was requested, and what the last approval left: "10 → 8" once an approver approved it;
 * "10 → —" while nobody has, and on a rejected order (a rejection approves nothing).
 */
function RequestedToApproved({ order, requested, approved }: { order: InventoryOrderRow; requested: number; approved: number }) {
  if (orderApproved(order)) return <span aria-label={`${requested} requested, ${approved} approved`}>{`${requested} → ${approved}`}</span>;
  return (
    <span aria-label={`${requested} requested, none approved yet`}>
      {requested} <Typography.Text type="secondary">→ —</Typography.Text>
    </span>
  );
}

/** A quantity column's title: the kind, and under it what the two numbers are (a narrow column at 1366 px). */
const quantityTitle = (kind: string) => (
  <>
    {kind}
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 'normal' }}>
      requested → approved
    </Typography.Text>
  </>
);

/** The status chip; the full status as its tooltip when the chip says less ('IBO Manager'). */
function StatusChip({ order }: { order: InventoryOrderRow }) {
  const chip = orderStatusChip(order);
  const tag = <Tag color={chip.color}>{chip.text}</Tag>;
  return chip.text === order.status_text ? (
    tag
  ) : (
    <Tooltip title={order.status_text}>
      <span tabIndex={0} aria-label={order.status_text}>
        {tag}
      </span>
    </Tooltip>
  );
}

/** Where it goes: the ship-to name (and company), the address lines under it. */
function ShipTo({ order }: { order: InventoryOrderRow }) {
  const street = [order.address, order.address2, order.address3].filter(Boolean).join(', ');
  return (
    <>
      {order.company_name ? `${order.ship_to_name}, ${order.company_name}` : order.ship_to_name}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {street}, {order.city}, {order.state} {order.zip}
      </Typography.Text>
    </>
  );
}

/** The columns of Order Devices (doc 2 §2, §3 "Inventory order", §4 chip colours). */
export const orderColumns = {
  orderId: { title: 'Order ID', dataIndex: 'order_prefix', ...sortedBy('order_prefix') },
  status: { title: 'Status', dataIndex: 'status_text', ...sortedBy('status'), render: (_text: string, order) => <StatusChip order={order} /> },
  iboMarket: { title: 'IBO/Market', dataIndex: 'ibo_marketer_name', key: 'ibo_marketer_name', render: dash },
  office: { title: 'Office', dataIndex: 'office_number', ...sortedBy('office_number'), render: (_number: string | null, order) => officeLabel(order) },
  requestedBy: { title: 'Requested By', dataIndex: 'requested_by_name', key: 'requested_by_name', render: dash },
  created: { title: 'Created', dataIndex: 'created_at', ...sortedBy('created_at'), render: (at: string) => shownDate(at) },
  deliveryMethod: { title: 'Delivery Method', dataIndex: 'method_of_delivery_text', key: 'method_of_delivery_text', render: dash },
  phones: { title: quantityTitle('Phones'), key: 'phones', render: (_value: unknown, order) => <RequestedToApproved order={order} requested={order.devices_requested} approved={order.devices_approved} /> },
  tablets: { title: quantityTitle('Tablets'), key: 'tablets', render: (_value: unknown, order) => <RequestedToApproved order={order} requested={order.tablets_requested} approved={order.tablets_approved} /> },
  sims: { title: quantityTitle('SIMs'), key: 'sims', render: (_value: unknown, order) => <RequestedToApproved order={order} requested={order.sims_requested} approved={order.sims_approved} /> },
  trackingNumber: { title: 'Tracking Number', dataIndex: 'tracking_number', key: 'tracking_number', render: dash },
  shipTo: { title: 'Ship To', key: 'ship_to', render: (_value: unknown, order) => <ShipTo order={order} /> },
} satisfies Record<string, OrderColumn>;
