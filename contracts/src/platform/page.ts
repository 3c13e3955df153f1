/**
 * One page of a list, as every paged call of the spec answers it (`items: { data, total,
 * current_page }`). Queries return it, services answer it, the console's ReportPage reads it.
 */
export interface Page<Row> {
  readonly data: readonly Row[];
  readonly total: number;
  readonly current_page: number;
  /** Present and true when `total` is an estimate (a device report matching more than ESTIMATE_ABOVE devices). */
  readonly estimated?: boolean;
}

/** A paged list answer: `{ items: Page }`. */
export interface Listed<Row> {
  readonly items: Page<Row>;
}
