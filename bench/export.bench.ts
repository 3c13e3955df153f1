/**
 * Export benchmark: the worker's export pipeline (`runExport`: keyset pages of the org read
 * model, streamed into a CSV or an XLSX file) over an Office list of 200,000 offices, each
 * format in a child process of its own. Prints rows, seconds, rows/s, peak RSS and file size,
 * then the figures against the targets. Not a test: it never fails on a miss (it does fail
 * when an export is wrong: line count, export record).
 *
 *   npm run bench:export                       (first run seeds and projects; later runs reuse the data)
 *   BENCH_EXPORT_RESEED=1 npm run bench:export (drop the bench database and seed it again)
 *   BENCH_EXPORT_ROWS=50000 npm run bench:export (another size; the database is seeded again)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { ExportFormat } from '@portal/contracts';
import { serverFacts } from './eventstore/databases';
import { type ExportRun, deleteBenchExportRecords, runExportInChild } from './export/run-export';
import { type PreparedData, plannedEvents, prepareData } from './export/seed';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? '200000');
if (!Number.isInteger(ROWS) || ROWS < 1000) throw new Error('BENCH_EXPORT_ROWS must be an integer >= 1000');
const DATABASE = process.env.BENCH_EXPORT_DATABASE ?? 'portal_bench_export';
if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error('BENCH_EXPORT_DATABASE must be a plain lower-case identifier');
const RESEED = process.env.BENCH_EXPORT_RESEED === '1';
const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

const TARGETS = { csvRowsPerSecond: 100_000, peakRssMb: 250 } as const;

/** MB = 10^6 bytes, as the target is written. */
const mb = (bytes: number) => bytes / 1e6;
const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0]!.toFixed(2)}] ${message}`);

function report(data: PreparedData, runs: ExportRun[], facts: Awaited<ReturnType<typeof serverFacts>>): void {
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  lines.push('');
  lines.push(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  lines.push(`PostgreSQL: ${facts.version.split(',')[0]}; ${Object.entries(facts.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  lines.push(
    `Data: ${fmt(ROWS)} offices in database ${DATABASE} (${fmt(data.events)} org events), ` +
      (data.reused ? 'reused' : `seeded in ${fmt(data.seedSeconds, 1)} s`) +
      `; org projection ${data.projected > 0 ? `applied ${fmt(data.projected)} events in ${fmt(data.projectSeconds, 1)} s` : 'already caught up'}`,
  );
  lines.push('Each export: runExport(db, new LocalExportStorage(temp dir), job) with scope all and no filters, in a child node process; MB = 10^6 bytes.');
  lines.push('Peak RSS = max(50 ms samples, process.resourceUsage().maxRSS) of the child, module loading included.');
  lines.push('');
  row(['Format', 'Rows', 'Seconds', 'Rows/s', 'Peak RSS', 'RSS before', 'RSS at 10% / 50% / 100% of the time', 'Heap used peak', 'File size']);
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']);
  for (const run of runs) {
    row([
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

  const csv = runs.find((run) => run.format === 'csv')!;
  const xlsx = runs.find((run) => run.format === 'xlsx')!;
  const csvRate = csv.rows / csv.seconds;
  const targets: [string, string, string, string][] = [
    ['CSV throughput', `${fmt(csvRate)} rows/s (${fmt(csvRate / TARGETS.csvRowsPerSecond, 2)}x target)`, `>= ${fmt(TARGETS.csvRowsPerSecond)} rows/s`, csvRate >= TARGETS.csvRowsPerSecond ? 'PASS' : 'FAIL'],
    ['CSV peak RSS', `${fmt(mb(csv.peakRssBytes), 1)} MB (${fmt((100 * mb(csv.peakRssBytes)) / TARGETS.peakRssMb, 0)}% of target)`, `< ${TARGETS.peakRssMb} MB`, mb(csv.peakRssBytes) < TARGETS.peakRssMb ? 'PASS' : 'FAIL'],
    ['XLSX peak RSS', `${fmt(mb(xlsx.peakRssBytes), 1)} MB (${fmt((100 * mb(xlsx.peakRssBytes)) / TARGETS.peakRssMb, 0)}% of target)`, `< ${TARGETS.peakRssMb} MB`, mb(xlsx.peakRssBytes) < TARGETS.peakRssMb ? 'PASS' : 'FAIL'],
    ['XLSX throughput (report only)', `${fmt(xlsx.rows / xlsx.seconds)} rows/s (${fmt(xlsx.rows / xlsx.seconds / csvRate, 2)}x CSV)`, 'none', 'info'],
  ];
  lines.push('');
  row(['Target', 'Measured', 'Target', 'Result']);
  row(['---', '---:', '---:', '---']);
  for (const cells of targets) row(cells);
  lines.push('');
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const started = Date.now();
  const facts = await serverFacts();
  log(`export benchmark: ${fmt(ROWS)} offices (${fmt(plannedEvents(ROWS).total)} org events), ${os.cpus().length} CPUs, ${facts.version.split(',')[0]}`);
  const data = await prepareData(DATABASE, ROWS, { reseed: RESEED, log });
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bench-export-'));
  const runs: ExportRun[] = [];
  try {
    for (const format of FORMATS) {
      log(`${format.toUpperCase()} export of ${fmt(ROWS)} offices in a child process...`);
      const run = await runExportInChild(data.url, format, directory, `bench-${format}-${randomUUID()}`, ROWS);
      runs.push(run);
      log(
        `${format.toUpperCase()}: ${fmt(run.rows)} rows in ${fmt(run.seconds, 2)} s = ${fmt(run.rows / run.seconds)} rows/s; ` +
          `peak RSS ${fmt(mb(run.peakRssBytes), 1)} MB (sampled ${fmt(mb(run.rssPeakSampledBytes), 1)}, maxRSS ${fmt(mb(run.maxRssBytes), 1)}, ${run.samples} samples), ` +
          `file ${fmt(mb(run.fileBytes), 1)} MB; checked: ${run.checks.join(', ')}`,
      );
    }
    report(data, runs, facts);
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
    await deleteBenchExportRecords(data.url).catch((error: unknown) => console.error('deleting the bench export records failed', error));
    log(`done in ${fmt((Date.now() - started) / 1000, 0)} s (database ${DATABASE} kept for the next run)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
