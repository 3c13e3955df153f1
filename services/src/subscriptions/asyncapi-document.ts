import { DEFAULT_DISABLE_AFTER_MS, DEFAULT_RETRY_SCHEDULE, EVENT_CATALOG, FEED_PAGE_DEFAULT, FEED_PAGE_MAX, FEED_TYPES_MAX, FEED_WAIT_MAX_SECONDS, type CatalogEventType, deliveredDataSchema } from '@portal/contracts';
import { placeJsonSchema } from '../platform/http/openapi';
import type { JsonSchema } from '../platform/http/openapi-document';
import { servicesVersion } from '../platform/http/openapi.controller';

/**
 * The AsyncAPI 3.0 document of what downstream systems receive (docs/SUBSCRIPTIONS.md): one
 * message per event type of the catalog — a CloudEvents 1.0 envelope whose `data` is the JSON
 * Schema of the event's delivered data (contracts' `deliveredDataSchema`, secrets left out) — on
 * three channels: the feed's pages, its Server-Sent Events and webhooks. Described from a
 * subscriber's side: every operation is one it receives. Served at ASYNCAPI_JSON_PATH.
 */

export const ASYNCAPI_JSON_PATH = '/api/docs/asyncapi.json';


const PORTAL_SERVER = 'portal';
const SUBSCRIBER_SERVER = 'subscriber';
const API_KEY = 'apiKey';
const WEBHOOK_SIGNATURE = 'webhookSignature';
const ENVELOPE = 'CloudEventEnvelope';
const CURSOR_PATTERN = '^[0-9a-f]{32}$';
const HTTP_BINDING_VERSION = '0.3.0';

/** The defaults of the webhook delivery settings (the worker's config reads the same names). */
const RETRY_SCHEDULE_DEFAULT = DEFAULT_RETRY_SCHEDULE.replace(/,/g, ', ');
const DISABLE_AFTER_DEFAULT = `${DEFAULT_DISABLE_AFTER_MS / 86_400_000} days (${DEFAULT_DISABLE_AFTER_MS} ms)`;

/** An event's delivered `data` schema (contracts' `deliveredDataSchema`, secrets left out) placed in the document as the OpenAPI document places its schemas. */
const dataSchemaOf = (entry: CatalogEventType, schemas: Record<string, JsonSchema>): JsonSchema => placeJsonSchema(deliveredDataSchema(entry), `${entry.type}Data`, schemas).use;

/** The CloudEvents 1.0 attributes every delivered event carries (cloud-event.ts writes them). */
const envelopeSchema: JsonSchema = {
  type: 'object',
  description:
    'One event as delivered, in the CloudEvents 1.0 JSON format (structured mode): the required attributes, `time`, `subject` (the stream), ' +
    '`datacontenttype`, and the extensions `sequence`, `streamposition` and `schemaversion`. Secrets are never delivered.',
  required: ['specversion', 'id', 'source', 'type', 'time', 'subject', 'datacontenttype', 'sequence', 'streamposition', 'schemaversion', 'data'],
  properties: {
    specversion: { type: 'string', const: '1.0', description: 'The CloudEvents version.' },
    id: { type: 'string', format: 'uuid', description: "The event's id in the store: unique with `source`. Receivers de-duplicate by it (webhooks send it as `webhook-id` too)." },
    source: { type: 'string', format: 'uri-reference', description: "`/retailers/<retailer id>`: whose business the event is (the API key's retailer)." },
    type: { type: 'string', description: 'The event type, as the event catalog names it (e.g. `DeviceReceived`).' },
    time: { type: 'string', format: 'date-time', description: 'When the event was recorded (ISO 8601, UTC).' },
    subject: { type: 'string', description: 'The stream the event belongs to: `device-<imei>`, `rma-order-<id>`…' },
    datacontenttype: { type: 'string', const: 'application/json', description: 'The media type of `data`.' },
    sequence: {
      type: 'string',
      pattern: CURSOR_PATTERN,
      description: "The event's cursor (CloudEvents `sequence` extension): send it back as `after` or `Last-Event-ID` to resume exactly after it. Opaque; cursors sort as text in the store's order.",
    },
    streamposition: { type: 'integer', minimum: 1, description: 'The 1-based place of the event in its stream (`subject`).' },
    schemaversion: { type: 'integer', minimum: 1, description: 'The version of the event type\'s schema the data was written with.' },
    data: { description: "The event's facts, as the message's schema describes them." },
  },
};

