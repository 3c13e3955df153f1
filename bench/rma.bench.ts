/**
 * RMA benchmark (issue 15; doc 2 §2 Initiate RMA at scale) on the reports bench's database
 * (BENCH_RMA_DEVICES devices, default 1,000,000, made by the demo seed's bulk path and reused):
 *   1. Initiate RMA for 1,000 IMEIs in one request (POST manager/rma_device_request_v2, all or
 *      none), as the office manager, BENCH_RMA_RUNS times on fresh devices of their stock: the
 *      time of each call (read-your-writes included: the answer comes once the read models show
 *      it), and proof that each was one atomic append (all 2,000 events in one transaction).
 *      Then (issue 16) the same 1,000 approved and submitted as ONE RMA order (POST
 *      manager/submit_rma_order: 2,002 events in one append — devices, RMA devices, the order, the
 *      number counter), and that order rejected by the IBO manager (its 1,000 devices to 21).
 *      After each run the devices are returned to stock, so the data stays reusable.
 *   2. The Initiate RMA list (GET manager/get_device_list_to_initiate_rma_v2) as the office
 *      manager: ≥ 200 varied requests (pages, status, carton, IMEI prefix, keyword), p50/p95/max,
 *      and the same for the retailer manager (the widest manager scope) for comparison.
 * Prints the figures and PASS/MISS against the targets (initiate < 1 s, list p95 < 100 ms).
 * Not a test: a miss never fails it (a wrong answer does).
 *
 *   npm run bench:rma
 *   BENCH_RMA_DEVICES=100000 BENCH_RMA_RUNS=3 npm run bench:rma
 */
import os from 'node:os';
import path from 'node:path';
import type { Client } from 'pg';
import { databaseUrl, serverFacts, withClient } from './eventstore/databases';
import { Api, expectStatus } from './inventory/api';
import { seededBenchDatabase } from './inventory/seeded-database';
import { startService } from './inventory/service';
import { type Summary, fmt, ms, summarise, integer, benchLog, pick, random } from './inventory/stats';

const DEVICES = integer('BENCH_RMA_DEVICES', 1_000_000, 1000);
const RUNS = integer('BENCH_RMA_RUNS', 5, 1);
const LIST_REQUESTS = integer('BENCH_RMA_REQUESTS', 200, 20);
const BATCH = 1000;
const WARM_UP = 20;
const DATABASE = `portal_bench_reports_${DEVICES}`;
const PASSWORD = 'Passw0rd!';
const TARGET_INITIATE_MS = 1000;
const TARGET_LIST_P95_MS = 100;

const log = benchLog;

/** One connection to the bench database for `work`. */
const withDatabase = <T>(work: (client: Client) => Promise<T>): Promise<T> => withClient(DATABASE, work);

/** The office manager's stock (status 3) in their offices, `count` devices per run, every run's devices apart. */
async function stockOf(managerEmail: string, runs: number): Promise<string[][]> {
  const imeis = await withDatabase(async (client) =>
    (
      await client.query<{ imei: string }>(
        `select d.imei from rm.inventory_devices d
          where d.status = 3 and d.office_id in (select office_id from rm.org_users where email = $1)
          order by md5(d.imei) limit $2`,
        [managerEmail, runs * BATCH + WARM_UP],
      )
    ).rows.map((row) => row.imei),
  );
  if (imeis.length < runs * BATCH + WARM_UP) throw new Error(`only ${imeis.length} devices in ${managerEmail}'s stock`);
  return Array.from({ length: runs + 1 }, (_, run) => (run === 0 ? imeis.slice(0, WARM_UP) : imeis.slice(WARM_UP + (run - 1) * BATCH, WARM_UP + run * BATCH)));
}

