import { PAGE_SIZE, PAGE_SIZE_CHOICES } from '@portal/contracts/reference/reference-lists';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_MESSAGES, type WebhookDeliveryStatus } from '@portal/contracts/subscriptions/webhooks.schemas';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '@portal/contracts/subscriptions/webhooks.views';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Flex, Grid, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { failureMessage } from '../../app/api-client';
import { reloadLists } from '../../app/command';
import { shownDateTime } from '../../app/format';
import { useWindowWidth } from '../../app/layout/useWindowWidth';
import { EXCERPT_STYLE } from './CopyText';
import { shownCount, subscriptionRoutes, useWebhookCommand, useWebhookDeliveries } from './subscriptions-api';

/** Each delivery status once: its name and its tag's colour (delivered green, pending blue, retrying orange, failed red). */
export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { readonly name: string; readonly color: string }> = {
  pending: { name: 'Pending', color: 'blue' },
  delivered: { name: 'Delivered', color: 'green' },
  retrying: { name: 'Retrying', color: 'orange' },
  failed: { name: 'Failed', color: 'red' },
};

const STATUS_OPTIONS = WEBHOOK_DELIVERY_STATUSES.map((status) => ({ value: status, label: DELIVERY_STATUS[status].name }));

const MONO = { fontFamily: 'monospace', overflowWrap: 'anywhere', wordBreak: 'break-all' } as const;

/** What the receiver answered: its HTTP status (2xx green, else red), or why no answer came. */
function AttemptResult({ attempt }: { attempt: WebhookAttemptRow }) {
  if (attempt.status_code === null) return <Typography.Text type="danger">{attempt.error ?? 'No answer'}</Typography.Text>;
  const ok = attempt.status_code >= 200 && attempt.status_code < 300;
  return (
    <Flex vertical gap={2}>
      <Tag color={ok ? 'green' : 'red'} style={{ width: 'fit-content' }}>
        {attempt.status_code}
      </Tag>
      {attempt.error && <Typography.Text type="danger">{attempt.error}</Typography.Text>}
    </Flex>
  );
}

const attemptColumns: ColumnsType<WebhookAttemptRow> = [
  { title: 'Attempted', dataIndex: 'attempted_at', key: 'attempted_at', render: shownDateTime },
  { title: 'Status code or error', key: 'result', render: (_value, attempt) => <AttemptResult attempt={attempt} /> },
  { title: 'Latency (ms)', dataIndex: 'latency_ms', key: 'latency_ms', align: 'right', render: shownCount },
  {
    title: 'Response',
    dataIndex: 'response_excerpt',
    key: 'response_excerpt',
    render: (excerpt: string | null) => (excerpt ? <pre style={{ ...EXCERPT_STYLE, maxWidth: 420 }}>{excerpt}</pre> : '—'),
  },
];

