import { type ApiRoute, ROLE, type RoleId, apiRoutes, withLuhnCheckDigit } from '@portal/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { type ZodType, z } from 'zod';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { RAW_ANSWER_HEADERS } from '../../services/src/platform/http/security-headers';
import { type SeededService, login, startSeededService } from '../support/demo';

/** The fixed seed of every run; a failure prints it with the shrunk request, so the run can be repeated. */
const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 20261123);
/** Generated requests per route (the issue's budget: at most ~25). */
const RUNS_PER_ROUTE = 25;

/** Field names the spec's lists and commands use, tried on routes whose schema takes none (and a prototype name, for good measure). */
const COMMON_FIELDS = ['page', 'keyword', 'sort_by', 'id', 'constructor'];

/** The names a zod schema takes at its top level (objects, pipes, intersections), read from its JSON Schema. */
function fieldNamesOf(schema: ZodType | undefined): string[] {
  if (!schema) return [];
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.properties === 'object' && record.properties !== null) for (const name of Object.keys(record.properties)) names.add(name);
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(record[key])) (record[key] as unknown[]).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...names];
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', '__defineGetter__'];
const CONTROL_TEXT = ['\u0000', 'a\u0000b', '356938035643809\u0000', '\u001b[31mred', 'line\r\nbreak', '\u007f', '\u0008\u000b\u000c', '%00'];
const ABSURD_DATES = ['0000-01-01', '9999-12-31', '2026-02-30', '02-30-2026', '13-45-2026', '-001-01-01', '1970-01-01T00:00:00Z', '2026-11-23 00:00', '99999-01-01', '00-00-0000'];
const ABSURD_NUMBERS = ['-1', '0', '1e308', '-1e308', '9007199254740993', '2147483648', '-2147483649', '1e21', 'NaN', 'Infinity', '0x10', '1.5', '-0', '  7  '];
const ODD_TEXT = ["' or 1=1 --", '%', '_', '\\', '"', '\uD800', '\u202Eevil', '😀'.repeat(50), '../../etc/passwd', '<script>alert(1)</script>', '${7*7}', 'null', 'undefined', 'true', ''];

/** One bad value for a query string (text only): each kind of trouble equally likely. */
const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom(...CONTROL_TEXT),
  fc.constantFrom(...ABSURD_DATES),
  fc.constantFrom(...ABSURD_NUMBERS),
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Long, but within Node's 16 kB for an address (beyond it Node answers 431 before the app: tested on its own below).
  fc.constantFrom(30, 300, 1000).map((length) => 'x'.repeat(length)),
);

/** One bad value for a JSON body: the query's, plus wrong types and long text. */
const bodyValue: fc.Arbitrary<unknown> = fc.oneof(
  queryValue,
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, [], {}, [null], [[]], [{}], ['\u0000'], { __proto__: 'x' }, { constructor: { prototype: 1 } }),
  fc.array(queryValue, { maxLength: 4 }),
  fc.integer({ min: 10_000, max: 200_000 }).map((length) => 'y'.repeat(length)),
);

interface HostileRequest {
  readonly path: string;
  readonly query: [string, string][];
  readonly body: unknown;
  /** For multipart routes: the file's name and bytes. */
  readonly file?: { readonly name: string; readonly bytes: Uint8Array };
}


/** The query and body field names a route takes, from its schemas (or the common ones when it has none). */
function fieldsOf(route: ApiRoute): { queryNames: string[]; bodyNames: string[] } {
  const query = fieldNamesOf(route.query);
  const body = fieldNamesOf(route.body);
  return { queryNames: query.length > 0 ? query : COMMON_FIELDS, bodyNames: body.length > 0 ? body : COMMON_FIELDS };
}

