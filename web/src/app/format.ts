import { usStates } from '@portal/contracts/admin/admin.codes';
import { deviceTypeName } from '@portal/contracts/inventory/inventory.codes';
import type { OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { officeWithNumber } from '@portal/contracts/platform/office-label';
import { DATE_FORMAT } from '@portal/contracts/reference/reference-lists';
import dayjs from 'dayjs';
import { formatDate } from './report/date-rules';

/** An ISO date or instant as the console shows it (MM-DD-YYYY); a dash when there is none. */
export function shownDate(value: string | null | undefined): string {
  return value ? formatDate(dayjs(value)) : '—';
}

/** An instant with its time, as lists and logs show it (MM-DD-YYYY hh:mm AM); a dash when there is none. */
export const shownDateTime = (value: string | null | undefined): string => (value ? dayjs(value).format(`${DATE_FORMAT} hh:mm A`) : '—');

/** An office as the console names it: contracts' one form, "Dallas Office (OF001)" (its forms and labels say the same); a dash when there is none. */
export const officeLabel = (office: { office_name?: string | null; name?: string | null; office_number?: string | null }): string => {
  const name = office.name ?? office.office_name;
  if (!name) return '—';
  return officeWithNumber(name, office.office_number);
};

/** An office as a choice in a select or type-ahead, labelled by `officeLabel`. */
export const officeOption = (office: OfficeOption): { value: string; label: string } => ({ value: office.id, label: officeLabel(office) });

/** A person as the console names them: the name, and beside it the office number that tells apart people of one name. */
export const personLabel = (person: { full_name: string; office_number?: string | null }): string => (person.office_number ? `${person.full_name} (${person.office_number})` : person.full_name);

/** A person as a choice in a select or type-ahead, labelled by `personLabel`. */
export const personOption = (person: { id: string; full_name: string; office_number?: string | null }): { value: string; label: string } => ({ value: person.id, label: personLabel(person) });

/** A device type cell: the display name of its code(s) (contracts' deviceTypeName); a dash when there is none. */
export const shownDeviceType = (code: string | null | undefined): string => deviceTypeName(code) || '—';

/** A State select's options: the US states by short name (contracts' `usStates`), searchable by name too (`optionFilterProp: ['value', 'name']`). */
export const US_STATE_OPTIONS = usStates.map((state) => ({ value: state.short_name, label: state.short_name, name: state.name }));

/** A text cell: a dash when empty. */
export const shownText = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));