/** Every attempt of one delivery, oldest first. */
function Attempts({ delivery }: { delivery: WebhookDeliveryRow }) {
  if (delivery.attempt_log.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Not attempted yet" />;
  return (
    <Table<WebhookAttemptRow>
      size="small"
      aria-label={`Attempts of ${delivery.event_type}`}
      rowKey={(attempt) => `${attempt.attempted_at} ${attempt.latency_ms}`}
      columns={attemptColumns}
      dataSource={[...delivery.attempt_log]}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

const columns = (redeliver: ((row: WebhookDeliveryRow) => void) | undefined, redelivering: string | undefined, phone: boolean): ColumnsType<WebhookDeliveryRow> => [
  { title: 'Event type', dataIndex: 'event_type', key: 'event_type', fixed: 'left' },
  { title: 'Subject', dataIndex: 'subject', key: 'subject', render: (subject: string) => <div style={{ ...MONO, maxWidth: 200 }}>{subject}</div> },
  {
    title: 'Sequence',
    dataIndex: 'sequence',
    key: 'sequence',
    // 32 hex digits break in two (the transaction, then the position), so the status stays in view.
    render: (sequence: string) => (
      <Typography.Text copyable={{ text: sequence }} style={{ ...MONO, display: 'inline-block', maxWidth: '16.5ch' }}>
        {sequence}
      </Typography.Text>
    ),
  },
  { title: 'Status', dataIndex: 'status', key: 'status', render: (status: WebhookDeliveryStatus) => <Tag color={DELIVERY_STATUS[status]?.color}>{DELIVERY_STATUS[status]?.name ?? status}</Tag> },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  { title: 'Next attempt', dataIndex: 'next_attempt_at', key: 'next_attempt_at', render: shownDateTime },
  { title: 'Created', dataIndex: 'created_at', key: 'created_at', render: shownDateTime },
  { title: 'Delivered', dataIndex: 'delivered_at', key: 'delivered_at', render: shownDateTime },
  ...(redeliver
    ? [
        {
          title: 'Action',
          key: 'action',
          // In view on the right while the times scroll beside it (a phone has no room for two fixed columns).
          fixed: phone ? undefined : ('right' as const),
          render: (_value: unknown, row: WebhookDeliveryRow) => (
            <Button size="small" aria-label={`Redeliver ${row.event_type} ${row.sequence}`} loading={redelivering === row.id} onClick={() => redeliver(row)}>
              Redeliver
            </Button>
          ),
        },
      ]
    : []),
];

/**
 * An endpoint's delivery log (a drawer over Webhooks): newest first, paged by the server, filtered
 * by status; a row opens every attempt (when, status code or error, latency, the response's first
 * characters). Those who manage webhooks may send one delivery again (Redeliver).
 */
export default function DeliveryLogDrawer({ endpoint, manages, onClose }: { endpoint: WebhookEndpointRow; manages: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const windowWidth = useWindowWidth();
  const phone = Grid.useBreakpoint().sm === false;
  const [status, setStatus] = useState<WebhookDeliveryStatus>();
  const [page, setPage] = useState(1);
  const [results, setResults] = useState<number>(PAGE_SIZE);
  const log = useWebhookDeliveries(endpoint.id, { page, results, ...(status && { status }) });
  const redeliver = useWebhookCommand(subscriptionRoutes.redeliver, WEBHOOK_MESSAGES.redelivering);
  const redelivering = redeliver.isPending ? redeliver.variables?.params.delivery_id?.toString() : undefined;

  return (
    <Drawer open title={`Deliveries: ${endpoint.url}`} size={Math.min(1280, windowWidth)} onClose={onClose} destroyOnHidden>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Select<WebhookDeliveryStatus>
          aria-label="Delivery status"
          placeholder="Status"
          allowClear
          value={status}
          options={STATUS_OPTIONS}
          onChange={(value) => {
            setStatus(value ?? undefined);
            setPage(1);
          }}
          style={{ minWidth: 160 }}
        />
        <Button onClick={() => reloadLists(client, [subscriptionRoutes.deliveries])}>Refresh</Button>
      </Flex>
      {log.isError && <Alert type="error" showIcon title={failureMessage(log.error)} style={{ marginBottom: 16 }} />}
      <Table<WebhookDeliveryRow>
        rowKey="id"
        aria-label="Delivery log"
        columns={columns(manages ? (row) => redeliver.mutate({ params: { id: endpoint.id, delivery_id: row.id } }) : undefined, redelivering, phone)}
        dataSource={log.data ? [...log.data.data] : []}
        loading={log.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (row) => <Attempts delivery={row} /> }}
        pagination={{
          current: page,
          pageSize: results,
          total: log.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_CHOICES.map(String),
          locale: { items_per_page: 'rows / page' },
          showTotal: (total) => `${shownCount(total)} in all`,
        }}
        onChange={(pagination) => {
          const size = pagination.pageSize ?? results;
          if (size !== results) {
            setResults(size);
            setPage(1);
            return;
          }
          setPage(pagination.current ?? 1);
        }}
      />
    </Drawer>
  );
}
