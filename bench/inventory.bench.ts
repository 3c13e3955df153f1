/**
 * Inventory benchmark: the built service (node services/dist/main.js: api + worker in one
 * process, no REDIS_URL → in-process jobs) on a fresh database with the demo business (no
 * devices), called over HTTP as the console and upstream call it:
 *   1. receive a 10,000-IMEI manifest (CSV, 200 cartons × 50) through receive_manifest, and the
 *      same through the integration API (JSON) for comparison;
 *   2. assign 50 cartons × 50 devices in one assigndevice call;
 *   3. command → visible in the list: accept one carton → the manager's agentassignlist, and
 *      assign one carton → the agent's agentassignlist;
 *   4. the dashboard count query (dashboard_count) as the office manager and the super admin.
 * Prints every figure, then PASS/FAIL against the targets. Not a test: a miss never fails it
 * (a wrong answer does). Drops its database at the end.
 *
 *   npm run bench:inventory                          (~3 min on 2 cores)
 *   BENCH_INVENTORY_RUNS=3 BENCH_INVENTORY_ITERATIONS=200 npm run bench:inventory
 *   BENCH_INVENTORY_KEEP_LOG=1 npm run bench:inventory   (keep the service's log; its path is printed)
 *   BENCH_INVENTORY_SERVICE_NODE_OPTIONS='--require /tmp/x.js' npm run bench:inventory   (NODE_OPTIONS of the service: a preload, a heap size...)
 *   BENCH_INVENTORY_ANALYZE=0 npm run bench:inventory   (never ANALYZE; default: before each measurement when autovacuum is off)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '@portal/services/dist/platform/db/database';
import { createApiKey } from '@portal/services/dist/auth/api-keys.store';
import { serverFacts } from './eventstore/databases';
import { Api } from './inventory/api';
import { ImeiSource } from './inventory/devices';
import {
  type AssignRun,
  type Bench,
  type DashboardRun,
  type ManifestRun,
  type ShipmentAttempt,
  type VisibleLoops,
  type VisibleSample,
  assignCartons,
  commandToVisible,
  dashboard,
  receiveInShipments,
  receiveManifest,
  receiveShipment,
} from './inventory/scenarios';
import { dropDatabase, readServiceLog, recreateDatabase, startService, waitForDemoBusiness } from './inventory/service';
import { type Summary, fmt, median, ms, summarise, integer } from './inventory/stats';

const RUNS = integer('BENCH_INVENTORY_RUNS', 5, 1);
const ITERATIONS = integer('BENCH_INVENTORY_ITERATIONS', 200, 10);
const DASHBOARD_CALLS = integer('BENCH_INVENTORY_DASHBOARD_CALLS', 500, 10);
const CV_WARM_UP = 20;
const DASHBOARD_WARM_UP = 50;
const MANIFEST = { cartons: 200, perCarton: 50 } as const;
const ASSIGN = { cartons: 50, perCarton: 50 } as const;
const CV_CARTON = 10;
/** The JSON shipments when one 10,000-device body is refused: 10 cartons × 50 devices per shipment (~52 kB, under the 100 kB JSON limit). */
const SHIPMENT_CHUNK = 500;
const DATABASE = process.env.BENCH_INVENTORY_DATABASE ?? 'portal_bench_inventory';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error('BENCH_INVENTORY_DATABASE must be a plain lower-case identifier');
const LOG_LEVEL = process.env.BENCH_INVENTORY_LOG_LEVEL ?? 'info';
const KEEP_LOG = process.env.BENCH_INVENTORY_KEEP_LOG === '1';
const SERVICE_NODE_OPTIONS = process.env.BENCH_INVENTORY_SERVICE_NODE_OPTIONS ?? '';
/** auto: ANALYZE before each measurement when the server's autovacuum is off; 1 always; 0 never. */
const ANALYZE = process.env.BENCH_INVENTORY_ANALYZE ?? 'auto';
if (!['auto', '0', '1'].includes(ANALYZE)) throw new Error('BENCH_INVENTORY_ANALYZE is auto, 0 or 1');
const PASSWORD = 'Passw0rd!';

