/**
 * Downstream systems' benchmark (issue 24, docs/SUBSCRIPTIONS.md) on a database of
 * BENCH_FEED_DEVICES devices (default 100,000; seeded by the demo seed's bulk path on the first run,
 * reused after, as `portal_bench_feed_<devices>`), with the built service (api + worker in one
 * process, jobs on BullMQ in Redis: REDIS_URL, default redis://127.0.0.1:6379, under the prefix
 * `bench-feed`; BENCH_FEED_REDIS_URL=none runs them in-process):
 *   1. feed throughput: one subscriber reads the whole feed of one retailer (the one with the most
 *      events) from the first event, one page at a time, with limit=1000 then limit=100: events/s,
 *      pages/s, page p50/p95; before that, the feed projection's catch-up at the service's start
 *      (BENCH_FEED_REBUILD=1 first rebuilds it from the first event with `projections:rebuild feed`,
 *      as a database seeded before the projection existed would need);
 *   2. news latency: a page waiting at the head (`wait=20`) and a Server-Sent Events reader, each
 *      timed from sending a one-device integration shipment until its events arrive, p50/p95 over
 *      BENCH_FEED_POLLS rounds (default 30; 2 warm-up rounds first);
 *   3. webhooks: an endpoint for every type pointing at a local receiver (answers 204, verifies
 *      nothing), BENCH_FEED_HOOK_DEVICES devices (default 2,000) shipped BENCH_FEED_HOOK_BATCH per
 *      call (default 50): deliveries/s from the first shipment until the receiver holds every event
 *      the feed holds after the endpoint's starting cursor, and the delivery lag (received − the
 *      CloudEvent's `time`) p50/p95. This part runs on a service restarted with
 *      WEBHOOK_ALLOW_PRIVATE_TARGETS=true and NODE_ENV=development (a localhost receiver).
 * Prints figures and ratios; never fails on a miss (a wrong answer does).
 *
 *   npm run bench:feed
 *   BENCH_FEED_DEVICES=20000 npm run bench:feed      (another size, its own database)
 *   BENCH_FEED_REBUILD=1 npm run bench:feed          (time the feed projection's build from the first event)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CloudEvent, type EventFeedPage, FEED_START, type Listed, type WebhookEndpointRow, type WebhookRegistered, withLuhnCheckDigit } from '@portal/contracts';
import { createApiKey } from '@portal/services/dist/auth/api-keys.store';
import { openDatabase } from '@portal/services/dist/platform/db/database';
import { Client } from 'pg';
import { databaseUrl, serverFacts } from './eventstore/databases';
import { StreamReader, feedCheckpoint, feedSettled, reached, startReceiver, storeHead } from './feed/feed-clients';
import { Api, expectStatus } from './inventory/api';
import { runToEnd, seededBenchDatabase } from './inventory/seeded-database';
import { type RunningService, readServiceLog, repositoryRoot, startService } from './inventory/service';
import { type Summary, benchLog as log, fmt, integer, ms, summarise } from './inventory/stats';

const DEVICES = integer('BENCH_FEED_DEVICES', 100_000, 1000);
const POLLS = integer('BENCH_FEED_POLLS', 30, 3);
const HOOK_DEVICES = integer('BENCH_FEED_HOOK_DEVICES', 2000, 1);
const HOOK_BATCH = integer('BENCH_FEED_HOOK_BATCH', 50, 1);
const REBUILD = process.env.BENCH_FEED_REBUILD === '1';
const REDIS = process.env.BENCH_FEED_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const WARM_UP = 2;
const DATABASE = `portal_bench_feed_${DEVICES}`;
/** Bench IMEIs: `86` and a 12-digit serial (the demo's are `35…` phones and `890141…` SIMs), so a reused database takes new ones. */
const IMEI_PREFIX = '86';

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const seconds = (milliseconds: number) => `${fmt(milliseconds / 1000, 1)} s`;

interface ReadRun {
  readonly limit: number;
  readonly events: number;
  readonly pages: number;
  readonly ms: number;
  readonly pageTimes: Summary;
  readonly inOrder: boolean;
  readonly cursor: string;
}

interface NewsRun {
  readonly name: string;
  readonly latency: Summary;
  readonly command: Summary;
}

