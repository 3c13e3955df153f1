import type { InventoryOrderRow, OrderLogEntry } from '@portal/contracts/orders/orders.views';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { call, queryKey, route } from '../../app/api-client';
import { shownDate } from '../../app/format';
import { useSideScrollCue } from '../../app/widgets/SideScrollCue';

const orderLog = route('GET', '/api/v1/inventory_request_order_log/:id');

/** A count as the step changed it: "10 → 8", or the one number when it stayed. */
const changed = (requested: number, updated: number) => (requested === updated ? String(requested) : `${requested} → ${updated}`);

const columns: ColumnsType<OrderLogEntry & { key: number }> = [
  { title: 'Date', dataIndex: 'created_at', key: 'created_at', render: (at: string) => shownDate(at) },
  {
    title: 'Step',
    dataIndex: 'description',
    key: 'description',
    render: (description: string, entry) => (
      <>
        {description}
        {entry.superseded && (
          <Tag color="default" style={{ marginLeft: 8 }}>
            superseded
          </Tag>
        )}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {entry.status_text}, version {entry.version}
        </Typography.Text>
      </>
    ),
  },
  // The counts right after the step they belong to: the drawer is narrower than the table at 1366 px.
  { title: 'Phones', key: 'phones', render: (_value: unknown, entry) => changed(entry.requested_devices, entry.updated_devices) },
  { title: 'Tablets', key: 'tablets', render: (_value: unknown, entry) => changed(entry.requested_tablets, entry.updated_tablets) },
  { title: 'SIMs', key: 'sims', render: (_value: unknown, entry) => changed(entry.requested_sims, entry.updated_sims) },
  { title: 'By', dataIndex: 'approved_user_name', key: 'approved_user_name', render: (name: string | null) => name || '—' },
  { title: 'Comments', dataIndex: 'comments', key: 'comments', render: (comments: string | null) => comments || '—' },
  { title: 'Updated Address', dataIndex: 'updated_address', key: 'updated_address', render: (address: string | null) => address || '—' },
];

/**
 * View Log of a device order (doc 2 §3 "Order log entry", §7 inventory_request_order_log): each
 * step with its date, what it did, the counts requested → as the step left them, who took it,
 * the comment and an updated address; the "scroll sideways" cue when it runs past the drawer. A step of a version a resubmit replaced is marked
 * "superseded" and shown faded: kept as evidence, no longer in force.
 */
export default function OrderLogDrawer({ order, onClose }: { order: InventoryOrderRow; onClose: () => void }) {
  const options = { params: { id: order.id } };
  const answer = useQuery({
    queryKey: queryKey(orderLog, options),
    queryFn: () => call<{ data: { items: OrderLogEntry[] } }>(orderLog, options),
  });
  const rows = (answer.data?.data.items ?? []).map((entry, index) => ({ ...entry, key: index }));
  // Wider than the drawer: the pages' own cue says so.
  const sideScroll = useSideScrollCue([answer.data]);
  return (
    <Drawer open title={`Order Log: ${order.order_prefix}`} size="large" onClose={onClose} destroyOnHidden>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {sideScroll.cue}
      <div ref={sideScroll.holder}>
        <Table
          size="small"
          loading={answer.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns}
          onRow={(entry) => (entry.superseded ? { 'aria-label': 'superseded', style: { opacity: 0.55 } } : {})}
        />
      </div>
    </Drawer>
  );
}
