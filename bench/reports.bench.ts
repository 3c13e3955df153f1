/**
 * Reports benchmark (doc 1 §2.10-§2.13 at scale): a database of BENCH_REPORTS_DEVICES devices
 * (default 1,000,000) made by the demo seed's bulk path (`node services/dist/main.js seed
 * --devices N`: the commands' events, then the projections catch up), reused between runs;
 * then the built service over HTTP, as the console calls it (auth included), one call at a
 * time from one client, ≥ 200 varied requests per report after a warm-up:
 *   detailed report page 1 (any filter combination, any sort, four roles), Legacy Data with a
 *   3-condition builder query, the four by-* summaries, the four aged reports, and the keyword
 *   search by a partial IMEI;
 * and, first, a full rebuild of the inventory projection (events/s; it also leaves the read
 * model as this code builds it). Prints p50/p95/max per report,
 * then PASS/MISS against the targets. Not a test: a miss never fails it (a wrong answer does).
 *
 *   npm run bench:reports                               (first run seeds: ~7 min; later runs reuse)
 *   BENCH_REPORTS_RESEED=1 npm run bench:reports        (seed again)
 *   BENCH_REPORTS_DEVICES=100000 npm run bench:reports  (another size; its own database)
 *   BENCH_REPORTS_REQUESTS=400 BENCH_REPORTS_REBUILD=0 npm run bench:reports
 */
import os from 'node:os';
import path from 'node:path';
import { DETAILED_REPORT_SORT_KEYS } from '@portal/contracts';
import { Client } from 'pg';
import { databaseUrl, serverFacts, withServer } from './eventstore/databases';
import { Api, expectStatus } from './inventory/api';
import { type DataFacts, runToEnd as run, seededBenchDatabase } from './inventory/seeded-database';
import { repositoryRoot, startService } from './inventory/service';
import { type Summary, fmt, ms, summarise, integer, benchLog, pick, random } from './inventory/stats';

const DEVICES = integer('BENCH_REPORTS_DEVICES', 1_000_000, 1000);
const REQUESTS = integer('BENCH_REPORTS_REQUESTS', 200, 20);
const WARM_UP = 20;
const RESEED = process.env.BENCH_REPORTS_RESEED === '1';
const REBUILD = process.env.BENCH_REPORTS_REBUILD !== '0';
const DATABASE = `portal_bench_reports_${DEVICES}`;
const PASSWORD = 'Passw0rd!';

const TARGETS: Record<string, number> = { detailed: 50, legacy: 100, summary: 100, aged: 150, keyword: 50 };

const log = benchLog;


async function prepare(logFile: string): Promise<DataFacts> {
  return seededBenchDatabase({ database: DATABASE, devices: DEVICES, reseed: RESEED, logFile, log });
}

/** Values to vary the requests with, read from the data (real IMEIs, cartons, offices, agents ...). */
interface Pools {
  imeis: string[];
  cartons: string[];
  orders: string[];
  enrolls: string[];
  pallets: string[];
  etcs: string[];
  plans: string[];
  offices: string[];
  markets: string[];
  agents: string[];
  managers: string[];
  retailers: string[];
}

const orNone = (values: string[], none: string) => (values.length > 0 ? values : [none]);

async function pools(): Promise<Pools> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    const column = async (query: string) => (await client.query<{ v: string }>(query)).rows.map((row) => row.v).filter(Boolean);
    // A fixed ~1/200 of the devices (rm.* are views, which TABLESAMPLE cannot read).
    const sample = "from (select * from rm.inventory_devices where abs(hashtext(imei)) % 200 = 7) sampled";
    return {
      imeis: await column(`select imei as v ${sample} limit 2000`),
      cartons: await column(`select distinct carton_number as v ${sample} limit 500`),
      orders: await column(`select distinct order_id as v ${sample} where order_id is not null limit 300`),
      // The demo seed ships no enrollment ids or ETC codes: a value that matches nothing still exercises the filter.
      enrolls: orNone(await column(`select distinct enroll_id as v ${sample} where enroll_id is not null limit 300`), 'ENR-NONE'),
      pallets: orNone(await column(`select distinct pallet as v ${sample} where pallet is not null limit 100`), 'PALLET-NONE'),
      etcs: orNone(await column(`select distinct etc_code as v ${sample} where etc_code is not null limit 100`), 'ETC-NONE'),
      plans: orNone(await column(`select distinct plan_name as v ${sample} where plan_name is not null limit 50`), 'Unlimited'),
      offices: await column('select id as v from rm.org_offices'),
      markets: await column('select id as v from rm.org_ibo_markets'),
      agents: await column(`select distinct agent_id as v ${sample} where agent_id is not null limit 300`),
      managers: await column(`select distinct user_id as v from rm.org_unit_managers where kind = 'manager'`),
      retailers: await column('select id as v from rm.org_retailers'),
    };
  } finally {
    await client.end();
  }
}

