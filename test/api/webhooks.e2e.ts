import { type AddressInfo } from 'node:net';
import http from 'node:http';
import { type CloudEvent, type EventFeedPage, FEED_START, type Listed, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookRegistered, withLuhnCheckDigit } from '@portal/contracts';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { pruneDeliveryLog } from '../../services/src/subscriptions/webhooks.store';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

const imei = (serial: number) => withLuhnCheckDigit(`35693807${String(serial).padStart(6, '0')}`);

interface Received {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly event: CloudEvent;
  /** What the receiver answered. */
  readonly answered: number;
}

/** A local receiver: verifies each delivery's Standard Webhooks signature with the `standardwebhooks` package, and fails while `failing()` says so. */
async function startReceiver(secret: () => string, failing: () => boolean) {
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      try {
        new Webhook(secret()).verify(body, headers);
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end('bad signature');
        return;
      }
      const answered = failing() ? 503 : 204;
      received.push({ headers, body, event: JSON.parse(body) as CloudEvent, answered });
      response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered === 503 ? 'down for maintenance' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, refused, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Webhooks over the real service and a real local receiver (docs/SUBSCRIPTIONS.md): signed per
 * Standard Webhooks, retried on a millisecond schedule until the receiver recovers, every event
 * delivered and each stream in order, the delivery log, replay from a position and one delivery
 * sent again, and an endpoint disabled after failing for its window then enabled by its owner.
 */
describe('subscriptions: webhooks', () => {
  let service: SeededService;
  let manager: string;
  let officeManager: string;
  let otherRetailerManager: string;
  let keyA: string;
  let dallas: string;

  const as = <T>(token: string, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token, body });
  const ship = async (carton: string, serials: number[]) => {
    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', {
      body: { office_id: dallas, devices: serials.map((serial) => ({ imei: imei(serial), device_type: 'PHONE', carton_number: carton })) },
      headers: { 'x-api-key': keyA },
    });
    expect(shipped.status).toBe(201);
    return shipped.body.job_id;
  };
  /** Key A's feed after a cursor, to its current end: what an endpoint registered at that cursor is to receive. */
  const feedAfter = async (after: string) => {
    const events: CloudEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await call<EventFeedPage>(service.baseUrl, 'GET', `/api/integration/v1/events?after=${cursor}&limit=1000`, { headers: { 'x-api-key': keyA } });
      events.push(...page.body.events);
      if (page.body.events.length === 0) return events;
      cursor = page.body.next_cursor;
    }
  };
  const endpoints = async (token: string) => (await as<Listed<WebhookEndpointRow>>(token, 'GET', '/api/v1/subscriptions/webhooks')).body.items.data;

  beforeAll(async () => {
    // Quick first retries (a receiver failing its first 8 requests recovers in about 2 s), then
    // a try a second for half a minute: a delivery is never given up while a test still needs it
    // pending, however slowly a busy machine gets to the next step.
    const schedule = ['100ms', '150ms', '200ms', '250ms', ...Array(6).fill('300ms'), ...Array(30).fill('1s')].join(',');
    // The receivers listen on 127.0.0.1: private targets allowed, as for a local receiver (webhook-targets.e2e.ts runs the production default).
    service = await startSeededService({ WEBHOOK_RETRY_SCHEDULE: schedule, WEBHOOK_POLL_MS: '50', WEBHOOK_DISABLE_AFTER_MS: '60000', WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    keyA = (await createApiKey(db, retailer, 'webhooks test')).key;
    manager = (await login(service.baseUrl, 'retailer.manager@demo.test')).body.items!.token;
    officeManager = (await login(service.baseUrl, 'office.manager@demo.test')).body.items!.token;
    otherRetailerManager = (await login(service.baseUrl, 'retailer.manager2@demo.test')).body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('delivers every event signed, each stream in order, through a receiver that fails for a while; logs every attempt; replays from a position and sends one delivery again', async () => {
    let secret = '';
    let failuresLeft = 8;
    const receiver = await startReceiver(
      () => secret,
      () => failuresLeft-- > 0,
    );
    try {
      const registered = await as<WebhookRegistered>(manager, 'POST', '/api/v1/subscriptions/webhooks', { url: receiver.url, description: 'ERP' });
      expect(registered.status).toBe(201);
      expect(registered.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      secret = registered.body.secret;
      const endpoint = (await endpoints(manager)).find((row) => row.id === registered.body.id)!;
      expect(endpoint).toMatchObject({ url: receiver.url, status: 1, event_types: [], retailer_name: 'Bluebonnet Mobile' });
      expect(JSON.stringify(await endpoints(manager))).not.toContain(secret);

      // Events on several streams: shipments (a job and its devices), one accepted.
      const job = await ship('HOOK-1', [1, 2, 3]);
      await ship('HOOK-2', [4]);
      expect((await as(officeManager, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: job, carton_numbers: ['HOOK-1'], status: 1 })).status).toBe(200);
      const expected = await waitFor(() => feedAfter(endpoint.cursor), (events) => events.filter((event) => event.type === 'DeviceAcceptedByManager').length === 3, 20_000, 'the feed');

      // Every event arrives (at least once: a receiver de-duplicates by webhook-id), signed, as the feed has it.
      const delivered = () => receiver.received.filter((request) => request.answered === 204);
      await waitFor(async () => new Set(delivered().map((request) => request.headers['webhook-id'])).size, (count) => count >= expected.length, 30_000, 'every event delivered');
      expect(receiver.refused).toEqual([]);
      expect(receiver.received.filter((request) => request.answered === 503).length).toBe(8);
      const firstArrivals = new Map<string, Received>();
      for (const request of delivered()) if (!firstArrivals.has(request.headers['webhook-id']!)) firstArrivals.set(request.headers['webhook-id']!, request);
      expect([...firstArrivals.keys()].sort()).toEqual(expected.map((event) => event.id).sort());
      for (const request of delivered()) {
        expect(request.headers['webhook-id']).toBe(request.event.id);
        expect(request.headers['content-type']).toBe('application/cloudevents+json');
        expect(request.event).toEqual(expected.find((event) => event.id === request.event.id));
      }
      // In order per stream: each stream's events arrived (first time) in the store's order.
      const bySubject = new Map<string, string[]>();
      for (const request of firstArrivals.values()) bySubject.set(request.event.subject, [...(bySubject.get(request.event.subject) ?? []), request.event.sequence]);
      for (const [subject, sequences] of bySubject) expect({ subject, sequences }).toEqual({ subject, sequences: [...sequences].sort() });
      expect(bySubject.get(`device-${imei(1)}`)).toHaveLength(2);

      // The delivery log: every delivery delivered, the failed attempts with the receiver's answer.
      const log = await waitFor(
        async () => (await as<Listed<WebhookDeliveryRow>>(manager, 'GET', `/api/v1/subscriptions/webhooks/${endpoint.id}/deliveries?results=100`)).body.items,
        (items) => items.data.every((row) => row.status === 'delivered'),
        10_000,
        'the delivery log to say delivered',
      );
      expect(log.total).toBe(expected.length);
      const attempts = log.data.flatMap((row) => row.attempt_log);
      expect(attempts.filter((attempt) => attempt.status_code === 503).every((attempt) => attempt.response_excerpt === 'down for maintenance' && attempt.latency_ms >= 0)).toBe(true);
      expect(attempts.filter((attempt) => attempt.status_code === 204)).toHaveLength(expected.length);
      const retried = log.data.filter((row) => row.attempts > 1);
      expect(retried.length).toBeGreaterThan(0);
      const listed = (await endpoints(manager)).find((row) => row.id === endpoint.id)!;
      expect(listed).toMatchObject({ delivered: expected.length, pending: 0, failed: 0, failing_since: null });

      // Replay from a position: exactly the events after it, again, under the same webhook-ids.
      const from = expected[2]!.sequence;
      const before = receiver.received.length;
      expect((await as(manager, 'POST', `/api/v1/subscriptions/webhooks/${endpoint.id}/replay`, { after: from })).status).toBe(200);
      const replayedIds = expected.slice(3).map((event) => event.id);
      await waitFor(async () => receiver.received.length - before, (count) => count >= replayedIds.length, 20_000, 'the replay');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receiver.received.slice(before).map((request) => request.headers['webhook-id']).sort()).toEqual([...replayedIds].sort());

      // One delivery sent again.
      const one = log.data.find((row) => row.event_type === 'DeviceReceived')!;
      const again = receiver.received.length;
      expect((await as(manager, 'POST', `/api/v1/subscriptions/webhooks/${endpoint.id}/deliveries/${one.id}/redeliver`)).status).toBe(200);
      await waitFor(async () => receiver.received.length - again, (count) => count >= 1, 10_000, 'the delivery sent again');
      expect(receiver.received[again]!.headers['webhook-id']).toBe(one.event_id);

      // A tampered delivery is refused by the receiver's check: another signature, or another body under the same one.
      const sample = delivered()[0]!;
      const receiverCheck = new Webhook(secret);
      expect(() => receiverCheck.verify(sample.body, sample.headers)).not.toThrow();
      expect(() => receiverCheck.verify(sample.body, { ...sample.headers, 'webhook-signature': `v1,${Buffer.alloc(32, 1).toString('base64')}` })).toThrow();
      expect(() => receiverCheck.verify(sample.body.replace('"specversion":"1.0"', '"specversion":"1.1"'), sample.headers)).toThrow();
      expect(sample.body).toContain('"specversion":"1.0"');
      expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(sample.body, sample.headers)).toThrow();

      // Another retailer's manager learns nothing of it.
      expect((await endpoints(otherRetailerManager)).map((row) => row.id)).not.toContain(endpoint.id);
      expect((await as(otherRetailerManager, 'GET', `/api/v1/subscriptions/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
      expect((await as(otherRetailerManager, 'POST', `/api/v1/subscriptions/webhooks/${endpoint.id}/replay`, {})).status).toBe(404);
      expect((await as(manager, 'DELETE', `/api/v1/subscriptions/webhooks/${endpoint.id}`)).status).toBe(200);
      expect((await endpoints(manager)).map((row) => row.id)).not.toContain(endpoint.id);
    } finally {
      await receiver.close();
    }
  }, 180_000);

  it('disables an endpoint that fails for its whole window; its owner enables it and the waiting deliveries go out; an API key manages its own', async () => {
    let secret = '';
    let down = true;
    const receiver = await startReceiver(
      () => secret,
      () => down,
    );
    try {
      // Registered by an API key, for DeviceReceived only.
      const registered = await call<WebhookRegistered>(service.baseUrl, 'POST', '/api/integration/v1/webhooks', { headers: { 'x-api-key': keyA }, body: { url: receiver.url, event_types: ['DeviceReceived'] } });
      expect(registered.status).toBe(201);
      secret = registered.body.secret;
      const listedByKey = await call<Listed<WebhookEndpointRow>>(service.baseUrl, 'GET', '/api/integration/v1/webhooks', { headers: { 'x-api-key': keyA } });
      expect(listedByKey.body.items.data.map((row) => row.id)).toContain(registered.body.id);
      // The endpoint's failure window is a minute here: age it, as a minute of failures would, by moving its first failure back.
      await ship('HOOK-3', [10]);
      await waitFor(async () => receiver.received.length, (count) => count >= 1, 20_000, 'a first failed attempt');
      await sql`update webhook_endpoints set failing_since = now() - interval '2 minutes' where id = ${registered.body.id}`.execute(service.test.database.db);
      const disabled = await waitFor(async () => (await endpoints(manager)).find((row) => row.id === registered.body.id)!, (row) => row.status === 0, 20_000, 'the endpoint to be disabled');
      expect(disabled.disabled_reason).toMatch(/^Disabled by the portal: every delivery has failed since /);
      expect(disabled.pending).toBe(1);
      // Disabled: nothing more is sent, even as new events come.
      await ship('HOOK-4', [11]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const whileDisabled = receiver.received.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received.length).toBe(whileDisabled);

      // The receiver is back; the owner enables the endpoint: both devices' DeviceReceived arrive, and nothing else.
      down = false;
      expect((await as(manager, 'POST', `/api/v1/subscriptions/webhooks/${registered.body.id}/status`, { status: 1 })).status).toBe(200);
      await waitFor(async () => receiver.received.filter((request) => request.answered === 204).map((request) => request.event.subject), (subjects) => subjects.includes(`device-${imei(11)}`) && subjects.includes(`device-${imei(10)}`), 20_000, 'the waiting deliveries');
      expect(new Set(receiver.received.map((request) => request.event.type))).toEqual(new Set(['DeviceReceived']));
      expect((await endpoints(manager)).find((row) => row.id === registered.body.id)).toMatchObject({ status: 1, failing_since: null, disabled_reason: null });

      // Refusals: a bad URL, an unknown type, no retailer for the super role (private addresses: webhook-targets.e2e.ts).
      for (const [body, field] of [
        [{ url: 'ftp://example.com/x' }, 'url'],
        [{ url: 'https://user:pw@example.com/x' }, 'url'],
        [{ url: 'not a url' }, 'url'],
        [{ url: 'https://example.com/x', event_types: ['NoSuchEvent'] }, 'event_types'],
        [{ url: 'https://example.com/x', event_types: 'DeviceReceived' }, 'event_types'],
      ] as const) {
        const refused = await call<{ fields?: Record<string, string> }>(service.baseUrl, 'POST', '/api/integration/v1/webhooks', { headers: { 'x-api-key': keyA }, body });
        expect({ body, status: refused.status, fields: Object.keys(refused.body.fields ?? {}) }).toEqual({ body, status: 400, fields: [field] });
      }
      const superToken = (await login(service.baseUrl, 'super@demo.test')).body.items!.token;
      const noRetailer = await as<{ fields?: Record<string, string> }>(superToken, 'POST', '/api/v1/subscriptions/webhooks', { url: 'https://example.com/x' });
      expect(noRetailer).toMatchObject({ status: 400, body: { fields: { retailer_id: 'Please select a retailer' } } });
      expect((await as(superToken, 'POST', '/api/v1/subscriptions/webhooks', { url: 'https://example.com/x', retailer_id: 'nope' })).status).toBe(400);
      expect((await call(service.baseUrl, 'DELETE', `/api/integration/v1/webhooks/${registered.body.id}`, { headers: { 'x-api-key': keyA } })).status).toBe(200);
    } finally {
      await receiver.close();
    }
  }, 120_000);

  it('sends nothing for events before an endpoint was registered', async () => {
    const before = await feedAfter(FEED_START);
    expect(before.length).toBeGreaterThan(0);
    let secret = '';
    const receiver = await startReceiver(
      () => secret,
      () => false,
    );
    try {
      const registered = await as<WebhookRegistered>(manager, 'POST', '/api/v1/subscriptions/webhooks', { url: receiver.url });
      secret = registered.body.secret;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(receiver.received).toEqual([]);
      await ship('HOOK-5', [20]);
      await waitFor(async () => receiver.received.length, (count) => count >= 2, 20_000, 'the new events');
      expect(receiver.received.every((request) => !before.some((event) => event.id === request.event.id))).toBe(true);
      // The log keeps settled deliveries for WEBHOOK_LOG_DAYS: pruning as of later than now empties it of them, and only of them.
      const log = async () => (await as<Listed<WebhookDeliveryRow>>(manager, 'GET', `/api/v1/subscriptions/webhooks/${registered.body.id}/deliveries`)).body.items;
      await waitFor(log, (items) => items.total >= 2 && items.data.every((row) => row.status === 'delivered'), 10_000, 'the deliveries to settle');
      await sql`insert into webhook_deliveries (endpoint_id, transaction_id, global_position, stream_id, stream_position, event_id, event_type, status, next_attempt_at)
        values (${registered.body.id}, 0, 0, 'device-0', 1, ${'00000000-0000-4000-8000-000000000000'}, 'DeviceReceived', 'retrying', now() + interval '1 hour')`.execute(service.test.database.db);
      expect(await pruneDeliveryLog(service.test.database.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
      expect((await log()).data.map((row) => row.status)).toEqual(['retrying']);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
