/**
 * Sales benchmark (issue 18; doc 2 §2 sales reports, doc 1 §2.4 sales dashboard) on the reports
 * bench's database (BENCH_SALES_DEVICES devices, default 1,000,000, made by the demo seed's bulk
 * path with its year of activations, and reused). First it tops the activations up, through the
 * integration API as upstream would, until the busiest IBO/market has ≥ BENCH_SALES_BREAKDOWN
 * (50,000) sales in the last 30 days — the next run adds only what the calendar moved out. Then,
 * over HTTP as the console calls it, one request at a time after a warm-up:
 *   - the four summaries (by agents, offices, managers, IBOs/markets), with and without a filter,
 *     as the retailer manager (the widest manager scope) and the office manager;
 *   - the Detailed Sales Report's first page over a 31-day range with any sort, any role;
 *   - the manager sales dashboard (cards, aging, trend) for each role;
 *   - a 30-day breakdown file of ≥ 50,000 rows (request to file ready; its rows counted).
 * Prints p50/p95/max per measure, how many requests missed the target, and PASS/MISS.
 * Not a test: a miss never fails it (a wrong answer does).
 *
 *   npm run bench:sales
 *   BENCH_SALES_REQUESTS=400 npm run bench:sales
 */
import os from 'node:os';
import path from 'node:path';
import { DETAILED_SALES_SORT_KEYS, type ExportAnswer, type ExportProgress, salesPeriodRange } from '@portal/contracts';
import { createApiKey } from '@portal/services/dist/auth/api-keys.store';
import { openDatabase } from '@portal/services/dist/platform/db/database';
import type { Client } from 'pg';
import { databaseUrl, serverFacts, withClient } from './eventstore/databases';
import { Api, expectStatus } from './inventory/api';
import { seededBenchDatabase } from './inventory/seeded-database';
import { startService } from './inventory/service';
import { type Summary, fmt, integer, ms, summarise, benchLog, pick, random } from './inventory/stats';

const DEVICES = integer('BENCH_SALES_DEVICES', 1_000_000, 1000);
const REQUESTS = integer('BENCH_SALES_REQUESTS', 200, 20);
const BREAKDOWN_ROWS = integer('BENCH_SALES_BREAKDOWN', 50_000, 100);
const TOP_UP_CLIENTS = integer('BENCH_SALES_CLIENTS', 8, 1);
const WARM_UP = 20;
const DATABASE = `portal_bench_reports_${DEVICES}`;
const PASSWORD = 'Passw0rd!';
const TARGETS = { summary: 50, detailed: 100, dashboard: 30, rowsPerSecond: 50_000 };

const log = benchLog;

/** One connection to the bench database for `work`. */
const withDatabase = <T>(work: (client: Client) => Promise<T>): Promise<T> => withClient(DATABASE, work);

/** The business's today (America/Chicago, the default zone) by PostgreSQL's clock. */
async function businessToday(): Promise<string> {
  return withDatabase(async (client) => (await client.query<{ today: string }>(`select (now() at time zone 'America/Chicago')::date::text as today`)).rows[0]!.today);
}

interface Facts {
  readonly sales: number;
  readonly lastThirty: number;
  readonly iboId: string;
  readonly iboThirty: number;
}

async function salesFacts(today: string): Promise<Facts> {
  const { start } = salesPeriodRange('last_30_days', today);
  return withDatabase(async (client) => {
    const total = Number((await client.query<{ n: string }>('select count(*) as n from rm.sales_activations')).rows[0]!.n);
    const thirty = Number((await client.query<{ n: string }>('select count(*) as n from rm.sales_activations where activation_date between $1 and $2', [start, today])).rows[0]!.n);
    const busiest = (
      await client.query<{ id: string; n: string }>(
        `select o.ibo_marketer_id as id, count(a.imei) as n from rm.org_offices o left join rm.sales_activations a on a.office_id = o.id and a.activation_date between $1 and $2
          where o.ibo_marketer_id in (select i.id from rm.org_ibo_markets i join rm.org_retailers r on r.id = i.retailer_id where r.name = 'Bluebonnet Mobile')
          group by o.ibo_marketer_id order by 2 desc limit 1`,
        [start, today],
      )
    ).rows[0]!;
    return { sales: total, lastThirty: thirty, iboId: busiest.id, iboThirty: Number(busiest.n) };
  });
}

