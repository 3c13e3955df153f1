import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatDate } from '../../../app/report/date-rules';
import { type FieldSchema, checkedBy } from '../../../app/schema-rule';

/** The saved profile's text fields a section of the page edits. */
export type ProfileTextField = 'first_name' | 'middle_name' | 'last_name' | 'rad_id' | 'shirt_size' | 'street_address1' | 'street_address2' | 'city' | 'state' | 'zip';

/** What a section's form holds: text by field name (a date picker's day aside). */
export type SectionValues = Partial<Record<ProfileTextField | 'ssn', string | null>>;

/**
 * The part of a section's body that changed: each text trimmed, sent when not blank and not what
 * is saved already (the server saves any part at a time; a value sent again would count as an
 * edit of a completed profile). A blank field is left out: the server reads it as "not given".
 */
export function changedTexts(values: SectionValues, saved: CandidateSelfView, names: readonly ProfileTextField[]): Record<string, string> {
  const body: Record<string, string> = {};
  for (const name of names) {
    const value = values[name]?.trim();
    if (value && value !== (saved[name] ?? '')) body[name] = value;
  }
  return body;
}

/** A saved text as a form's opening value (null from the server is an empty field). */
export const openingText = (value: string | null): string | undefined => value ?? undefined;

/** A date picker's day checked by the schema of its field, as sent (MM-DD-YYYY). */
export const dayCheckedBy = (schema: FieldSchema): FormRule => checkedBy({ safeParse: (day: unknown) => schema.safeParse(day ? formatDate(day as Dayjs) : undefined) });
