import { WEBHOOK_MESSAGES, registerWebhookBody } from '@portal/contracts/subscriptions/webhooks.schemas';
import type { WebhookRegistered } from '@portal/contracts/subscriptions/webhooks.views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { call, failureMessage } from '../../app/api-client';
import { reloadAfter } from '../../app/command';
import { passesSchema, showRefusedFields } from '../../app/form-problems';
import { notice } from '../../app/notice';
import TypeaheadSelect from '../../app/report/TypeaheadSelect';
import { checkedBy } from '../../app/schema-rule';
import CommandDrawer from '../../app/widgets/CommandDrawer';
import { CopyButton } from './CopyText';
import { subscriptionRoutes, useEventCatalog } from './subscriptions-api';

const { shape } = registerWebhookBody;

interface RegisterForm {
  url?: string;
  description?: string;
  event_types?: string[];
  retailer_id?: string;
}

export const SECRET_WARNING = 'Copy this signing secret now: it is not shown again.';
export const VERIFY_NOTE =
  'Each delivery is signed as Standard Webhooks sign them: check the webhook-signature header (HMAC-SHA256 of "webhook-id.webhook-timestamp.body" with this secret) and refuse an old webhook-timestamp.';

/** The body as the server reads it: the URL and description trimmed, no empty list (every type), the retailer only when chosen. */
function bodyOf(values: RegisterForm) {
  const description = values.description?.trim();
  return {
    url: values.url?.trim() ?? '',
    ...(values.event_types && values.event_types.length > 0 && { event_types: values.event_types }),
    ...(description && { description }),
    ...(values.retailer_id && { retailer_id: values.retailer_id }),
  };
}

/** The event types to choose from, by capability, from the catalog the Event Catalog page reads. */
function useTypeOptions() {
  const catalog = useEventCatalog();
  const options = useMemo(() => {
    const byCapability = new Map<string, { value: string; label: string }[]>();
    for (const row of catalog.data ?? []) {
      const group = byCapability.get(row.capability) ?? [];
      group.push({ value: row.type, label: row.type });
      byCapability.set(row.capability, group);
    }
    return [...byCapability.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([capability, types]) => ({ label: capability, title: capability, options: types.sort((a, b) => a.value.localeCompare(b.value)) }));
  }, [catalog.data]);
  return { options, loading: catalog.isPending };
}

/**
 * The signing secret of a newly registered endpoint, shown this once (the server keeps only what
 * verifies it): copy it, and how receivers verify a delivery with it.
 */
export function SecretModal({ registered, onClose }: { registered: WebhookRegistered; onClose: () => void }) {
  return (
    <Modal
      open
      title="Webhook endpoint registered"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph>{registered.message || WEBHOOK_MESSAGES.registered}</Typography.Paragraph>
      <Alert type="warning" showIcon title={SECRET_WARNING} style={{ marginBottom: 12 }} />
      <Typography.Paragraph>
        <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {registered.secret}
        </Typography.Text>{' '}
        <CopyButton text={registered.secret} what="the signing secret" />
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {VERIFY_NOTE}
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * Register Endpoint (roles 1 and 12): the URL, a description, the event types (none: every type),
 * and for the super role the retailer whose events it receives; checked by the contracts'
 * registerWebhookBody. The answer's signing secret is then shown once (`onRegistered`).
 */
export default function RegisterWebhookDrawer({ choosesRetailer, onClose, onRegistered }: { choosesRetailer: boolean; onClose: () => void; onRegistered: (registered: WebhookRegistered) => void }) {
  const [form] = Form.useForm<RegisterForm>();
  const client = useQueryClient();
  const types = useTypeOptions();
  const register = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) => call<WebhookRegistered>(subscriptionRoutes.register, { body }),
    onSuccess: (registered) => {
      reloadAfter(client, registered, [subscriptionRoutes.webhooks]);
      onRegistered(registered);
    },
    onError: (failure: unknown) => {
      notice.failure(failureMessage(failure));
      showRefusedFields(form, failure);
    },
  });

  const send = (values: RegisterForm) => {
    const body = bodyOf(values);
    // The whole body as the server reads it: a problem the field rules missed is named on its item.
    if (!passesSchema(form, registerWebhookBody, body)) return;
    register.mutate(body);
  };

  return (
    <CommandDrawer title="Register Endpoint" submitLabel="Register" submitting={register.isPending} onCancel={onClose} onSubmit={() => form.submit()}>
      <Form<RegisterForm> form={form} name="register-webhook" layout="vertical" onFinish={send}>
        <Form.Item name="url" label="URL" required rules={[checkedBy(shape.url)]} extra="A public https://… address (a local test receiver, http://localhost, only where the portal allows private targets)">
          <Input placeholder="https://" maxLength={2000} autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label="Description" rules={[checkedBy(shape.description)]}>
          <Input placeholder="Description" maxLength={200} />
        </Form.Item>
        <Form.Item name="event_types" label="Event types" rules={[checkedBy(shape.event_types)]} extra="None chosen: every event type, also those added later">
          <Select mode="multiple" placeholder="All events" allowClear loading={types.loading} options={types.options} showSearch={{ optionFilterProp: 'label' }} maxTagCount="responsive" />
        </Form.Item>
        {choosesRetailer && (
          <Form.Item name="retailer_id" label="Retailer" required rules={[{ required: true, message: WEBHOOK_MESSAGES.retailer }, checkedBy(shape.retailer_id)]}>
            <TypeaheadSelect route={subscriptionRoutes.retailers} search="client" placeholder="Retailer" style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </CommandDrawer>
  );
}