/** Sells devices of the IBO/market's stock through the integration API, dated over the last 30 days, until it has `target` sales in them. */
async function topUp(api: Api, apiKey: string, facts: Facts, today: string): Promise<{ added: number; seconds: number }> {
  const missing = BREAKDOWN_ROWS - facts.iboThirty;
  if (missing <= 0) return { added: 0, seconds: 0 };
  const imeis = await withDatabase(async (client) =>
    (
      await client.query<{ imei: string }>(
        `select d.imei from rm.inventory_devices d where d.status in (3, 5) and d.office_id in (select id from rm.org_offices where ibo_marketer_id = $1)
          order by md5(d.imei) limit $2`,
        [facts.iboId, missing + 100],
      )
    ).rows.map((row) => row.imei),
  );
  if (imeis.length < missing) throw new Error(`only ${imeis.length} unsold devices in stock at the IBO/market`);
  log(`topping up: ${fmt(missing)} activations through POST /api/integration/v1/activations (${TOP_UP_CLIENTS} clients)…`);
  const started = performance.now();
  const next = random(18);
  const dates = Array.from({ length: 30 }, (_, index) => new Date(Date.parse(`${today}T12:00:00Z`) - index * 86_400_000).toISOString().slice(0, 10));
  let cursor = 0;
  let done = 0;
  const client = async () => {
    while (cursor < missing) {
      const imei = imeis[cursor++]!;
      const answer = await api.call('topup', 'POST', '/api/integration/v1/activations', {
        headers: { 'x-api-key': apiKey },
        body: { imei, activation_date: pick(next, dates), plan_name: pick(next, ['Unlimited', 'Basic 5GB', 'Lifeline', 'Family Share']), subscriber_state: 'TX', subscriber_zip: '75201' },
      });
      expectStatus(answer, 201, `activate ${imei}`);
      if (++done % 5000 === 0) log(`  ${fmt(done)} activations`);
    }
  };
  await Promise.all(Array.from({ length: TOP_UP_CLIENTS }, client));
  return { added: done, seconds: (performance.now() - started) / 1000 };
}

/** Varied requests of each measure, as the screens send them. */
async function requests(today: string): Promise<Record<'summaryRetailer' | 'summaryOffice' | 'detailed', string[]>> {
  const pools = await withDatabase(async (client) => {
    const column = async (query: string) => (await client.query<{ v: string }>(query)).rows.map((row) => row.v);
    return {
      offices: await column(`select id as v from rm.org_offices`),
      ibos: await column(`select id as v from rm.org_ibo_markets`),
      agents: await column(`select id as v from rm.org_users where 2 = any(role_ids) and office_id is not null limit 200`),
      managers: await column(`select distinct user_id as v from rm.org_unit_managers where kind = 'manager'`),
      imeis: await column(`select imei as v from rm.sales_activations where abs(hashtext(imei)) % 100 = 7 limit 300`),
    };
  });
  const next = random(42);
  const earliest = salesPeriodRange('last_30_days', today).start;
  const wire = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;
  const levels = [
    { path: '/api/v1/manager/sales_by_agents', filter: () => ({ agent_id: pick(next, pools.agents) }) },
    { path: '/api/v1/sales_summary_reports/office', filter: () => ({ office_id: pick(next, pools.offices) }) },
    { path: '/api/v1/sales_summary_reports/manager', filter: () => ({ manager_id: pick(next, pools.managers) }) },
    { path: '/api/v1/sales_summary_reports/ibo_marketer', filter: () => ({ ibo_marketer_id: pick(next, pools.ibos) }) },
  ];
  const periodKeys = ['today', 'WTD', 'MTD', 'last_7_days', 'last_30_days'];
  const summary = () =>
    Array.from({ length: REQUESTS }, (_, index) => {
      const level = levels[index % levels.length]!;
      const query = new URLSearchParams({ page: '1', results: '10' });
      // Half with a filter (the searchable select), half the whole list with a sort.
      if (next() < 0.5) for (const [key, value] of Object.entries(level.filter())) query.set(key, value);
      else if (next() < 0.6) {
        query.set('sort_by', pick(next, periodKeys));
        query.set('sort', next() < 0.5 ? 'ASC' : 'DESC');
      }
      return `${level.path}?${query}`;
    });
  const detailed = Array.from({ length: REQUESTS }, () => {
    const query = new URLSearchParams({ page: '1', results: '10', start_date: wire(earliest), end_date: wire(today), sort_by: pick(next, DETAILED_SALES_SORT_KEYS), sort: next() < 0.5 ? 'ASC' : 'DESC' });
    const kind = Math.floor(next() * 4);
    if (kind === 1) query.set('office_id', pick(next, pools.offices));
    else if (kind === 2) query.set('ibo_marketer_id', pick(next, pools.ibos));
    else if (kind === 3) query.set('keyword', pick(next, pools.imeis).slice(5, 12));
    return `/api/v1/manager/manager_sales_report?${query}`;
  });
  return { summaryRetailer: summary(), summaryOffice: summary(), detailed };
}

