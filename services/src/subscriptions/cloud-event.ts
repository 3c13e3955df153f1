import { type CloudEvent, type RecordedEvent, cursorOf, redactSecrets } from '@portal/contracts';

/** `source` of a retailer's events (whose business they are); `/portal` for those no retailer's feed carries (the super role's catalog shows them). */
export const sourceOf = (retailerId: string | null) => (retailerId ? `/retailers/${retailerId}` : '/portal');

/** A stored event as delivered (CloudEvents 1.0 JSON, secrets removed): the feed, its Server-Sent Events and webhooks all send this. */
export function toCloudEvent(event: RecordedEvent, retailerId: string | null): CloudEvent {
  return {
    specversion: '1.0',
    id: event.eventId,
    source: sourceOf(retailerId),
    type: event.type,
    time: event.recordedAt.toISOString(),
    subject: event.streamId,
    datacontenttype: 'application/json',
    sequence: cursorOf(event.position),
    streamposition: event.streamPosition,
    schemaversion: event.schemaVersion,
    data: redactSecrets(event.data),
  };
}
