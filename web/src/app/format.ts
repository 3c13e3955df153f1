import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import dayjs from 'dayjs';
import { formatDate } from './report/date-rules';

/** An ISO date or instant as the console shows it (MM-DD-YYYY); a dash when there is none. */
export function shownDate(value: string | null | undefined): string {
  return value ? formatDate(dayjs(value)) : '—';
}

/** An office as a choice in a select or type-ahead: its name, and its number when it has one. */
export const officeOption = (office: OfficeOption): { value: string; label: string } => ({ value: office.id, label: office.office_number ? `${office.name} (${office.office_number})` : office.name });
