import type { FeedCursor } from './feed-cursor';
import type { WebhookDeliveryStatus } from './webhooks.schemas';

/** One registered endpoint (console "Webhooks"; `GET /api/v1/subscriptions/webhooks`). Its secret is never listed. */
export interface WebhookEndpointRow {
  readonly id: string;
  readonly url: string;
  readonly description: string | null;
  /** The types delivered; empty: every type. */
  readonly event_types: readonly string[];
  readonly retailer_id: string;
  readonly retailer_name: string | null;
  /** 1 enabled, 0 disabled (by its owner, or by the portal after WEBHOOK_DISABLE_AFTER_MS of failure: `disabled_reason` says which). */
  readonly status: 0 | 1;
  readonly disabled_reason: string | null;
  readonly created_at: string;
  /** Since when every attempt has failed (null while deliveries succeed). */
  readonly failing_since: string | null;
  /** Deliveries waiting or being retried, and given up. */
  readonly pending: number;
  readonly failed: number;
  readonly delivered: number;
  readonly last_delivered_at: string | null;
  /** How far the endpoint has been handed events: the cursor of the last one queued. */
  readonly cursor: FeedCursor;
}

/** The answer to registering: the signing secret (`whsec_…`, Standard Webhooks), shown this once. */
export interface WebhookRegistered {
  readonly message: string;
  readonly id: string;
  readonly secret: string;
}

/** One attempt to deliver: what the receiver answered. */
export interface WebhookAttemptRow {
  readonly attempted_at: string;
  /** The HTTP status; null when no answer came (refused, timed out): `error` says why. */
  readonly status_code: number | null;
  readonly latency_ms: number;
  /** The first 500 characters of the answer's body. */
  readonly response_excerpt: string | null;
  readonly error: string | null;
}

/** One event to deliver to an endpoint and how it went (the delivery log). */
export interface WebhookDeliveryRow {
  readonly id: string;
  /** The `webhook-id` header: the event's id (a replay sends it again under the same id, so receivers de-duplicate). */
  readonly event_id: string;
  readonly event_type: string;
  readonly subject: string;
  readonly sequence: FeedCursor;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: number;
  readonly next_attempt_at: string | null;
  readonly created_at: string;
  readonly delivered_at: string | null;
  /** Every attempt, oldest first. */
  readonly attempt_log: readonly WebhookAttemptRow[];
}