/** Every column the detailed report sorts on. */
const DETAILED_SORTS = DETAILED_REPORT_SORT_KEYS;
const STATUS_CHOICES = ['13', '13', '9', '3', '4', '5', '8', '12', '3,4,5', '8,9'];
const TYPES = ['PHONE', 'TABLET', 'SIM', 'FREEPHONE_SMART'];

interface Request {
  who: Role;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}
type Role = 'super' | 'retailer' | 'ibo' | 'office';

/** The business day (America/Chicago, the default zone) `offset` days ago: the API refuses dates after its today. */
const days = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - offset * 86_400_000));

function detailedRequests(p: Pools, count: number): Request[] {
  const next = random(11);
  const requests: Request[] = [];
  for (let index = 0; index < count; index++) {
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const query = new URLSearchParams({ page: '1', results: '10' });
    // 0 to 3 filters of any kind, any sort and direction.
    const filters = Math.floor(next() * 4);
    for (let filter = 0; filter < filters; filter++) {
      const kind = Math.floor(next() * 11);
      if (kind === 0) query.set('status', pick(next, STATUS_CHOICES));
      else if (kind === 1) query.set('device_type', pick(next, TYPES));
      else if (kind === 2 && who !== 'office') query.set('office_id', pick(next, p.offices));
      else if (kind === 3) query.set('agent_id', pick(next, p.agents));
      else if (kind === 4) query.set('carton', pick(next, p.cartons));
      else if (kind === 5) query.set('order_id', pick(next, p.orders));
      else if (kind === 6) query.set('enroll_id', pick(next, p.enrolls));
      else if (kind === 7) {
        query.set('date_range_start', days(20 + Math.floor(next() * 300)));
        query.set('date_range_end', days(Math.floor(next() * 20)));
      } else if (kind === 8) {
        query.set('activation_date_range_start', days(30));
        query.set('activation_date_range_end', days(Math.floor(next() * 10)));
      } else if (kind === 9 && who !== 'office' && who !== 'ibo') query.set('ibo_marketer_id', pick(next, p.markets));
      else query.set('imei', pick(next, p.imeis).slice(3, 11));
    }
    query.set('sort_by', pick(next, DETAILED_SORTS));
    query.set('sort', next() < 0.5 ? 'ASC' : 'DESC');
    requests.push({ who, method: 'GET', path: `/api/v1/detailed_inventory_report?${query}` });
  }
  return requests;
}

function keywordRequests(p: Pools, count: number): Request[] {
  const next = random(23);
  return Array.from({ length: count }, () => {
    const imei = pick(next, p.imeis);
    const length = 5 + Math.floor(next() * 6);
    const start = Math.floor(next() * (imei.length - length));
    const who = pick(next, ['super', 'retailer', 'office'] as const);
    return { who, method: 'GET' as const, path: `/api/v1/detailed_inventory_report?search_text=${imei.slice(start, start + length)}&page=1` };
  });
}

function legacyRequests(p: Pools, count: number): Request[] {
  const next = random(37);
  const ruleOf = () => {
    const kind = Math.floor(next() * 9);
    if (kind === 0) return { field: 'imei', operator: pick(next, ['contains', 'beginsWith', 'endsWith'] as const), value: pick(next, p.imeis).slice(4, 10) };
    if (kind === 1) return { field: 'carton', operator: pick(next, ['=', 'in'] as const), value: pick(next, p.cartons) };
    if (kind === 2) {
      const [a, b] = [pick(next, p.orders), pick(next, p.orders)];
      return next() < 0.5 ? { field: 'order_id', operator: 'between', value: [a, b] } : { field: 'order_id', operator: '=', value: a };
    }
    if (kind === 3) return { field: 'enroll_id', operator: pick(next, ['=', 'beginsWith'] as const), value: pick(next, p.enrolls) };
    if (kind === 4) return { field: 'device_type', operator: pick(next, ['=', '!='] as const), value: pick(next, TYPES) };
    if (kind === 5) return { field: 'pallet', operator: pick(next, ['=', 'in'] as const), value: pick(next, p.pallets) };
    if (kind === 6) return { field: 'etc_code', operator: '=', value: pick(next, p.etcs) };
    if (kind === 7) return { field: 'plan_name', operator: pick(next, ['=', 'contains'] as const), value: pick(next, p.plans) };
    return { field: 'rma_id', operator: 'between', value: ['RMA-1', 'RMA-9'] };
  };
  return Array.from({ length: count }, () => {
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const combinator = next() < 0.6 ? 'and' : 'or';
    const query = { combinator, rules: [ruleOf(), ruleOf(), ruleOf()] };
    const status = next() < 0.3 ? `&status=${pick(next, STATUS_CHOICES)}` : '';
    return { who, method: 'POST' as const, path: `/api/v1/legacy_detailed_sales_report?page=1${status}`, body: { query_string: JSON.stringify(query) } };
  });
}

