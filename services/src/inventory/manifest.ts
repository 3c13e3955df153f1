import { type ShippedDevice, ownValue, shippedDevice, withoutControlCharacters } from '@portal/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DomainError } from '../platform/commands/command-errors';

/** The manifest's columns: a heading names one of these (case, spaces and punctuation ignored; a few aliases). */
const FIELDS: Record<string, keyof ShippedDevice> = {
  imei: 'imei',
  iccid: 'imei',
  esn: 'esn',
  make: 'make',
  model: 'model',
  devicetype: 'device_type',
  type: 'device_type',
  pallet: 'pallet',
  carton: 'carton_number',
  cartonnumber: 'carton_number',
  enrollid: 'enroll_id',
  enrollmentid: 'enroll_id',
  enrolltype: 'enroll_type',
  enrollmenttype: 'enroll_type',
  etccode: 'etc_code',
  etc: 'etc_code',
};
const fieldOf = (heading: string) => ownValue(FIELDS, heading.toLowerCase().replace(/[^a-z]/g, ''));

export interface ManifestReading {
  readonly devices: ShippedDevice[];
  /** Spreadsheet row number (the heading is row 1) → every problem of that row. */
  readonly problems: Map<number, string[]>;
  /** IMEI → its row, to report a refusal of the command by row. */
  readonly rowOf: Map<string, number>;
}

/** The file's name as a message may show it: no control characters, no path, at most 100 characters. */
const shownName = (fileName: string) => (withoutControlCharacters(fileName).split(/[/\\]/).pop() ?? '').slice(0, 100) || 'The file';

/** A manifest that cannot be read at all: 400 naming the file (never a parser's exception as a 500). */
const unreadable = (fileName: string, what: string) => {
  const message = `${shownName(fileName)} ${what}`;
  return new DomainError(message, 400, { file: message });
};

/** The sheet as rows of cells, heading first: the bytes decide (an XLSX is a zip), CSV by papaparse, XLSX by exceljs. */
async function cellsOf(file: Buffer, fileName: string): Promise<string[][]> {
  const zip = file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (/\.xlsx$/i.test(fileName) && !zip) throw unreadable(fileName, 'is not an Excel (XLSX) workbook: save it again as XLSX or CSV');
  if (zip) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    } catch {
      throw unreadable(fileName, 'could not be read as an Excel (XLSX) workbook: it may be damaged');
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows[number - 1] = values.map((value) => (value === null || value === undefined ? '' : typeof value === 'object' && 'text' in value ? String(value.text) : String(value as string | number)));
    });
    return Array.from(rows, (row) => row ?? []);
  }
  // A text file has no NUL byte; a binary one (an old .xls, an image, a PDF) is no manifest.
  if (file.includes(0)) throw unreadable(fileName, 'is not a CSV or XLSX file');
  const parsed = Papa.parse<string[]>(file.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data;
}

/**
 * Reads a shipment manifest (one device per row) and checks every row: the required columns,
 * IMEI shape and check digit, device type, duplicates within the file. Blank rows are skipped.
 */
export async function readManifest(file: Buffer, fileName: string): Promise<ManifestReading> {
  const problems = new Map<number, string[]>();
  const report = (row: number, problem: string) => problems.set(row, [...(problems.get(row) ?? []), problem]);
  const cells = await cellsOf(file, fileName);
  const [headings = [], ...rows] = cells;
  const columns = headings.map((heading) => fieldOf(String(heading)));
  const devices: ShippedDevice[] = [];
  const rowOf = new Map<string, number>();
  if (!columns.includes('imei') || !columns.includes('carton_number') || !columns.includes('device_type')) {
    report(1, 'The first row must name the columns, at least IMEI, Carton and Device Type');
    return { devices, problems, rowOf };
  }
  rows.forEach((values, index) => {
    const row = index + 2;
    if (values.every((value) => String(value ?? '').trim() === '')) return;
    const record: Record<string, string> = {};
    columns.forEach((field, column) => {
      if (field) record[field] = String(values[column] ?? '').trim();
    });
    const parsed = shippedDevice.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) report(row, issue.message);
      return;
    }
    const first = rowOf.get(parsed.data.imei);
    if (first !== undefined) {
      report(row, `IMEI ${parsed.data.imei} is also on row ${first}`);
      return;
    }
    rowOf.set(parsed.data.imei, row);
    devices.push(parsed.data);
  });
  if (devices.length === 0 && problems.size === 0) report(2, 'The manifest lists no devices');
  return { devices, problems, rowOf };
}

/** Problems as the error shape's `fields`: `row 7` → its problems. */
export const problemsByRow = (problems: Map<number, string[]>): Record<string, string> =>
  Object.fromEntries([...problems.entries()].sort(([a], [b]) => a - b).map(([row, list]) => [`row ${row}`, list.join('; ')]));