/** `DeviceReceived` → `Device received`. */
const titleOf = (type: string): string => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2').split(' ');
  return [words[0], ...words.slice(1).map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))].join(' ');
};

function messageOf(entry: CatalogEventType, schemas: Record<string, JsonSchema>): JsonSchema {
  return {
    name: entry.type,
    title: titleOf(entry.type),
    summary: entry.description,
    description: `A \`${entry.type}\` event of the ${entry.capability} capability, as a CloudEvent whose \`data\` holds the event's facts (secrets left out).`,
    contentType: 'application/cloudevents+json',
    tags: [{ name: entry.capability }],
    payload: {
      allOf: [
        { $ref: `#/components/schemas/${ENVELOPE}` },
        {
          type: 'object',
          required: ['type', 'data'],
          properties: { type: { type: 'string', const: entry.type }, data: dataSchemaOf(entry, schemas) },
        },
      ],
    },
  };
}

const cursorParameter = (description: string): JsonSchema => ({ type: 'string', pattern: CURSOR_PATTERN, description });
const typesParameter: JsonSchema = {
  type: 'string',
  description: `Comma-separated event types (at most ${FEED_TYPES_MAX}, each one the catalog names): only those are delivered. Absent: every type.`,
  examples: ['DeviceReceived,DeviceAssigned'],
};

const feedQuery: JsonSchema = {
  type: 'object',
  properties: {
    after: cursorParameter('The cursor to read after (a `next_cursor` or an event\'s `sequence`). Absent: from the first event.'),
    limit: { type: 'integer', minimum: 1, maximum: FEED_PAGE_MAX, default: FEED_PAGE_DEFAULT, description: 'At most this many events on the page.' },
    types: typesParameter,
    wait: {
      type: 'integer',
      minimum: 0,
      maximum: FEED_WAIT_MAX_SECONDS,
      default: 0,
      description: 'Long-poll: seconds an empty page may wait for news before it answers (empty).',
    },
  },
};

const streamQuery: JsonSchema = {
  type: 'object',
  properties: {
    after: cursorParameter('The cursor to start after when no `Last-Event-ID` header is sent. Absent: from the first event.'),
    types: typesParameter,
  },
};

const httpBinding = (method: 'GET' | 'POST', query?: JsonSchema) => ({ http: { method, ...(query && { query }), bindingVersion: HTTP_BINDING_VERSION } });

/** `http://localhost:3000` → the server's host, protocol and path prefix. */
function portalServer(serverUrl: string): JsonSchema {
  const url = new URL(serverUrl);
  const pathname = url.pathname.replace(/\/+$/, '');
  return {
    host: url.host,
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    ...(pathname && { pathname }),
    title: 'Distribution portal',
    summary: 'The portal\'s HTTP API: the event feed and its Server-Sent Events, with an API key.',
    security: [{ $ref: `#/components/securitySchemes/${API_KEY}` }],
  };
}

const WEBHOOK_SIGNATURE_DESCRIPTION = [
  'Standard Webhooks (https://www.standardwebhooks.com) signatures: every delivery carries three headers —',
  '`webhook-id` (the CloudEvent `id`: the same on every retry and replay, so receivers de-duplicate by it),',
  '`webhook-timestamp` (Unix seconds when this attempt was sent) and',
  '`webhook-signature: v1,<signature>` where the signature is the base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`',
  '(the raw body bytes), keyed with the base64-decoded part of the endpoint\'s signing secret after `whsec_`.',
  'The secret is shown once, when the endpoint is registered. Receivers recompute the signature and compare in constant time',
  '(the header may list several space-separated signatures: any match counts), and refuse timestamps far from their clock (a few minutes) against replays.',
].join(' ');