function summaryRequests(p: Pools, count: number): Request[] {
  const next = random(41);
  const kinds = [
    { path: '/api/v1/inventory_summary_reports/manager', id: 'manager_id', ids: p.managers, sorts: ['in_stock', 'sold_30_days', 'manager_pending', 'office_manager_name'] },
    { path: '/api/v1/inventory_summary_reports/ibo_marketer', id: 'ibo_marketer_id', ids: p.markets, sorts: ['in_stock', 'sold_30_days', 'agent_pending', 'ibo_market_name'] },
    { path: '/api/v1/manager/agentlist_with_pagination', id: 'agent_id', ids: p.agents, sorts: ['agent_assigned', 'agent_pending', 'sold_30_days', 'agent_name'] },
    { path: '/api/v1/manager/inventory_summary_for_manager_with_pagination', id: 'office_id', ids: p.offices, sorts: ['in_stock', 'manager_pending', 'sold_30_days', 'office_name'] },
  ];
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 2)), sort_by: pick(next, kind.sorts), sort: next() < 0.5 ? 'ASC' : 'DESC' });
    if (next() < 0.3 && kind.ids.length > 0) query.set(kind.id, pick(next, kind.ids));
    return { who, method: 'GET' as const, path: `${kind.path}?${query}` };
  });
}

function agedRequests(p: Pools, count: number): Request[] {
  const next = random(53);
  const kinds = [
    { kind: 'agent', id: 'agent_id', ids: p.agents },
    { kind: 'manager', id: 'manager_id', ids: p.managers },
    { kind: 'ibo_marketer', id: 'ibo_marketer_id', ids: p.markets },
    { kind: 'office', id: 'office_id', ids: p.offices },
  ];
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    // The aged-by-IBO report is not an office manager's.
    const who = pick(next, kind.kind === 'ibo_marketer' ? (['super', 'retailer', 'ibo'] as const) : (['super', 'retailer', 'ibo', 'office'] as const));
    const query = new URLSearchParams({ page: '1', period: next() < 0.7 ? 'pre' : 'post', sort_by: pick(next, ['days1_15', 'days91', 'total', 'Product_Type']), sort: next() < 0.5 ? 'ASC' : 'DESC' });
    if (next() < 0.3 && kind.ids.length > 0) query.set(kind.id, pick(next, kind.ids));
    return { who, method: 'GET' as const, path: `/api/v1/aged_inventory_summary_reports/${kind.kind}?${query}` };
  });
}

interface Measured {
  name: string;
  /** The slowest requests (ms, who, path): where the tail comes from. */
  slowest: { ms: number; who: Role; path: string }[];
  /** How many requests took longer than the target. */
  overTarget: number;
  target: number;
  summary: Summary;
  estimated: number;
  emptyAnswers: number;
}

async function measure(api: Api, tokens: Record<Role, string>, name: string, target: number, requests: Request[]): Promise<Measured> {
  for (const request of requests.slice(0, WARM_UP)) await api.call(name, request.method, request.path, { token: tokens[request.who], body: request.body });
  const times: number[] = [];
  const timed: Measured['slowest'] = [];
  let estimated = 0;
  let emptyAnswers = 0;
  for (const request of requests) {
    const answer = expectStatus(await api.call<{ items?: { total?: number; estimated?: boolean } }>(name, request.method, request.path, { token: tokens[request.who], body: request.body }), 200, `${name} ${request.path}`);
    times.push(answer.ms);
    timed.push({ ms: answer.ms, who: request.who, path: `${request.path}${request.body ? ` ${JSON.stringify(request.body)}` : ''}` });
    if (answer.body.items?.estimated) estimated++;
    if (answer.body.items?.total === 0) emptyAnswers++;
  }
  const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, 12);
  return { name, target, summary: summarise(times), estimated, emptyAnswers, slowest, overTarget: times.filter((time) => time > target).length };
}

