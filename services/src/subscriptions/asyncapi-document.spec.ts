import { DiagnosticSeverity, type Input, Parser } from '@asyncapi/parser';
import { Test } from '@nestjs/testing';
import { EVENT_CATALOG, SECRET_FIELD, deliveredDataSchema } from '@portal/contracts';
import request from 'supertest';
import { ConsoleController } from '../platform/http/console.controller';
import { NotBuiltController } from '../platform/http/not-built.controller';
import { PLATFORM } from '../platform/tokens';
import { ASYNCAPI_JSON_PATH, asyncApiDocument } from './asyncapi-document';
import { AsyncApiController } from './asyncapi.controller';

type Json = { [key: string]: unknown };

const CHANNELS = { feed: '/api/integration/v1/events', stream: '/api/integration/v1/events/stream', webhooks: '{endpointUrl}' };
const OPERATIONS = { receiveFeed: 'feed', receiveStream: 'stream', receiveWebhooks: 'webhooks' };

/** Parses a copy (the parser may resolve references in place); the diagnostics by severity. */
async function parse(document: Record<string, unknown>) {
  const parsed = await new Parser().parse(structuredClone(document) as Input);
  const at = (severity: DiagnosticSeverity) => parsed.diagnostics.filter((diagnostic) => diagnostic.severity === severity).map((diagnostic) => `${diagnostic.code} at ${diagnostic.path.join('/')}: ${diagnostic.message}`);
  return { parsed: parsed.document, errors: at(DiagnosticSeverity.Error) };
}

/** Every property name of a (dereferenced) schema, at any depth; each object once (references may make cycles). */
function propertyNames(schema: unknown, seen = new Set<unknown>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const values = Array.isArray(schema) ? schema : Object.values(schema);
  const own = !Array.isArray(schema) && typeof (schema as Json).properties === 'object' && (schema as Json).properties !== null ? Object.keys((schema as Json).properties as Json) : [];
  return [...own, ...values.flatMap((value) => propertyNames(value, seen))];
}