/** Requests for one route: its path parameters, query fields and body fields set to bad values, or a body of the wrong type altogether. */
function requestsFor(route: ApiRoute): fc.Arbitrary<HostileRequest> {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const { queryNames, bodyNames } = fieldsOf(route);
  // A path segment: a bad value percent-encoded byte by byte, or bytes no decoder accepts (a lone '%', overlong UTF-8, a surrogate).
  const segment = fc.oneof(
    { weight: 5, arbitrary: queryValue.filter((value) => value !== '').map((value) => [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%C0%AF', '%ED%A0%80', '..', '%2e%2e', '1', withLuhnCheckDigit('35693803999999')) },
  );
  const path = fc.tuple(...params.map(() => segment)).map((values) => {
    let index = 0;
    return route.path.replace(/:(\w+)/g, () => values[index++]!);
  });
  // One field at a time, mostly (a second bad field would only hide the first behind its 400); sometimes a name twice, a list on the wire.
  const query = fc.array(fc.tuple(fc.constantFrom(...queryNames), queryValue), { minLength: route.method === 'GET' ? 1 : 0, maxLength: 2 });
  const fields = fc.array(fc.tuple(fc.constantFrom(...bodyNames), bodyValue), { minLength: 1, maxLength: 2 }).map((pairs) => Object.fromEntries(pairs));
  const body = route.method === 'GET' ? fc.constant(undefined) : fc.oneof({ weight: 4, arbitrary: fields }, { weight: 1, arbitrary: fc.constantFrom<unknown>([], 'text', 42, null, [{ imei: '\u0000' }]) });
  const file = route.upload || route.uploads
    ? fc.record({
        name: fc.constantFrom('manifest.xlsx', 'manifest.csv', '../../escape.png', 'a\u0000b.csv', 'photo.png', '', 'x'.repeat(300)),
        bytes: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constantFrom(new TextEncoder().encode('IMEI,Carton,Device Type\n1,2,3'), Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))),
      })
    : fc.constant(undefined);
  return fc.record({ path, query, body, file }).map((request) => ({ ...request, file: request.file ?? undefined }));
}

/** The one error shape: `{ error, message, fields? }`, every value text. */
function hasErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { error, message, fields, ...rest } = body as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string' || Object.keys(rest).length > 0) return false;
  return fields === undefined || (typeof fields === 'object' && fields !== null && Object.values(fields).every((value) => typeof value === 'string'));
}

/**
 * Every route of the table, as a role it allows, gets generated hostile values (control
 * characters, absurd numbers and dates, prototype names, wrong types, long text) in its path, query
 * and body: never a 5xx, every refusal in the one error shape, and no refusal appends an event.
 */
