import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import { SALES_REPORT_WINDOW_DAYS } from '@portal/contracts/sales/sales.periods';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Report date rules (doc 1 §5, §9; doc 2 §5, §9). Dates are shown and sent as MM-DD-YYYY; no
 * date may lie in the future. A rule may also cap the range (Legacy Data: the end not before
 * the start, not later than start + 30 days, and disabled until a start is chosen) or keep both
 * dates inside a window ending today (agent sales and detailed report activation range: the last
 * 31 days up to today). Pure: "today" is a parameter, so the rules are testable.
 */

export { DATE_FORMAT };

/** Legacy-style pickers: the end is at most 30 days after the start (doc 1 §5, §9; doc 2 §5). */
export const LEGACY_MAX_RANGE_DAYS = 30;
/** Detailed and agent sales (activation) ranges: the last 31 days up to today (doc 1 §9; doc 2 §5, §9). */
export const ACTIVATION_WINDOW_DAYS = 31;

export interface DateRangeRule {
  /** The end may be at most this many days after the start, and not before it. */
  maxRangeDays?: number;
  /** Both dates lie within the last this-many days: from today minus this many days up to today. */
  windowDays?: number;
  /** The end cannot be chosen until a start is. */
  endNeedsStart?: boolean;
}

/** The rules the spec names. Every rule also refuses future dates. */
export const DATE_RULES = {
  /** Inventory report and order dates: no future dates (doc 1 §2.11, §5; doc 2 §5). */
  noFuture: {},
  /** Legacy pickers (doc 1 §2.12, §5). */
  legacy: { maxRangeDays: LEGACY_MAX_RANGE_DAYS, endNeedsStart: true },
  /** The inventory detailed report's activation range (doc 1 §9). */
  activation: { windowDays: ACTIVATION_WINDOW_DAYS },
  /**
   * The Detailed and Agent Sales reports (doc 2 §5, §9): the last 31 days up to today, as the
   * server checks them (contracts' `salesReportEarliest`: today − 30 … today; `windowDays` counts
   * the days back from today), and the end waits for a start (the server refuses an end alone).
   */
  sales: { windowDays: SALES_REPORT_WINDOW_DAYS - 1, endNeedsStart: true },
} as const satisfies Record<string, DateRangeRule>;

/** MM-DD-YYYY, as shown and as sent (`date_range_start`, `date_range_end`, ...). */
export function formatDate(day: Dayjs): string {
  return day.format(DATE_FORMAT);
}

/** A strict MM-DD-YYYY reading: undefined for anything else, including impossible dates (02-30-2025). */
export function parseDate(text: string | undefined | null): Dayjs | undefined {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text ?? '');
  if (!match) return undefined;
  const [, month, date, year] = match.map(Number) as [number, number, number, number];
  const day = dayjs(new Date(year, month - 1, date));
  return day.isValid() && day.year() === year && day.month() === month - 1 && day.date() === date ? day : undefined;
}

const dayOf = (value: Dayjs) => value.startOf('day');

/** Whole days from `from` to `to` (calendar days, whatever the time of day). */
function daysBetween(from: Dayjs, to: Dayjs): number {
  return Math.round(dayOf(to).diff(dayOf(from), 'day', true));
}

function outsideWindow(current: Dayjs, rule: DateRangeRule, today: Dayjs): boolean {
  if (daysBetween(today, current) > 0) return true; // the future
  return rule.windowDays !== undefined && daysBetween(current, today) > rule.windowDays;
}

/** Whether a day cannot be the start: in the future, or outside the rule's window. Feed it to antd DatePicker `disabledDate`. */
export function isStartDisabled(current: Dayjs, rule: DateRangeRule = {}, today: Dayjs = dayjs()): boolean {
  return outsideWindow(current, rule, today);
}

/**
 * Whether a day cannot be the end given the chosen start: in the future, outside the window,
 * before the start, more than `maxRangeDays` after it, or any day while the rule needs a start first.
 */
export function isEndDisabled(current: Dayjs, start: Dayjs | undefined, rule: DateRangeRule = {}, today: Dayjs = dayjs()): boolean {
  if (outsideWindow(current, rule, today)) return true;
  if (!start) return rule.endNeedsStart === true;
  const afterStart = daysBetween(start, current);
  return afterStart < 0 || (rule.maxRangeDays !== undefined && afterStart > rule.maxRangeDays);
}

/** `disabledDate` functions for a start and an end picker. */
export function disabledDates(rule: DateRangeRule, start: Dayjs | undefined, today: () => Dayjs = () => dayjs()) {
  return {
    start: (current: Dayjs) => isStartDisabled(current, rule, today()),
    end: (current: Dayjs) => isEndDisabled(current, start, rule, today()),
  };
}

/** Whether a start and end (either may be missing) obey the rule: e.g. to drop an end that a new start made invalid. */
export function isRangeAllowed(start: Dayjs | undefined, end: Dayjs | undefined, rule: DateRangeRule = {}, today: Dayjs = dayjs()): boolean {
  if (start && isStartDisabled(start, rule, today)) return false;
  return !end || !isEndDisabled(end, start, rule, today);
}
