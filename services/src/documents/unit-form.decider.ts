import { DOCUMENT_MESSAGES, type DocumentFile, FORM_STATUS, type FormStatus, type UnitFormEvent, type UnitFormField, type UnitKind, formActions, formStatusName } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * A form sent to an IBO/market or an office for review (doc 3 §2-§5), pure: sent once to a unit
 * that has none (only rows with no form_status can be selected); filled only while in progress or
 * rejected, with every required field and a signature; reviewed only once completed — accept 4,
 * or reject 3 with a reason — and a rejected form can be filled again.
 */

export interface UnitFormState {
  readonly form_id: string;
  readonly status: FormStatus | null;
}

export const initialUnitFormState: UnitFormState = { form_id: '', status: null };

export function evolveUnitForm(state: UnitFormState, event: UnitFormEvent): UnitFormState {
  switch (event.type) {
    case 'UnitFormSent':
      return { form_id: event.data.form_id, status: FORM_STATUS.IN_PROGRESS };
    case 'UnitFormFilled':
      return { ...state, status: FORM_STATUS.COMPLETED };
    case 'UnitFormReviewed':
      return { ...state, status: event.data.status };
  }
}

const lower = (status: number | null) => formStatusName(status).toLowerCase();

/** Send Document: to each active unit with no form yet (`formStatus` null); an inactive unit, or one that has a form, is refused by name. */
export function decideSendForm(
  units: readonly { readonly kind: UnitKind; readonly id: string; readonly name: string; readonly active: boolean; readonly formStatus: number | null }[],
  input: { readonly formIdOf: (unitId: string) => string; readonly template_name: string; readonly sent_by: string },
): UnitFormEvent[] | DomainError {
  if (units.length === 0) return new DomainError('Select at least one row', 400, { ids: 'Select at least one row' });
  // Nobody manages the form of a unit that is switched off: it would wait In Progress for ever.
  const inactive = units.filter((unit) => !unit.active);
  if (inactive.length > 0) {
    const names = inactive.map((unit) => unit.name).join(', ');
    const message = `${names} ${inactive.length === 1 ? 'is' : 'are'} inactive: activate ${inactive.length === 1 ? 'it' : 'them'} before sending a document`;
    return new DomainError(message, 409, { ids: message });
  }
  const taken = units.filter((unit) => unit.formStatus !== null);
  if (taken.length > 0) return new DomainError(`Already sent to ${taken.map((unit) => unit.name).join(', ')}: only rows with no form can be selected`, 409);
  return units.map((unit) => ({ type: 'UnitFormSent', data: { form_id: input.formIdOf(unit.id), unit_kind: unit.kind, unit_id: unit.id, template_name: input.template_name, sent_by: input.sent_by } }));
}

/** The values given for the form's fields: every required one filled, nothing the form does not have, each of its field's kind. */
export function formValueProblems(fields: readonly UnitFormField[], values: Readonly<Record<string, string | boolean>>): Record<string, string> {
  // A Map, not an object: a client's '__proto__' or 'constructor' is a field name like any other here.
  const problems = new Map<string, string>();
  const known = new Map(fields.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(values)) {
    const field = known.get(name);
    if (!field) problems.set(name, 'This form has no such field');
    else if (field.kind === 'checkbox' && typeof value !== 'boolean') problems.set(name, `${name} is ticked or not (true or false)`);
    else if (field.kind === 'text' && typeof value !== 'string') problems.set(name, `${name} is text`);
  }
  for (const field of fields) {
    if (!field.required || problems.has(field.name)) continue;
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    if (field.kind === 'checkbox' && value !== true) problems.set(field.name, `Please tick ${field.name}`);
    if (field.kind === 'text' && (typeof value !== 'string' || value.trim() === '')) problems.set(field.name, `Please input ${field.name}`);
  }
  return Object.fromEntries(problems);
}

/** Why filling is refused, if it is: checked before the filled PDF is made, and again by the decision. */
export function refuseFilling(
  state: UnitFormState,
  request: { readonly fields: readonly UnitFormField[]; readonly values: Readonly<Record<string, string | boolean>>; readonly signature: boolean },
): DomainError | undefined {
  if (state.status === null) return new DomainError('That form was not found.', 404);
  if (!formActions(state.status).fill) return new DomainError(`A form that is ${lower(state.status)} cannot be filled`, 409);
  const problems = { ...formValueProblems(request.fields, request.values), ...(!request.signature && { signature_image: DOCUMENT_MESSAGES.signatureRequired }) };
  return Object.keys(problems).length > 0 ? new DomainError(Object.values(problems)[0]!, 400, problems) : undefined;
}

export interface FillInput {
  readonly fields: readonly UnitFormField[];
  readonly values: Readonly<Record<string, string | boolean>>;
  readonly signature: boolean;
  readonly filled_by: string;
  readonly file: DocumentFile;
  readonly original_sha256: string;
  readonly signed_at: string;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

export function decideFillForm(state: UnitFormState, input: FillInput): UnitFormEvent[] | DomainError {
  const refusal = refuseFilling(state, input);
  if (refusal) return refusal;
  return [
    {
      type: 'UnitFormFilled',
      data: { form_id: state.form_id, filled_by: input.filled_by, file: input.file, original_sha256: input.original_sha256, signed_at: input.signed_at, ip: input.ip, user_agent: input.user_agent },
    },
  ];
}

/** Accept/Reject (doc 3 §4, §5): the choice is required ('Please input is accept!'); a rejection needs its reason ('Enter reason for rejecting'). */
export function decideReviewForm(
  state: UnitFormState,
  input: { readonly status: number | undefined; readonly reason: string | undefined; readonly reviewed_by: string; /** The reviewer manages the unit, so fills its form: nobody reviews their own. */ readonly own?: boolean },
): UnitFormEvent[] | DomainError {
  if (state.status === null) return new DomainError('That form was not found.', 404);
  if (input.own) return new DomainError('You fill in this form yourself, so someone else reviews it', 403);
  if (input.status !== FORM_STATUS.ACCEPTED && input.status !== FORM_STATUS.REJECTED) return new DomainError(DOCUMENT_MESSAGES.reviewChoice, 400, { status: DOCUMENT_MESSAGES.reviewChoice });
  const reason = input.reason?.trim() || null;
  if (input.status === FORM_STATUS.REJECTED && !reason) return new DomainError(DOCUMENT_MESSAGES.rejectReason, 400, { reason: DOCUMENT_MESSAGES.rejectReason });
  if (!formActions(state.status).review) return new DomainError(`Only a completed form can be reviewed; this one is ${lower(state.status)}`, 409);
  return [{ type: 'UnitFormReviewed', data: { form_id: state.form_id, status: input.status, reason: input.status === FORM_STATUS.REJECTED ? reason : null, reviewed_by: input.reviewed_by } }];
}
