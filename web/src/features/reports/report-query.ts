import dayjs from 'dayjs';
import type { ReportQuery, ReportRequest } from '../../app/report/ReportPage';
import { formatDate, parseDate } from '../../app/report/date-rules';

/** The report date parameters (doc 1 §7): `date_range_start`, `activation_date_range_end`, `order_date_range_start`, ... */
const DATE_PARAM = /date_range_(start|end)$/;

/**
 * The filter form of a report as its call takes it (ReportPage `toRequest`): empty values left
 * out, lists (status checkboxes) comma-joined, and the pickers' MM-DD-YYYY sent as YYYY-MM-DD,
 * the contracts' date format (doc 1 §5: shown MM-DD-YYYY). Objects (the query builder) are the
 * caller's to place.
 */
export function reportRequest(values: Record<string, unknown>): ReportRequest {
  const query: ReportQuery = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[name] = value.join(',');
    } else if (typeof value === 'string') {
      query[name] = DATE_PARAM.test(name) ? (parseDate(value)?.format('YYYY-MM-DD') ?? value) : value;
    } else if (typeof value === 'number') {
      query[name] = value;
    }
  }
  return { query };
}

/** An ISO date as shown (MM-DD-YYYY); a dash when there is none. */
export function shownDate(value: string | null | undefined): string {
  return value ? formatDate(dayjs(value)) : '—';
}

/** An instant as shown: MM-DD-YYYY and the time of day. */
export function shownTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MM-DD-YYYY hh:mm A') : '—';
}

/** A text cell: a dash when empty. */
export { shownText } from '../../app/format';
