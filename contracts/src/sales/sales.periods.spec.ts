import { SALES_PERIODS, salesPeriodRange } from './sales.periods';

/** The days a period covers, counted the plain way: walk back from today one day at a time while the rule holds. */
function independentDays(period: (typeof SALES_PERIODS)[number], today: string): string[] {
  const days: string[] = [];
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  for (let back = 0; back < 40; back++) {
    const date = new Date(Date.UTC(y, m - 1, d - back));
    const iso = date.toISOString().slice(0, 10);
    const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][date.getUTCDay()];
    if (period === 'today' && back > 0) break;
    if (period === 'last_7_days' && back > 6) break;
    if (period === 'last_30_days' && back > 29) break;
    if (period === 'mtd' && iso.slice(0, 7) !== today.slice(0, 7)) break;
    days.push(iso);
    if (period === 'wtd' && weekday === 'Monday') break;
  }
  return days.reverse();
}

describe('sales periods (doc 2 §9; weeks start on Monday)', () => {
  it('on a Sunday, a Monday, the first of a month, the first of a year and a leap day, each equals the plain count', () => {
    for (const today of ['2026-11-22', '2026-11-23', '2026-11-01', '2027-01-01', '2028-02-29', '2026-03-08', '2026-11-01']) {
      for (const period of SALES_PERIODS) {
        const days = independentDays(period, today);
        expect([period, today, salesPeriodRange(period, today)]).toEqual([period, today, { start: days[0], end: days.at(-1) }]);
      }
    }
  });

  it('names the edges the screens show', () => {
    expect(salesPeriodRange('wtd', '2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' }); // a Sunday: its week began Monday
    expect(salesPeriodRange('wtd', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-23' }); // a Monday: the week is today
    expect(salesPeriodRange('mtd', '2026-11-01')).toEqual({ start: '2026-11-01', end: '2026-11-01' });
    expect(salesPeriodRange('last_30_days', '2026-03-10')).toEqual({ start: '2026-02-09', end: '2026-03-10' });
  });

  it('refuses what is not a calendar date', () => {
    expect(() => salesPeriodRange('today', '2026-02-30')).toThrow(RangeError);
    expect(() => salesPeriodRange('today', '11-23-2026')).toThrow(RangeError);
  });
});
