import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { type ExportFormat, exportFailedMessage } from '@portal/contracts';
import { type Scope, type SqlDb, readModelIn } from '@portal/projections';
import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import type { Platform } from '../platform/platform';
import type { LiveBus } from '../platform/realtime/live-bus';
import type { Job, JobQueue } from '../platform/queue/job-queue';
import { type CellValue, type ExportColumn, type ExportDefinition, columnsOf } from './export-definition';
import { type ExportStorage, createExportStorage } from './export-storage';
import { exportProgressOf } from './export-links';
import { findExportRecord, markExportDone, markExportFailed, markExportRunning, recordExportProgress } from './exports.store';
import { EXPORT_DEFINITIONS } from './export-registry';

export const EXPORTS_QUEUE = 'exports';

/** What the api puts on the `exports` queue: who asked, in which scope, for what. */
export interface ExportJobData {
  readonly export_id: string;
  readonly user_id: string;
  readonly name: string;
  readonly format: ExportFormat;
  readonly scope: Scope;
  readonly filters: Record<string, unknown>;
  /** The schema of an auditor's as-of read model the rows come from (docs/AUDIT.md); the live read model without one. */
  readonly read_model?: string;
}

export const EXPORT_JOB_OPTIONS = { attempts: 3, backoffMs: 1000 } as const;

export function enqueueExport(queue: JobQueue, data: ExportJobData): Promise<string> {
  return queue.add(EXPORTS_QUEUE, data.name, data, { ...EXPORT_JOB_OPTIONS, jobId: data.export_id });
}

export const exportFileName = (exportId: string, format: ExportFormat) => `${exportId}.${format}`;

/** A file in the making that nobody wrote to for this long belongs to a worker that died. */
export const ABANDONED_AFTER_MS = 3_600_000;

/** Progress is written (table, queue, live push) at most this often, and at the start and end. */
export const PROGRESS_INTERVAL_MS = 250;

/** Registers the export processor on this process (the worker side); `live` pushes progress to the user's sockets. */
export function processExports(platform: Pick<Platform, 'jobs' | 'database' | 'config' | 'logger'>, live?: LiveBus): void {
  const storage = createExportStorage(platform.config);
  // Files in the making that a dead worker left (another worker finished its job): gone once idle for an hour.
  void storage
    .removeAbandoned(ABANDONED_AFTER_MS)
    .then((removed) => removed > 0 && platform.logger.info({ removed }, 'export: removed unfinished files of stopped workers'))
    .catch((error: unknown) => platform.logger.warn({ err: error }, 'export: removing unfinished files failed'));
  const db = platform.database.db;
  const push = async (userId: string, exportId: string) => {
    if (!live) return;
    const record = await findExportRecord(db, exportId);
    if (!record) return;
    await live.publish({ kind: 'export', user_id: userId, push: { export_id: exportId, ...(await exportProgressOf(db, platform.config, record)) } });
  };
  const pushQuietly = (userId: string, exportId: string) =>
    push(userId, exportId).catch((error: unknown) => platform.logger.warn({ err: error, exportId }, 'export: live push failed'));
  platform.jobs.process<ExportJobData>(EXPORTS_QUEUE, async (job) => {
    const result = await runExport(db, storage, job, () => pushQuietly(job.data.user_id, job.data.export_id), platform.config.EXPORT_PAGE_DELAY_MS);
    await pushQuietly(job.data.user_id, job.data.export_id);
    return result;
  }, {
    concurrency: 2,
    onFailed: async (job, error) => {
      const data = job.data as ExportJobData;
      // The user reads a sentence; the error itself (a database message, a bug) stays in the log.
      platform.logger.error({ err: error, exportId: data.export_id, name: data.name }, 'export failed');
      await markExportFailed(db, data.export_id, exportFailedMessage(data.export_id));
      await pushQuietly(data.user_id, data.export_id);
    },
  });
}

/**
 * Streams the rows of one export into a temporary file, reporting progress, and stores it under
 * its final name only when complete: nothing half-written is ever served.
 */