/** Whether the RMA devices' events were written in one transaction, and how many there were (device + RMA device streams). */
async function appendFacts(rmaDeviceIds: readonly string[], imeis: readonly string[]): Promise<{ events: number; transactions: number }> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ events: string; transactions: string }>(
      `select count(*) as events, count(distinct transaction_id::text) as transactions from es_events
        where (stream_id = any($1::text[]) and type = 'RmaDeviceOpened') or (stream_id = any($2::text[]) and type = 'DeviceRmaOpened' and data->>'rma_device_id' = any($3::text[]))`,
      [rmaDeviceIds.map((id) => `rma-device-${id}`), imeis.map((imei) => `device-${imei}`), rmaDeviceIds],
    );
    return { events: Number(rows.rows[0]!.events), transactions: Number(rows.rows[0]!.transactions) };
  });
}

interface InitiateRun {
  readonly ms: number;
  readonly events: number;
  readonly transactions: number;
  readonly behind: boolean;
  readonly submitMs: number;
  readonly submitEvents: number;
  readonly submitTransactions: number;
  readonly rejectMs: number;
}

/** The events one submitted order wrote (its devices', its RMA devices', its own and the counter's) and in how many transactions. */
async function orderFacts(orderId: string): Promise<{ events: number; transactions: number }> {
  return withDatabase(async (client) => {
    const rows = await client.query<{ events: string; transactions: string }>(
      `select count(*) as events, count(distinct transaction_id::text) as transactions from es_events
        where type in ('RmaOrderSubmitted', 'RmaOrderNumberTaken', 'RmaDeviceSubmitted', 'DeviceRmaSubmitted') and (data->>'rma_order_id' = $1)`,
      [orderId],
    );
    return { events: Number(rows.rows[0]!.events), transactions: Number(rows.rows[0]!.transactions) };
  });
}

const SHIPPING = { address: '2100 Commerce St', city: 'Dallas', state: 'TX', zip: '75201', no_of_boxes: 20 };

async function initiate(api: Api, token: string, iboToken: string, imeis: readonly string[], tag: string): Promise<InitiateRun> {
  const entries = imeis.map((imei, index) => ({ imei, reason: 1 + (index % 9), reason_two: index % 3 === 0 ? 4 : '', notes: index % 5 === 0 ? 'Bench: returned in bulk' : '' }));
  const answer = expectStatus(await api.call<{ rma_device_ids: string[] }>(tag, 'POST', '/api/v1/manager/rma_device_request_v2', { token, body: { imei_list: entries } }), 200, `initiate ${imeis.length}`);
  const ids = answer.body.rma_device_ids;
  if (ids.length !== imeis.length) throw new Error(`initiate answered ${ids.length} RMA devices for ${imeis.length} IMEIs`);
  const facts = await appendFacts(ids, imeis);
  // Approved, then submitted as one order, which the IBO manager rejects (devices to 21).
  expectStatus(await api.call(`${tag}.approve`, 'POST', '/api/v1/manager/approve_reject_rma_devices', { token, body: { status: 2, rma_devices_list: ids.map((rma_device_id) => ({ rma_device_id })) } }), 200, 'approve');
  const submitted = expectStatus(await api.call<{ id: string }>(`${tag}.submit`, 'POST', '/api/v1/manager/submit_rma_order', { token, body: { ...SHIPPING, rma_list: ids } }), 200, `submit ${ids.length}`);
  const submitFacts = await orderFacts(submitted.body.id);
  const rejected = expectStatus(await api.call(`${tag}.reject`, 'POST', `/api/v1/manager/approve_reject_rma_order/${submitted.body.id}`, { token: iboToken, body: { status: 3, comments: 'Bench: rejected to reuse the devices' } }), 200, 'reject order');
  // Back as they were (the next run and the other benches find the data unchanged).
  expectStatus(await api.call(`${tag}.back`, 'POST', '/api/v1/manager/return_to_stock', { token, body: { imei: imeis } }), 200, 'return to stock');
  return { ms: answer.ms, behind: answer.behind, ...facts, submitMs: submitted.ms, submitEvents: submitFacts.events, submitTransactions: submitFacts.transactions, rejectMs: rejected.ms };
}

