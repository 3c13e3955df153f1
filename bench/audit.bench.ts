/**
 * Auditors' benchmark (issue 23, docs/AUDIT.md) on the reports bench's database of
 * BENCH_AUDIT_DEVICES devices (default 1,000,000; seeded by the demo seed's bulk path on the first
 * run, reused after — the same database `npm run bench:reports` uses):
 *   - a device's history (`GET /api/v1/audit/devices/{imei}/history`) and its state as of a moment
 *     (`GET /api/v1/audit/devices/{imei}?as_of=`: a date, an instant or a position), p50/p95 over
 *     BENCH_AUDIT_REQUESTS random devices each, target p95 < 50 ms;
 *   - `npm run audit:verify` over the whole store: events per second (the chains and the checkpoints);
 *   - the fleet read model as of a past date (`GET /api/v1/audit/fleet?as_of=`) built from the
 *     first event: seconds and events per second, then the as-of reports' latency.
 * Prints figures and ratios; never fails on a miss.
 *
 *   npm run bench:audit
 *   BENCH_AUDIT_DEVICES=100000 npm run bench:audit   (another size, its own database)
 *   BENCH_AUDIT_FLEET=0 npm run bench:audit          (skip the fleet rebuild)
 */
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { databaseUrl, serverFacts } from './eventstore/databases';
import { Api, expectStatus } from './inventory/api';
import { runToEnd, seededBenchDatabase } from './inventory/seeded-database';
import { repositoryRoot, startService } from './inventory/service';
import { type Summary, benchLog as log, fmt, integer, ms, pick, random, summarise } from './inventory/stats';

const DEVICES = integer('BENCH_AUDIT_DEVICES', 1_000_000, 1000);
const REQUESTS = integer('BENCH_AUDIT_REQUESTS', 200, 20);
const FLEET = process.env.BENCH_AUDIT_FLEET !== '0';
const WARM_UP = 20;
const TARGET_MS = 50;
const DATABASE = `portal_bench_reports_${DEVICES}`;
const PASSWORD = 'Passw0rd!';

interface Measured {
  readonly name: string;
  readonly summary: Summary;
}

async function sampleImeis(count: number): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    const rows = await client.query<{ imei: string }>(`select imei from rm.inventory_devices where abs(hashtext(imei)) % 500 = 11 limit ${count}`);
    return rows.rows.map((row) => row.imei);
  } finally {
    await client.end();
  }
}

