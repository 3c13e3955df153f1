import { BUSINESS_TIME_ZONE_DEFAULT } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * The business's time zone (DESIGN.md §11): days, ages, "sold in the last 30 days", today/WTD/MTD
 * are counted in it. Set once at start from the configuration (BUSINESS_TIME_ZONE); queries read it.
 */
let businessTimeZone: string = BUSINESS_TIME_ZONE_DEFAULT;

export function setBusinessTimeZone(timeZone: string): void {
  // Throws a RangeError for a zone the runtime does not know, before any query uses it.
  new Intl.DateTimeFormat('en-US', { timeZone });
  businessTimeZone = timeZone;
}

export function getBusinessTimeZone(): string {
  return businessTimeZone;
}

/** The business's date of an instant (YYYY-MM-DD). */
export function businessDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** SQL: the business's today at `asOf` (an ISO instant; the database's now() without one). */
export function sqlToday(asOf: string | undefined): RawBuilder<string> {
  return sql<string>`((coalesce(${asOf ?? null}::timestamptz, now()) at time zone ${businessTimeZone})::date)`;
}

/** SQL: the business's date of a timestamptz expression. */
export function sqlBusinessDate(instant: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`((${instant} at time zone ${businessTimeZone})::date)`;
}

/** SQL: the instant a business date (a date expression) starts, for sargable range conditions on timestamptz columns. */
export function sqlDayStart(day: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`((${day})::timestamp at time zone ${businessTimeZone})`;
}
