/**
 * Export benchmark: the worker's export pipeline (`runExport`: keyset pages of a read model,
 * streamed into a CSV or an XLSX file), each export in a child process of its own, on
 *   1. the Office list of 200,000 offices (org read model, database portal_bench_export);
 *   2. two device lists over 200,000 devices seeded through the demo seed's bulk path
 *      (BulkInventory; org + inventory read models, database portal_bench_export_devices):
 *      the Reassign list (every device in status 3, 4 or 5, keyset pages by IMEI) and the
 *      Agent Inventory list of the one agent who holds 26% of them.
 * Prints rows, seconds, rows/s, peak RSS and file size, then the figures against the targets.
 * Not a test: it never fails on a miss (it does fail when an export is wrong: line count,
 * order, export record).
 *
 *   npm run bench:export                       (first run seeds and projects; later runs reuse the data)
 *   BENCH_EXPORT_RESEED=1 npm run bench:export (drop the bench databases and seed them again)
 *   BENCH_EXPORT_ROWS=50000 npm run bench:export (another office count; that database is seeded again)
 *   BENCH_EXPORT_DEVICES=100000 npm run bench:export (another device count, a multiple of 500; likewise)
 *   BENCH_EXPORT_PARTS=devices npm run bench:export (only the device lists; or offices)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ExportFormat } from '@portal/contracts';
import { serverFacts } from './eventstore/databases';
import { type ExportRun, type ExportSpec, OFFICE_EXPORT, deleteBenchExportRecords, runExportInChild } from './export/run-export';
import { type PreparedData, plannedEvents, prepareData } from './export/seed';
import { DEVICES_PER_SHIPMENT, OFFICES as DEVICE_OFFICES, type PreparedDevices, prepareDevices } from './export/device-seed';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? '200000');
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error('BENCH_EXPORT_ROWS must be an integer >= 1000');
const DEVICES = Number(process.env.BENCH_EXPORT_DEVICES ?? '200000');
if (!Number.isInteger(DEVICES) || DEVICES < 1000 || DEVICES % DEVICES_PER_SHIPMENT !== 0) throw new Error(`BENCH_EXPORT_DEVICES must be a multiple of ${DEVICES_PER_SHIPMENT} >= 1000`);
const DATABASE = process.env.BENCH_EXPORT_DATABASE ?? 'portal_bench_export';
const DEVICE_DATABASE = process.env.BENCH_EXPORT_DEVICE_DATABASE ?? `${DATABASE}_devices`;
for (const name of [DATABASE, DEVICE_DATABASE]) if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_EXPORT_DATABASE and BENCH_EXPORT_DEVICE_DATABASE must be plain lower-case identifiers');
const RESEED = process.env.BENCH_EXPORT_RESEED === '1';
const PARTS = new Set((process.env.BENCH_EXPORT_PARTS ?? 'offices,devices').split(',').map((part) => part.trim()));
if ([...PARTS].some((part) => part !== 'offices' && part !== 'devices') || PARTS.size === 0) throw new Error('BENCH_EXPORT_PARTS lists offices and/or devices');
const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

const TARGETS = { csvRowsPerSecond: 100_000, peakRssMb: 250 } as const;

/** MB = 10^6 bytes, as the target is written. */
const mb = (bytes: number) => bytes / 1e6;
const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0]!.toFixed(2)}] ${message}`);

/** One list measured: its label, the export, how many rows the file must hold, and its runs. */
interface ListRuns {
  readonly label: string;
  readonly spec: ExportSpec;
  readonly rows: number;
  readonly runs: ExportRun[];
  /** The 1-minute load average just before each run (the machine is shared with PostgreSQL, and maybe more). */
  readonly loads: number[];
}

function table(lists: readonly ListRuns[], withList: boolean): string[] {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  const head = ['Format', 'Rows', 'Seconds', 'Rows/s', 'Peak RSS', 'RSS before', 'RSS at 10% / 50% / 100% of the time', 'Heap used peak', 'File size'];
  row(withList ? ['List', ...head] : head);
  row([...(withList ? ['---'] : []), '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']);
  for (const list of lists) {
    for (const run of list.runs) {
      row([
        ...(withList ? [list.label] : []),
        run.format.toUpperCase(),
        fmt(run.rows),
        fmt(run.seconds, 2),
        fmt(run.rows / run.seconds),
        `${fmt(mb(run.peakRssBytes), 1)} MB`,
        `${fmt(mb(run.rssBeforeBytes), 1)} MB`,
        run.rssAtTime.map((mark) => fmt(mb(mark.bytes), 1)).join(' / ') + ' MB',
        `${fmt(mb(run.heapUsedPeakBytes), 1)} MB`,
        `${fmt(mb(run.fileBytes), 1)} MB`,
      ]);
    }
  }
  return lines;
}

/** The load before each export, in one line. */
function loadLine(lists: readonly ListRuns[]): string {
  const each = lists.flatMap((list) => list.runs.map((run, index) => `${lists.length > 1 ? `${list.label} ` : ''}${run.format.toUpperCase()} ${fmt(list.loads[index]!, 2)}`));
  return `1-minute load average just before each export: ${each.join(', ')}.`;
}

function targets(lists: readonly ListRuns[], withList: boolean): string[] {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  row(['Target', 'Measured', 'Target', 'Result']);
  row(['---', '---:', '---:', '---']);
  for (const list of lists) {
    const prefix = withList ? `${list.label}: ` : '';
    const csv = list.runs.find((run) => run.format === 'csv')!;
    const xlsx = list.runs.find((run) => run.format === 'xlsx')!;
    const csvRate = csv.rows / csv.seconds;
    row([`${prefix}CSV throughput`, `${fmt(csvRate)} rows/s (${fmt(csvRate / TARGETS.csvRowsPerSecond, 2)}x target)`, `>= ${fmt(TARGETS.csvRowsPerSecond)} rows/s`, csvRate >= TARGETS.csvRowsPerSecond ? 'PASS' : 'FAIL']);
    row([`${prefix}CSV peak RSS`, `${fmt(mb(csv.peakRssBytes), 1)} MB (${fmt((100 * mb(csv.peakRssBytes)) / TARGETS.peakRssMb, 0)}% of target)`, `< ${TARGETS.peakRssMb} MB`, mb(csv.peakRssBytes) < TARGETS.peakRssMb ? 'PASS' : 'FAIL']);
    row([`${prefix}XLSX peak RSS`, `${fmt(mb(xlsx.peakRssBytes), 1)} MB (${fmt((100 * mb(xlsx.peakRssBytes)) / TARGETS.peakRssMb, 0)}% of target)`, `< ${TARGETS.peakRssMb} MB`, mb(xlsx.peakRssBytes) < TARGETS.peakRssMb ? 'PASS' : 'FAIL']);
    row([`${prefix}XLSX throughput (report only)`, `${fmt(xlsx.rows / xlsx.seconds)} rows/s (${fmt(xlsx.rows / xlsx.seconds / csvRate, 2)}x CSV)`, 'none', 'info']);
  }
  return lines;
}

function report(facts: Awaited<ReturnType<typeof serverFacts>>, offices: { data: PreparedData; list: ListRuns } | undefined, devices: { data: PreparedDevices; lists: ListRuns[] } | undefined): void {
  const lines: string[] = [];
  lines.push('');
  lines.push(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  lines.push(`PostgreSQL: ${facts.version.split(',')[0]}; ${Object.entries(facts.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  lines.push('Each export: runExport(db, new LocalExportStorage(temp dir), job) with no filters, in a child node process; MB = 10^6 bytes.');
  lines.push('Peak RSS = max(50 ms samples, process.resourceUsage().maxRSS) of the child, module loading included.');
  if (offices) {
    const data = offices.data;
    lines.push('');
    lines.push(
      `Office list (scope all). Data: ${fmt(ROWS)} offices in database ${DATABASE} (${fmt(data.events)} org events), ` +
        (data.reused ? 'reused' : `seeded in ${fmt(data.seedSeconds, 1)} s`) +
        `; org projection ${data.projected > 0 ? `applied ${fmt(data.projected)} events in ${fmt(data.projectSeconds, 1)} s` : 'already caught up'}`,
    );
    lines.push('');
    lines.push(...table([offices.list], false));
    lines.push('');
    lines.push(loadLine([offices.list]));
    lines.push('');
    lines.push(...targets([offices.list], false));
  }
  if (devices) {
    const data = devices.data;
    const status = data.plan.byStatus;
    lines.push('');
    lines.push(
      `Device lists. Data: ${fmt(DEVICES)} devices (status 3: ${fmt(status[3])}, 4: ${fmt(status[4])}, 5: ${fmt(status[5])}) in ${DEVICE_OFFICES} offices, database ${DEVICE_DATABASE} ` +
        `(${fmt(data.plan.events)} events through BulkInventory), ` +
        (data.reused ? 'reused' : `seeded in ${fmt(data.seedSeconds, 1)} s`) +
        `; inventory + org projections ${data.projected > 0 ? `caught up in ${fmt(data.projectSeconds, 1)} s (inventory applied ${fmt(data.projected)} events)` : 'already caught up'}`,
    );
    lines.push(`Lists: ${devices.lists.map((list) => `${list.label} = export "${list.spec.name}", scope ${JSON.stringify(list.spec.scope.kind === 'agent' ? { kind: 'agent' } : list.spec.scope)}, ${fmt(list.rows)} rows`).join('; ')}.`);
    lines.push('');
    lines.push(...table(devices.lists, true));
    lines.push('');
    lines.push(loadLine(devices.lists));
    lines.push('');
    lines.push(...targets(devices.lists, true));
  }
  lines.push('');
  console.log(lines.join('\n'));
}

async function measure(url: string, label: string, spec: ExportSpec, rows: number, directory: string): Promise<ListRuns> {
  const runs: ExportRun[] = [];
  const loads: number[] = [];
  for (const format of FORMATS) {
    log(`${label}: ${format.toUpperCase()} export of ${fmt(rows)} rows in a child process...`);
    loads.push(os.loadavg()[0]!);
    const run = await runExportInChild(url, spec, format, directory, `bench-${format}-${randomUUID()}`, rows);
    runs.push(run);
    log(
      `${label} ${format.toUpperCase()}: ${fmt(run.rows)} rows in ${fmt(run.seconds, 2)} s = ${fmt(run.rows / run.seconds)} rows/s; ` +
        `peak RSS ${fmt(mb(run.peakRssBytes), 1)} MB (sampled ${fmt(mb(run.rssPeakSampledBytes), 1)}, maxRSS ${fmt(mb(run.maxRssBytes), 1)}, ${run.samples} samples), ` +
        `file ${fmt(mb(run.fileBytes), 1)} MB; checked: ${run.checks.join(', ')}`,
    );
  }
  return { label, spec, rows, runs, loads };
}

async function main(): Promise<void> {
  const started = Date.now();
  const facts = await serverFacts();
  log(`export benchmark: ${os.cpus().length} CPUs, ${facts.version.split(',')[0]}; ${[...PARTS].join(' and ')}`);
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-export-'));
  const urls: string[] = [];
  try {
    let offices: { data: PreparedData; list: ListRuns } | undefined;
    if (PARTS.has('offices')) {
      log(`Office list: ${fmt(ROWS)} offices (${fmt(plannedEvents(ROWS).total)} org events)`);
      const data = await prepareData(DATABASE, ROWS, { reseed: RESEED, log });
      urls.push(data.url);
      offices = { data, list: await measure(data.url, 'Offices', OFFICE_EXPORT, ROWS, directory) };
    }
    let devices: { data: PreparedDevices; lists: ListRuns[] } | undefined;
    if (PARTS.has('devices')) {
      log(`device lists: ${fmt(DEVICES)} devices`);
      const data = await prepareDevices(DEVICE_DATABASE, DEVICES, { reseed: RESEED, log });
      urls.push(data.url);
      const reassign: ExportSpec = { name: 'reassign-inventory', scope: { kind: 'all' }, csvHeader: 'IMEI,Carton Number,Device Type,Status,', ascendingFirstColumn: true };
      const agent: ExportSpec = { name: 'agent-inventory', scope: { kind: 'agent', agentId: data.bigAgentId }, csvHeader: 'IMEI,Age (Days),Device Type,Status,' };
      devices = {
        data,
        lists: [await measure(data.url, 'Reassign', reassign, DEVICES, directory), await measure(data.url, 'Agent Inventory', agent, data.plan.bigAgentDevices, directory)],
      };
    }
    report(facts, offices, devices);
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
    for (const url of urls) await deleteBenchExportRecords(url).catch((error: unknown) => console.error('deleting the bench export records failed', error));
    log(`done in ${fmt((Date.now() - started) / 1000, 0)} s (databases ${[DATABASE, DEVICE_DATABASE].filter((_, index) => PARTS.has(index === 0 ? 'offices' : 'devices')).join(', ')} kept for the next run)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
