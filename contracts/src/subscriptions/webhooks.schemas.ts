import { z } from 'zod';
import { blankAsMissing, requiredText, text, wholeNumberBetween } from '../platform/input';
import { idParam, optionalIdParam, pageParam, resultsParam } from '../platform/list-params';
import { positionOfCursor } from './feed-cursor';
import { CURSOR_MESSAGE } from './subscriptions.schemas';

export const WEBHOOK_MESSAGES = {
  url: 'Please input the endpoint URL (https://…, or http://localhost for a test receiver)',
  urlScheme: 'The endpoint URL must start with https:// (http:// only for localhost)',
  urlCredentials: 'The endpoint URL may not carry a user name or password',
  types: 'Event types are names from the event catalog, each once',
  registered: 'Webhook endpoint registered: copy its signing secret now, it is shown once',
  enabled: 'Webhook endpoint enabled: deliveries resume',
  disabled: 'Webhook endpoint disabled: deliveries wait until it is enabled again',
  removed: 'Webhook endpoint removed',
  redelivering: 'The delivery is queued to be sent again',
  replaying: 'Every event from that point is queued to be delivered again',
  status: 'Status is 1 (enabled) or 0 (disabled)',
  retailer: 'Please select a retailer',
} as const;

/** At most this many endpoints per retailer: each is a delivery loop of its own. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_TYPES_MAX = 100;

/**
 * An endpoint URL: absolute http(s), https except for a local test receiver, no credentials in it
 * (the signing secret authenticates us to the receiver), at most 2,000 characters.
 */
export const webhookUrl = requiredText(WEBHOOK_MESSAGES.url, 2000).superRefine((value, context) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.url });
    return;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && local))) context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlScheme });
  if (url.username || url.password) context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
});

/** Event type names (empty or absent: every type). Whether each is in the catalog is the service's check. */
const eventTypes = z.preprocess(
  blankAsMissing,
  z
    .array(text(WEBHOOK_MESSAGES.types).regex(/^[A-Z][A-Za-z0-9]{0,79}$/, WEBHOOK_MESSAGES.types), { error: WEBHOOK_MESSAGES.types })
    .max(WEBHOOK_TYPES_MAX, WEBHOOK_MESSAGES.types)
    .refine((types) => new Set(types).size === types.length, WEBHOOK_MESSAGES.types)
    .optional(),
);

/** Register Endpoint (console: roles 1, 12): the retailer is the caller's own for a retailer manager; the super role names one. */
export const registerWebhookBody = z.object({
  url: webhookUrl,
  event_types: eventTypes,
  description: z.preprocess(blankAsMissing, text().trim().max(200, 'At most 200 characters').optional()),
  retailer_id: optionalIdParam,
});
export type RegisterWebhookBody = z.infer<typeof registerWebhookBody>;

/** The same for an API key: its retailer. */
export const registerKeyWebhookBody = registerWebhookBody.omit({ retailer_id: true });
export type RegisterKeyWebhookBody = z.infer<typeof registerKeyWebhookBody>;

export const webhookParams = z.object({ id: idParam('Endpoint id is required') });
export type WebhookParams = z.infer<typeof webhookParams>;

export const webhookDeliveryParams = z.object({ id: idParam('Endpoint id is required'), delivery_id: idParam('Delivery id is required') });
export type WebhookDeliveryParams = z.infer<typeof webhookDeliveryParams>;

export const webhookStatusBody = z.object({ status: wholeNumberBetween(0, 1, WEBHOOK_MESSAGES.status) });
export type WebhookStatusBody = z.infer<typeof webhookStatusBody>;

/** Replay from a point of the store: everything after `after` (a feed cursor; absent: from the first event). */
export const webhookReplayBody = z.object({
  after: z.preprocess(blankAsMissing, text(CURSOR_MESSAGE).trim().refine((value) => positionOfCursor(value) !== undefined, CURSOR_MESSAGE).optional()),
});
export type WebhookReplayBody = z.infer<typeof webhookReplayBody>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The delivery log of an endpoint, newest first, a page at a time; `status` filters. */
export const webhookDeliveriesQuery = z.object({
  page: pageParam,
  results: resultsParam,
  status: z.preprocess(blankAsMissing, z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status is one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional()),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;