describe('asyncApiDocument', () => {
  const document = asyncApiDocument({ serverUrl: 'https://portal.example.com', version: '9.9.9' });
  const components = document.components as { messages: Record<string, Json>; schemas: Record<string, Json> };
  const channels = document.channels as Record<string, { address: string; messages: Record<string, { $ref: string }> }>;
  const operations = document.operations as Record<string, { action: string; channel: { $ref: string }; messages: { $ref: string }[]; description?: string }>;
  let result: Awaited<ReturnType<typeof parse>>;

  beforeAll(async () => {
    result = await parse(document);
  });

  it('is an AsyncAPI 3.0.0 document the parser accepts without errors', () => {
    expect(document.asyncapi).toBe('3.0.0');
    expect(document.info).toMatchObject({ title: 'Distribution portal events', version: '9.9.9' });
    expect(result.errors).toEqual([]);
    expect(result.parsed).toBeDefined();
    // Warnings would be allowed: @asyncapi/parser 3.6 gives none (its one diagnostic is the information that AsyncAPI 3.1.0 exists).
  });

  it('is checked by a parser that does reject a broken document', async () => {
    const broken = structuredClone(document) as Json;
    (broken.operations as Json).receiveFeed = { action: 'listen', channel: { $ref: '#/channels/nowhere' } };
    expect((await parse(broken)).errors).not.toEqual([]);
    const badSchema = structuredClone(document) as { components: { schemas: Record<string, Json> } };
    badSchema.components.schemas.CloudEventEnvelope!.type = 5;
    expect((await parse(badSchema as unknown as Json)).errors).not.toEqual([]);
  });

  it('has one message per event type of the catalog, each a CloudEvent of that type', () => {
    const types = EVENT_CATALOG.map((entry) => entry.type);
    expect(Object.keys(components.messages).sort()).toEqual([...types].sort());
    expect(result.parsed!.components().messages().all().map((message) => message.id()).sort()).toEqual([...types].sort());
    for (const entry of EVENT_CATALOG) {
      const message = result.parsed!.components().messages().get(entry.type)!;
      expect(message.name()).toBe(entry.type);
      expect(message.summary()).toBe(entry.description);
      expect(message.contentType()).toBe('application/cloudevents+json');
      const payload = message.payload()!.json() as { allOf: Json[] };
      const [envelope, own] = payload.allOf as [Json & { properties: Json }, Json & { properties: { type: Json; data: Json } }];
      expect(envelope.properties).toMatchObject({ specversion: { const: '1.0' }, time: { format: 'date-time' } });
      expect(Object.keys(envelope.properties).sort()).toEqual(['data', 'datacontenttype', 'id', 'schemaversion', 'sequence', 'source', 'specversion', 'streamposition', 'subject', 'time', 'type']);
      expect(own.properties.type).toMatchObject({ const: entry.type });
      // Its data is the catalog's delivered schema (definitions, were there any, moved to components.schemas).
      const written = (components.messages[entry.type]!.payload as { allOf: { properties: { data: Json } }[] }).allOf[1]!.properties.data;
      const { $defs, ...delivered } = deliveredDataSchema(entry);
      if ($defs === undefined) expect(written).toEqual(delivered);
      expect(own.properties.data).toMatchObject({ type: delivered.type });
    }
  });

  it('has the feed, stream and webhook channels, each carrying every event type', () => {
    expect(Object.fromEntries(Object.entries(channels).map(([id, channel]) => [id, channel.address]))).toEqual(CHANNELS);
    for (const [id, channel] of Object.entries(channels)) {
      expect(Object.keys(channel.messages).sort()).toEqual(EVENT_CATALOG.map((entry) => entry.type).sort());
      expect(result.parsed!.channels().get(id)!.messages().all()).toHaveLength(EVENT_CATALOG.length);
    }
    expect(result.parsed!.channels().get('webhooks')!.parameters().get('endpointUrl')!.description()).toMatch(/registered endpoint URL/);
  });

  it('has a receive operation per channel, listing its messages', () => {
    expect(Object.keys(operations).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const [id, channel] of Object.entries(OPERATIONS)) {
      expect(operations[id]!.action).toBe('receive');
      expect(operations[id]!.channel).toEqual({ $ref: `#/channels/${channel}` });
      expect(operations[id]!.messages).toHaveLength(EVENT_CATALOG.length);
      const operation = result.parsed!.operations().get(id)!;
      expect(operation.isReceive()).toBe(true);
      expect(operation.channels().all().map((parsed) => parsed.id())).toEqual([channel]);
      expect(operation.messages().all()).toHaveLength(EVENT_CATALOG.length);
    }
    const webhooks = operations.receiveWebhooks!.description!;
    for (const words of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'WEBHOOK_RETRY_SCHEDULE', 'WEBHOOK_DISABLE_AFTER_MS', '30s, 2m, 10m, 1h, 6h, 24h, 24h, 24h']) expect(webhooks).toContain(words);
  });

  it('describes the servers and how each channel is authenticated', () => {
    expect(result.parsed!.servers().get('portal')!.json()).toMatchObject({ host: 'portal.example.com', protocol: 'https' });
    expect(asyncApiDocument({}).servers).toMatchObject({ portal: { host: 'localhost:3000', protocol: 'http' } });
    const schemes = result.parsed!.components().securitySchemes();
    expect(schemes.get('apiKey')!.json()).toMatchObject({ type: 'httpApiKey', in: 'header', name: 'x-api-key' });
    expect(schemes.get('webhookSignature')!.description()).toMatch(/HMAC-SHA256/);
  });

  it('describes no secret in any message, at any depth', () => {
    const messages = result.parsed!.components().messages().all();
    expect(messages.length).toBe(EVENT_CATALOG.length);
    for (const message of messages) {
      const secrets = propertyNames(message.payload()!.json()).filter((name) => SECRET_FIELD.test(name));
      expect({ message: message.id(), secrets }).toEqual({ message: message.id(), secrets: [] });
    }
    // The same on the document as written (before the parser resolves references).
    expect(propertyNames(document).filter((name) => SECRET_FIELD.test(name))).toEqual([]);
  });
});

describe('AsyncApiController', () => {
  it(`serves the document at ${ASYNCAPI_JSON_PATH}, before the not-built and console fallbacks`, async () => {
    const platform = { config: { PORT: 4321, PUBLIC_URL: undefined }, logger: { error: jest.fn() } };
    const moduleRef = await Test.createTestingModule({
      controllers: [AsyncApiController, NotBuiltController, ConsoleController],
      providers: [{ provide: PLATFORM, useValue: platform }],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const answer = await request(app.getHttpServer()).get(ASYNCAPI_JSON_PATH).expect(200).expect('content-type', /application\/json/);
      expect(answer.body).toMatchObject({ asyncapi: '3.0.0', servers: { portal: { host: 'localhost:4321', protocol: 'http' } } });
      expect(Object.keys(answer.body.components.messages)).toHaveLength(EVENT_CATALOG.length);
      expect(platform.logger.error).not.toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });
});
