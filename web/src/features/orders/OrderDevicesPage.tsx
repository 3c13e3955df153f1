import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import { Button, Space } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import AnswerOrderDrawer from './AnswerOrderDrawer';
import OrderCommentsModal from './OrderCommentsModal';
import OrderLogDrawer from './OrderLogDrawer';
import RequestOrderDrawer from './RequestOrderDrawer';
import ResubmitOrderDrawer from './ResubmitOrderDrawer';
import { ORDER_LIST_PAGE_SIZE, ORDER_MESSAGES, answerBlocked, resubmitBlocked, seesAnswer } from './orders-choices';
import { orderColumns } from './orders-columns';
import OrderFilters from './orders-filters';

const list = route('GET', '/api/v1/manager/get_inventory_request_order_list');
const createOrder = route('POST', '/api/v1/manager/create_inventory_request_order');
const answerOrder = route('POST', '/api/v1/inventory_request_order_accept_reject/:id');
const resubmitOrder = route('POST', '/api/v1/resubmit_inventory_request_order/:id');
/** Every command changes the list, and the order's log and comments. */
const reload = [list, route('GET', '/api/v1/inventory_request_order_log/:id'), route('GET', '/api/v1/inventory_order_comments_log/:id')];

/** What is open over the table: a drawer or the comments of one order. */
type Opened = { kind: 'request' } | { kind: 'answer' | 'resubmit' | 'log' | 'comments'; order: InventoryOrderRow };

/**
 * Order Devices (orderinventory, doc 2 §2, §4, §5, §7; docs/ORDERS.md): the device orders in
 * scope with office, status, approval status, keyword, date range and order id filters, 25 a
 * page, sortable, exported. Request Order (any manager), and per order View Log, Comments (when
 * it has some), Approve / Reject (at the user's level of the chain, below status 5; not shown to
 * an office manager) and Resubmit (a rejected order). Every command reloads the list.
 */
export default function OrderDevicesPage() {
  const { user } = useSession();
  const roles = user?.role_id ?? [];
  const [opened, setOpened] = useState<Opened>();
  const close = () => setOpened(undefined);
  const answering = seesAnswer(roles);

  const actions: ColumnType<InventoryOrderRow> = {
    title: 'Actions',
    key: 'actions',
    // The table scrolls sideways: the buttons stay in view.
    fixed: 'right',
    render: (_value, order) => (
      <Space>
        <ActionButton size="small" aria-label={`View Log ${order.order_prefix}`} onClick={() => setOpened({ kind: 'log', order })}>
          View Log
        </ActionButton>
        <ActionButton
          size="small"
          aria-label={`Comments ${order.order_prefix}`}
          blockedBecause={order.comments_exists !== 1 && ORDER_MESSAGES.noComments}
          onClick={() => setOpened({ kind: 'comments', order })}
        >
          Comments
        </ActionButton>
        {answering && (
          <ActionButton
            size="small"
            type="primary"
            aria-label={`Approve / Reject ${order.order_prefix}`}
            blockedBecause={answerBlocked(order, roles)}
            onClick={() => setOpened({ kind: 'answer', order })}
          >
            Approve / Reject
          </ActionButton>
        )}
        <ActionButton size="small" aria-label={`Resubmit ${order.order_prefix}`} blockedBecause={resubmitBlocked(order)} onClick={() => setOpened({ kind: 'resubmit', order })}>
          Resubmit
        </ActionButton>
      </Space>
    ),
  };

  const { orderId, status, iboMarket, office, requestedBy, created, deliveryMethod, phones, tablets, sims, trackingNumber, shipTo } = orderColumns;
  // What was ordered and approved right after the status: at 1366 px they were 700-1,100 px off to the right.
  const columns: ColumnsType<InventoryOrderRow> = [orderId, status, phones, tablets, sims, office, iboMarket, requestedBy, created, deliveryMethod, trackingNumber, shipTo, actions];

  return (
    <>
      <ReportPage<InventoryOrderRow>
        title="Order Devices"
        list={list}
        exportRoute={route('GET', '/api/v1/manager/inventory_request_orders_export')}
        rowKey="id"
        columns={columns}
        pageSize={ORDER_LIST_PAGE_SIZE}
        filters={<OrderFilters />}
        actions={
          <Button type="primary" onClick={() => setOpened({ kind: 'request' })}>
            Request Order
          </Button>
        }
      />
      {opened?.kind === 'request' && <RequestOrderDrawer command={createOrder} reload={reload} onClose={close} onRequested={close} />}
      {opened?.kind === 'answer' && <AnswerOrderDrawer order={opened.order} roles={roles} command={answerOrder} reload={reload} onClose={close} onAnswered={close} />}
      {opened?.kind === 'resubmit' && <ResubmitOrderDrawer order={opened.order} command={resubmitOrder} reload={reload} onClose={close} onResubmitted={close} />}
      {opened?.kind === 'log' && <OrderLogDrawer order={opened.order} onClose={close} />}
      {opened?.kind === 'comments' && <OrderCommentsModal order={opened.order} onClose={close} />}
    </>
  );
}
