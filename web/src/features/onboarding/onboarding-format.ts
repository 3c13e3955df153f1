import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import dayjs from 'dayjs';

/** An instant with its time, as the comments and the log show it (MM-DD-YYYY hh:mm AM); a dash when there is none. */
export const shownDateTime = (value: string | null | undefined): string => (value ? dayjs(value).format(`${DATE_FORMAT} hh:mm A`) : '—');
