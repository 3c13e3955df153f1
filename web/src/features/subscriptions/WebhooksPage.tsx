import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES, type WebhookStatusBody } from '@portal/contracts/subscriptions/webhooks.schemas';
import type { WebhookEndpointRow, WebhookRegistered } from '@portal/contracts/subscriptions/webhooks.views';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Grid, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import TextLink from '../../app/widgets/TextLink';
import { can } from '../../app/access';
import { failureMessage } from '../../app/api-client';
import { reloadLists } from '../../app/command';
import { shownDateTime, shownText } from '../../app/format';
import { useSession } from '../../app/session-context';
import ActionButton from '../../app/widgets/ActionButton';
import DeliveryLogDrawer from './DeliveryLogDrawer';
import RegisterWebhookDrawer, { SecretModal } from './RegisterWebhookDrawer';
import ReplayDialog from './ReplayDialog';
import { shownCount, subscriptionRoutes, useWebhookCommand, useWebhooks } from './subscriptions-api';
import { emptyNote } from '../../app/widgets/EmptyNote';

export const REMOVE_CONFIRM = 'Remove this webhook endpoint? Nothing more is sent to it, and its delivery log goes with it.';
/** How many event types a row names before "+N more". */
const TYPES_SHOWN = 3;

const WRAP = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;