async function measure(api: Api, tokens: readonly string[], paths: readonly string[], tag: string): Promise<Summary & { slowest: string[]; missed: (target: number) => number }> {
  for (const request of paths.slice(0, WARM_UP)) expectStatus(await api.call(tag, 'GET', request, { token: tokens[0]! }), 200, request);
  const timed: { ms: number; path: string }[] = [];
  for (const [index, request] of paths.entries()) timed.push({ ms: expectStatus(await api.call(tag, 'GET', request, { token: tokens[index % tokens.length]! }), 200, request).ms, path: request });
  const times = timed.map((item) => item.ms);
  return { ...summarise(times), slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 3).map((item) => `${ms(item.ms)} ${item.path}`), missed: (target) => times.filter((time) => time >= target).length };
}

/** A breakdown download to the end: request → export done, then the file's rows counted. */
async function breakdown(api: Api, token: string, iboId: string, expected: number): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  const answer = expectStatus(await api.call<ExportAnswer>('breakdown', 'GET', `/api/v1/sales/ibo/${iboId}/30_day`, { token }), 200, 'breakdown');
  let url = answer.body.url;
  if (answer.body.download === 0) {
    for (;;) {
      const progress = await api.call<ExportProgress>('breakdown.poll', 'GET', `/api/v1/exports/${answer.body.export_id}`, { token });
      if (progress.body.status === 'failed') throw new Error(`breakdown export failed: ${JSON.stringify(progress.body)}`);
      if (progress.body.status === 'done') {
        url = progress.body.url;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const text = await (await fetch(new URL(url!, api.baseUrl))).text();
  const rows = text.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line.length > 0).length - 1;
  if (rows !== expected) throw new Error(`the breakdown file has ${rows} rows, the count said ${expected}`);
  return { seconds, rows };
}

async function main(): Promise<void> {
  const logFile = path.join(os.tmpdir(), `bench-sales-${process.pid}.log`);
  const data = await seededBenchDatabase({ database: DATABASE, devices: DEVICES, reseed: process.env.BENCH_SALES_RESEED === '1', logFile, log });
  log(`${fmt(data.devices)} devices, ${fmt(data.events)} events`);
  const service = await startService({ DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' }, logFile);
  const api = new Api(service.baseUrl);
  const results: { name: string; summary: Awaited<ReturnType<typeof measure>>; target: number }[] = [];
  let before: Facts;
  let after: Facts;
  let added: Awaited<ReturnType<typeof topUp>>;
  let file: Awaited<ReturnType<typeof breakdown>>;
  let today: string;
  try {
    today = await businessToday();
    before = await salesFacts(today);
    log(`sales: ${fmt(before.sales)} in all, ${fmt(before.lastThirty)} in the last 30 days; the busiest IBO/market has ${fmt(before.iboThirty)}`);
    const retailerId = await withDatabase(async (client) => (await client.query<{ id: string }>(`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`)).rows[0]!.id);
    const database = await openDatabase({ url: databaseUrl(DATABASE), poolSize: 1, applicationName: 'bench-sales' });
    const apiKey = await createApiKey(database.db, retailerId, 'bench sales').then((created) => created.key).finally(() => database.close());
    added = await topUp(api, apiKey, before, today);
    after = await salesFacts(today);
    if (added.added > 0) log(`added ${fmt(added.added)} activations in ${fmt(added.seconds, 1)} s (${fmt(added.added / added.seconds)} /s); the IBO/market now has ${fmt(after.iboThirty)} in 30 days`);

    const retailer = await api.login('retailer.manager@demo.test', PASSWORD);
    const ibo = await api.login('ibo.manager@demo.test', PASSWORD);
    const office = await api.login('office.manager@demo.test', PASSWORD);
    const paths = await requests(today);
    log(`measuring (${REQUESTS} requests each)…`);
    results.push({ name: 'Summaries, retailer manager (4 levels, with and without a filter)', summary: await measure(api, [retailer], paths.summaryRetailer, 'summary.retailer'), target: TARGETS.summary });
    results.push({ name: 'Summaries, office manager', summary: await measure(api, [office], paths.summaryOffice, 'summary.office'), target: TARGETS.summary });
    results.push({ name: 'Detailed Sales Report, first page, 31 days, any sort (3 roles)', summary: await measure(api, [retailer, ibo, office], paths.detailed, 'detailed'), target: TARGETS.detailed });
    results.push({ name: 'Sales dashboard (3 roles)', summary: await measure(api, [retailer, ibo, office], Array.from({ length: REQUESTS }, () => '/api/v1/manager_sales_dashboard'), 'dashboard'), target: TARGETS.dashboard });
    const counted = await api.call<{ items: { data: { ibo_market_id: string; last_30_days: number }[] } }>('count', 'GET', `/api/v1/sales_summary_reports/ibo_marketer?ibo_marketer_id=${after.iboId}`, { token: retailer });
    const expected = counted.body.items.data[0]!.last_30_days;
    log(`breakdown of ${fmt(expected)} sales (30 days, one IBO/market)…`);
    file = await breakdown(api, retailer, after.iboId, expected);
  } finally {
    await service.stop();
  }
  const server = await serverFacts();
  console.log('');
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${server.version.split(',')[0]}`);
  console.log(`Data: ${fmt(data.devices)} devices, ${fmt(data.events)} events in ${DATABASE}${data.seededSeconds === null ? ' (reused)' : ` (seeded in ${fmt(data.seededSeconds, 1)} s)`}; ${fmt(after.sales)} sales (${fmt(after.lastThirty)} in the last 30 days up to ${today})${added.added > 0 ? `, ${fmt(added.added)} added this run` : ''}`);
  console.log('');
  console.log('| Measure | n | p50 | p95 | max | missed | target | |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const { name, summary, target } of results) {
    console.log(`| ${name} | ${summary.n} | ${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.max)} | ${summary.missed(target)} | p95 < ${target} ms | ${summary.p95 < target ? 'PASS' : 'MISS'} (${fmt(summary.p95 / target, 2)}×) |`);
  }
  const rate = file.rows / file.seconds;
  console.log(`| Breakdown file, 30 days of one IBO/market (request to file ready) | ${fmt(file.rows)} rows | ${fmt(file.seconds, 2)} s | | | | ≥ ${fmt(TARGETS.rowsPerSecond)} rows/s | ${rate >= TARGETS.rowsPerSecond ? 'PASS' : 'MISS'} (${fmt(rate)} rows/s, ${fmt(rate / TARGETS.rowsPerSecond, 2)}×) |`);
  console.log('');
  for (const { name, summary } of results) console.log(`Slowest, ${name}: ${summary.slowest.join(' | ')}`);
  console.log(`\nService log: ${logFile}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
