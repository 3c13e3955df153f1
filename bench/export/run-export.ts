import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import type { ExportFormat } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { ChildResult } from './export-child';

/** Which export the child runs, and what its CSV starts with. */
export interface ExportSpec {
  /** The export definition's name (EXPORT_DEFINITIONS). */
  readonly name: string;
  readonly scope: Scope;
  /** The CSV's first characters after the BOM: the first headings. */
  readonly csvHeader: string;
  /** Check that the CSV's first column is strictly ascending (keyset pages by it: no row twice, none out of order). */
  readonly ascendingFirstColumn?: boolean;
}

export const OFFICE_EXPORT: ExportSpec = { name: 'offices', scope: { kind: 'all' }, csvHeader: 'Office Name,Office Number,' };

export interface ExportRun extends ChildResult {
  readonly name: string;
  readonly fileBytes: number;
  /** max(sampled peak, kernel maxRSS): the figure compared with the target. */
  readonly peakRssBytes: number;
  /** What the parent checked, in words. */
  readonly checks: string[];
}

const CHILD = path.join(__dirname, 'export-child.js');

/** Runs one export in a child node process; answers its figures once the parent has checked the result. */
export async function runExportInChild(url: string, spec: ExportSpec, format: ExportFormat, directory: string, exportId: string, expectedRows: number): Promise<ExportRun> {
  const result = await runChild([url, format, directory, exportId, spec.name, JSON.stringify(spec.scope)]);
  const file = path.join(directory, `${exportId}.${format}`);
  const fileBytes = (await fs.stat(file)).size;
  const checks: string[] = [];

  const record = await exportRecord(url, exportId);
  if (record?.status !== 'done' || record.rows_written !== expectedRows || record.rows_total !== expectedRows) {
    throw new Error(`export record ${exportId}: ${JSON.stringify(record)}, expected status done with ${expectedRows} rows written of ${expectedRows}`);
  }
  checks.push(`record done, rows_written ${record.rows_written}`);
  if (result.rows !== expectedRows) throw new Error(`runExport answered ${result.rows} rows, expected ${expectedRows}`);

  if (format === 'csv') {
    // No field of this data holds a newline, so lines are records: the header plus one per row.
    const { lines, head } = await countLines(file);
    if (lines !== expectedRows + 1) throw new Error(`the CSV has ${lines} lines, expected ${expectedRows + 1} (header + rows)`);
    if (!head.startsWith(`\ufeff${spec.csvHeader}`)) throw new Error(`the CSV starts with ${JSON.stringify(head.slice(0, 40))}, expected ${JSON.stringify(spec.csvHeader)}`);
    checks.push(`${lines} lines (header + ${expectedRows} rows)`);
    if (spec.ascendingFirstColumn) {
      await checkAscendingFirstColumn(file);
      checks.push('first column strictly ascending');
    }
  } else {
    const handle = await fs.open(file, 'r');
    try {
      const { buffer } = await handle.read(Buffer.alloc(4), 0, 4, 0);
      if (buffer.toString('latin1', 0, 2) !== 'PK') throw new Error('the XLSX file is not a zip archive');
    } finally {
      await handle.close();
    }
    checks.push('zip archive');
  }
  await fs.rm(file, { force: true });
  return { ...result, name: spec.name, fileBytes, peakRssBytes: Math.max(result.rssPeakSampledBytes, result.maxRssBytes), checks };
}

function runChild(args: string[]): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the export child exited with code ${code}: ${stdout}`));
      const line = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as ChildResult);
      } catch {
        reject(new Error(`the export child printed no JSON: ${stdout}`));
      }
    });
  });
}

async function countLines(file: string): Promise<{ lines: number; head: string }> {
  let lines = 0;
  let last = 0x0a;
  let head = '';
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    if (head.length === 0) head = chunk.toString('utf8', 0, Math.min(chunk.length, 200));
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  // A last record without its line break still counts.
  return { lines: last === 0x0a ? lines : lines + 1, head };
}

/** The first field of every record after the header is greater than the one before (plain fields: no quotes, no commas). */
async function checkAscendingFirstColumn(file: string): Promise<void> {
  let previous: string | undefined;
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (line++ === 0) continue;
    const first = text.slice(0, text.indexOf(','));
    if (first.startsWith('"') || (previous !== undefined && !(first > previous))) throw new Error(`line ${line} of the CSV starts with ${JSON.stringify(first)} after ${JSON.stringify(previous)}: not strictly ascending`);
    previous = first;
  }
}

interface RecordRow {
  status: string;
  rows_written: number;
  rows_total: number | null;
  file: string | null;
  error: string | null;
}

async function exportRecord(url: string, id: string): Promise<RecordRow | undefined> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<RecordRow>('select status, rows_written, rows_total, file, error from exports where id = $1', [id]);
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The bench's export records go once measured, so a reused database does not collect them. */
export async function deleteBenchExportRecords(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`delete from exports where user_id = 'bench'`);
  } finally {
    await client.end();
  }
}
