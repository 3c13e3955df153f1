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
import { Client } from 'pg';
import { databaseUrl, serverFacts, withServer } from './eventstore/databases';
import { Api, expectStatus } from './inventory/api';
import { type DataFacts, runToEnd as run, seededBenchDatabase } from './inventory/seeded-database';
import { repositoryRoot, settled, startService } from './inventory/service';
import { type Summary, fmt, ms, summarise, integer, benchLog } from './inventory/stats';
import { type Request, type Role, agedRequests, detailedRequests, keywordRequests, legacyRequests, pools, summaryRequests } from './reports/requests';

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
  const p = await pools(DATABASE);
  const service = await startService({ DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' }, logFile);
  log(`the service settled ${fmt(await settled(), 1)} s after it answered (start-up work: the audit checkpoint's tree, projections catching up)`);
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