const TARGETS = { manifestMs: 2000, visibleP95Ms: 100, dashboardP95Ms: 20 } as const;

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0]!.toFixed(2)}] ${message}`);
const seconds = (value: number) => (Number.isFinite(value) ? `${fmt(value / 1000, 2)} s` : 'n/a');

interface Figures {
  manifests: ManifestRun[];
  shipment: { oneBody: ShipmentAttempt; runs: ManifestRun[] };
  assigns: AssignRun[];
  visible: VisibleLoops;
  devices: { total: number; byStatus: Record<string, number>; counterRows: number; counterRowsNonZero: number; counterRowsDallas: number };
  dashboards: DashboardRun[];
}

function manifestLine(run: ManifestRun): string {
  return (
    `${run.warmUp ? 'warm-up ' : ''}${run.label}: ${fmt(run.devices)} devices (${fmt(run.bytes / 1e6, 2)} MB${run.shipments > 1 ? ` in ${run.shipments} shipments` : ''}) → 201 in ${seconds(run.ms)}` +
    `${run.behind ? ` (read-your-writes timed out; visible after ${seconds(run.visibleMs)})` : ''}; ` +
    `send → append ${seconds(run.beforeAppendMs)}, append → answer ${seconds(run.appendToAnswerMs)}` +
    `${run.parseMs !== undefined ? `, readManifest alone ${ms(run.parseMs)}` : ''}; managerjob_v2 lists it (${ms(run.listMs)})`
  );
}

async function measure(bench: Bench): Promise<Figures> {
  // ----- 1. 10,000-IMEI manifest -----
  log(`1. receive_manifest: ${fmt(MANIFEST.cartons * MANIFEST.perCarton)} IMEIs (${MANIFEST.cartons} cartons × ${MANIFEST.perCarton}), 1 warm-up + ${RUNS} runs`);
  const manifests: ManifestRun[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const label = run === 0 ? 'MW' : `M${run}`;
    const result = await receiveManifest(bench, label, bench.imeis.cartons(label, MANIFEST.cartons, MANIFEST.perCarton), { warmUp: run === 0, parse: true });
    manifests.push(result);
    log(`  ${manifestLine(result)}`);
  }

  log(`1b. integration API (JSON): the same 10,000 devices in one shipment`);
  const oneBody = await receiveShipment(bench, 'JW', bench.imeis.cartons('JW', MANIFEST.cartons, MANIFEST.perCarton), true);
  const shipmentRuns: ManifestRun[] = [];
  if (oneBody.run) {
    log(`  ${manifestLine(oneBody.run)}`);
    for (let run = 1; run <= RUNS; run++) {
      const attempt = await receiveShipment(bench, `J${run}`, bench.imeis.cartons(`J${run}`, MANIFEST.cartons, MANIFEST.perCarton));
      if (!attempt.run) throw new Error(`shipment J${run} refused: ${JSON.stringify(attempt.refused)}`);
      shipmentRuns.push(attempt.run);
      log(`  ${manifestLine(attempt.run)}`);
    }
  } else {
    const refused = oneBody.refused!;
    log(`  REFUSED: ${refused.status} "${refused.message}" for a ${fmt(refused.bytes / 1e3, 1)} kB JSON body; measuring the same 10,000 as ${10_000 / SHIPMENT_CHUNK} shipments of ${fmt(SHIPMENT_CHUNK)}`);
    for (let run = 0; run <= RUNS; run++) {
      const label = run === 0 ? 'JW' : `J${run}`;
      const result = await receiveInShipments(bench, `${label}x`, bench.imeis.cartons(`${label}x`, MANIFEST.cartons, MANIFEST.perCarton), SHIPMENT_CHUNK, run === 0);
      if (run > 0) shipmentRuns.push(result);
      log(`  ${manifestLine(result)}`);
    }
  }

  // ----- 2. assign 50 × 50 -----
  log(`2. assigndevice: ${ASSIGN.cartons} cartons × ${ASSIGN.perCarton} devices in one call (received by manifest, accepted in one call first), 1 warm-up + ${RUNS} runs`);
  const assigns: AssignRun[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const agent = bench.otherAgentIds[run % bench.otherAgentIds.length]!;
    const result = await assignCartons(bench, run === 0 ? 'AW' : `A${run}`, agent, ASSIGN.cartons, ASSIGN.perCarton, run === 0);
    assigns.push(result);
    log(`  ${run === 0 ? 'warm-up' : `run ${run}`}: accept ${result.cartons} cartons ${ms(result.acceptMs)}${result.acceptBehind ? ` (read-your-writes timed out; in the stock list after ${ms(result.acceptVisibleMs)})` : ''}; assign ${fmt(result.devices)} devices ${ms(result.assignMs)}${result.behind ? ` (read-your-writes timed out; in the read model after ${ms(result.assignVisibleMs)})` : ''}`);
  }

  // ----- 3. command → visible -----
  log(`3. command → visible: ${CV_WARM_UP} warm-up + ${ITERATIONS} iterations of each loop (cartons of ${CV_CARTON})`);
  const visible = await commandToVisible(bench, CV_WARM_UP, ITERATIONS, CV_CARTON);

  // ----- 4. dashboard -----
  const count = async (query: string) => (await bench.client.query<{ n: number }>(query)).rows[0]!.n;
  const byStatus = Object.fromEntries(
    (await bench.client.query<{ status: number; n: number }>('select status, count(*)::int as n from rm.inventory_devices group by status order by status')).rows.map((row) => [String(row.status), row.n]),
  );
  const devices = {
    total: await count('select count(*)::int as n from rm.inventory_devices'),
    byStatus,
    counterRows: await count('select count(*)::int as n from rm.inventory_counts'),
    counterRowsNonZero: await count('select count(*)::int as n from rm.inventory_counts where devices <> 0'),
    counterRowsDallas: (await bench.client.query<{ n: number }>('select count(*)::int as n from rm.inventory_counts where office_id = $1', [bench.dallas])).rows[0]!.n,
  };
  log(`4. dashboard_count: ${fmt(devices.total)} devices (by status ${JSON.stringify(byStatus)}), ${fmt(devices.counterRows)} rows in rm.inventory_counts; ${DASHBOARD_WARM_UP} warm-up + ${DASHBOARD_CALLS} calls each`);
  const dashboards = [
    await dashboard(bench, 'manager', { kind: 'office', officeIds: [bench.dallas] }, DASHBOARD_WARM_UP, DASHBOARD_CALLS),
    await dashboard(bench, 'super', { kind: 'all' }, DASHBOARD_WARM_UP, DASHBOARD_CALLS),
  ];
  const all = dashboards[1]!.counts;
  if (all.total_in_stock !== devices.total) throw new Error(`the super admin's dashboard shows ${all.total_in_stock} devices in stock, the read model holds ${devices.total}`);
  for (const run of dashboards) {
    const http = summarise(run.http);
    log(`  ${run.who}: total_in_stock ${fmt(run.counts.total_in_stock)}; HTTP p50 ${ms(http.p50)} p95 ${ms(http.p95)}; query alone p50 ${ms(summarise(run.direct).p50)}`);
  }
  return { manifests, shipment: { oneBody, runs: shipmentRuns }, assigns, visible, devices, dashboards };
}