async function streamCount(): Promise<number> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from es_streams')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function timed(api: Api, token: string, paths: readonly string[]): Promise<Summary> {
  for (const warm of paths.slice(0, WARM_UP)) expectStatus(await api.call('warm', 'GET', warm, { token }), 200, warm);
  const times: number[] = [];
  for (const each of paths) {
    const answer = await api.call('audit', 'GET', each, { token });
    expectStatus(answer, 200, each);
    times.push(answer.ms);
  }
  return summarise(times);
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const logFile = path.join(os.tmpdir(), `bench-audit-${process.pid}.log`);
  const facts = await seededBenchDatabase({ database: DATABASE, devices: DEVICES, reseed: false, logFile, log });
  log(`${fmt(facts.devices)} devices, ${fmt(facts.events)} events`);
  const next = random(23);
  const imeis = await sampleImeis(REQUESTS * 2);
  const results: Measured[] = [];
  let fleet: { seconds: number; events: number; reports: Summary } | undefined;
  let proofFirstMs = Number.NaN;

  log('npm run audit:checkpoint: a signed checkpoint over every stream head…');
  const checkpointStarted = Date.now();
  const checkpointLog = path.join(os.tmpdir(), `bench-audit-checkpoint-${process.pid}.log`);
  await runToEnd(process.execPath, [path.join(repositoryRoot, 'services', 'dist', 'cli', 'audit-checkpoint.js')], { DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: path.join(os.tmpdir(), 'bench-audit-data') }, checkpointLog);
  const checkpointSeconds = (Date.now() - checkpointStarted) / 1000;
  const streams = await streamCount();

  // Batches of 5,000, as the reports bench's rebuild: the fleet replay's transactions stay well under a second.
  const service = await startService({ DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn', PROJECTION_BATCH_SIZE: '5000' }, logFile);
  const api = new Api(service.baseUrl);
  try {
    const auditor = await api.login('auditor@demo.test', PASSWORD);
    const retailer = await api.login('retailer.manager@demo.test', PASSWORD);
    // The auditor's scope is its retailer: the devices it may read.
    const inScope: string[] = [];
    for (const imei of imeis) {
      if (inScope.length >= REQUESTS) break;
      if ((await api.call('scope', 'GET', `/api/v1/audit/devices/${imei}`, { token: auditor })).status === 200) inScope.push(imei);
    }
    log(`${inScope.length} sampled devices in the auditor's scope`);
    const history = inScope.map((imei) => `/api/v1/audit/devices/${imei}/history`);
    results.push({ name: "A device's history (every event with its envelope, and its related records')", summary: await timed(api, auditor, history) });
    const asOf = inScope.map((imei) => `/api/v1/audit/devices/${imei}?as_of=${pick(next, [isoDay(Math.floor(next() * 365)), new Date(Date.now() - Math.floor(next() * 365) * 86_400_000).toISOString()])}`);
    results.push({ name: 'A device as of a past date or instant (its stream folded)', summary: await timed(api, auditor, asOf) });
    // A device's proof: the first one reads the checkpoint's tree (every stream head at its position), the next ones reuse it.
    const proofPaths = inScope.slice(0, 60).map((imei) => `/api/v1/audit/devices/${imei}/proof`);
    const firstProof = await api.call('proof', 'GET', proofPaths[0]!, { token: auditor });
    expectStatus(firstProof, 200, 'the first proof');
    proofFirstMs = firstProof.ms;
    results.push({ name: "A device's proof against the last signed checkpoint (its tree read)", summary: await timed(api, auditor, proofPaths) });
    for (const result of results) log(`${result.name}: p50 ${ms(result.summary.p50)}, p95 ${ms(result.summary.p95)}`);

    if (FLEET) {
      const day = isoDay(30);
      log(`building the fleet read model as of ${day} from the first event…`);
      const started = Date.now();
      let status: { status: string; percent: number; events_applied: number } = { status: 'building', percent: 0, events_applied: 0 };
      let reported = 0;
      while (status.status === 'building') {
        const answer = await api.call<typeof status>('fleet', 'GET', `/api/v1/audit/fleet?as_of=${day}`, { token: retailer });
        expectStatus(answer, 200, 'fleet');
        status = answer.body;
        if (Date.now() - reported > 30_000) {
          log(`  ${status.percent}% (${fmt(status.events_applied)} events applied)`);
          reported = Date.now();
        }
        if (status.status === 'building') await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      if (status.status !== 'ready') throw new Error(`the fleet read model failed: ${JSON.stringify(status)}`);
      const seconds = (Date.now() - started) / 1000;
      log(`ready in ${fmt(seconds, 1)} s, ${fmt(status.events_applied)} events applied`);
      const reports = [
        `/api/v1/detailed_inventory_report?as_of=${day}`,
        `/api/v1/inventory_summary_reports/manager?as_of=${day}`,
        `/api/v1/inventory_summary_reports/ibo_marketer?as_of=${day}`,
        `/api/v1/manager/inventory_summary_for_manager_with_pagination?as_of=${day}`,
        `/api/v1/aged_inventory_summary_reports/office?as_of=${day}`,
        `/api/v1/aged_inventory_summary_reports/agent?as_of=${day}`,
      ];
      const paths = Array.from({ length: 60 }, (_, index) => `${reports[index % reports.length]!}&page=${1 + Math.floor(next() * 3)}`);
      fleet = { seconds, events: status.events_applied, reports: await timed(api, retailer, paths) };
    }
  } finally {
    await service.stop();
  }


  log('npm run audit:verify over the whole store…');
  const started = Date.now();
  const verifyLog = path.join(os.tmpdir(), `bench-audit-verify-${process.pid}.log`);
  await runToEnd(process.execPath, [path.join(repositoryRoot, 'services', 'dist', 'cli', 'audit-verify.js')], { DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: path.join(os.tmpdir(), 'bench-audit-data') }, verifyLog).catch((error: unknown) => log(`verify: ${String(error)}`));
  const seconds = (Date.now() - started) / 1000;
  const output = (await import('node:fs')).readFileSync(verifyLog, 'utf8');
  const verify = { seconds, eventsPerSecond: facts.events / seconds, output: output.trim().split('\n').slice(-4).join('\n') };

  const server = await serverFacts();
  console.log('');
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${server.version.split(',')[0]}; ${Object.entries(server.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  console.log(`Data: ${fmt(facts.devices)} devices, ${fmt(facts.events)} events in ${DATABASE}${facts.seededSeconds === null ? ' (reused)' : ` (seeded in ${fmt(facts.seededSeconds, 1)} s)`}`);
  console.log(`HTTP from one client, one call at a time, ${WARM_UP} warm-up calls first, as the auditor (Bluebonnet Mobile's scope).`);
  console.log('');
  console.log('| Question | n | p50 | p95 | max | target p95 | |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const result of results) {
    console.log(`| ${result.name} | ${result.summary.n} | ${ms(result.summary.p50)} | ${ms(result.summary.p95)} | ${ms(result.summary.max)} | < ${TARGET_MS} ms | ${result.summary.p95 < TARGET_MS ? 'PASS' : 'MISS'} (${fmt(result.summary.p95 / TARGET_MS, 2)}×) |`);
  }
  if (fleet) {
    console.log('');
    console.log(`Fleet read model as of a past date, from the first event: ${fmt(fleet.seconds, 1)} s for ${fmt(facts.events)} events read (${fmt(fleet.events)} applied) = ${fmt(facts.events / fleet.seconds)} events/s`);
    console.log(`Fleet reports over it (detailed, by managers/IBOs/offices, aged by office/agent; pages 1-3): n ${fleet.reports.n}, p50 ${ms(fleet.reports.p50)}, p95 ${ms(fleet.reports.p95)}, max ${ms(fleet.reports.max)}`);
  }
  console.log('');
  console.log(`The first proof after the service started (it reads the checkpoint's tree): ${ms(proofFirstMs)}`);
  console.log(`audit:checkpoint (Merkle root over ${fmt(streams)} stream heads, signed): ${fmt(checkpointSeconds, 1)} s (process start included)`);
  console.log(`audit:verify over the whole store: ${fmt(verify.seconds, 1)} s = ${fmt(verify.eventsPerSecond)} events/s (process start included)`);
  console.log(verify.output);
  console.log(`\nService log: ${logFile}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
