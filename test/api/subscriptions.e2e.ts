import { type CloudEvent, EVENT_CATALOG, type EventFeedPage, type EventTypeRow, FEED_START, type Listed, SECRET_FIELD, catalogEntry, withLuhnCheckDigit } from '@portal/contracts';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { exited, repositoryRoot, startNode, waitFor } from '../support/processes';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const imei = (serial: number) => withLuhnCheckDigit(`35693806${String(serial).padStart(6, '0')}`);

/** A small deterministic random (the test names its seed, so a failure replays). */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Every key at any depth of a value. */
function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      into.push(key);
      keysOf(field, into);
    }
  }
  return into;
}

/**
 * Downstream systems' event feed (docs/SUBSCRIPTIONS.md) over the real service: resumable from
 * any cursor while commands run (a late commit included), scoped to the key's retailer, without
 * secrets; long-poll and Server-Sent Events see news at once.
 */
describe('subscriptions: the event feed', () => {
  let service: SeededService;
  let keyA: string;
  let keyB: string;
  let dallas: string;
  let houston: string;
  let coastlineOffice: string;
  let retailerA: string;
  let retailerB: string;
  let manager: string;

  const feed = (key: string, query: string) => call<EventFeedPage & { fields?: Record<string, string> }>(service.baseUrl, 'GET', `/api/integration/v1/events${query}`, { headers: { 'x-api-key': key } });
  /** The whole feed of a key from a cursor to its current end. */
  const readToEnd = async (key: string, after = FEED_START) => {
    const events: CloudEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await feed(key, `?after=${cursor}&limit=1000`);
      expect(page.status).toBe(200);
      events.push(...page.body.events);
      if (page.body.events.length === 0) return { events, cursor };
      cursor = page.body.next_cursor;
    }
  };
  const ship = async (key: string, office: string, carton: string, serials: number[]) => {
    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', {
      body: { office_id: office, devices: serials.map((serial) => ({ imei: imei(serial), device_type: 'PHONE', carton_number: carton })) },
      headers: { 'x-api-key': key },
    });
    expect(shipped.status).toBe(201);
    return shipped.body.job_id;
  };
  /** The feed has caught up with everything appended so far (its projection's checkpoint reached the store's head). */
  const settled = async () => {
    const store = new PostgresEventStore(service.test.database);
    const head = await store.head();
    await waitFor(
      async () => (await sql<{ transaction_id: string; global_position: string }>`select transaction_id::text, global_position::text from projection_checkpoints where projection = 'feed' and status = 'live'`.execute(service.test.database.db)).rows[0],
      (row) => row !== undefined && (Number(row.transaction_id) > head.transactionId || (Number(row.transaction_id) === head.transactionId && Number(row.global_position) >= head.globalPosition)),
      20_000,
      'the feed projection to reach the head',
    );
  };

  beforeAll(async () => {
    service = await startSeededService();
    const db = service.test.database.db;
    const retailerNamed = async (name: string) => (await sql<{ id: string }>`select id from rm.org_retailers where name = ${name}`.execute(db)).rows[0]!.id;
    const officeNamed = async (name: string) => (await sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(db)).rows[0]!.id;
    retailerA = await retailerNamed('Bluebonnet Mobile');
    retailerB = await retailerNamed('Coastline Connect');
    dallas = await officeNamed('Dallas Office');
    houston = await officeNamed('Houston Office');
    coastlineOffice = (await sql<{ id: string }>`select o.id from rm.org_offices o join rm.org_ibo_markets m on m.id = o.ibo_marketer_id where m.retailer_id = ${retailerB} order by o.name limit 1`.execute(db)).rows[0]!.id;
    keyA = (await createApiKey(db, retailerA, 'feed test A')).key;
    keyB = (await createApiKey(db, retailerB, 'feed test B')).key;
    manager = (await login(service.baseUrl, 'office.manager@demo.test')).body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('gives a subscriber that reads in pages, stops at random points and resumes by cursor every event exactly once, in order, while commands run (a late commit included)', async () => {
    const random = randomFrom(24);
    const store = new PostgresEventStore(service.test.database);
    // The subscriber keeps only its cursor between runs: what a process killed and restarted has.
    let cursor = FEED_START;
    const received: CloudEvent[] = [];
    let writing = true;
    const subscriber = (async () => {
      let quietReads = 0;
      while (writing || quietReads < 2) {
        const page = await feed(keyA, `?after=${cursor}&limit=${1 + Math.floor(random() * 40)}`);
        expect(page.status).toBe(200);
        // A stop at a random point: the page is dropped half-handled, and the next run resumes from the last cursor kept.
        const handled = random() < 0.2 ? page.body.events.slice(0, Math.floor(random() * page.body.events.length)) : page.body.events;
        received.push(...handled);
        if (handled.length > 0) cursor = handled.at(-1)!.sequence;
        else if (handled.length === page.body.events.length) cursor = page.body.next_cursor;
        quietReads = page.body.events.length === 0 && !writing ? quietReads + 1 : 0;
        if (page.body.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // Commands meanwhile: shipments to Bluebonnet (A) and to Coastline (B), accepted; and one append held open while a later one commits.
    const late = imei(900);
    const later = imei(901);
    await ship(keyA, dallas, 'FEED-LATE', [900, 901]);
    const jobs: string[] = [];
    for (let round = 0; round < 2; round++) {
      jobs.push(await ship(keyA, dallas, `FEED-A${round}`, [round * 3 + 1, round * 3 + 2, round * 3 + 3]));
      await ship(keyB, coastlineOffice, `FEED-B${round}`, [500 + round]);
    }
    // Held only for the moment the later append takes (an open write transaction holds every
    // subscriber of the cluster back, other test files' included: DESIGN §4).
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened: () => void = () => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const held = service.test.database.db.transaction().execute(async (trx) => {
      await store.appendInTransaction(trx, [{ streamId: `device-${late}`, expectedVersion: 'any', events: [{ type: 'DeviceImageUploaded', data: { imei: late, file: 'late.jpg', content_type: 'image/jpeg', size: 1 } }] }]);
      opened();
      await gate;
    });
    try {
      await open;
      await store.append([{ streamId: `device-${later}`, expectedVersion: 'any', events: [{ type: 'DeviceImageUploaded', data: { imei: later, file: 'later.jpg', content_type: 'image/jpeg', size: 1 } }] }]);
    } finally {
      release();
      await held;
    }
    for (let round = 2; round < 6; round++) {
      jobs.push(await ship(keyA, round % 2 ? houston : dallas, `FEED-A${round}`, [round * 3 + 1, round * 3 + 2, round * 3 + 3]));
      await ship(keyB, coastlineOffice, `FEED-B${round}`, [500 + round]);
    }
    for (const round of [0, 2, 4]) {
      const accepted = await call(service.baseUrl, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { token: manager, body: { job_id: jobs[round], carton_numbers: [`FEED-A${round}`], status: 1 } });
      expect(accepted.status).toBe(200);
    }
    await settled();
    writing = false;
    await subscriber;

    // Exactly once, in the store's order, and the same as one reading from the start now.
    const ids = received.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    const sequences = received.map((event) => event.sequence);
    expect([...sequences].sort()).toEqual(sequences);
    const fresh = await readToEnd(keyA);
    expect(ids).toEqual(fresh.events.map((event) => event.id));
    // Every device shipped to A is there, with each of its steps; B's are not; the late commit is there, after its device's arrival.
    const subjects = new Set(received.map((event) => event.subject));
    for (let serial = 1; serial <= 18; serial++) expect(subjects.has(`device-${imei(serial)}`)).toBe(true);
    for (let round = 0; round < 6; round++) expect(subjects.has(`device-${imei(500 + round)}`)).toBe(false);
    for (const device of [late, later]) expect(received.filter((event) => event.subject === `device-${device}`).map((event) => event.type)).toEqual(['DeviceReceived', 'DeviceImageUploaded']);
    // The held append has the earlier position, though it committed after the later one.
    const uploaded = (device: string) => received.find((event) => event.subject === `device-${device}` && event.type === 'DeviceImageUploaded')!.sequence;
    expect(uploaded(late) < uploaded(later)).toBe(true);
    const accepted = received.filter((event) => event.type === 'DeviceAcceptedByManager').length;
    expect(accepted).toBe(9);
    expect(received.every((event) => event.specversion === '1.0' && event.source === `/retailers/${retailerA}` && event.datacontenttype === 'application/json' && !Number.isNaN(Date.parse(event.time)))).toBe(true);
  }, 180_000);

  it('keeps each retailer to its own events, from the organisation on, and delivers no secret', async () => {
    await settled();
    const [a, b] = [(await readToEnd(keyA)).events, (await readToEnd(keyB)).events];
    expect(a.length).toBeGreaterThan(100);
    expect(b.length).toBeGreaterThan(10);
    const inA = new Set(a.map((event) => event.id));
    expect(b.filter((event) => inA.has(event.id))).toEqual([]);
    expect(b.every((event) => event.source === `/retailers/${retailerB}`)).toBe(true);

    // Each event that names an office names one of its retailer's offices.
    const officesOf = async (retailer: string) =>
      new Set((await sql<{ id: string }>`select o.id from rm.org_offices o join rm.org_ibo_markets m on m.id = o.ibo_marketer_id where m.retailer_id = ${retailer}`.execute(service.test.database.db)).rows.map((row) => row.id));
    for (const [events, retailer] of [
      [a, retailerA],
      [b, retailerB],
    ] as const) {
      const offices = await officesOf(retailer);
      for (const event of events) {
        const office = (event.data as { office_id?: unknown }).office_id;
        if (typeof office === 'string') expect({ type: event.type, office: offices.has(office) }).toEqual({ type: event.type, office: true });
      }
      // The retailer's own registration and its organisation's are in its feed.
      expect(events.some((event) => event.type === 'RetailerRegistered' && (event.data as { retailer_id: string }).retailer_id === retailer)).toBe(true);
      expect(events.filter((event) => event.type === 'OfficeCreated').length).toBe(offices.size);
    }
    // Users of A: the demo's office manager is in A's feed, never in B's.
    const users = (events: CloudEvent[]) => new Set(events.filter((event) => event.type === 'UserCreated').map((event) => (event.data as { email: string }).email));
    expect(users(a).has('office.manager@demo.test')).toBe(true);
    expect(users(b).has('office.manager@demo.test')).toBe(false);

    // No secret: no field named like one at any depth, no password, hash or key in the text; the candidates' invite token hashes are gone.
    for (const event of [...a, ...b]) {
      expect(keysOf(event.data).filter((key) => SECRET_FIELD.test(key))).toEqual([]);
    }
    const text = JSON.stringify([a, b]);
    for (const secret of ['Passw0rd!', '$argon2', 'portal_', 'whsec_', 'token_hash', 'BEGIN PRIVATE KEY']) expect(text.includes(secret)).toBe(false);
    expect(a.some((event) => event.type === 'CandidateInvited')).toBe(true);

    // The event catalog: every type, its schema, and a retailer manager's counts and examples of its own retailer only.
    const catalog = async (email: string) => {
      const token = (await login(service.baseUrl, email)).body.items!.token;
      return (await call<Listed<EventTypeRow>>(service.baseUrl, 'GET', '/api/v1/subscriptions/event_types', { token })).body.items.data;
    };
    const ofA = await catalog('retailer.manager@demo.test');
    expect(ofA.length).toBe(EVENT_CATALOG.length);
    const countIn = (events: CloudEvent[], type: string) => events.filter((event) => event.type === type).length;
    for (const type of ['DeviceReceived', 'UserCreated', 'OfficeCreated']) expect(ofA.find((row) => row.type === type)!.events).toBe(countIn(a, type));
    const offices = ofA.find((row) => row.type === 'OfficeCreated')!;
    expect(offices.example).toMatchObject({ type: 'OfficeCreated', source: `/retailers/${retailerA}` });
    expect(a.map((event) => event.id)).toContain(offices.example!.id);
    expect(ofA.find((row) => row.type === 'DeviceReceived')!.schema).toMatchObject({ type: 'object', properties: { imei: expect.any(Object) } });
    expect(JSON.stringify(ofA)).not.toContain('token_hash');
    const all = await catalog('super@demo.test');
    expect(all.find((row) => row.type === 'UserCreated')!.events).toBeGreaterThan(countIn(a, 'UserCreated') + countIn(b, 'UserCreated'));
    expect((await call(service.baseUrl, 'GET', '/api/v1/subscriptions/event_types', { token: manager })).status).toBe(403);

    // Every event the store holds is of a type the catalog (and so the AsyncAPI document) describes, and fits its schema.
    const stored = await sql<{ type: string; data: unknown }>`select type, data from es_events`.execute(service.test.database.db);
    const misfits = stored.rows.flatMap((event) => {
      const entry = catalogEntry(event.type);
      if (!entry) return [`${event.type}: not in the catalog`];
      const parsed = entry.schema.safeParse(event.data);
      return parsed.success ? [] : [`${event.type}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`];
    });
    expect([...new Set(misfits)]).toEqual([]);
  }, 120_000);

  it('answers a waiting page as soon as an event arrives, and streams the feed as Server-Sent Events that resume from Last-Event-ID', async () => {
    await settled();
    const { cursor } = await readToEnd(keyA);
    // Long-poll: an empty page waits; a shipment's events answer it.
    const started = Date.now();
    const waiting = feed(keyA, `?after=${cursor}&wait=20`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const shippedAt = Date.now();
    await ship(keyA, dallas, 'FEED-POLL', [950]);
    const answered = await waiting;
    const latency = Date.now() - shippedAt;
    expect(answered.status).toBe(200);
    expect(answered.body.events.map((event) => event.subject)).toContain(`device-${imei(950)}`);
    console.log(`feed long-poll: answered ${latency} ms after the shipment was sent (waited ${Date.now() - started} ms in all)`);

    // Server-Sent Events from the same cursor: the shipment above, then news as it comes.
    const readStream = async (headers: Record<string, string>, query: string, until: (events: CloudEvent[]) => boolean) => {
      const controller = new AbortController();
      const response = await fetch(`${service.baseUrl}/api/integration/v1/events/stream${query}`, { headers: { 'x-api-key': keyA, ...headers }, signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const events: CloudEvent[] = [];
      let lastId = '';
      let buffer = '';
      while (!until(events)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of message.split('\n')) {
            if (line.startsWith('id: ')) lastId = line.slice(4);
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as CloudEvent);
          }
        }
      }
      controller.abort();
      return { events, lastId };
    };
    const first = await readStream({}, `?after=${cursor}`, (events) => events.some((event) => event.subject === `device-${imei(950)}`));
    expect(first.events[0]!.sequence > cursor).toBe(true);
    expect(first.lastId).toBe(first.events.at(-1)!.sequence);
    // Reconnecting with Last-Event-ID (the URL's `after` is older: the header wins): only what came since.
    const later = ship(keyA, dallas, 'FEED-SSE', [951]);
    const second = await readStream({ 'last-event-id': first.lastId }, `?after=${cursor}`, (events) => events.some((event) => event.subject === `device-${imei(951)}`));
    await later;
    expect(second.events.map((event) => event.id).filter((id) => first.events.some((event) => event.id === id))).toEqual([]);
    expect(second.events[0]!.subject).toBe(`device-${imei(951)}`);
    // Filtered by type: only those types.
    const filtered = await feed(keyA, `?after=${cursor}&types=DeviceReceived`);
    expect(filtered.body.events.map((event) => event.type)).toEqual(['DeviceReceived', 'DeviceReceived']);
  }, 120_000);

  it('docs/subscriber.mjs follows the feed from the first event, is killed (-9) mid-way, and resumes with every event exactly once, in order', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'subscriber-'));
    const output = path.join(directory, 'events.jsonl');
    const env = { PORTAL_URL: service.baseUrl, PORTAL_API_KEY: keyA, FEED_WAIT: '2', FEED_LIMIT: '7' };
    const lines = () => (existsSync(output) ? readFileSync(output, 'utf8').split('\n').filter((line) => line.endsWith('}')) : []);
    try {
      await settled();
      const total = (await readToEnd(keyA)).events.length;
      const first = startNode(path.join(repositoryRoot, 'docs', 'subscriber.mjs'), [output], env);
      // Killed as soon as it has written something, before it can have caught up.
      await waitFor(async () => lines().length, (count) => count > 0, 20_000, 'the subscriber to write its first events');
      first.kill('SIGKILL');
      await exited(first);
      expect(lines().length).toBeLessThan(total);
      const second = startNode(path.join(repositoryRoot, 'docs', 'subscriber.mjs'), [output], env);
      try {
        // News while it runs: it sees them too.
        await ship(keyA, dallas, 'FEED-SUB', [960]);
        await settled();
        const expected = (await readToEnd(keyA)).events.map((event) => event.id);
        expect(expected.length).toBeGreaterThan(total);
        await waitFor(async () => lines().length, (count) => count >= expected.length, 30_000, `the subscriber to catch up (${second.output()})`);
        const written = lines().map((line) => (JSON.parse(line) as CloudEvent).id);
        expect(written).toEqual(expected);
        expect(second.output()).toContain('resuming after ');
      } finally {
        second.kill('SIGTERM');
        await exited(second);
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses bad cursors, limits, waits and types with the field named, and anyone without an API key', async () => {
    for (const [query, field] of [
      ['?after=zz', 'after'],
      ['?after=__proto__', 'after'],
      ['?after=%00', 'after'],
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?wait=31', 'wait'],
      ['?wait=-1', 'wait'],
      ['?types=deviceReceived', 'types'],
      ['?types=,', 'types'],
      ['?types=DeviceReceived,NoSuchEvent', 'types'],
    ] as const) {
      const answer = await feed(keyA, query);
      expect({ query, status: answer.status, field: Object.keys(answer.body.fields ?? {}) }).toEqual({ query, status: 400, field: [field] });
    }
    const badLastEventId = await fetch(`${service.baseUrl}/api/integration/v1/events/stream`, { headers: { 'x-api-key': keyA, 'last-event-id': 'nope' } });
    expect(badLastEventId.status).toBe(400);
    expect((await call(service.baseUrl, 'GET', '/api/integration/v1/events')).status).toBe(401);
    expect((await call(service.baseUrl, 'GET', '/api/integration/v1/events', { token: manager })).status).toBe(401);
    expect((await feed('portal_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '')).status).toBe(401);
  });
});
