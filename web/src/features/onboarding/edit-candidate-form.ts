import { CANDIDATE_MESSAGES, SHIRT_SIZES } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import type { UploadFile } from 'antd/es/upload/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { formatDate } from '../../app/report/date-rules';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../app/upload';

/** Where Edit Candidate returns to (doc 3 §2: the Onboarding Summary is "the target after a candidate update"). */
export const CANDIDATE_LIST = '/onboardingreport';

/** What the Onboarding Summary's Edit passes in router state (`navigate('/editagent', { state })`). */
export interface EditCandidateState {
  readonly candidate: CandidateRow;
  /** The summary as it was (path and query): Back and a saved edit return to it. */
  readonly cameFrom?: string;
}

/** The candidate passed in router state, if any. */
export const candidateOf = (state: unknown): CandidateRow | undefined => (state as Partial<EditCandidateState> | null)?.candidate;

/** The summary to return to: the one the edit was opened from (its filters kept), or the summary itself. */
export function returnPath(state: unknown): string {
  const cameFrom = (state as Partial<EditCandidateState> | null)?.cameFrom;
  return typeof cameFrom === 'string' && (cameFrom === CANDIDATE_LIST || cameFrom.startsWith(`${CANDIDATE_LIST}?`)) ? cameFrom : CANDIDATE_LIST;
}

/** The two upload areas (doc 3 §2 Edit Candidate), sent as these multipart fields. */
export const UPLOAD_AREAS = [
  { name: 'photo_copy', label: 'Photo copy', url: 'photo_copy_url' },
  { name: 'government_document', label: 'Government document', url: 'government_document_url' },
] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number]['name'];

/** The text fields of the body (doc 3 §3 Candidate (edit)), in the spec's order; `dob` goes as MM-DD-YYYY. */
const TEXT_FIELDS = ['first_name', 'middle_name', 'last_name', 'email', 'mobile_number', 'rad_id', 'shirt_size', 'street_address1', 'street_address2', 'city', 'state', 'zip'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export type EditCandidateValues = Partial<Record<TextField, string>> & { dob?: Dayjs | null } & Partial<Record<UploadArea, UploadFile[]>>;

export const SHIRT_SIZE_OPTIONS = SHIRT_SIZES.map((size) => ({ value: size, label: size }));

const orNothing = (value: string | null | undefined): string | undefined => value ?? undefined;

/** The form's opening values: the candidate as the summary listed them. */
export function openingValues(candidate: CandidateRow): EditCandidateValues {
  const knownSize = (SHIRT_SIZES as readonly string[]).includes(candidate.shirt_size ?? '');
  return {
    first_name: candidate.first_name,
    middle_name: orNothing(candidate.middle_name),
    last_name: candidate.last_name,
    email: candidate.email,
    mobile_number: candidate.mobile_number,
    dob: candidate.dob ? dayjs(candidate.dob) : undefined,
    rad_id: orNothing(candidate.rad_id),
    shirt_size: knownSize ? orNothing(candidate.shirt_size) : undefined,
    street_address1: orNothing(candidate.street_address1),
    street_address2: orNothing(candidate.street_address2),
    city: orNothing(candidate.city),
    state: orNothing(candidate.state),
    zip: orNothing(candidate.zip),
  };
}

/** The fields as the server reads them (and contracts' candidateEditBody checks them): trimmed text, a blank one left out, the date of birth MM-DD-YYYY. */
export function fieldsOf(values: EditCandidateValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const value = values[name]?.trim();
    if (value) fields[name] = value;
  }
  if (values.dob) fields.dob = formatDate(values.dob);
  return fields;
}

/** The chosen file of an area, if one was chosen. */
export const chosenFile = (files: UploadFile[] | undefined): File | undefined => files?.[0]?.originFileObj as File | undefined;

/** The multipart body: the fields, and each area's file under its own name (photo_copy, government_document). */
export function multipartOf(fields: Record<string, string>, values: EditCandidateValues): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const area of UPLOAD_AREAS) {
    const file = chosenFile(values[area.name]);
    if (file) body.append(area.name, file, file.name);
  }
  return body;
}

/** Why a chosen file cannot be sent (doc 3 §5, §9: .jpg/.jpeg only; the upload limit); undefined when it can. */
export function jpegProblem(file: { name: string; type?: string; size?: number }): string | undefined {
  const named = /\.jpe?g$/i.test(file.name);
  const typed = !file.type || file.type === 'image/jpeg';
  if (!named || !typed) return CANDIDATE_MESSAGES.jpegOnly;
  if ((file.size ?? 0) > MAX_IMAGE_BYTES) return IMAGE_MESSAGES.tooLarge;
  return undefined;
}
