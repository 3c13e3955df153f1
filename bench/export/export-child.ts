/**
 * One export in a process of its own, so that its memory figures are the export's and not the
 * seeding's: opens the bench database, creates the export record, runs the worker's
 * `runExport`, samples its own RSS every 50 ms, and prints ONE line of JSON on stdout.
 *
 *   node export-child.js <database url> <csv|xlsx> <directory> <export id> [<export name> [<scope as JSON>]]
 *
 * The export name defaults to `offices` (the Office list), the scope to `{"kind":"all"}`; no filters.
 */
import { openDatabase } from '@portal/services/dist/platform/db/database';
import { type ExportJobData, runExport } from '@portal/services/dist/exports/export-processor';
import { LocalExportStorage } from '@portal/services/dist/exports/export-storage';
import { createExportRecord } from '@portal/services/dist/exports/exports.store';
import type { ExportFormat } from '@portal/contracts';
import type { Scope } from '@portal/projections';

export interface ChildResult {
  readonly format: ExportFormat;
  readonly rows: number;
  /** runExport alone: count, every page, the file, the rename and the record updates. */
  readonly seconds: number;
  /** Before the export started (modules loaded, pool open). */
  readonly rssBeforeBytes: number;
  /** The highest 50 ms sample during the export. */
  readonly rssPeakSampledBytes: number;
  /** process.resourceUsage().maxRSS at the end: the kernel's high-water mark over the whole process. */
  readonly maxRssBytes: number;
  readonly heapUsedPeakBytes: number;
  readonly externalPeakBytes: number;
  readonly samples: number;
  /** RSS at 10%, 50% and 100% of the export's time, from the samples (flat memory shows here). */
  readonly rssAtTime: { readonly percent: number; readonly bytes: number }[];
  /** Progress reports the job received (runExport throttles them). */
  readonly progressCalls: number;
}

async function main(): Promise<void> {
  const [url, format, directory, exportId, name = 'offices', scopeJson = '{"kind":"all"}'] = process.argv.slice(2);
  if (!url || (format !== 'csv' && format !== 'xlsx') || !directory || !exportId) {
    throw new Error('usage: export-child.js <database url> <csv|xlsx> <directory> <export id> [<export name> [<scope as JSON>]]');
  }
  const scope = JSON.parse(scopeJson) as Scope;
  const database = await openDatabase({ url, poolSize: 4, applicationName: `bench-export-${format}` });
  try {
    await createExportRecord(database.db, { id: exportId, user_id: 'bench', name, format });
    const data: ExportJobData = { export_id: exportId, user_id: 'bench', name, format, scope, filters: {} };

    let heapPeak = 0;
    let externalPeak = 0;
    const timeline: { at: number; rss: number }[] = [];
    let started = performance.now();
    const sample = () => {
      const usage = process.memoryUsage();
      timeline.push({ at: performance.now() - started, rss: usage.rss });
      heapPeak = Math.max(heapPeak, usage.heapUsed);
      externalPeak = Math.max(externalPeak, usage.external);
    };
    let progressCalls = 0;
    const job = {
      id: exportId,
      name,
      data,
      attempt: 1,
      async updateProgress() {
        progressCalls++;
      },
    };

    const rssBefore = process.memoryUsage.rss();
    started = performance.now();
    sample();
    const timer = setInterval(sample, 50);
    let result: { rows: number };
    try {
      result = await runExport(database.db, new LocalExportStorage(directory), job);
    } finally {
      clearInterval(timer);
    }
    const elapsed = performance.now() - started;
    const seconds = elapsed / 1000;
    sample();
    const rssAt = (percent: number) => timeline.find((point) => point.at >= (elapsed * percent) / 100) ?? timeline[timeline.length - 1]!;
    const output: ChildResult = {
      format,
      rows: result.rows,
      seconds,
      rssBeforeBytes: rssBefore,
      rssPeakSampledBytes: Math.max(...timeline.map((point) => point.rss)),
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      heapUsedPeakBytes: heapPeak,
      externalPeakBytes: externalPeak,
      samples: timeline.length,
      rssAtTime: [10, 50, 100].map((percent) => ({ percent, bytes: rssAt(percent).rss })),
      progressCalls,
    };
    process.stdout.write(`${JSON.stringify(output)}\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
