import type { SqlDb, Scope } from '@portal/projections';

export type CellValue = string | number | Date | null;

export interface ExportColumn<Row> {
  readonly heading: string;
  value(row: Row): CellValue;
}

/**
 * One exportable list: its columns (as the list screen shows them) and where its rows come from,
 * read in keyset pages in the caller's scope so that memory stays flat whatever the size.
 */
export interface ExportDefinition<Row, Filters = unknown> {
  /** The export's name, also the file name's stem (offices-MM-DD-YYYY.csv). */
  readonly name: string;
  /** Every column the file can have. */
  readonly columns: readonly ExportColumn<Row>[];
  /**
   * Where the screen shows a column to some roles only (the Detailed Sales Report's IBO Name):
   * the columns of one file, chosen by its filters. One export, one name, so the file's name
   * says what it holds, not which columns the caller's role leaves out.
   */
  columnsFor?(filters: Filters): readonly ExportColumn<Row>[];
  rows(db: SqlDb, scope: Scope, filters: Filters): AsyncIterable<readonly Row[]>;
  count(db: SqlDb, scope: Scope, filters: Filters): Promise<number>;
}

/** The columns of one file of an export. */
export function columnsOf<Row, Filters>(definition: ExportDefinition<Row, Filters>, filters: Filters): readonly ExportColumn<Row>[] {
  return definition.columnsFor?.(filters) ?? definition.columns;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** MM-DD-YYYY (the console's date format, doc 1), in UTC; null stays empty. */
export function formatExportDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
}
