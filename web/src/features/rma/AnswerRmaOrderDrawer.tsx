import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { type AnswerRmaOrderBody, answerRmaOrderBody } from '@portal/contracts/rma/rma-order.schemas';
import type { RmaOrderRow } from '@portal/contracts/rma/rma.views';
import { Form, Input, Radio, Typography } from 'antd';
import { notice } from '../../app/notice';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { ORDER_ANSWER_OPTIONS, RMA_ORDER_MESSAGES } from './rma-choices';
import { useRecordCommand } from '../../app/command';
import { checkedBy } from '../../app/schema-rule';

interface AnswerForm {
  status?: number;
  comments?: string;
}

export interface AnswerRmaOrderDrawerProps {
  order: RmaOrderRow;
  /** POST manager/approve_reject_rma_order/:id. */
  command: ApiRoute;
  reload: readonly ApiRoute[];
  onClose: () => void;
  onAnswered: () => void;
}

/**
 * Approve / Reject of a submitted RMA order (RMA Status, doc 2 §4, §5): the choice and a comment,
 * required on this screen ('Please input comment', contracts' answerRmaOrderBody). The server's
 * answer ('Success order Accepted' or 'Rejected') follows in a popup.
 */
export default function AnswerRmaOrderDrawer({ order, command: api, reload, onClose, onAnswered }: AnswerRmaOrderDrawerProps) {
  const [form] = Form.useForm<AnswerForm>();
  const command = useRecordCommand<AnswerRmaOrderBody>(api, reload);

  const submit = (values: AnswerForm) => {
    const checked = answerRmaOrderBody.safeParse(values);
    if (!checked.success) {
      notice.failure(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    command.mutate({ id: order.id, body: checked.data }, { onSuccess: onAnswered });
  };

  return (
    <CommandDrawer title={`Approve / Reject ${order.rma_prefix}`} submitting={command.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Typography.Paragraph>
        {order.rma_device_count === 1 ? '1 RMA device' : `${order.rma_device_count} RMA devices`} in {order.no_of_boxes === 1 ? '1 box' : `${order.no_of_boxes} boxes`}, submitted by{' '}
        {order.submitted_user_name ?? '—'}
      </Typography.Paragraph>
      <Form<AnswerForm> form={form} name="rma-order-answer" layout="vertical" onFinish={submit}>
        <Form.Item name="status" label="Answer" rules={[{ required: true, message: RMA_ORDER_MESSAGES.chooseAnswer }]}>
          <Radio.Group options={ORDER_ANSWER_OPTIONS} optionType="button" buttonStyle="solid" />
        </Form.Item>
        <Form.Item name="comments" label="Comment" required rules={[checkedBy(answerRmaOrderBody.shape.comments)]}>
          <Input.TextArea placeholder="Comment" maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </CommandDrawer>
  );
}
