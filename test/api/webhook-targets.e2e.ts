import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type Listed, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookRegistered, withLuhnCheckDigit } from '@portal/contracts';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

const RULE = 'The webhook URL must not point at a private, loopback or link-local address';
const imei = (serial: number) => withLuhnCheckDigit(`35693808${String(serial).padStart(6, '0')}`);

interface Refusal {
  readonly error?: string;
  readonly message?: string;
  readonly fields?: Record<string, string>;
}

/**
 * Webhooks cannot be aimed at our own network (docs/SUBSCRIPTIONS.md "Where a webhook may point"),
 * on the production default — WEBHOOK_ALLOW_PRIVATE_TARGETS unset, i.e. false: registration refuses
 * every class of inward address in the one error shape, hostile URLs are 400s, the demo seed still
 * seeds, and an endpoint that reaches inward anyway (registered while allowed, or a name resolving
 * inward) is refused at every delivery — nothing reaches the receiver on 127.0.0.1, and the delivery
 * log says why.
 */
describe('subscriptions: webhooks never reach our own network', () => {
  let service: SeededService;
  let manager: string;
  let key: string;
  let dallas: string;

  const endpoints = async () => (await call<Listed<WebhookEndpointRow>>(service.baseUrl, 'GET', '/api/v1/subscriptions/webhooks', { token: manager })).body.items.data;
  const register = (url: unknown) => call<Refusal & Partial<WebhookRegistered>>(service.baseUrl, 'POST', '/api/v1/subscriptions/webhooks', { token: manager, body: { url } });
  const registerByKey = (url: unknown) => call<Refusal & Partial<WebhookRegistered>>(service.baseUrl, 'POST', '/api/integration/v1/webhooks', { headers: { 'x-api-key': key }, body: { url } });
  /** Both registrations of a URL meant to be refused; one registered anyway is removed at once, so no later event is ever sent to it. */
  const registerBothWays = async (url: unknown) => {
    const answers = [await register(url), await registerByKey(url)];
    for (const answer of answers) if (answer.status === 201) await call(service.baseUrl, 'DELETE', `/api/integration/v1/webhooks/${answer.body.id}`, { headers: { 'x-api-key': key } });
    return answers;
  };

  beforeAll(async () => {
    service = await startSeededService({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_POLL_MS: '50' });
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    key = (await createApiKey(db, retailer, 'webhook targets test')).key;
    manager = (await login(service.baseUrl, 'retailer.manager@demo.test')).body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('seeds the demo on the default setting: its endpoint is a public name, registered and left disabled', async () => {
    expect((await endpoints()).map((row) => ({ url: row.url, status: row.status }))).toEqual([{ url: 'https://erp.bluebonnet.example/portal/events', status: 0 }]);
  });

  it('refuses every class of address that is ours at registration, by the console and by an API key, naming the rule and the class', async () => {
    const cases: [string, string][] = [
      ['https://10.1.2.3/hook', '10.1.2.3 is private'],
      ['https://172.16.5.4/hook', '172.16.5.4 is private'],
      ['https://192.168.1.1/hook', '192.168.1.1 is private'],
      ['https://100.64.0.1/hook', '100.64.0.1 is shared (carrier-grade NAT)'],
      ['https://169.254.169.254/latest', '169.254.169.254 is link-local'],
      ['https://[fe80::1]/hook', 'fe80::1 is link-local'],
      ['http://localhost:6379/', 'localhost is loopback'],
      ['https://127.0.0.1/hook', '127.0.0.1 is loopback'],
      ['https://[::1]/hook', '::1 is loopback'],
      ['https://[fd00::1]/hook', 'fd00::1 is unique-local'],
      ['https://224.0.0.1/hook', '224.0.0.1 is multicast'],
      ['https://[ff02::1]/hook', 'ff02::1 is multicast'],
      ['https://0.0.0.0/hook', '0.0.0.0 is unspecified'],
      ['https://[::]/hook', ':: is unspecified'],
      ['https://255.255.255.255/hook', '255.255.255.255 is broadcast'],
      ['https://240.0.0.1/hook', '240.0.0.1 is reserved'],
      ['https://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['https://[::ffff:10.0.0.1]/x', '::ffff:a00:1 (10.0.0.1) is private'],
      ['https://[::ffff:7f00:1]/x', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['https://[64:ff9b::a9fe:a9fe]/x', '64:ff9b::a9fe:a9fe (169.254.169.254) is link-local'],
      ['http://2130706433/', '127.0.0.1 is loopback'],
      ['http://0x7f.1/', '127.0.0.1 is loopback'],
      ['http://127.1/', '127.0.0.1 is loopback'],
    ];
    const before = (await endpoints()).length;
    for (const [url, reason] of cases) {
      const message = `${RULE} (${reason}).`;
      for (const answer of await registerBothWays(url)) {
        expect({ url, status: answer.status, body: answer.body }).toEqual({ url, status: 400, body: { error: 'Bad Request', message, fields: { url: message } } });
      }
    }
    expect((await endpoints()).length).toBe(before);
  }, 60_000);

  it('answers hostile URLs with a 400 in the one error shape, never a 5xx', async () => {
    const hostile: unknown[] = [
      'https://example.com/\u0000',
      'https://exa\tmple.com/',
      'https://example.com/\r\nX-Injected: 1',
      `https://example.com/${'a'.repeat(5000)}`,
      'x'.repeat(50_000),
      'javascript:alert(1)',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'data:text/plain,hi',
      'https://a@10.0.0.1/',
      'https://user:pw@example.com/',
      'https://[fe80::1%25eth0]/',
      'https://[fe80::1%eth0]/',
      'https://[::1',
      'https://%00/',
      'http://10.0.0.1/',
      '//10.0.0.1/x',
      '',
      '   ',
      42,
      ['https://example.com/'],
      { href: 'https://example.com/' },
      null,
    ];
    for (const url of hostile) {
      for (const answer of await registerBothWays(url)) {
        const shape = { status: answer.status, error: typeof answer.body.error, message: typeof answer.body.message, fieldNames: Object.keys(answer.body.fields ?? {}) };
        expect({ url: String(url).slice(0, 60), ...shape }).toEqual({ url: String(url).slice(0, 60), status: 400, error: 'string', message: 'string', fieldNames: ['url'] });
      }
    }
  }, 60_000);

  it('refuses at every delivery an endpoint that reaches inward anyway — a name resolving to loopback, or an address — and the receiver on 127.0.0.1 gets nothing', async () => {
    let connections = 0;
    const receiver = http.createServer((_request, response) => response.writeHead(204).end());
    receiver.on('connection', () => connections++);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;
    try {
      // Endpoints that registration would refuse today: as one registered while private targets were
      // allowed (the earlier default outside production) holds them. `localhost` is a name: the
      // delivery resolves it and judges what it resolves to.
      const inward = { name: `http://localhost:${port}/hooks`, address: `http://127.0.0.1:${port}/hooks` };
      const ids: Record<keyof typeof inward, string> = { name: '', address: '' };
      for (const which of ['name', 'address'] as const) {
        const registered = await registerByKey('https://hooks.example.com/portal');
        expect(registered.status).toBe(201);
        ids[which] = registered.body.id!;
        await sql`update webhook_endpoints set url = ${inward[which]} where id = ${ids[which]}`.execute(service.test.database.db);
      }
      const shipped = await call(service.baseUrl, 'POST', '/api/integration/v1/shipments', {
        body: { office_id: dallas, devices: [{ imei: imei(1), device_type: 'PHONE', carton_number: 'SSRF-1' }] },
        headers: { 'x-api-key': key },
      });
      expect(shipped.status).toBe(201);

      // The first attempt of each delivery tried so far (a stream's later events wait behind its first: each stream in order).
      const firstAttempts = async (id: string) =>
        (await call<Listed<WebhookDeliveryRow>>(service.baseUrl, 'GET', `/api/integration/v1/webhooks/${id}/deliveries`, { headers: { 'x-api-key': key } })).body.items.data
          .filter((row) => row.attempt_log.length > 0)
          .map((row) => ({ status: row.status, attempt: row.attempt_log[0] }));
      const logOf = (id: string) => waitFor(() => firstAttempts(id), (rows) => rows.length > 0, 30_000, 'a delivery attempted');
      for (const [which, reason] of [
        ['name', /^The webhook URL must not point at a private, loopback or link-local address \(localhost resolves to (127\.0\.0\.1|::1), which is loopback\)\.$/],
        ['address', /^The webhook URL must not point at a private, loopback or link-local address \(127\.0\.0\.1 is loopback\)\.$/],
      ] as const) {
        const rows = await logOf(ids[which]);
        for (const row of rows) {
          expect({ which, status: row.status, status_code: row.attempt!.status_code, excerpt: row.attempt!.response_excerpt }).toEqual({ which, status: 'retrying', status_code: null, excerpt: null });
          expect(row.attempt!.error).toMatch(reason);
        }
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  }, 90_000);
});