/** Varied Initiate RMA list requests, as the screen sends them (page size 20). */
async function listRequests(managerEmail: string, count: number): Promise<string[]> {
  const pools = await withDatabase(async (client) => {
    const column = async (query: string) => (await client.query<{ v: string }>(query, [managerEmail])).rows.map((row) => row.v);
    const sample = `from rm.inventory_devices d where d.office_id in (select office_id from rm.org_users where email = $1) and abs(hashtext(d.imei)) % 100 = 3`;
    return { imeis: await column(`select d.imei as v ${sample} limit 500`), cartons: await column(`select distinct d.carton_number as v ${sample} limit 300`) };
  });
  const next = random(15);
  return Array.from({ length: count }, () => {
    const query = new URLSearchParams({ page: String(next() < 0.7 ? 1 : 1 + Math.floor(next() * 50)), results: '20' });
    const kind = Math.floor(next() * 6);
    if (kind === 1) query.set('status', pick(next, ['3', '4', '5', '6', '9', '12', '16', '21']));
    else if (kind === 2) query.set('carton', pick(next, pools.cartons));
    else if (kind === 3) query.set('imei', pick(next, pools.imeis).slice(0, 8 + Math.floor(next() * 6)));
    else if (kind === 4) query.set('keyword', pick(next, pools.imeis).slice(4, 11));
    else if (kind === 5) {
      query.set('status', pick(next, ['3', '5']));
      query.set('carton', pick(next, pools.cartons));
    }
    return `/api/v1/manager/get_device_list_to_initiate_rma_v2?${query}`;
  });
}

async function measureList(api: Api, token: string, paths: readonly string[], tag: string): Promise<Summary & { slowest: string[] }> {
  for (const request of paths.slice(0, WARM_UP)) expectStatus(await api.call(tag, 'GET', request, { token }), 200, request);
  const timed: { ms: number; path: string }[] = [];
  for (const request of paths) timed.push({ ms: expectStatus(await api.call(tag, 'GET', request, { token }), 200, request).ms, path: request });
  return { ...summarise(timed.map((item) => item.ms)), slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 5).map((item) => `${ms(item.ms)} ${item.path}`) };
}

