import type { InventoryOrderRow, OrderComment } from '@portal/contracts/orders/orders.views';
import { useQuery } from '@tanstack/react-query';
import { Empty, Modal, Spin, Typography } from 'antd';
import { call, queryKey, route } from '../../app/api-client';
import { shownDate } from '../../app/format';

const orderComments = route('GET', '/api/v1/inventory_order_comments_log/:id');

/** The comments on a device order (doc 2 §3 "Order comment", §7 inventory_order_comments_log: `data.items`), oldest first as the server lists them. */
export default function OrderCommentsModal({ order, onClose }: { order: InventoryOrderRow; onClose: () => void }) {
  const options = { params: { id: order.id } };
  const answer = useQuery({
    queryKey: queryKey(orderComments, options),
    queryFn: () => call<{ data: { items: OrderComment[] } }>(orderComments, options),
  });
  return (
    <Modal open title={`Comments: ${order.order_prefix}`} footer={null} onCancel={onClose} destroyOnHidden>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {answer.isPending && <Spin />}
      {answer.data && answer.data.data.items.length === 0 && <Empty description="No comments" />}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(answer.data?.data.items ?? []).map((comment, index) => (
          <li key={index} style={{ marginBottom: 12 }}>
            <Typography.Text strong>{comment.commented_by_name ?? '—'}</Typography.Text>{' '}
            <Typography.Text type="secondary">{shownDate(comment.created_at)}</Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{comment.comments}</Typography.Paragraph>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