async function rebuild(logFile: string): Promise<{ seconds: number; events: number } | null> {
  if (!REBUILD) return null;
  log('rebuilding the inventory projection from the first event…');
  const started = Date.now();
  await run(process.execPath, [path.join(repositoryRoot, 'services', 'dist', 'cli', 'rebuild-projection.js'), 'inventory'], { DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', LOG_LEVEL: 'warn', PROJECTION_BATCH_SIZE: '5000' }, logFile);
  const seconds = (Date.now() - started) / 1000;
  const events = await withServer(async () => {
    const client = new Client({ connectionString: databaseUrl(DATABASE) });
    await client.connect();
    try {
      const types = await client.query<{ n: string }>(
        `select count(*) as n from es_events where type like 'Device%' or type like 'ReceiveJob%' or type like 'AgentJob%' or type like 'Transfer%'`,
      );
      await client.query('analyze');
      return Number(types.rows[0]!.n);
    } finally {
      await client.end();
    }
  });
  return { seconds, events };
}

async function main(): Promise<void> {
  const logFile = path.join(os.tmpdir(), `bench-reports-${process.pid}.log`);
  const facts = await prepare(logFile);
  log(`${fmt(facts.devices)} devices, ${fmt(facts.events)} events`);
  // First: it measures the rebuild, and leaves the read model exactly as this code builds it (its indexes included).
  const rebuilt = await rebuild(logFile);
  const p = await pools();
  const service = await startService({ DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' }, logFile);
  const api = new Api(service.baseUrl);
  const results: Measured[] = [];
  try {
    const tokens: Record<Role, string> = {
      super: await api.login('super@demo.test', PASSWORD),
      retailer: await api.login('retailer.manager@demo.test', PASSWORD),
      ibo: await api.login('ibo.manager@demo.test', PASSWORD),
      office: await api.login('office.manager@demo.test', PASSWORD),
    };
    const plan: [string, string, Request[]][] = [
      ['Detailed report, page 1, 0-3 filters of any kind, any sort', 'detailed', detailedRequests(p, REQUESTS)],
      ['Keyword search by a partial IMEI (5-10 digits)', 'keyword', keywordRequests(p, REQUESTS)],
      ['Legacy Data, 3-condition builder query (ALL/ANY)', 'legacy', legacyRequests(p, REQUESTS)],
      ['By managers / IBOs / agents / offices', 'summary', summaryRequests(p, REQUESTS)],
      ['Aged by agent / manager / IBO / office (pre, post)', 'aged', agedRequests(p, REQUESTS)],
    ];
    for (const [label, key, requests] of plan) {
      log(`measuring ${label} (${requests.length} requests)…`);
      const measured = { ...(await measure(api, tokens, key, TARGETS[key]!, requests)), name: label };
      results.push(measured);
      log(`  p50 ${ms(measured.summary.p50)}, p95 ${ms(measured.summary.p95)}, max ${ms(measured.summary.max)}; ${measured.overTarget} over ${ms(measured.target)}; slowest:`);
      for (const slow of measured.slowest) log(`    ${ms(slow.ms)} ${slow.who} ${slow.path}`);
    }
  } finally {
    await service.stop();
  }
  const server = await serverFacts();

  console.log('');
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${server.version.split(',')[0]}; ${Object.entries(server.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  console.log(`Data: ${fmt(facts.devices)} devices, ${fmt(facts.events)} events in ${DATABASE}${facts.seededSeconds === null ? ' (reused)' : ` (seeded in ${fmt(facts.seededSeconds, 1)} s)`}`);
  console.log(`HTTP from one client, one call at a time, ${WARM_UP} warm-up calls first; roles super admin, retailer manager, IBO manager, office manager.`);
  console.log('');
  console.log('| Report | n | p50 | p95 | max | target p95 | | estimated totals | empty answers |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const result of results) {
    const verdict = result.summary.p95 < result.target ? 'PASS' : 'MISS';
    console.log(`| ${result.name} | ${result.summary.n} | ${ms(result.summary.p50)} | ${ms(result.summary.p95)} | ${ms(result.summary.max)} | < ${result.target} ms | ${verdict} (${fmt(result.summary.p95 / result.target, 2)}×) | ${result.estimated} | ${result.emptyAnswers} |`);
  }
  if (rebuilt) {
    console.log('');
    console.log(`Inventory projection rebuild: ${fmt(rebuilt.events)} inventory events in ${fmt(rebuilt.seconds, 1)} s = ${fmt(rebuilt.events / rebuilt.seconds)} events/s (process start and the view swap included)`);
  }
  console.log(`\nService log: ${logFile}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