describe('hostile input on every route (property-based, fixed seed)', () => {
  let seeded: SeededService;
  let apiKey: string;
  const tokens = new Map<RoleId | 'signed-in', string>();

  beforeAll(async () => {
    seeded = await startSeededService();
    const db = seeded.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
    apiKey = (await createApiKey(db, retailer.id, 'hostile input test')).key;
    for (const [role, email] of [[ROLE.SUPER_ADMIN, 'super@demo.test'], [ROLE.AGENT, 'agent@demo.test'], ['signed-in', 'agent003@demo.test']] as const) {
      tokens.set(role, (await login(seeded.baseUrl, email)).body.items!.token);
    }
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
  });

  const eventCount = async () => Number((await sql<{ count: string }>`select count(*)::text as count from es_events`.execute(seeded.test.database.db)).rows[0]!.count);

  /** Who calls a route: role 1 where it may, else the agent; 'signed-in' routes (logout!) use an account of their own so the others keep their sessions. */
  const credentialsFor = (route: ApiRoute): Record<string, string> => {
    if (route.access === 'public') return {};
    if (route.access === 'integration') return { 'x-api-key': apiKey };
    const token = route.access === 'signed-in' ? tokens.get('signed-in')! : tokens.get((route.access as readonly RoleId[]).includes(ROLE.SUPER_ADMIN) ? ROLE.SUPER_ADMIN : ROLE.AGENT)!;
    return { authorization: `Bearer ${token}` };
  };

  async function send(route: ApiRoute, request: HostileRequest): Promise<{ status: number; body: unknown; text: string }> {
    const search = new URLSearchParams(request.query).toString();
    const url = `${seeded.baseUrl}${request.path}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json', ...credentialsFor(route) };
    let body: RequestInit['body'];
    const fileField = route.upload ?? route.uploads?.[0];
    if (fileField) {
      const form = new FormData();
      for (const [name, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) form.set(name, typeof value === 'string' ? value : JSON.stringify(value) ?? '');
      if (request.file) form.set(fileField, new Blob([request.file.bytes]), request.file.name);
      body = form;
    } else if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    const response = await fetch(url, { method: route.method, headers, body });
    // A stream that was let through (the event feed's Server-Sent Events) never ends by itself: its status is the answer.
    if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, body: undefined, text: '' };
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, text };
  }

  it(`never answers 5xx, answers every refusal in the one error shape and appends nothing for it (seed ${SEED}, ${RUNS_PER_ROUTE} requests a route)`, async () => {
    const started = Date.now();
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const [index, route] of apiRoutes.entries()) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          const before = await eventCount();
          const answer = await send(route, request);
          requests++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const where = `${route.method} ${route.path} → ${answer.status} ${answer.text.slice(0, 300)}`;
          if (answer.status >= 500) throw new Error(`5xx: ${where}`);
          if (answer.status >= 400) {
            if (!hasErrorShape(answer.body)) throw new Error(`not the error shape: ${where}`);
            const after = await eventCount();
            if (after !== before) throw new Error(`a refusal appended ${after - before} event(s): ${where}`);
          }
        }),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true, verbose: 1 },
      );
    }
    const figures = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`hostile input: ${requests} requests over ${apiRoutes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED}); answers ${figures}`);
  }, 600_000);

  it('never answers 5xx to the classic killers, each alone in each field of each built route (a NUL byte, prototype names, year zero, overflowing numbers, wrong types)', async () => {
    const killers = ['a\u0000b', 'constructor', '0000-01-01', '1e308', '-2147483649'];
    // In a JSON body also values of the wrong type, one an object whose conversion to a number or text throws.
    const bodyKillers: unknown[] = [...killers, [], { toString: 'toString', valueOf: 'valueOf' }];
    const wrong: string[] = [];
    let requests = 0;
    const check = async (route: ApiRoute, request: HostileRequest, what: string) => {
      const before = await eventCount();
      const answer = await send(route, request);
      requests++;
      if (answer.status >= 500 || (answer.status >= 400 && !hasErrorShape(answer.body))) wrong.push(`${route.method} ${route.path} ${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      else if (answer.status >= 400 && (await eventCount()) !== before) wrong.push(`${route.method} ${route.path} ${what}: a refusal appended events`);
    };
    // Planned routes answer 404 before reading any input (the property above covers them).
    for (const route of apiRoutes.filter((candidate) => candidate.path !== '/api/v1/logout' && !candidate.planned)) {
      const { queryNames, bodyNames } = fieldsOf(route);
      const plainPath = route.path.replace(/:(\w+)/g, '1');
      const emptyBody = route.method === 'GET' ? undefined : {};
      for (const killer of killers) {
        for (const name of route.path.match(/:(\w+)/g) ?? []) {
          await check(route, { path: route.path.replace(name, encodeURIComponent(killer)).replace(/:(\w+)/g, '1'), query: [], body: emptyBody }, `path ${name}=${JSON.stringify(killer)}`);
        }
        for (const name of queryNames) await check(route, { path: plainPath, query: [[name, killer]], body: emptyBody }, `query ${name}=${JSON.stringify(killer)}`);
      }
      if (route.method === 'GET') continue;
      for (const name of bodyNames) for (const value of bodyKillers) await check(route, { path: plainPath, query: [], body: { [name]: value } }, `body ${name}=${JSON.stringify(value)}`);
    }
    console.log(`hostile input, killers: ${requests} requests`);
    expect(wrong).toEqual([]);
  }, 600_000);

  it('answers a request Node cannot take (an address beyond its limit, broken HTTP) in the one error shape', async () => {
    const tooLong = await fetch(`${seeded.baseUrl}/api/v1/offices?keyword=${'x'.repeat(20_000)}`, { headers: { authorization: `Bearer ${tokens.get(ROLE.SUPER_ADMIN)!}` } });
    expect(tooLong.status).toBe(431);
    expect(hasErrorShape(await tooLong.json())).toBe(true);
    // The security headers of every other answer (helmet's, and no-store), though Express never saw the request.
    const securityHeaders = Object.fromEntries(Object.entries(RAW_ANSWER_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
    expect(securityHeaders).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
    expect(Object.fromEntries(Object.keys(securityHeaders).map((name) => [name, tooLong.headers.get(name)]))).toEqual(securityHeaders);
    const net = await import('node:net');
    const { port } = new URL(seeded.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('GET /api/v1/offices HTTP/1.1\r\nHost: x\r\nBroken header without colon\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const head = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n').slice(1);
    const rawHeaders = Object.fromEntries(head.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    expect(rawHeaders).toMatchObject(securityHeaders);
    expect(hasErrorShape(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)))).toBe(true);
  });
});