export async function runExport(
  db: SqlDb,
  storage: ExportStorage,
  job: Job<ExportJobData>,
  onProgress?: () => Promise<void>,
  /** A pause after each page (config EXPORT_PAGE_DELAY_MS): fault tests kill a worker mid-file. */
  pageDelayMs = 0,
): Promise<{ rows: number }> {
  const { export_id: id, format, scope, filters } = job.data;
  const source = job.data.read_model ? readModelIn(db, job.data.read_model) : db;
  const definition = EXPORT_DEFINITIONS[job.data.name] as ExportDefinition<unknown, unknown> | undefined;
  if (!definition) throw new Error(`Unknown export "${job.data.name}"`);
  const total = await definition.count(source, scope, filters);
  await markExportRunning(db, id, total);
  await job.updateProgress({ written: 0, total });
  await onProgress?.();

  let written = 0;
  let reportedAt = Date.now();
  const progress = async (count: number) => {
    written += count;
    if (pageDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, pageDelayMs));
    if (Date.now() - reportedAt < PROGRESS_INTERVAL_MS) return;
    reportedAt = Date.now();
    await recordExportProgress(db, id, written);
    await job.updateProgress({ written, total });
    await onProgress?.();
  };
  const temporary = await storage.temporaryFile(`${id}.${job.attempt}.${process.pid}`);
  const final = exportFileName(id, format);
  try {
    const columns = columnsOf(definition, filters);
    if (format === 'csv') await writeCsv(columns, definition.rows(source, scope, filters), temporary, progress);
    else await writeXlsx(definition.name, columns, definition.rows(source, scope, filters), temporary, progress);
    await storage.store(temporary, final);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await markExportDone(db, id, final, written);
  return { rows: written };
}

const csvCell = (value: CellValue): string | number | null => (value instanceof Date ? value.toISOString() : value);

/** UTF-8 byte order mark: Excel then reads the file as UTF-8. */
const BOM = '\uFEFF';
/**
 * RFC 4180 with CRLF, every field quoted only when needed; text that a spreadsheet would run as
 * a formula (= + - @ tab CR at the start) is prefixed with ' (CSV injection).
 */
const CSV_OPTIONS = { newline: '\r\n', escapeFormulae: true } as const;

/**
 * A page at a time: each page becomes one CSV string (papaparse's unparse) written with
 * backpressure; per-row stream objects would cost more than the rows.
 */
async function writeCsv<Row>(columns: readonly ExportColumn<Row>[], pages: AsyncIterable<readonly Row[]>, file: string, progress: (count: number) => Promise<void>): Promise<void> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  try {
    await write(`${BOM}${Papa.unparse([columns.map((column) => column.heading)], CSV_OPTIONS)}\r\n`);
    for await (const page of pages) {
      if (page.length === 0) continue;
      await write(`${Papa.unparse(page.map((row) => columns.map((column) => csvCell(column.value(row)))), CSV_OPTIONS)}\r\n`);
      await progress(page.length);
    }
    out.end();
    await Promise.race([finished(out), failed]);
  } catch (error) {
    // Closed before the caller removes the file: a stream still opening would create it again afterwards.
    if (!out.closed) {
      const closed = once(out, 'close');
      out.destroy();
      await closed;
    }
    throw error;
  }
}

async function writeXlsx<Row>(sheetName: string, columns: readonly ExportColumn<Row>[], pages: AsyncIterable<readonly Row[]>, file: string, progress: (count: number) => Promise<void>): Promise<void> {
  // Our own file stream, so that a failure can close it before the caller removes the file (as
  // writeCsv does): a stream still opening would create the file again afterwards.
  const out = createWriteStream(file);
  out.on('error', () => undefined);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  try {
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((column) => ({ header: column.heading, width: Math.max(12, column.heading.length + 2) }));
    for await (const page of pages) {
      for (const row of page) sheet.addRow(columns.map((column) => column.value(row))).commit();
      await progress(page.length);
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    if (!out.closed) {
      const closed = once(out, 'close');
      out.destroy();
      await closed;
    }
    throw error;
  }
}

