import dayjs from 'dayjs';
import { salesReportEarliest } from '@portal/contracts/sales/sales.periods';
import { describe, expect, it } from 'vitest';
import { DATE_RULES, disabledDates, formatDate, isEndDisabled, isRangeAllowed, isStartDisabled, parseDate } from './date-rules';

const today = dayjs('2025-03-15T14:30:00');
const day = (iso: string) => dayjs(`${iso}T09:00:00`);

describe('report dates', () => {
  it('shows and sends MM-DD-YYYY, and reads only real MM-DD-YYYY dates', () => {
    expect(formatDate(day('2025-01-05'))).toBe('01-05-2025');
    expect(parseDate('01-05-2025')?.format('YYYY-MM-DD')).toBe('2025-01-05');
    expect(parseDate('02-29-2024')?.format('YYYY-MM-DD')).toBe('2024-02-29');
    expect(parseDate('02-30-2025')).toBeUndefined();
    expect(parseDate('13-01-2025')).toBeUndefined();
    expect(parseDate('2025-01-05')).toBeUndefined();
    expect(parseDate('1-5-2025')).toBeUndefined();
    expect(parseDate(undefined)).toBeUndefined();
  });

  it('never allows a future date, today included up to its last minute', () => {
    expect(isStartDisabled(day('2025-03-15'), DATE_RULES.noFuture, today)).toBe(false);
    expect(isStartDisabled(dayjs('2025-03-15T23:59:00'), DATE_RULES.noFuture, today)).toBe(false);
    expect(isStartDisabled(day('2025-03-16'), DATE_RULES.noFuture, today)).toBe(true);
    expect(isStartDisabled(day('2020-01-01'), DATE_RULES.noFuture, today)).toBe(false);
    expect(isEndDisabled(day('2025-03-16'), day('2025-03-01'), DATE_RULES.noFuture, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-16'), undefined, DATE_RULES.noFuture, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-10'), undefined, DATE_RULES.noFuture, today)).toBe(false);
  });

  it('legacy: the end is disabled until a start is chosen, then lies from the start to start + 30 days, not in the future', () => {
    const { legacy } = DATE_RULES;
    expect(isEndDisabled(day('2025-03-01'), undefined, legacy, today)).toBe(true);
    const start = day('2025-01-10');
    expect(isEndDisabled(day('2025-01-09'), start, legacy, today)).toBe(true);
    expect(isEndDisabled(day('2025-01-10'), start, legacy, today)).toBe(false);
    expect(isEndDisabled(day('2025-02-09'), start, legacy, today)).toBe(false); // + 30 days
    expect(isEndDisabled(day('2025-02-10'), start, legacy, today)).toBe(true); // + 31 days
    const lateStart = day('2025-03-01');
    expect(isEndDisabled(day('2025-03-15'), lateStart, legacy, today)).toBe(false);
    expect(isEndDisabled(day('2025-03-20'), lateStart, legacy, today)).toBe(true); // within 30 days, but future
    expect(isStartDisabled(day('2025-03-16'), legacy, today)).toBe(true);
  });

  it('activation: both dates within the last 31 days up to today', () => {
    const { activation } = DATE_RULES;
    expect(isStartDisabled(day('2025-02-12'), activation, today)).toBe(false); // 31 days ago
    expect(isStartDisabled(day('2025-02-11'), activation, today)).toBe(true); // 32 days ago
    expect(isStartDisabled(day('2025-03-16'), activation, today)).toBe(true);
    expect(isEndDisabled(day('2025-02-11'), undefined, activation, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-15'), undefined, activation, today)).toBe(false); // no start needed
    expect(isEndDisabled(day('2025-02-20'), day('2025-03-01'), activation, today)).toBe(true); // before the start
  });

  it("sales: the window the server checks (contracts' salesReportEarliest … today), and the end waits for a start", () => {
    const { sales } = DATE_RULES;
    const earliest = salesReportEarliest('2025-03-15');
    expect(earliest).toBe('2025-02-13');
    expect(isStartDisabled(day(earliest), sales, today)).toBe(false);
    expect(isStartDisabled(day(earliest).subtract(1, 'day'), sales, today)).toBe(true);
    expect(isStartDisabled(day('2025-03-15'), sales, today)).toBe(false);
    expect(isStartDisabled(day('2025-03-16'), sales, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-15'), undefined, sales, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-01'), day('2025-03-02'), sales, today)).toBe(true);
    expect(isEndDisabled(day('2025-03-02'), day('2025-03-02'), sales, today)).toBe(false);
  });

  it('checks a whole range, e.g. to drop an end a new start made invalid', () => {
    expect(isRangeAllowed(day('2025-01-10'), day('2025-02-09'), DATE_RULES.legacy, today)).toBe(true);
    expect(isRangeAllowed(day('2025-01-01'), day('2025-02-09'), DATE_RULES.legacy, today)).toBe(false);
    expect(isRangeAllowed(undefined, day('2025-02-09'), DATE_RULES.legacy, today)).toBe(false);
    expect(isRangeAllowed(undefined, day('2025-02-09'), DATE_RULES.noFuture, today)).toBe(true);
    expect(isRangeAllowed(day('2025-03-20'), undefined, DATE_RULES.noFuture, today)).toBe(false);
    expect(isRangeAllowed(undefined, undefined, DATE_RULES.legacy, today)).toBe(true);
  });

  it('gives antd disabledDate functions for the start and the end picker', () => {
    const legacy = disabledDates(DATE_RULES.legacy, day('2025-01-10'), () => today);
    expect(legacy.start(day('2025-03-16'))).toBe(true);
    expect(legacy.start(day('2025-01-01'))).toBe(false);
    expect(legacy.end(day('2025-02-09'))).toBe(false);
    expect(legacy.end(day('2025-02-10'))).toBe(true);
    const noStart = disabledDates(DATE_RULES.legacy, undefined, () => today);
    expect(noStart.end(day('2025-03-01'))).toBe(true);
  });
});