/** The AsyncAPI 3.0.0 document. `serverUrl`: the portal's public URL (default http://localhost:3000); `version`: the document's (default the services package's). */
export function asyncApiDocument(options: { serverUrl?: string; version?: string } = {}): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = { [ENVELOPE]: envelopeSchema };
  const messages = Object.fromEntries(EVENT_CATALOG.map((entry) => [entry.type, messageOf(entry, schemas)]));
  const channelMessages = Object.fromEntries(EVENT_CATALOG.map(({ type }) => [type, { $ref: `#/components/messages/${type}` }]));
  const operationMessages = (channel: string) => EVENT_CATALOG.map(({ type }) => ({ $ref: `#/channels/${channel}/messages/${type}` }));
  const portal = [{ $ref: `#/servers/${PORTAL_SERVER}` }];
  const capabilities = [...new Set(EVENT_CATALOG.map((entry) => entry.capability))];

  return {
    asyncapi: '3.0.0',
    id: 'urn:distribution-portal:events',
    info: {
      title: 'Distribution portal events',
      version: options.version ?? servicesVersion(),
      description: [
        'What downstream systems receive from the distribution portal (see docs/SUBSCRIPTIONS.md). Every message is an event: a fact the portal recorded, never edited or deleted,',
        'delivered as a CloudEvents 1.0 JSON object whose `data` is the event\'s facts. Secrets (passwords, tokens, keys, SSNs…) are never delivered.',
        'An API key sees only its own retailer\'s events (`source` is `/retailers/<retailer id>`); a webhook endpoint receives its retailer\'s.',
        '\n\nEvents come in the store\'s stable order, from the first one. Each carries its cursor (`sequence`); a feed page answers `next_cursor`.',
        'Cursors are opaque: send back the last one received (`after=` on the feed, `Last-Event-ID` on the stream) to resume exactly after it — nothing skipped.',
        'Delivery is at least once: a retry, a reconnect or a replay may deliver an event again, so receivers de-duplicate by the CloudEvents `id` (the `webhook-id` header of a webhook).',
        '\n\nThree ways to receive the same events: the feed (`GET /api/integration/v1/events`, pages with long-poll), its Server-Sent Events',
        '(`GET /api/integration/v1/events/stream`), and webhooks (the portal POSTs each event to a registered endpoint, signed per Standard Webhooks).',
        'The document is written from a subscriber\'s side: every operation is one a downstream system receives.',
      ].join(' '),
      tags: capabilities.map((name) => ({ name, description: `Events of the ${name} capability` })),
    },
    defaultContentType: 'application/cloudevents+json',
    servers: {
      [PORTAL_SERVER]: portalServer(options.serverUrl ?? 'http://localhost:3000'),
      [SUBSCRIBER_SERVER]: {
        host: '{endpointHost}',
        protocol: 'https',
        title: 'A webhook receiver',
        summary: 'The subscriber\'s HTTP server the portal delivers webhooks to (https; http only for localhost).',
        variables: { endpointHost: { description: 'The host (and port) of the registered endpoint URL.' } },
        security: [{ $ref: `#/components/securitySchemes/${WEBHOOK_SIGNATURE}` }],
      },
    },
    channels: {
      feed: {
        address: '/api/integration/v1/events',
        title: 'Event feed',
        summary: 'Pages of events after a cursor, with long-poll.',
        description:
          '`GET /api/integration/v1/events?after=<cursor>&limit=&types=&wait=` answers `application/json` `{ "events": [CloudEvent…], "next_cursor": "<cursor>" }`: ' +
          'the events after `after` in the store\'s order. Send `next_cursor` back as `after` for the next page (it moves past rows of other types when `types` filters). ' +
          `With \`wait\` (up to ${FEED_WAIT_MAX_SECONDS} s) an empty page waits for news before it answers. The API key goes in the \`x-api-key\` header.`,
        servers: portal,
        messages: channelMessages,
      },
      stream: {
        address: '/api/integration/v1/events/stream',
        title: 'Event stream (Server-Sent Events)',
        summary: 'The same feed as text/event-stream.',
        description:
          '`GET /api/integration/v1/events/stream?after=&types=` answers `text/event-stream`: each event is an SSE message whose `id` is its cursor (`sequence`) and whose `data` is the CloudEvent JSON. ' +
          'A reconnecting client\'s `Last-Event-ID` header resumes after it (EventSource does this itself); a filtered stream that moves past rows of other types sends an `id` alone. ' +
          'A comment line every 15 s keeps idle connections open; a failure is sent as `event: error` with `{ "message" }` before the stream closes (reconnect with the last id). The API key goes in the `x-api-key` header.',
        servers: portal,
        messages: channelMessages,
      },
      webhooks: {
        address: '{endpointUrl}',
        title: 'Webhooks',
        summary: 'The portal POSTs each event to a registered endpoint.',
        description:
          'An endpoint registered for a retailer (optionally for some event types) receives each of its events as one `POST` whose body is the CloudEvent (structured JSON), ' +
          'in the store\'s order per endpoint, signed per Standard Webhooks.',
        servers: [{ $ref: `#/servers/${SUBSCRIBER_SERVER}` }],
        parameters: { endpointUrl: { description: 'The registered endpoint URL, as given when the endpoint was registered (https://…; http:// only for localhost).' } },
        messages: channelMessages,
      },
    },
    operations: {
      receiveFeed: {
        action: 'receive',
        channel: { $ref: '#/channels/feed' },
        title: 'Read the event feed',
        summary: 'Page through the events after a cursor (long-poll with `wait`).',
        security: [{ $ref: `#/components/securitySchemes/${API_KEY}` }],
        bindings: httpBinding('GET', feedQuery),
        messages: operationMessages('feed'),
      },
      receiveStream: {
        action: 'receive',
        channel: { $ref: '#/channels/stream' },
        title: 'Follow the event stream',
        summary: 'Receive events as Server-Sent Events; `Last-Event-ID` resumes.',
        security: [{ $ref: `#/components/securitySchemes/${API_KEY}` }],
        bindings: httpBinding('GET', streamQuery),
        messages: operationMessages('stream'),
      },
      receiveWebhooks: {
        action: 'receive',
        channel: { $ref: '#/channels/webhooks' },
        title: 'Receive webhooks',
        summary: 'Receive each event as a signed POST to the registered endpoint.',
        description: [
          'Each delivery is a `POST` to the endpoint URL whose body is one CloudEvent (structured JSON) and whose headers are',
          '`webhook-id` (the event\'s `id`), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the `whsec_` secret).',
          'Verify the signature, then answer any 2xx quickly: anything else (or no answer) is retried on the schedule `WEBHOOK_RETRY_SCHEDULE`',
          `(default ${RETRY_SCHEDULE_DEFAULT} after each failed attempt), after which the delivery is marked failed.`,
          `An endpoint whose every attempt has failed for \`WEBHOOK_DISABLE_AFTER_MS\` (default ${DISABLE_AFTER_DEFAULT}) is disabled: its deliveries wait until its owner enables it again.`,
          'A failed delivery can be sent again, and a replay sends every event again from a cursor, each under its same `webhook-id`.',
          'De-duplicate by `webhook-id`.',
        ].join(' '),
        security: [{ $ref: `#/components/securitySchemes/${WEBHOOK_SIGNATURE}` }],
        bindings: httpBinding('POST'),
        messages: operationMessages('webhooks'),
      },
    },
    components: {
      schemas,
      messages,
      securitySchemes: {
        [API_KEY]: { type: 'httpApiKey', name: 'x-api-key', in: 'header', description: 'The API key of an integration client (`npm run apikey:create`): it reads its retailer\'s events only.' },
        [WEBHOOK_SIGNATURE]: { type: 'httpApiKey', name: 'webhook-signature', in: 'header', description: WEBHOOK_SIGNATURE_DESCRIPTION },
      },
    },
  };
}
