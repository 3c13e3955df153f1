import type { RmaOrderRow } from '@portal/contracts/rma/rma.views';
import { Modal, Space } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { holdsAny } from '../../app/access';
import { route } from '../../app/api-client';
import ReportPage from '../../app/report/ReportPage';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import AnswerRmaOrderDrawer from './AnswerRmaOrderDrawer';
import ScreenButton from './ScreenButton';
import { RMA_ORDER_MESSAGES, RMA_ORDER_STATUS, rmaStatusView } from './rma-choices';
import { rmaOrderColumns } from './rma-columns';
import { RmaOrderFilters } from './rma-filters';
import { useRecordCommand } from '../../app/command';

const list = route('GET', '/api/v1/manager/get_rma_orders_list');
const answerOrder = route('POST', '/api/v1/manager/approve_reject_rma_order/:id');
const shipOrder = route('GET', '/api/v1/manager/update_rma_order_to_shipped_status/:id');
/** An order's status shows on its devices (RMA device Status report); a rejected order's devices may be initiated again. */
const alsoChanged = [route('GET', '/api/v1/manager/rma_device_status_report'), route('GET', '/api/v1/manager/get_device_list_to_initiate_rma_v2')];

/** Who may approve or reject an order: the roles of its route (11, 12, and 1), never the order's submitter. */
const mayAnswer = (roles: readonly number[]) => typeof answerOrder.access !== 'string' && holdsAny(roles, answerOrder.access);

/** Why Approve / Reject is disabled on this order for this user, if it is. */
function answerBlocked(order: RmaOrderRow, roles: readonly number[], userId: string | undefined): string | false {
  if (order.status !== RMA_ORDER_STATUS.submitted) return RMA_ORDER_MESSAGES.answerNotSubmitted;
  if (!mayAnswer(roles)) return RMA_ORDER_MESSAGES.answerNotAllowed;
  if (order.submitted_user_id === userId) return RMA_ORDER_MESSAGES.answerOwnOrder;
  return false;
}

/**
 * RMA Status (rmaapprovedrequest, doc 2 §2, §4, §6): the RMA orders in scope with status, IBO
 * marketer (role 12), keyword and RMA number filters; the IBO/Markets column for roles 11 and 12;
 * the status chip (and the IMEIs the returns desk found missing); the order's PDFs; Approve /
 * Reject (a submitted order; roles 11, 12 and 1; never its submitter; comment required) and
 * UPDATE to Shipped (an approved order, after a confirm). Export Report; the RMA device Status
 * report is a button away.
 */
export default function RmaStatusPage() {
  const { user } = useSession();
  const roles = user?.role_id ?? [];
  const [answering, setAnswering] = useState<RmaOrderRow>();
  const ship = useRecordCommand(shipOrder, [list, ...alsoChanged]);

  const confirmShip = (order: RmaOrderRow) =>
    Modal.confirm({ title: RMA_ORDER_MESSAGES.shipConfirm, okText: 'Yes', cancelText: 'No', onOk: () => ship.mutate({ id: order.id }) });

  const actions: ColumnType<RmaOrderRow> = {
    title: 'Actions',
    key: 'actions',
    // The table scrolls sideways: the buttons stay in view.
    fixed: 'right',
    render: (_value, order) => (
      <Space>
        <ActionButton size="small" type="primary" aria-label={`Approve / Reject ${order.rma_prefix}`} blockedBecause={answerBlocked(order, roles, user?.user_id)} onClick={() => setAnswering(order)}>
          Approve / Reject
        </ActionButton>
        <ActionButton
          size="small"
          aria-label={`UPDATE ${order.rma_prefix}`}
          blockedBecause={order.status !== RMA_ORDER_STATUS.approved && RMA_ORDER_MESSAGES.shipNotApproved}
          loading={ship.isPending && ship.variables?.id === order.id}
          onClick={() => confirmShip(order)}
        >
          UPDATE
        </ActionButton>
      </Space>
    ),
  };

  const { rmaNumber, iboMarkets, office, submittedBy, boxes, devices, status, created, approvedAt, comments, documents } = rmaOrderColumns;
  // What a user looks for first — where the order stands and its PDFs — before the wide details the table scrolls to.
  const columns: ColumnsType<RmaOrderRow> = [
    rmaNumber,
    status,
    documents,
    ...(rmaStatusView.seeIboMarkets(roles) ? [iboMarkets] : []),
    office,
    submittedBy,
    boxes,
    devices,
    created,
    approvedAt,
    comments,
    actions,
  ];

  return (
    <>
      <ReportPage<RmaOrderRow>
        title="RMA Status"
        list={list}
        exportRoute={route('GET', '/api/v1/manager/get_rma_orders_export')}
        rowKey="id"
        columns={columns}
        filters={<RmaOrderFilters chooseIboMarket={rmaStatusView.chooseIboMarket(roles)} />}
        actions={<ScreenButton to="/rmarequeststatus">RMA Device Status</ScreenButton>}
      />
      {answering && (
        <AnswerRmaOrderDrawer
          order={answering}
          command={answerOrder}
          reload={[list, ...alsoChanged]}
          onClose={() => setAnswering(undefined)}
          onAnswered={() => setAnswering(undefined)}
        />
      )}
    </>
  );
}
