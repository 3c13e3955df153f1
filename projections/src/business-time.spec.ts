import { salesPeriodRange } from '@portal/contracts';
import { businessDate, getBusinessTimeZone, setBusinessTimeZone } from './business-time';

/** The business's date around the spring and autumn DST changes of America/Chicago (DESIGN.md §11: days in the business's zone). */
describe('business dates across a DST change', () => {
  const previous = getBusinessTimeZone();
  beforeAll(() => setBusinessTimeZone('America/Chicago'));
  afterAll(() => setBusinessTimeZone(previous));

  it('keeps the local calendar day on both sides of the change, and the periods follow it', () => {
    // 2026-03-08 02:00 CST → 03:00 CDT. 05:59Z is 23:59 CST on the 7th; 06:00Z is midnight, the 8th.
    expect(businessDate(new Date('2026-03-08T05:59:59Z'))).toBe('2026-03-07');
    expect(businessDate(new Date('2026-03-08T06:00:00Z'))).toBe('2026-03-08');
    // After the change midnight is 05:00Z: 04:59Z on the 9th is still the 8th.
    expect(businessDate(new Date('2026-03-09T04:59:59Z'))).toBe('2026-03-08');
    expect(businessDate(new Date('2026-03-09T05:00:00Z'))).toBe('2026-03-09');
    // 2026-11-01 02:00 CDT → 01:00 CST: the 1st lasts 25 hours, from 05:00Z to 06:00Z next day.
    expect(businessDate(new Date('2026-11-02T05:59:59Z'))).toBe('2026-11-01');
    expect(businessDate(new Date('2026-11-02T06:00:00Z'))).toBe('2026-11-02');
    // A Sunday evening in Chicago is already Monday in UTC: the week is still the one that began Monday the 2nd.
    const sundayEvening = businessDate(new Date('2026-03-09T03:00:00Z'));
    expect(sundayEvening).toBe('2026-03-08');
    expect(salesPeriodRange('wtd', sundayEvening)).toEqual({ start: '2026-03-02', end: '2026-03-08' });
  });
});
