/**
 * The sales periods (doc 2 §9; DESIGN.md §11: sold = activated, counted by activation date in the
 * business's time zone, weeks start on Monday): the same on every screen and file. Pure calendar
 * arithmetic on the business's today (YYYY-MM-DD), so a period never depends on the server's zone.
 */

export const SALES_PERIODS = ['today', 'wtd', 'mtd', 'last_7_days', 'last_30_days'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** The periods' column titles (doc 2 §2 Sales summaries). */
export const SALES_PERIOD_TITLES: Record<SalesPeriod, string> = { today: 'Today', wtd: 'WTD', mtd: 'MTD', last_7_days: '7 Days', last_30_days: '30 Days' };

/** An inclusive range of business dates. */
export interface DateRange {
  readonly start: string;
  readonly end: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as a UTC midnight (the arithmetic's carrier only: no zone is involved). */
function parse(date: string): Date {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const parsed = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (parsed.toISOString().slice(0, 10) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return parsed;
}

const format = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);

/**
 * The dates a period covers, ending today (business date): today; WTD Monday…today; MTD the
 * 1st…today; 7 Days today−6…today; 30 Days today−29…today.
 */
export function salesPeriodRange(period: SalesPeriod, today: string): DateRange {
  const day = parse(today);
  switch (period) {
    case 'today':
      return { start: today, end: today };
    case 'wtd':
      // getUTCDay: 0 Sunday … 6 Saturday; Monday starts the week, so Sunday is its seventh day.
      return { start: format(daysBefore(day, (day.getUTCDay() + 6) % 7)), end: today };
    case 'mtd':
      return { start: `${today.slice(0, 8)}01`, end: today };
    case 'last_7_days':
      return { start: format(daysBefore(day, 6)), end: today };
    case 'last_30_days':
      return { start: format(daysBefore(day, 29)), end: today };
  }
}
