import dayjs from 'dayjs';
import { formatDate } from '../../app/report/date-rules';

/** An ISO date or instant as the console shows it (MM-DD-YYYY); a dash when there is none. */
export function shownDate(value: string | null | undefined): string {
  return value ? formatDate(dayjs(value)) : '—';
}
