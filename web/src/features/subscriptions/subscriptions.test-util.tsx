import type { CloudEvent, EventTypeRow } from '@portal/contracts/subscriptions/subscriptions.views';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '@portal/contracts/subscriptions/webhooks.views';

/** The subscription screens' fixtures: the paths they ask, the catalog, endpoints and a delivery log. */

export const EVENT_TYPES = '/api/v1/subscriptions/event_types';
export const WEBHOOKS = '/api/v1/subscriptions/webhooks';
export const RETAILERS = '/api/v1/reference/retailers';
export const webhookPath = (id: string, rest = '') => `${WEBHOOKS}/${id}${rest}`;

export const listed = <Row,>(data: Row[], total = data.length, page = 1) => ({ items: { data, total, current_page: page } });

export const cloudEvent = (change: Partial<CloudEvent> = {}): CloudEvent => ({
  specversion: '1.0',
  id: '6f1c2a3e-1111-4222-8333-944455556666',
  source: '/retailers/r-1',
  type: 'DeviceReceived',
  time: '2025-03-02T15:00:00.000Z',
  subject: 'device-356938035643809',
  datacontenttype: 'application/json',
  sequence: '000000000000006400000000000000c8',
  streamposition: 1,
  schemaversion: 1,
  data: { imei: '356938035643809', office_id: 'o-1' },
  ...change,
});

export const eventTypeRow = (type: string, change: Partial<EventTypeRow> = {}): EventTypeRow => ({
  type,
  capability: 'inventory',
  description: `${type} happened`,
  schema: { type: 'object', properties: { imei: { type: 'string' } }, required: ['imei'] },
  events: 0,
  last_recorded_at: null,
  example: null,
  ...change,
});

/** Three inventory types (one received 12,345 times, with its example), an RMA type and an admin type. */
export const CATALOG: EventTypeRow[] = [
  eventTypeRow('DeviceReceived', { description: 'A device was received into an office', events: 12_345, last_recorded_at: '2025-03-02T15:00:00.000Z', example: cloudEvent() }),
  eventTypeRow('DeviceAssigned', { description: 'A device was assigned to an agent', events: 40 }),
  eventTypeRow('DeviceSold', { description: 'A device was activated', events: 7 }),
  eventTypeRow('RmaOrderApproved', { capability: 'rma', description: 'An RMA order was approved', events: 3, schema: { type: 'object', properties: { order_id: { type: 'string' } } } }),
  eventTypeRow('UserAdded', { capability: 'admin', description: 'A user was added' }),
];

export const endpoint = (id: string, change: Partial<WebhookEndpointRow> = {}): WebhookEndpointRow => ({
  id,
  url: `https://hooks.example/${id}`,
  description: null,
  event_types: [],
  retailer_id: 'r-1',
  retailer_name: 'Lone Star Retail',
  status: 1,
  disabled_reason: null,
  created_at: '2025-03-01T10:00:00.000Z',
  failing_since: null,
  pending: 0,
  failed: 0,
  delivered: 0,
  last_delivered_at: null,
  cursor: '000000000000006400000000000000c8',
  ...change,
});

/** An endpoint for every type that delivers; one for two types, disabled by the portal and failing. */
export const ENDPOINTS: WebhookEndpointRow[] = [
  endpoint('w-1', { url: 'https://erp.example/hooks/portal', description: 'ERP sync', pending: 2, delivered: 1_234, last_delivered_at: '2025-03-05T14:30:00.000Z' }),
  endpoint('w-2', {
    url: 'https://crm.example/in',
    event_types: ['DeviceSold', 'RmaOrderApproved'],
    retailer_name: 'Gulf Coast Mobile',
    status: 0,
    disabled_reason: 'Disabled by the portal: every attempt failed for 5 days',
    failing_since: '2025-03-01T08:00:00.000Z',
    failed: 9,
  }),
];

export const attempt = (change: Partial<WebhookAttemptRow> = {}): WebhookAttemptRow => ({
  attempted_at: '2025-03-05T14:30:00.000Z',
  status_code: 200,
  latency_ms: 84,
  response_excerpt: null,
  error: null,
  ...change,
});

export const delivery = (id: string, change: Partial<WebhookDeliveryRow> = {}): WebhookDeliveryRow => ({
  id,
  event_id: `e-${id}`,
  event_type: 'DeviceReceived',
  subject: 'device-356938035643809',
  sequence: '000000000000006400000000000000c8',
  status: 'delivered',
  attempts: 1,
  next_attempt_at: null,
  created_at: '2025-03-05T14:29:00.000Z',
  delivered_at: '2025-03-05T14:30:00.000Z',
  attempt_log: [attempt()],
  ...change,
});

/** A delivery retried after a 500 and a timeout, and one delivered at once. */
export const DELIVERIES: WebhookDeliveryRow[] = [
  delivery('d-2', {
    event_type: 'DeviceSold',
    sequence: '000000000000006500000000000000c9',
    status: 'retrying',
    attempts: 2,
    next_attempt_at: '2025-03-05T15:00:00.000Z',
    delivered_at: null,
    attempt_log: [
      attempt({ attempted_at: '2025-03-05T14:31:00.000Z', status_code: 500, latency_ms: 1_520, response_excerpt: '{"error":"database locked"}' }),
      attempt({ attempted_at: '2025-03-05T14:35:00.000Z', status_code: null, latency_ms: 10_000, error: 'Timed out after 10 s' }),
    ],
  }),
  delivery('d-1'),
];
