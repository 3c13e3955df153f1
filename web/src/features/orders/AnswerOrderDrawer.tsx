import { type AnswerInventoryOrderBody, answerInventoryOrderBody } from '@portal/contracts/orders/orders.schemas';
import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Col, Form, type FormRule, Input, InputNumber, Radio, Row, Typography } from 'antd';
import { useRecordCommand } from '../../app/command';
import { officeLabel } from '../../app/format';
import { notice } from '../../app/notice';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { type OrderFormValues, ShippingFields, shippingOf } from './order-fields';
import { ANSWER_OPTIONS, LEVEL_NAMES, ORDER_MESSAGES, REQ_ACTION, approvalLevelFor } from './orders-choices';

const { shape } = answerInventoryOrderBody;

/** Each kind an approver may lower: what was requested, and what the last approval left. */
const KINDS = [
  { name: 'devices_approved', label: 'Phones', requested: (order: InventoryOrderRow) => order.devices_requested, approved: (order: InventoryOrderRow) => order.devices_approved },
  { name: 'tablets_approved', label: 'Tablets', requested: (order: InventoryOrderRow) => order.tablets_requested, approved: (order: InventoryOrderRow) => order.tablets_approved },
  { name: 'sims_approved', label: 'SIMs', requested: (order: InventoryOrderRow) => order.sims_requested, approved: (order: InventoryOrderRow) => order.sims_approved },
] as const;

/** The approved quantities as the drawer opens: the row's, never above what was requested. */
const approvedOf = (order: InventoryOrderRow): OrderFormValues => Object.fromEntries(KINDS.map((kind) => [kind.name, Math.min(kind.approved(order), kind.requested(order))]));

/** Lower, never higher than requested (docs/ORDERS.md: the server refuses a raise, 409): said under the field rather than clamped silently. */
const notAbove =
  (requested: number): FormRule =>
  () => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value === 'number' && value > requested) throw new Error(ORDER_MESSAGES.aboveRequested(requested));
    },
  });

export interface AnswerOrderDrawerProps {
  order: InventoryOrderRow;
  /** The signed-in user's roles: the level they answer at. */
  roles: readonly number[];
  /** POST inventory_request_order_accept_reject/:id. */
  command: ApiRoute;
  reload: readonly ApiRoute[];
  onClose: () => void;
  onAnswered: () => void;
}

/**
 * Approve / Reject of a device order (doc 2 §4, §7; docs/ORDERS.md): the choice (req_action 2 or
 * 3), the approved quantities (the row's, capped at the requested ones; a kind not requested is
 * not offered), an optional comment and the shipping as the approver leaves it, prefilled from the
 * order. The server's answer ('Success order Accepted' or 'Rejected') follows in a popup.
 */
export default function AnswerOrderDrawer({ order, roles, command: api, reload, onClose, onAnswered }: AnswerOrderDrawerProps) {
  const [form] = Form.useForm<OrderFormValues>();
  const command = useRecordCommand<AnswerInventoryOrderBody>(api, reload);
  const rejecting = Form.useWatch('req_action', form) === REQ_ACTION.reject;
  const level = approvalLevelFor(roles, order.approval_status);
  const initialValues = { ...approvedOf(order), ...shippingOf(order) };

  const submit = (values: OrderFormValues) => {
    // Quantities not shown (not requested, or a rejection) keep the row's.
    const checked = answerInventoryOrderBody.safeParse({ ...approvedOf(order), ...values });
    if (!checked.success) {
      notice.failure(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    command.mutate({ id: order.id, body: checked.data }, { onSuccess: onAnswered });
  };

  const offered = KINDS.filter((kind) => kind.requested(order) > 0);
  return (
    <CommandDrawer title={`Approve / Reject ${order.order_prefix}`} submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Typography.Paragraph>
        {officeLabel(order)}, requested by {order.requested_by_name ?? '—'}: {order.status_text}.
        {level && ` You answer as ${LEVEL_NAMES[level]}.`}
      </Typography.Paragraph>
      <Form<OrderFormValues> form={form} name="order-answer" layout="vertical" initialValues={initialValues} onFinish={submit}>
        <Form.Item name="req_action" label="Answer" rules={[{ required: true, message: ORDER_MESSAGES.chooseAnswer }]}>
          <Radio.Group options={ANSWER_OPTIONS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        {!rejecting && (
          <Row gutter={12}>
            {offered.map((kind) => (
              <Col span={8} key={kind.name}>
                <Form.Item
                  name={kind.name}
                  label={`${kind.label} approved`}
                  extra={`of ${kind.requested(order)} requested`}
                  rules={[checkedBy(shape[kind.name]), notAbove(kind.requested(order))]}
                >
                  <InputNumber placeholder={kind.label} min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        )}
        <Form.Item name="admin_comments" label="Comment" rules={[checkedBy(shape.admin_comments)]}>
          <Input.TextArea placeholder="Comment (optional)" maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <ShippingFields shape={shape} />
      </Form>
    </CommandDrawer>
  );
}