async function main(): Promise<void> {
  const logFile = path.join(os.tmpdir(), `bench-rma-${process.pid}.log`);
  const facts = await seededBenchDatabase({ database: DATABASE, devices: DEVICES, reseed: process.env.BENCH_RMA_RESEED === '1', logFile, log });
  log(`${fmt(facts.devices)} devices, ${fmt(facts.events)} events`);
  const office = 'office.manager@demo.test';
  const batches = await stockOf(office, RUNS);
  const service = await startService({ DATABASE_URL: databaseUrl(DATABASE), NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' }, logFile);
  const api = new Api(service.baseUrl);
  const runs: InitiateRun[] = [];
  let officeList: Awaited<ReturnType<typeof measureList>>;
  let retailerList: Awaited<ReturnType<typeof measureList>>;
  try {
    const officeToken = await api.login(office, PASSWORD);
    const retailerToken = await api.login('retailer.manager@demo.test', PASSWORD);
    const iboToken = await api.login('ibo.manager@demo.test', PASSWORD);
    log(`warm-up: initiate ${WARM_UP} IMEIs…`);
    await initiate(api, officeToken, iboToken, batches[0]!, 'warm');
    for (let run = 1; run <= RUNS; run++) {
      const measured = await initiate(api, officeToken, iboToken, batches[run]!, `initiate.${run}`);
      runs.push(measured);
      log(`initiate ${fmt(BATCH)} IMEIs, run ${run}: ${ms(measured.ms)}; ${fmt(measured.events)} events in ${measured.transactions} transaction(s)${measured.behind ? '; read models behind at the answer' : ''}`);
      log(`  submit them as one RMA order: ${ms(measured.submitMs)} (${fmt(measured.submitEvents)} events in ${measured.submitTransactions} transaction(s)); rejected by the IBO manager: ${ms(measured.rejectMs)}`);
    }
    log(`measuring the Initiate RMA list (${LIST_REQUESTS} requests per role)…`);
    officeList = await measureList(api, officeToken, await listRequests(office, LIST_REQUESTS), 'list.office');
    retailerList = await measureList(api, retailerToken, await listRequests(office, LIST_REQUESTS), 'list.retailer');
  } finally {
    await service.stop();
  }
  const server = await serverFacts();
  const initiateTimes = summarise(runs.map((run) => run.ms));
  const submitTimes = summarise(runs.map((run) => run.submitMs));
  const rejectTimes = summarise(runs.map((run) => run.rejectMs));
  const atomic = runs.every((run) => run.transactions === 1 && run.events === 2 * BATCH && run.submitTransactions === 1 && run.submitEvents === 2 * BATCH + 2);

  console.log('');
  console.log(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${server.version.split(',')[0]}`);
  console.log(`Data: ${fmt(facts.devices)} devices, ${fmt(facts.events)} events in ${DATABASE}${facts.seededSeconds === null ? ' (reused)' : ` (seeded in ${fmt(facts.seededSeconds, 1)} s)`}`);
  console.log('');
  console.log('| Measure | n | p50 | p95 | max | target | |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  console.log(`| Initiate RMA, ${fmt(BATCH)} IMEIs in one request (office manager) | ${initiateTimes.n} | ${ms(initiateTimes.p50)} | ${ms(initiateTimes.p95)} | ${ms(initiateTimes.max)} | < ${TARGET_INITIATE_MS} ms | ${initiateTimes.max < TARGET_INITIATE_MS ? 'PASS' : 'MISS'} (${fmt(initiateTimes.max / TARGET_INITIATE_MS, 2)}×) |`);
  console.log(`| Submit RMA, ${fmt(BATCH)} approved RMA devices as one order | ${submitTimes.n} | ${ms(submitTimes.p50)} | ${ms(submitTimes.p95)} | ${ms(submitTimes.max)} | < ${TARGET_INITIATE_MS} ms | ${submitTimes.max < TARGET_INITIATE_MS ? 'PASS' : 'MISS'} (${fmt(submitTimes.max / TARGET_INITIATE_MS, 2)}×) |`);
  console.log(`| Reject that order (IBO manager; ${fmt(BATCH)} devices to 21) | ${rejectTimes.n} | ${ms(rejectTimes.p50)} | ${ms(rejectTimes.p95)} | ${ms(rejectTimes.max)} | < ${TARGET_INITIATE_MS} ms | ${rejectTimes.max < TARGET_INITIATE_MS ? 'PASS' : 'MISS'} (${fmt(rejectTimes.max / TARGET_INITIATE_MS, 2)}×) |`);
  console.log(`| Initiate RMA list, office manager | ${officeList.n} | ${ms(officeList.p50)} | ${ms(officeList.p95)} | ${ms(officeList.max)} | p95 < ${TARGET_LIST_P95_MS} ms | ${officeList.p95 < TARGET_LIST_P95_MS ? 'PASS' : 'MISS'} (${fmt(officeList.p95 / TARGET_LIST_P95_MS, 2)}×) |`);
  console.log(`| Initiate RMA list, retailer manager (for comparison) | ${retailerList.n} | ${ms(retailerList.p50)} | ${ms(retailerList.p95)} | ${ms(retailerList.max)} | | |`);
  console.log('');
  console.log(`One atomic append per initiate and per submit: ${atomic ? 'yes' : 'NO'} (${runs.map((run) => `${fmt(run.events)} + ${fmt(run.submitEvents)} events in ${run.transactions} + ${run.submitTransactions} transaction(s)`).join('; ')})`);
  console.log(`Slowest office-manager list calls: ${officeList.slowest.join(' | ')}`);
  console.log(`\nService log: ${logFile}`);
  if (!atomic) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