/** The event types an endpoint receives: a tag each (a few, then "+N more"), or "All events" when it names none. */
function EventTypeTags({ types }: { types: readonly string[] }) {
  if (types.length === 0) return <Tag color="blue">All events</Tag>;
  const rest = types.slice(TYPES_SHOWN);
  return (
    <Flex wrap gap={4} style={{ maxWidth: 240 }}>
      {types.slice(0, TYPES_SHOWN).map((type) => (
        <Tag key={type} style={{ marginInlineEnd: 0 }}>
          {type}
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }} tabIndex={0} aria-label={`Also ${rest.join(', ')}`}>
            +{rest.length} more
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** Enabled or disabled (and why: its owner, or the portal after it kept failing), and since when every attempt has failed. */
function EndpointStatus({ row }: { row: WebhookEndpointRow }) {
  return (
    <Flex vertical gap={4} align="flex-start" style={{ maxWidth: 220 }}>
      {row.status === 1 ? (
        <Tag color="green">Enabled</Tag>
      ) : (
        <Tooltip title={row.disabled_reason ?? undefined}>
          <Tag>Disabled</Tag>
        </Tooltip>
      )}
      {row.status === 0 && row.disabled_reason && (
        <Typography.Text type="secondary" style={{ fontSize: 12, ...WRAP }}>
          {row.disabled_reason}
        </Typography.Text>
      )}
      {row.failing_since && <Tag color="red">Failing since {shownDateTime(row.failing_since)}</Tag>}
    </Flex>
  );
}

interface RowActions {
  readonly manages: boolean;
  readonly deliveries: (row: WebhookEndpointRow) => void;
  readonly toggle: (row: WebhookEndpointRow) => void;
  readonly replay: (row: WebhookEndpointRow) => void;
  readonly remove: (row: WebhookEndpointRow) => void;
}

const columns = (seesRetailers: boolean, phone: boolean, actions: RowActions): ColumnsType<WebhookEndpointRow> => [
  { title: 'URL', dataIndex: 'url', key: 'url', fixed: 'left', render: (url: string) => <div style={{ maxWidth: phone ? 150 : 260, minWidth: phone ? 100 : 140, fontFamily: 'monospace', ...WRAP }}>{url}</div> },
  { title: 'Description', dataIndex: 'description', key: 'description', render: (text: string | null) => <div style={{ maxWidth: 180, ...WRAP }}>{shownText(text)}</div> },
  { title: 'Event types', dataIndex: 'event_types', key: 'event_types', render: (types: readonly string[]) => <EventTypeTags types={types} /> },
  ...(seesRetailers ? [{ title: 'Retailer', dataIndex: 'retailer_name', key: 'retailer_name', render: (name: string | null, row: WebhookEndpointRow) => name ?? row.retailer_id }] : []),
  { title: 'Status', dataIndex: 'status', key: 'status', render: (_status: number, row) => <EndpointStatus row={row} /> },
  { title: 'Pending', dataIndex: 'pending', key: 'pending', align: 'right', render: shownCount },
  { title: 'Delivered', dataIndex: 'delivered', key: 'delivered', align: 'right', render: shownCount },
  { title: 'Failed', dataIndex: 'failed', key: 'failed', align: 'right', render: (failed: number) => <Typography.Text type={failed > 0 ? 'danger' : undefined}>{shownCount(failed)}</Typography.Text> },
  { title: 'Last delivered', dataIndex: 'last_delivered_at', key: 'last_delivered_at', render: shownDateTime },
  {
    title: 'Action',
    key: 'action',
    // Kept in view on the right while the counts scroll beside it (a phone has no room for two fixed columns).
    fixed: phone ? undefined : 'right',
    render: (_value, row) => (
      <Space wrap size={4} style={{ maxWidth: actions.manages ? 180 : undefined }}>
        <Button size="small" aria-label={`Deliveries of ${row.url}`} onClick={() => actions.deliveries(row)}>
          Deliveries
        </Button>
        {actions.manages && (
          <>
            <Button size="small" aria-label={`${row.status === 1 ? 'Disable' : 'Enable'} ${row.url}`} onClick={() => actions.toggle(row)}>
              {row.status === 1 ? 'Disable' : 'Enable'}
            </Button>
            <Button size="small" aria-label={`Replay events to ${row.url}`} onClick={() => actions.replay(row)}>
              Replay…
            </Button>
            <Button size="small" danger aria-label={`Remove ${row.url}`} onClick={() => actions.remove(row)}>
              Remove
            </Button>
          </>
        )}
      </Space>
    ),
  },
];

/**
 * Webhooks (/integrations/webhooks; ours, issue 24): the endpoints of the caller's scope that the
 * portal posts events to, signed (Standard Webhooks), with their status and delivery counts. The
 * super role and retailer managers register, disable or enable, replay and remove them; anyone
 * who opens the screen (the auditor too) reads an endpoint's delivery log.
 */
export default function WebhooksPage() {
  const { user } = useSession();
  const roles = user?.role_id ?? [];
  const manages = can.manageWebhooks(roles);
  const seesRetailers = can.seeRetailers(roles);
  const client = useQueryClient();
  const phone = Grid.useBreakpoint().sm === false;
  const list = useWebhooks();
  const rows = list.data?.data ?? [];

  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState<WebhookRegistered>();
  const [logOf, setLogOf] = useState<WebhookEndpointRow>();
  const [replayTo, setReplayTo] = useState<WebhookEndpointRow>();

  const enable = useWebhookCommand<WebhookStatusBody>(subscriptionRoutes.status, WEBHOOK_MESSAGES.enabled);
  const disable = useWebhookCommand<WebhookStatusBody>(subscriptionRoutes.status, WEBHOOK_MESSAGES.disabled);
  const removal = useWebhookCommand(subscriptionRoutes.remove, WEBHOOK_MESSAGES.removed);

  const actions: RowActions = {
    manages,
    deliveries: setLogOf,
    replay: setReplayTo,
    toggle: (row) => (row.status === 1 ? disable : enable).mutate({ params: { id: row.id }, body: { status: row.status === 1 ? 0 : 1 } }),
    remove: (row) =>
      Modal.confirm({
        title: REMOVE_CONFIRM,
        content: row.url,
        okText: 'Yes',
        okButtonProps: { danger: true },
        cancelText: 'No',
        onOk: () => removal.mutate({ params: { id: row.id } }),
      }),
  };

  // A retailer manager's endpoints are one retailer's: its limit is known before the form opens (the super role's, once a retailer is chosen: the server's check).
  const full = !seesRetailers && rows.length >= WEBHOOK_ENDPOINTS_MAX && `At most ${WEBHOOK_ENDPOINTS_MAX} endpoints per retailer: remove one to register another.`;

  return (
    <Card>
      <Typography.Title level={3}>Webhooks</Typography.Title>
      <Typography.Paragraph type="secondary">
        The portal posts each event of the{' '}
        <TextLink to="/integrations/events">Event Catalog</TextLink> 
        to these endpoints as a signed CloudEvent, retrying until the receiver answers 2xx.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => reloadLists(client, [subscriptionRoutes.webhooks, subscriptionRoutes.deliveries])}>Refresh</Button>
        {manages && (
          <ActionButton type="primary" blockedBecause={full} onClick={() => setRegistering(true)}>
            Register Endpoint
          </ActionButton>
        )}
      </Space>
      {list.isError && <Alert type="error" showIcon title={failureMessage(list.error)} style={{ marginBottom: 16 }} />}
      <Table<WebhookEndpointRow>
        rowKey="id"
        columns={columns(seesRetailers, phone, actions)}
        dataSource={[...rows]}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: emptyNote(manages ? 'No webhook endpoint yet: Register Endpoint to receive events as they happen.' : 'No webhook endpoint yet.') }}
        pagination={{ hideOnSinglePage: true, pageSize: 25 }}
      />
      {registering && (
        <RegisterWebhookDrawer
          choosesRetailer={seesRetailers}
          onClose={() => setRegistering(false)}
          onRegistered={(answer) => {
            setRegistering(false);
            setRegistered(answer);
          }}
        />
      )}
      {/* The secret lives only in this state: closing the dialog forgets it. */}
      {registered && <SecretModal registered={registered} onClose={() => setRegistered(undefined)} />}
      {logOf && <DeliveryLogDrawer endpoint={logOf} manages={manages} onClose={() => setLogOf(undefined)} />}
      {replayTo && <ReplayDialog endpoint={replayTo} onClose={() => setReplayTo(undefined)} />}
    </Card>
  );
}