function report(figures: Figures, context: { facts: Awaited<ReturnType<typeof serverFacts>>; platform: string; serviceStartMs: number; seedMs: number; serverTimes: Map<string, number>; analyzeNote: string }): void {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  const server = (ids: readonly string[]) => summarise(ids.map((id) => context.serverTimes.get(id)).filter((value): value is number => value !== undefined));
  const timed = figures.manifests.filter((run) => !run.warmUp);
  const manifestMedian = median(timed.map((run) => run.visibleMs));

  lines.push('');
  lines.push(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  lines.push(`PostgreSQL: ${context.facts.version.split(',')[0]}; ${Object.entries(context.facts.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  lines.push(`Service: node services/dist/main.js (api + worker in one process), NODE_ENV=production, LOG_LEVEL=${LOG_LEVEL}${SERVICE_NODE_OPTIONS ? `, NODE_OPTIONS='${SERVICE_NODE_OPTIONS}'` : ''}, ${context.platform}; database ${DATABASE} (fresh), demo business seeded without devices (SEED_DEVICES=0) in ${seconds(context.seedMs)}; /health after ${seconds(context.serviceStartMs)}`);
  lines.push(`Statistics: ${context.analyzeNote}.`);
  lines.push('Client: this process, over HTTP on 127.0.0.1 (Node fetch), one call at a time. "Server" = the service\'s own response time from its request log.');
  lines.push('');

  lines.push('Receive 10,000 IMEIs (200 cartons × 50), each run with new IMEIs, after 1 warm-up:');
  lines.push('');
  row(['Run', 'Path', 'Body', 'Send → 201 (visible)', 'Server', 'Send → append', 'Append → 201', 'readManifest alone', 'managerjob_v2 after']);
  row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']);
  const runRow = (run: ManifestRun, path: string) =>
    row([
      run.label,
      path,
      `${fmt(run.bytes / 1e6, 2)} MB`,
      `${seconds(run.visibleMs)}${run.behind ? ' (RYW timed out)' : ''}`,
      run.shipments === 1 && context.serverTimes.has(run.requestId) ? seconds(context.serverTimes.get(run.requestId)!) : '',
      seconds(run.beforeAppendMs),
      seconds(run.appendToAnswerMs),
      run.parseMs !== undefined ? ms(run.parseMs) : '',
      ms(run.listMs),
    ]);
  for (const run of timed) runRow(run, 'receive_manifest (CSV upload)');
  const shipmentPath = figures.shipment.oneBody.run ? 'integration shipments (JSON)' : `integration shipments (JSON), ${figures.shipment.runs[0]?.shipments ?? '?'} × ${fmt(SHIPMENT_CHUNK)}`;
  for (const run of figures.shipment.runs) runRow(run, shipmentPath);
  lines.push('');
  if (figures.shipment.oneBody.refused) {
    const refused = figures.shipment.oneBody.refused;
    lines.push(`One 10,000-device JSON shipment (${fmt(refused.bytes / 1e3, 1)} kB) was REFUSED: ${refused.status} "${refused.message}". The rows above send the same devices as ${fmt(10_000 / SHIPMENT_CHUNK)} shipments of ${fmt(SHIPMENT_CHUNK)} in a row (times summed).`);
    lines.push('');
  }

  const assigns = figures.assigns.filter((run) => !run.warmUp);
  lines.push(`Assign ${ASSIGN.cartons} cartons × ${ASSIGN.perCarton} devices in ONE assigndevice call (devicestatus 0), after 1 warm-up: ${assigns.map((run) => ms(run.assignMs)).join(', ')}` +
    ` (median ${ms(median(assigns.map((run) => run.assignMs)))}; server median ${ms(median(assigns.map((run) => context.serverTimes.get(run.requestId) ?? Number.NaN)))}).` +
    `${assigns.some((run) => run.behind) ? ` The assign's read-your-writes wait timed out in ${assigns.filter((run) => run.behind).length} of ${assigns.length} runs (send → all in the read model: ${assigns.map((run) => ms(run.assignVisibleMs)).join(', ')}).` : ''}` +
    ` Accepting the ${ASSIGN.cartons} cartons first, in one call: median ${ms(median(assigns.map((run) => run.acceptMs)))}` +
    `${assigns.some((run) => run.acceptBehind) ? `; its read-your-writes wait timed out in ${assigns.filter((run) => run.acceptBehind).length} of ${assigns.length} runs (all cartons in the stock list after median ${ms(median(assigns.map((run) => run.acceptVisibleMs)))})` : ''}.`);
  lines.push('');

  lines.push(`Command → visible, ${fmt(ITERATIONS)} iterations each after ${CV_WARM_UP} warm-up (one carton of ${CV_CARTON} devices per command; the list is the next call):`);
  lines.push('');
  row(['Loop', 'Figure', 'p50', 'p95', 'Max', 'Mean', 'Server p50 / p95']);
  row(['---', '---', '---:', '---:', '---:', '---:', '---:']);
  const visibleRows = (name: string, samples: VisibleSample[], command: string, list: string) => {
    const pick = (figure: Summary) => [ms(figure.p50), ms(figure.p95), ms(figure.max), ms(figure.mean)];
    const commandServer = server(samples.map((sample) => sample.commandId));
    const listServer = server(samples.map((sample) => sample.listId));
    row([name, `${command} alone`, ...pick(summarise(samples.map((sample) => sample.commandMs))), `${ms(commandServer.p50)} / ${ms(commandServer.p95)}`]);
    row([name, `${list} alone`, ...pick(summarise(samples.map((sample) => sample.listMs))), `${ms(listServer.p50)} / ${ms(listServer.p95)}`]);
    row([name, `**${command} + ${list}**`, ...pick(summarise(samples.map((sample) => sample.visibleMs))), '']);
  };
  visibleRows('A', figures.visible.accept, 'accept 1 carton', "manager's agentassignlist");
  visibleRows('B', figures.visible.assign, 'assign 1 carton', "agent's agentassignlist");
  const stale = [...figures.visible.accept, ...figures.visible.assign].reduce((sum, sample) => sum + sample.staleLists, 0);
  const behind = [...figures.visible.accept, ...figures.visible.assign].filter((sample) => sample.behind).length;
  lines.push('');
  lines.push(`Lists that did not show the change yet: ${stale}; commands whose read-your-writes wait timed out: ${behind}.`);
  lines.push('');

  const devices = figures.devices;
  lines.push(
    `Dashboard count query (GET /api/v1/dashboard_count), ${fmt(DASHBOARD_CALLS)} calls each after ${DASHBOARD_WARM_UP} warm-up, with ${fmt(devices.total)} devices in the read model ` +
      `(NOT 1,000,000: the 1M seed is not built yet). The query reads the counter table rm.inventory_counts (one row per office × agent × device type × status), ` +
      `not the devices: ${fmt(devices.counterRows)} counter rows in all (${fmt(devices.counterRowsNonZero)} non-zero; ${fmt(devices.counterRowsDallas)} of them Dallas's).`,
  );
  lines.push('');
  row(['Caller', 'Scope', 'HTTP p50', 'HTTP p95', 'HTTP max', 'Server p50 / p95', 'Query alone p50 / p95 (managerCounts in-process)']);
  row(['---', '---', '---:', '---:', '---:', '---:', '---:']);
  for (const run of figures.dashboards) {
    const http = summarise(run.http);
    const direct = summarise(run.direct);
    const onServer = server(run.httpIds);
    row([run.who === 'manager' ? 'office.manager@demo.test' : 'super@demo.test', run.who === 'manager' ? 'office (Dallas)' : 'all', ms(http.p50), ms(http.p95), ms(http.max), `${ms(onServer.p50)} / ${ms(onServer.p95)}`, `${ms(direct.p50)} / ${ms(direct.p95)}`]);
  }
  lines.push('');

  const a = summarise(figures.visible.accept.map((sample) => sample.visibleMs));
  const b = summarise(figures.visible.assign.map((sample) => sample.visibleMs));
  const dashboardP95 = Math.max(...figures.dashboards.map((run) => summarise(run.http).p95));
  const under = timed.filter((run) => run.visibleMs < TARGETS.manifestMs).length;
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  row(['Target', 'Measured', 'Target', 'Result']);
  row(['---', '---:', '---:', '---']);
  row(['10k manifest end to end (receive_manifest, median)', `${seconds(manifestMedian)} (${under} of ${timed.length} runs under 2 s)`, '< 2 s', pass(manifestMedian < TARGETS.manifestMs)]);
  row(['Command → visible p95, accept → stock list', ms(a.p95), '< 100 ms', pass(a.p95 < TARGETS.visibleP95Ms)]);
  row(['Command → visible p95, assign → agent list', ms(b.p95), '< 100 ms', pass(b.p95 < TARGETS.visibleP95Ms)]);
  row([`Dashboard p95 (worst caller) at ${fmt(devices.total)} devices`, ms(dashboardP95), '< 20 ms (at 1M devices)', `${pass(dashboardP95 < TARGETS.dashboardP95Ms)} (not at 1M)`]);
  lines.push('');
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const started = Date.now();
  const facts = await serverFacts();
  log(`inventory benchmark: ${os.cpus().length} CPUs, ${facts.version.split(',')[0]}; fresh database ${DATABASE}`);
  const url = await recreateDatabase(DATABASE);
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-inventory-'));
  const logFile = path.join(KEEP_LOG ? os.tmpdir() : dataDirectory, `portal-bench-inventory-${Date.now()}.log`);
  let service: Awaited<ReturnType<typeof startService>> | undefined;
  const client = new Client({ connectionString: url });
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let analyzeNote = '';
  try {
    service = await startService({ DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL, SEED_DEVICES: '0', DATA_DIR: dataDirectory, ...(SERVICE_NODE_OPTIONS && { NODE_OPTIONS: SERVICE_NODE_OPTIONS }) }, logFile);
    log(`service up in ${seconds(service.startedInMs)} (${service.baseUrl}); waiting for the demo business...`);
    await client.connect();
    const seedStarted = Date.now();
    await waitForDemoBusiness(client);
    const seedMs = Date.now() - seedStarted + service.startedInMs;
    const platform = readServiceLog(logFile).platform;
    const platformText = `database ${platform.database ?? '?'}, event store ${platform.eventStore ?? '?'}, jobs ${platform.jobs ?? '? (the platform line is logged at info)'}${platform.jobs === 'in-process' || platform.jobs === undefined ? ' (no REDIS_URL)' : ''}`;
    log(`demo business seeded; ${platformText}`);

    database = await openDatabase({ url, poolSize: 2, applicationName: 'bench-inventory' });
    const one = async (query: string, values: unknown[] = []) => {
      const id = (await client.query<{ id: string }>(query, values)).rows[0]?.id;
      if (!id) throw new Error(`not found: ${query} ${JSON.stringify(values)}`);
      return id;
    };
    const retailer = await one(`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`);
    const dallas = await one(`select id from rm.org_offices where name = 'Dallas Office'`);
    const agentId = await one(`select id from rm.org_users where email = 'agent@demo.test'`);
    const otherAgentIds = (
      await client.query<{ id: string }>(`select id from rm.org_users where office_id = $1 and 2 = any(role_ids) and status = 1 and id <> $2 order by email`, [dallas, agentId])
    ).rows.map((row) => row.id);
    if (otherAgentIds.length === 0) throw new Error('Dallas has no other active agent');
    const autovacuum = (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]!.autovacuum;
    const analyzing = ANALYZE === '1' || (ANALYZE === 'auto' && autovacuum !== 'on');
    analyzeNote = `autovacuum=${autovacuum} on this server; ${analyzing ? 'the bench runs ANALYZE on its database before each measurement (untimed), as autovacuum would keep the statistics' : 'the bench never runs ANALYZE'} (BENCH_INVENTORY_ANALYZE=${ANALYZE})`;
    log(analyzeNote);
    let analyzeMs = 0;
    let analyzeCount = 0;
    const analyze = async () => {
      if (!analyzing) return;
      const started = performance.now();
      await client.query('analyze');
      analyzeMs += performance.now() - started;
      analyzeCount++;
    };
    const api = new Api(service.baseUrl);
    const bench: Bench = {
      api,
      client,
      db: database.db,
      imeis: new ImeiSource(),
      apiKey: (await createApiKey(database.db, retailer, 'bench inventory')).key,
      dallas,
      agentId,
      otherAgentIds,
      tokens: {
        retailer: await api.login('retailer.manager@demo.test', PASSWORD),
        manager: await api.login('office.manager@demo.test', PASSWORD),
        agent: await api.login('agent@demo.test', PASSWORD),
        super: await api.login('super@demo.test', PASSWORD),
      },
      log,
      analyze,
    };

    const figures = await measure(bench);
    await service.stop();
    const serviceLog = readServiceLog(logFile);
    if (serviceLog.problems.length > 0) log(`the service logged ${serviceLog.problems.length} warnings/errors, first: ${serviceLog.problems.slice(0, 3).join(' | ')}`);
    report(figures, { facts, platform: platformText, serviceStartMs: service.startedInMs, seedMs, serverTimes: serviceLog.responseTimes, analyzeNote });
    log(`${fmt(bench.imeis.used)} IMEIs received in all; ANALYZE ran ${analyzeCount} times (${seconds(analyzeMs)} in all, untimed)`);
  } catch (error) {
    // Keep the service's log of a failed run, and show how it ended.
    if (fs.existsSync(logFile)) {
      const kept = KEEP_LOG ? logFile : path.join(os.tmpdir(), path.basename(logFile));
      if (kept !== logFile) fs.copyFileSync(logFile, kept);
      const exit = service ? `exit code ${service.child.exitCode ?? '-'}, signal ${service.child.signalCode ?? '-'}` : 'not started';
      console.error(`the bench failed; service ${exit}; its log: ${kept}; last lines:\n${fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n').slice(-6000)}`);
    }
    throw error;
  } finally {
    await service?.stop().catch((error: unknown) => console.error('stopping the service failed', error));
    await client.end().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await dropDatabase(DATABASE).catch((error: unknown) => console.error(`dropping ${DATABASE} failed`, error));
    fs.rmSync(dataDirectory, { recursive: true, force: true });
    log(`done in ${fmt((Date.now() - started) / 1000, 0)} s; database ${DATABASE} dropped${KEEP_LOG ? `; service log kept: ${logFile}` : ''}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
