import { DOCUMENT_MESSAGES, type DocumentFile, FORM_STATUS, type FormStatus, type UnitFormEvent, formActions, formStatuses } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * A form sent to an IBO/market or an office for review (doc 3 §2-§5), pure: sent once to a unit
 * that has none (only rows with no form_status can be selected); filled only while in progress or
 * rejected; reviewed only once completed — accept 4, or reject 3 with a reason — and a rejected
 * form can be filled again.
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

const statusName = (status: number | null) => formStatuses.find((item) => item.id === status)?.name ?? 'not sent';

/** Send Document: to each unit with no form yet (`formStatus` null); a unit that has one is refused by name. */
export function decideSendForm(
  units: readonly { readonly kind: 'ibo_marketer' | 'office'; readonly id: string; readonly name: string; readonly formStatus: number | null }[],
  input: { readonly formIdOf: (unitId: string) => string; readonly template_name: string; readonly sent_by: string },
): UnitFormEvent[] | DomainError {
  if (units.length === 0) return new DomainError('Select at least one row', 400, { ids: 'Select at least one row' });
  const taken = units.filter((unit) => unit.formStatus !== null);
  if (taken.length > 0) return new DomainError(`Already sent to ${taken.map((unit) => unit.name).join(', ')}: only rows with no form can be selected`, 409);
  return units.map((unit) => ({ type: 'UnitFormSent', data: { form_id: input.formIdOf(unit.id), unit_kind: unit.kind, unit_id: unit.id, template_name: input.template_name, sent_by: input.sent_by } }));
}

export function decideFillForm(state: UnitFormState, input: { readonly filled_by: string; readonly file: DocumentFile }): UnitFormEvent[] | DomainError {
  if (state.status === null) return new DomainError('That form was not found.', 404);
  if (!formActions(state.status).fill) return new DomainError(`A form that is ${statusName(state.status).toLowerCase()} cannot be filled`, 409);
  return [{ type: 'UnitFormFilled', data: { form_id: state.form_id, filled_by: input.filled_by, file: input.file } }];
}

/** Accept/Reject (doc 3 §4, §5): the choice is required ('Please input is accept!'); a rejection needs its reason ('Enter reason for rejecting'). */
export function decideReviewForm(state: UnitFormState, input: { readonly status: number | undefined; readonly reason: string | undefined; readonly reviewed_by: string }): UnitFormEvent[] | DomainError {
  if (state.status === null) return new DomainError('That form was not found.', 404);
  if (input.status !== FORM_STATUS.ACCEPTED && input.status !== FORM_STATUS.REJECTED) return new DomainError(DOCUMENT_MESSAGES.reviewChoice, 400, { status: DOCUMENT_MESSAGES.reviewChoice });
  const reason = input.reason?.trim() || null;
  if (input.status === FORM_STATUS.REJECTED && !reason) return new DomainError(DOCUMENT_MESSAGES.rejectReason, 400, { reason: DOCUMENT_MESSAGES.rejectReason });
  if (!formActions(state.status).review) return new DomainError(`Only a completed form can be reviewed; this one is ${statusName(state.status).toLowerCase()}`, 409);
  return [{ type: 'UnitFormReviewed', data: { form_id: state.form_id, status: input.status, reason: input.status === FORM_STATUS.REJECTED ? reason : null, reviewed_by: input.reviewed_by } }];
}