interface HookRun {
  readonly shipments: number;
  readonly devices: number;
  readonly expected: number;
  readonly received: number;
  readonly requests: number;
  readonly appendMs: number;
  readonly deliveredMs: number;
  /** From the last shipment's answer to the last delivery. */
  readonly tailMs: number;
  readonly lag: Summary;
  readonly endpoint: WebhookEndpointRow | undefined;
  readonly timedOut: boolean;
  /** p50 and p95 (ms) of: recorded → handed to the endpoint, handed → delivered, one attempt's request as the worker timed it; and how many attempts. */
  readonly split: { readonly queued: readonly number[]; readonly sent: readonly number[]; readonly attempt: readonly number[]; readonly attempts: number };
}

class ImeiSerials {
  constructor(private next: number) {}

  take(): string {
    return withLuhnCheckDigit(`${IMEI_PREFIX}${String(this.next++).padStart(12, '0')}`);
  }
}

async function query<T extends Record<string, unknown>>(client: Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(text, values)).rows;
}

async function main(): Promise<void> {
  const started = Date.now();
  const logFile = path.join(os.tmpdir(), `bench-feed-${process.pid}.log`);
  const hookLogFile = path.join(os.tmpdir(), `bench-feed-hooks-${process.pid}.log`);
  const dataDirectory = path.join(os.tmpdir(), 'bench-feed-data');
  const facts = await seededBenchDatabase({ database: DATABASE, devices: DEVICES, reseed: false, logFile, log });
  log(`${fmt(facts.devices)} devices, ${fmt(facts.events)} events`);
  const url = databaseUrl(DATABASE);
  const client = new Client({ connectionString: url });
  await client.connect();
  const serviceEnv = {
    DATABASE_URL: url,
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDirectory,
    // The daily signed audit checkpoint is another bench's figure: kept out of these.
    AUDIT_CHECKPOINT_INTERVAL_MS: '0',
    ...(REDIS !== 'none' && { REDIS_URL: REDIS, REDIS_PREFIX: 'bench-feed' }),
  };

  let rebuildMs: number | undefined;
  let analyzeMs = Number.NaN;
  let autovacuum = '?';
  let catchUp: { ms: number; startedInMs: number; applied: number; before: string } | undefined;
  const reads: ReadRun[] = [];
  const news: NewsRun[] = [];
  let hooks: HookRun | undefined;
  let retailer = { id: '', name: '', feedRows: 0 };
  let office = { id: '', name: '' };
  let service: RunningService | undefined;
  const problems: string[] = [];
  let platform: ReturnType<typeof readServiceLog>['platform'] = {};

  try {
    if (REBUILD) {
      log('npm run projections:rebuild -- feed: the feed projection from the first event…');
      const rebuildStarted = Date.now();
      await runToEnd(process.execPath, [path.join(repositoryRoot, 'services', 'dist', 'cli', 'rebuild-projection.js'), 'feed'], { DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDirectory }, logFile);
      rebuildMs = Date.now() - rebuildStarted;
      log(`rebuilt in ${seconds(rebuildMs)}`);
    }

    // ----- the feed projection's catch-up at the service's start -----
    const before = await feedCheckpoint(client);
    const head = await storeHead(client);
    const beforeText = before === undefined ? 'none yet' : `${before.status}, ${reached(before, head) ? 'at the head' : 'behind the head'}, ${fmt(before.eventsApplied)} events applied`;
    log(`the feed projection before the start: ${beforeText}`);
    const spawned = Date.now();
    service = await startService({ ...serviceEnv, NODE_ENV: 'production' }, logFile, 30 * 60_000);
    const settledAt = await feedSettled(client, 30 * 60_000);
    catchUp = { ms: Date.now() - spawned, startedInMs: service.startedInMs, applied: settledAt.eventsApplied - (before?.eventsApplied ?? 0), before: beforeText };
    log(`service up in ${seconds(service.startedInMs)}; the feed at the head ${seconds(catchUp.ms)} after the spawn (${fmt(catchUp.applied)} events applied meanwhile)`);
    // Statistics as production's autovacuum would keep them (this server may run without it): a
    // projection built since the seed's ANALYZE (a rebuild, a catch-up) has none, and the feed's
    // page query then plans a scan and sort of the retailer's whole remaining feed per page.
    const analyzeStarted = Date.now();
    await client.query('analyze');
    analyzeMs = Date.now() - analyzeStarted;
    autovacuum = (await query<{ autovacuum: string }>(client, 'show autovacuum'))[0]!.autovacuum;

    // ----- the subscriber: the retailer with the most events, its key and an office of it -----
    const top = (
      await query<{ id: string; name: string; n: string }>(
        client,
        `select r.id, r.name, count(*)::text as n from rm.feed_events f join rm.org_retailers r on r.id = f.retailer_id group by r.id, r.name order by count(*) desc limit 1`,
      )
    )[0];
    if (!top) throw new Error('no retailer has a feed');
    retailer = { id: top.id, name: top.name, feedRows: Number(top.n) };
    const offices = await query<{ id: string; name: string }>(
      client,
      `select o.id, o.name from rm.org_offices o join rm.org_ibo_markets m on m.id = o.ibo_marketer_id where m.retailer_id = $1 order by o.name = 'Dallas Office' desc, o.name limit 1`,
      [retailer.id],
    );
    office = offices[0]!;
    const database = await openDatabase({ url, poolSize: 1, applicationName: 'bench-feed' });
    const key = (await createApiKey(database.db, retailer.id, `bench feed ${new Date().toISOString()}`)).key;
    await database.close();
    const lastSerial = Number((await query<{ n: string | null }>(client, `select max(substr(imei, 3, 12)::bigint)::text as n from rm.inventory_devices where imei like '${IMEI_PREFIX}%' and length(imei) = 15`))[0]?.n ?? 0);
    const serials = new ImeiSerials(lastSerial + 1);
    log(`subscriber: ${retailer.name} (${fmt(retailer.feedRows)} feed rows), shipments to ${office.name}`);

    let api = new Api(service.baseUrl);
    const headers = { 'x-api-key': key };
    const page = async (tag: string, query: string) => expectStatus(await api.call<EventFeedPage>(tag, 'GET', `/api/integration/v1/events${query}`, { headers }), 200, `feed ${query}`);
    const toEnd = async (after: string) => {
      let cursor = after;
      for (;;) {
        const answer = await page('to-end', `?after=${cursor}&limit=1000`);
        if (answer.body.events.length === 0) return cursor;
        cursor = answer.body.next_cursor;
      }
    };
    const ship = async (imeis: readonly string[], carton: string) => {
      const answer = await api.call<{ job_id: string }>('ship', 'POST', '/api/integration/v1/shipments', { headers, body: { office_id: office.id, devices: imeis.map((imei) => ({ imei, device_type: 'PHONE', carton_number: carton })) } });
      return expectStatus(answer, 201, 'shipment');
    };

    // ----- 1. feed throughput -----
    for (const limit of [1000, 100]) {
      log(`reading ${retailer.name}'s whole feed from the first event, limit=${limit}…`);
      const times: number[] = [];
      let cursor = FEED_START;
      let events = 0;
      let pages = 0;
      let inOrder = true;
      let last = '';
      const readStarted = performance.now();
      for (;;) {
        const answer = await page(`read-${limit}`, `?after=${cursor}&limit=${limit}`);
        times.push(answer.ms);
        if (answer.body.events.length === 0) break;
        pages++;
        events += answer.body.events.length;
        for (const event of answer.body.events) {
          if (event.sequence <= last) inOrder = false;
          last = event.sequence;
        }
        cursor = answer.body.next_cursor;
      }
      const elapsed = performance.now() - readStarted;
      reads.push({ limit, events, pages, ms: elapsed, pageTimes: summarise(times), inOrder, cursor });
      log(`  ${fmt(events)} events in ${fmt(pages)} pages, ${seconds(elapsed)}: ${fmt(events / (elapsed / 1000))} events/s, ${fmt(pages / (elapsed / 1000), 1)} pages/s`);
    }

    // ----- 2. news latency: long-poll, then Server-Sent Events -----
    log(`long-poll: ${WARM_UP} + ${POLLS} rounds of a waiting page (wait=20) and a one-device shipment…`);
    {
      let cursor = await toEnd(reads[0]!.cursor);
      const latencies: number[] = [];
      const commands: number[] = [];
      for (let round = 0; round < WARM_UP + POLLS; round++) {
        const imei = serials.take();
        const subject = `device-${imei}`;
        let waiting = api.call<EventFeedPage>('poll', 'GET', `/api/integration/v1/events?after=${cursor}&wait=20`, { headers });
        await sleep(300);
        const sent = performance.now();
        const shipment = ship([imei], `BENCH-FEED-POLL-${imei}`);
        let answeredAt: number;
        for (;;) {
          const answer = expectStatus(await waiting, 200, 'the waiting page');
          answeredAt = performance.now();
          cursor = answer.body.next_cursor;
          if (answer.body.events.some((event) => event.subject === subject)) break;
          waiting = api.call<EventFeedPage>('poll', 'GET', `/api/integration/v1/events?after=${cursor}&wait=20`, { headers });
        }
        const command = await shipment;
        if (round >= WARM_UP) {
          latencies.push(answeredAt - sent);
          commands.push(command.ms);
        }
        cursor = await toEnd(cursor);
      }
      news.push({ name: 'Long-poll page (wait=20) at the head', latency: summarise(latencies), command: summarise(commands) });
      log(`  p50 ${ms(news[0]!.latency.p50)}, p95 ${ms(news[0]!.latency.p95)} (the shipment's own answer p50 ${ms(news[0]!.command.p50)})`);

      log(`Server-Sent Events: ${WARM_UP} + ${POLLS} rounds on one open stream…`);
      const reader = new StreamReader(service.baseUrl, key);
      await reader.open(cursor);
      await sleep(500);
      const sseLatencies: number[] = [];
      const sseCommands: number[] = [];
      try {
        for (let round = 0; round < WARM_UP + POLLS; round++) {
          const imei = serials.take();
          const subject = `device-${imei}`;
          const from = reader.arrivals.length;
          const sent = performance.now();
          const shipment = ship([imei], `BENCH-FEED-SSE-${imei}`);
          const arrived = await reader.until(from, (event) => event.subject === subject, 30_000);
          const command = await shipment;
          if (round >= WARM_UP) {
            sseLatencies.push(arrived - sent);
            sseCommands.push(command.ms);
          }
          await sleep(300);
        }
      } finally {
        await reader.close();
      }
      news.push({ name: 'Server-Sent Events reader at the head', latency: summarise(sseLatencies), command: summarise(sseCommands) });
      log(`  p50 ${ms(news[1]!.latency.p50)}, p95 ${ms(news[1]!.latency.p95)} (the shipment's own answer p50 ${ms(news[1]!.command.p50)})`);
    }
    await service.stop();
    service = undefined;
    ({ platform } = readServiceLog(logFile));
    problems.push(...readServiceLog(logFile).problems.map((problem) => `feed service: ${problem}`));

    // ----- 3. webhooks -----
    log('restarting the service with WEBHOOK_ALLOW_PRIVATE_TARGETS=true, NODE_ENV=development…');
    service = await startService({ ...serviceEnv, NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, hookLogFile, 10 * 60_000);
    await feedSettled(client, 10 * 60_000);
    api = new Api(service.baseUrl);
    const receiver = await startReceiver();
    let endpointId: string | undefined;
    try {
      const registered = expectStatus(await api.call<WebhookRegistered>('register', 'POST', '/api/integration/v1/webhooks', { headers, body: { url: receiver.url } }), 201, 'registering the endpoint');
      endpointId = registered.body.id;
      const endpointRow = async () => (await api.call<Listed<WebhookEndpointRow>>('endpoints', 'GET', '/api/integration/v1/webhooks', { headers })).body.items.data.find((row) => row.id === endpointId);
      const startCursor = (await endpointRow())!.cursor;
      log(`endpoint ${endpointId} at ${startCursor}; shipping ${fmt(HOOK_DEVICES)} devices, ${HOOK_BATCH} per shipment…`);
      const firstShipment = Date.now();
      let shipments = 0;
      for (let shipped = 0; shipped < HOOK_DEVICES; shipped += HOOK_BATCH) {
        const imeis = Array.from({ length: Math.min(HOOK_BATCH, HOOK_DEVICES - shipped) }, () => serials.take());
        await ship(imeis, `BENCH-FEED-HOOK-${imeis[0]!}`);
        shipments++;
      }
      const lastShipment = Date.now();
      log(`  shipped in ${seconds(lastShipment - firstShipment)}; ${fmt(receiver.first.size)} deliveries received so far`);
      await feedSettled(client, 5 * 60_000);
      const expected: CloudEvent[] = [];
      for (let cursor = startCursor; ; ) {
        const answer = await page('expected', `?after=${cursor}&limit=1000`);
        if (answer.body.events.length === 0) break;
        expected.push(...answer.body.events);
        cursor = answer.body.next_cursor;
      }
      const missing = () => expected.filter((event) => !receiver.first.has(event.id)).length;
      const deadline = Date.now() + Math.max(120_000, expected.length * 100);
      let timedOut = false;
      let reported = Date.now();
      while (missing() > 0) {
        if (Date.now() > deadline) {
          timedOut = true;
          log(`  gave up waiting: ${fmt(missing())} of ${fmt(expected.length)} events not delivered`);
          break;
        }
        if (Date.now() - reported > 15_000) {
          log(`  ${fmt(expected.length - missing())} of ${fmt(expected.length)} delivered…`);
          reported = Date.now();
        }
        await sleep(50);
      }
      const arrivals = expected.flatMap((event) => {
        const arrival = receiver.first.get(event.id);
        return arrival ? [arrival] : [];
      });
      const lastArrival = Math.max(...arrivals.map((arrival) => arrival.receivedAt));
      await sleep(500);
      // Where the lag goes, from the endpoint's log (before it is removed): the event recorded →
      // handed to the endpoint (intake) → delivered; and the sends as the worker timed them.
      const split = (
        await query<{ queued: number[] | null; sent: number[] | null; attempt: number[] | null; attempts: string }>(
          client,
          `select
             (select percentile_cont(array[0.5, 0.95]) within group (order by extract(epoch from d.created_at - e.recorded_at) * 1000) from webhook_deliveries d join es_events e on e.event_id = d.event_id where d.endpoint_id = $1) as queued,
             (select percentile_cont(array[0.5, 0.95]) within group (order by extract(epoch from d.delivered_at - d.created_at) * 1000) from webhook_deliveries d where d.endpoint_id = $1 and d.delivered_at is not null) as sent,
             (select percentile_cont(array[0.5, 0.95]) within group (order by a.latency_ms) from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1) as attempt,
             (select count(*)::text from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1) as attempts`,
          [endpointId],
        )
      )[0]!;
      hooks = {
        split: { queued: split.queued ?? [], sent: split.sent ?? [], attempt: split.attempt ?? [], attempts: Number(split.attempts) },
        shipments,
        devices: HOOK_DEVICES,
        expected: expected.length,
        received: arrivals.length,
        requests: receiver.requests,
        appendMs: lastShipment - firstShipment,
        deliveredMs: lastArrival - firstShipment,
        tailMs: lastArrival - lastShipment,
        lag: summarise(arrivals.map((arrival) => arrival.receivedAt - arrival.eventTime)),
        endpoint: await endpointRow(),
        timedOut,
      };
      log(`  ${fmt(hooks.received)} of ${fmt(hooks.expected)} events delivered in ${seconds(hooks.deliveredMs)}: ${fmt(hooks.received / (hooks.deliveredMs / 1000))} deliveries/s; lag p50 ${ms(hooks.lag.p50)}, p95 ${ms(hooks.lag.p95)}`);
    } finally {
      if (endpointId) await api.call('unregister', 'DELETE', `/api/integration/v1/webhooks/${endpointId}`, { headers }).catch(() => undefined);
      await receiver.close();
    }
  } finally {
    await service?.stop();
    await client.end();
  }
  const hookLog = readServiceLog(hookLogFile);
  problems.push(...hookLog.problems.map((problem) => `webhook service: ${problem}`));
  if (!platform.jobs) platform = hookLog.platform;

  // ----- the summary -----
  const server = await serverFacts();
  const perSecond = (count: number, milliseconds: number) => count / (milliseconds / 1000);
  console.log('');
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${server.version.split(',')[0]}; ${Object.entries(server.settings).map(([name, value]) => `${name}=${value}`).join(', ')}`);
  console.log(`Service: database ${platform.database ?? '?'}, event store ${platform.eventStore ?? '?'}, jobs ${platform.jobs ?? '?'}${REDIS === 'none' ? '' : ` (REDIS_URL ${REDIS}, prefix bench-feed)`}`);
  console.log(`Data: ${fmt(facts.devices)} devices, ${fmt(facts.events)} events in ${DATABASE}${facts.seededSeconds === null ? ' (reused)' : ` (seeded in ${fmt(facts.seededSeconds, 1)} s)`}; subscriber ${retailer.name} (${fmt(retailer.feedRows)} feed rows before the bench's shipments), shipments to ${office.name}`);
  console.log('');
  if (rebuildMs !== undefined) console.log(`Feed projection rebuilt from the first event (npm run projections:rebuild -- feed): ${seconds(rebuildMs)} = ${fmt(perSecond(facts.events, rebuildMs))} events/s (process start included)`);
  if (catchUp) {
    console.log(`Feed projection before the start: ${catchUp.before}. At the head ${seconds(catchUp.ms)} after the spawn (service /health in ${seconds(catchUp.startedInMs)}), ${fmt(catchUp.applied)} events applied meanwhile${catchUp.applied > 0 ? ` (${fmt(perSecond(catchUp.applied, catchUp.ms))} events/s)` : ': nothing to build'}`);
    console.log(`Then ANALYZE of the whole database: ${seconds(analyzeMs)} (autovacuum ${autovacuum} on this server: a projection built since the seed's ANALYZE has no statistics until then)`);
  }
  console.log('');
  console.log('Feed throughput: one subscriber, one request at a time, the whole feed from the first event');
  console.log('| limit | events | pages | time | events/s | pages/s | page p50 | page p95 | page max | in order |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const read of reads) {
    console.log(`| ${read.limit} | ${fmt(read.events)} | ${fmt(read.pages)} | ${seconds(read.ms)} | ${fmt(perSecond(read.events, read.ms))} | ${fmt(perSecond(read.pages, read.ms), 1)} | ${ms(read.pageTimes.p50)} | ${ms(read.pageTimes.p95)} | ${ms(read.pageTimes.max)} | ${read.inOrder ? 'yes' : 'NO'} |`);
  }
  if (reads.length === 2) console.log(`limit=100 reads at ${fmt(perSecond(reads[1]!.events, reads[1]!.ms) / perSecond(reads[0]!.events, reads[0]!.ms), 2)}× the events/s of limit=1000`);
  console.log('');
  console.log(`News at the head: from sending a one-device shipment until its events reach the reader (${POLLS} rounds, ${WARM_UP} warm-up first)`);
  console.log("| reader | n | p50 | p95 | max | vs long-poll p50 | the shipment's answer p50 |");
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of news) {
    console.log(`| ${run.name} | ${run.latency.n} | ${ms(run.latency.p50)} | ${ms(run.latency.p95)} | ${ms(run.latency.max)} | ${fmt(run.latency.p50 / news[0]!.latency.p50, 2)}× | ${ms(run.command.p50)} |`);
  }
  if (hooks) {
    console.log('');
    console.log(`Webhooks: one endpoint (every type) to a local receiver; ${fmt(hooks.devices)} devices in ${hooks.shipments} shipments of ${HOOK_BATCH}`);
    console.log('| figure | value |');
    console.log('| --- | ---: |');
    console.log(`| events the feed holds after the endpoint's start | ${fmt(hooks.expected)} |`);
    console.log(`| delivered (distinct webhook-ids) / requests received | ${fmt(hooks.received)} / ${fmt(hooks.requests)}${hooks.timedOut ? ' (TIMED OUT)' : ''} |`);
    console.log(`| shipments appended in | ${seconds(hooks.appendMs)} (${fmt(perSecond(hooks.expected, hooks.appendMs))} events/s) |`);
    console.log(`| every event delivered, from the first shipment | ${seconds(hooks.deliveredMs)} |`);
    console.log(`| deliveries/s | ${fmt(perSecond(hooks.received, hooks.deliveredMs))} (${fmt(perSecond(hooks.received, hooks.deliveredMs) / perSecond(hooks.expected, hooks.appendMs), 2)}× the append rate) |`);
    console.log(`| the last delivery after the last shipment's answer | ${seconds(hooks.tailMs)} |`);
    console.log(`| delivery lag (received − CloudEvent time) p50 / p95 / max | ${ms(hooks.lag.p50)} / ${ms(hooks.lag.p95)} / ${ms(hooks.lag.max)} |`);
    const pair = (values: readonly number[]) => `${ms(values[0] ?? Number.NaN)} / ${ms(values[1] ?? Number.NaN)}`;
    console.log(`| of which recorded → handed to the endpoint (intake) p50 / p95 | ${pair(hooks.split.queued)} |`);
    console.log(`| of which handed → delivered (claim, queue, send) p50 / p95 | ${pair(hooks.split.sent)} |`);
    console.log(`| one attempt's request as the worker timed it p50 / p95 (${fmt(hooks.split.attempts)} attempts) | ${pair(hooks.split.attempt)} |`);
    if (hooks.endpoint) console.log(`| the endpoint's log: delivered / pending / failed | ${fmt(hooks.endpoint.delivered)} / ${fmt(hooks.endpoint.pending)} / ${fmt(hooks.endpoint.failed)} |`);
  }
  console.log('');
  if (problems.length > 0) {
    console.log(`The service logged ${problems.length} warnings or errors; the first:`);
    for (const problem of [...new Set(problems)].slice(0, 8)) console.log(`  ${problem}`);
  }
  console.log(`Whole run: ${seconds(Date.now() - started)}. Service logs: ${logFile}, ${hookLogFile}`);
  fs.rmSync(dataDirectory, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
