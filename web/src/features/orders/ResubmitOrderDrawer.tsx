import { type ResubmitInventoryOrderBody, resubmitInventoryOrderBody } from '@portal/contracts/orders/orders.schemas';
import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { Form, Input, Typography } from 'antd';
import { useRecordCommand } from '../../app/command';
import { officeLabel } from '../../app/format';
import { notice } from '../../app/notice';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { type OrderFormValues, RequestedQuantityFields, ShippingFields, requestedOf, shippingOf } from './order-fields';
import { PHONES_AND_TABLETS_STATE } from './orders-choices';

const { shape } = resubmitInventoryOrderBody;

export interface ResubmitOrderDrawerProps {
  order: InventoryOrderRow;
  /** POST resubmit_inventory_request_order/:id. */
  command: ApiRoute;
  reload: readonly ApiRoute[];
  onClose: () => void;
  onResubmitted: () => void;
}

/**
 * Resubmit of a rejected device order (doc 2 §4, §5, §7; docs/ORDERS.md): a required comment
 * ('please enter comment'), the requested quantities and the shipping, prefilled from the order
 * (phones and tablets only for an office in CA). It becomes a new version that starts the chain
 * again; the server's message follows.
 */
export default function ResubmitOrderDrawer({ order, command: api, reload, onClose, onResubmitted }: ResubmitOrderDrawerProps) {
  const [form] = Form.useForm<OrderFormValues>();
  const command = useRecordCommand<ResubmitInventoryOrderBody>(api, reload);
  const phonesAndTablets = order.office_state === PHONES_AND_TABLETS_STATE;
  const initialValues = { ...requestedOf(order, phonesAndTablets), ...shippingOf(order) };

  const submit = (values: OrderFormValues) => {
    const asked = phonesAndTablets ? values : { ...values, devices_requested: undefined, tablets_requested: undefined };
    const checked = resubmitInventoryOrderBody.safeParse(asked);
    if (!checked.success) {
      notice.failure(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    command.mutate({ id: order.id, body: checked.data }, { onSuccess: onResubmitted });
  };

  return (
    <CommandDrawer title={`Resubmit ${order.order_prefix}`} submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Typography.Paragraph>
        {officeLabel(order)}: {order.status_text}
        {order.admin_comments && ` (${order.admin_comments})`}.
      </Typography.Paragraph>
      <Form<OrderFormValues> form={form} name="order-resubmit" layout="vertical" initialValues={initialValues} onFinish={submit}>
        <Form.Item name="comments" label="Comment" required rules={[checkedBy(shape.comments)]}>
          <Input.TextArea placeholder="What changed" maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <RequestedQuantityFields shape={shape} phonesAndTablets={phonesAndTablets} />
        <ShippingFields shape={shape} />
      </Form>
    </CommandDrawer>
  );
}
