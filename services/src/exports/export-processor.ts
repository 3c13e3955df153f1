import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ExportFormat } from '@portal/contracts';
import type { Scope, SqlDb } from '@portal/projections';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { Platform } from '../platform/platform';
import type { Job, JobQueue } from '../platform/queue/job-queue';
import type { CellValue, ExportDefinition } from './export-definition';
import { markExportDone, markExportFailed, markExportRunning, recordExportProgress } from './exports-store';
import { EXPORT_DEFINITIONS } from './office-export';

export const EXPORTS_QUEUE = 'exports';

/** What the api puts on the `exports` queue: who asked, in which scope, for what. */
export interface ExportJobData {
  readonly export_id: string;
  readonly user_id: string;
  readonly name: string;
  readonly format: ExportFormat;
  readonly scope: Scope;
  readonly filters: Record<string, unknown>;
}

export const EXPORT_JOB_OPTIONS = { attempts: 3, backoffMs: 1000 } as const;

export function enqueueExport(queue: JobQueue, data: ExportJobData): Promise<string> {
  return queue.add(EXPORTS_QUEUE, data.name, data, { ...EXPORT_JOB_OPTIONS, jobId: data.export_id });
}

export const exportsDirectory = (dataDirectory: string) => path.join(dataDirectory, 'exports');
export const exportFileName = (exportId: string, format: ExportFormat) => `${exportId}.${format}`;

/** Registers the export processor on this process (the worker side). */
export function processExports(platform: Pick<Platform, 'jobs' | 'database' | 'config' | 'logger'>): void {
  const directory = exportsDirectory(platform.config.dataDirectory);
  const db = platform.database.db;
  platform.jobs.process<ExportJobData>(EXPORTS_QUEUE, (job) => runExport(db, directory, job), {
    concurrency: 2,
    onFailed: async (job, error) => {
      const data = job.data as ExportJobData;
      platform.logger.warn({ err: error, exportId: data.export_id, name: data.name }, 'export failed');
      await markExportFailed(db, data.export_id, error.message);
    },
  });
}

/**
 * Streams the rows of one export into a temporary file, reporting progress, and renames it to
 * its final name only when complete: nothing half-written is ever served.
 */
export async function runExport(db: SqlDb, directory: string, job: Job<ExportJobData>): Promise<{ rows: number }> {
  const { export_id: id, format, scope, filters } = job.data;
  const definition = EXPORT_DEFINITIONS[job.data.name] as ExportDefinition<unknown, unknown> | undefined;
  if (!definition) throw new Error(`Unknown export "${job.data.name}"`);
  await fs.mkdir(directory, { recursive: true });
  const total = await definition.count(db, scope, filters);
  await markExportRunning(db, id, total);
  await job.updateProgress({ written: 0, total });

  let written = 0;
  const progress = async (count: number) => {
    written += count;
    await recordExportProgress(db, id, written);
    await job.updateProgress({ written, total });
  };
  const temporary = path.join(directory, `.${id}.${job.attempt}.${process.pid}.tmp`);
  const final = exportFileName(id, format);
  try {
    if (format === 'csv') await writeCsv(definition, definition.rows(db, scope, filters), temporary, progress);
    else await writeXlsx(definition, definition.rows(db, scope, filters), temporary, progress);
    await fs.rename(temporary, path.join(directory, final));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await markExportDone(db, id, final, written);
  return { rows: written };
}

const csvCell = (value: CellValue): string | number | null => (value instanceof Date ? value.toISOString() : value);

async function writeCsv<Row>(definition: ExportDefinition<Row, unknown>, pages: AsyncIterable<Row[]>, file: string, progress: (count: number) => Promise<void>): Promise<void> {
  async function* lines() {
    for await (const page of pages) {
      for (const row of page) yield definition.columns.map((column) => csvCell(column.value(row)));
      await progress(page.length);
    }
  }
  await pipeline(
    Readable.from(lines()),
    stringify({ header: true, columns: definition.columns.map((column) => column.heading), bom: true }),
    createWriteStream(file),
  );
}

async function writeXlsx<Row>(definition: ExportDefinition<Row, unknown>, pages: AsyncIterable<Row[]>, file: string, progress: (count: number) => Promise<void>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(definition.name);
  sheet.columns = definition.columns.map((column) => ({ header: column.heading, width: Math.max(12, column.heading.length + 2) }));
  for await (const page of pages) {
    for (const row of page) sheet.addRow(definition.columns.map((column) => column.value(row))).commit();
    await progress(page.length);
  }
  sheet.commit();
  await workbook.commit();
}

