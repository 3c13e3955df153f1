import { WEBHOOK_MESSAGES, type WebhookReplayBody, webhookReplayBody } from '@portal/contracts/subscriptions/webhooks.schemas';
import type { WebhookEndpointRow } from '@portal/contracts/subscriptions/webhooks.views';
import { Form, Input, Modal, Typography } from 'antd';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { checkedBy } from '../../app/schema-rule';
import { subscriptionRoutes, useWebhookCommand } from './subscriptions-api';

interface ReplayForm {
  after?: string;
}

/**
 * Replay… (roles 1 and 12): deliver again to one endpoint every event after a cursor of the feed,
 * or from the very first event when none is given; the cursor checked by the contracts'
 * webhookReplayBody before anything is sent.
 */
export default function ReplayDialog({ endpoint, onClose }: { endpoint: WebhookEndpointRow; onClose: () => void }) {
  const [form] = Form.useForm<ReplayForm>();
  const replay = useWebhookCommand<WebhookReplayBody>(subscriptionRoutes.replay, WEBHOOK_MESSAGES.replaying);

  const send = (values: ReplayForm) => {
    const after = values.after?.trim();
    const body = after ? { after } : {};
    if (!passesSchema(form, webhookReplayBody, body)) return;
    replay.mutate({ params: { id: endpoint.id }, body }, { onSuccess: onClose, onError: (failure) => showRefusedFields(form, failure) });
  };

  return (
    <Modal open title="Replay events" okText="Replay" cancelText="Cancel" onOk={() => form.submit()} onCancel={onClose} confirmLoading={replay.isPending} destroyOnHidden>
      <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
        Deliver again to <Typography.Text strong>{endpoint.url}</Typography.Text> every event after the cursor below.
      </Typography.Paragraph>
      <Form<ReplayForm> form={form} name="replay-webhook" layout="vertical" onFinish={send}>
        <Form.Item
          name="after"
          label="Cursor"
          rules={[checkedBy(webhookReplayBody.shape.after)]}
          extra={
            <>
              Blank: from the very first event. The endpoint has been handed events up to <Typography.Text code style={{ wordBreak: 'break-all' }}>{endpoint.cursor}</Typography.Text>. Each delivery&apos;s Sequence is a cursor: a replay after it starts with the next event.
            </>
          }
        >
          <Input placeholder="From the very first event" maxLength={64} autoComplete="off" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
