import type { FeedCursor } from './feed-cursor';

/**
 * One event as delivered, in the CloudEvents 1.0 JSON format (structured mode): the required
 * attributes, `time`, `subject` (the stream), `datacontenttype`, and extensions that let a
 * subscriber resume and order: `sequence` (the cursor to resume after this event; sorts as text in
 * the store's order), `streamposition` (1-based place in its stream), `schemaversion`.
 */
export interface CloudEvent<Data = unknown> {
  readonly specversion: '1.0';
  /** The event's id in the store (a UUID): unique with `source`; receivers de-duplicate by it. */
  readonly id: string;
  /** `/retailers/<retailer id>`: whose business the event is. */
  readonly source: string;
  /** The event's type, as the catalog names it: `DeviceReceived`. */
  readonly type: string;
  readonly time: string;
  /** The stream: `device-<imei>`, `rma-order-<id>`… */
  readonly subject: string;
  readonly datacontenttype: 'application/json';
  readonly sequence: FeedCursor;
  readonly streamposition: number;
  readonly schemaversion: number;
  readonly data: Data;
}

/** A page of the feed: the events after the cursor sent, and the cursor to send next. */
export interface EventFeedPage {
  readonly events: readonly CloudEvent[];
  /** Send it back as `after` (or `Last-Event-ID`): the page after the last event read — and after rows scanned without a match when `types` filters. */
  readonly next_cursor: FeedCursor;
}

/** One row of the event catalog (console "Event Catalog"; `GET /api/v1/subscriptions/event_types`). */
export interface EventTypeRow {
  readonly type: string;
  /** The capability whose commands append it. */
  readonly capability: string;
  readonly description: string;
  /** JSON Schema (draft 2020-12) of `data` as delivered (secrets left out). */
  readonly schema: Record<string, unknown>;
  /** How many so far in the caller's scope (its retailer's feed; everything for the super role). */
  readonly events: number;
  readonly last_recorded_at: string | null;
  /** The latest one in the caller's scope, as delivered; null when there is none yet. */
  readonly example: CloudEvent | null;
}
