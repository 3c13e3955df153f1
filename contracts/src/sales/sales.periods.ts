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

/**
 * Each period's name in each place the spec gives one: a summary row's key (doc 2 §3: today, WTD,
 * MTD, last_7_days, last_30_days), a breakdown download's path word (doc 2 §7: today, wtd, mtd,
 * 7_day, 30_day) and a dashboard card's `activation_count` key (doc 1 §3: daily, WTD, MTD,
 * Last_7_Days, Last_30_Days), with the dashboard card's title (doc 1 §2.4).
 */
export const SALES_PERIOD_NAMES = {
  today: { row: 'today', path: 'today', card: 'daily', cardTitle: 'Daily Activations' },
  wtd: { row: 'WTD', path: 'wtd', card: 'WTD', cardTitle: 'WTD' },
  mtd: { row: 'MTD', path: 'mtd', card: 'MTD', cardTitle: 'MTD' },
  last_7_days: { row: 'last_7_days', path: '7_day', card: 'Last_7_Days', cardTitle: 'Last 7 Days' },
  last_30_days: { row: 'last_30_days', path: '30_day', card: 'Last_30_Days', cardTitle: 'Last 30 Days' },
} as const satisfies Record<SalesPeriod, { row: string; path: string; card: string; cardTitle: string }>;

export type SalesRowKey = (typeof SALES_PERIOD_NAMES)[SalesPeriod]['row'];
export type SalesPathWord = (typeof SALES_PERIOD_NAMES)[SalesPeriod]['path'];
export type SalesCardKey = (typeof SALES_PERIOD_NAMES)[SalesPeriod]['card'];

/** A count per period, keyed as a summary row is (doc 2 §3). */
export type SalesCounts = Record<SalesRowKey, number>;

export const SALES_PATH_WORDS = SALES_PERIODS.map((period) => SALES_PERIOD_NAMES[period].path) as [SalesPathWord, ...SalesPathWord[]];
export const salesPeriodOfPathWord = (word: SalesPathWord): SalesPeriod => SALES_PERIODS.find((period) => SALES_PERIOD_NAMES[period].path === word)!;

/** The earliest date any period reaches on `today` (MTD may start 30 days back, 30 Days 29): one range read covers every period. */
export function salesPeriodsStart(today: string): string {
  return SALES_PERIODS.map((period) => salesPeriodRange(period, today).start).reduce((earliest, start) => (start < earliest ? start : earliest));
}

/** Detailed and agent sales cover at most the last 31 days up to today (doc 2 §5). */
export const SALES_REPORT_WINDOW_DAYS = 31;

/** The first date the detailed and agent sales reports may start on (today − 30). */
export function salesReportEarliest(today: string): string {
  return format(daysBefore(parse(today), SALES_REPORT_WINDOW_DAYS - 1));
}

/** The business dates from `start` to `end`, inclusive (the trend chart's days). */
export function datesBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = parse(start); format(day) <= end; day = new Date(day.getTime() + 86_400_000)) days.push(format(day));
  return days;
}

export const SALES_WINDOW_MESSAGE = `Activation dates can cover at most the last ${SALES_REPORT_WINDOW_DAYS} days up to today`;
export const FUTURE_DATE_MESSAGE = 'Dates cannot be in the future';

/**
 * The activation range a detailed or agent sales report reads (doc 2 §5): the chosen dates, the
 * start defaulting to today − 30 and the end to today; a date before the window or after today is
 * a problem named by its field.
 */
export function salesReportRange(
  chosen: { readonly start_date?: string; readonly end_date?: string },
  today: string,
): { readonly range: DateRange } | { readonly field: 'start_date' | 'end_date'; readonly message: string } {
  const earliest = salesReportEarliest(today);
  for (const field of ['start_date', 'end_date'] as const) {
    const value = chosen[field];
    if (value && value > today) return { field, message: FUTURE_DATE_MESSAGE };
    if (value && value < earliest) return { field, message: SALES_WINDOW_MESSAGE };
  }
  return { range: { start: chosen.start_date ?? earliest, end: chosen.end_date ?? today } };
}
