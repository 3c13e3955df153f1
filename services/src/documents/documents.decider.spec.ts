import { COMPLIANCE_STATUS, type ComplianceDocumentEvent, DOCUMENT_MESSAGES, FORM_STATUS, type UnitFormEvent, canSendDocument, formActions } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type SignInput, decideSignDocument, evolveAssignment, initialAssignmentState } from './document-assignment.decider';
import { decideFillForm, decideReviewForm, decideSendForm, evolveUnitForm, initialUnitFormState } from './unit-form.decider';

const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, message: decision.message, fields: decision.fields } : decision);
const file = { key: 'document-files/0190a1b2-0000-7000-8000-000000000001.pdf', content_type: 'application/pdf', size: 10, sha256: 'a'.repeat(64) };

describe('compliance documents', () => {
  const assigned = evolveAssignment(initialAssignmentState, { type: 'DocumentAssigned', data: { assignment_id: 'm-1', document_id: 'd-1', user_id: 'u-agent' } });
  const sign = (change: Partial<SignInput> = {}): SignInput => ({
    signer: { user_id: 'u-agent', name: 'Ann Agent', role_name: 'Agent', office_name: 'Dallas Office' },
    consent: true, signature: true, file, original_sha256: 'b'.repeat(64), consent_sha256: 'c'.repeat(64),
    signed_at: '2026-11-26T16:00:00.000Z', signed_date: '2026-11-26', ip: '203.0.113.1', user_agent: 'Phone', ...change,
  });

  it('is pending once assigned, and its signer signs it once with the consent and a signature', () => {
    expect(assigned.status).toBe(COMPLIANCE_STATUS.PENDING);
    const signed = decideSignDocument(assigned, sign()) as ComplianceDocumentEvent[];
    expect(signed).toMatchObject([{ type: 'DocumentSigned', data: { assignment_id: 'm-1', document_id: 'd-1', consent_text: DOCUMENT_MESSAGES.consent, file } }]);
    const done = signed.reduce(evolveAssignment, assigned);
    expect(done.status).toBe(COMPLIANCE_STATUS.COMPLETED);
    expect(refusal(decideSignDocument(done, sign()))).toMatchObject({ status: 409 });
  });

  it('refuses a save without the consent or the signature, naming both; someone else reads it as missing', () => {
    expect(refusal(decideSignDocument(assigned, sign({ consent: false, signature: false })))).toMatchObject({
      status: 400, fields: { consent: DOCUMENT_MESSAGES.consentRequired, signature_image: DOCUMENT_MESSAGES.signatureRequired },
    });
    expect(refusal(decideSignDocument(assigned, sign({ signer: { user_id: 'u-other', name: 'X', role_name: 'Agent', office_name: null } })))).toMatchObject({ status: 404 });
    expect(refusal(decideSignDocument(initialAssignmentState, sign()))).toMatchObject({ status: 404 });
  });
});

describe('forms sent for review', () => {
  const sent = (decideSendForm([{ kind: 'office', id: 'o-1', name: 'Dallas Office', formStatus: null }], { formIdOf: () => 'f-1', template_name: 'W-9', sent_by: 'u-rm' }) as UnitFormEvent[]).reduce(evolveUnitForm, initialUnitFormState);
  const filled = (decideFillForm(sent, { filled_by: 'u-om', file }) as UnitFormEvent[]).reduce(evolveUnitForm, sent);

  it('is sent only to units with no form yet (doc 3 §4), and at least one', () => {
    expect(canSendDocument(null)).toBe(true);
    expect(canSendDocument(FORM_STATUS.ACCEPTED)).toBe(false);
    expect(refusal(decideSendForm([{ kind: 'office', id: 'o-2', name: 'Houston Office', formStatus: 1 }], { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toMatchObject({ status: 409, message: expect.stringContaining('Houston Office') });
    expect(refusal(decideSendForm([], { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toMatchObject({ status: 400 });
    expect(sent.status).toBe(FORM_STATUS.IN_PROGRESS);
  });

  it('is filled only while in progress or rejected, reviewed only once completed; a rejection needs its reason and can be filled again', () => {
    expect(formActions(FORM_STATUS.IN_PROGRESS)).toEqual({ fill: true, download: false, review: false });
    expect(formActions(FORM_STATUS.ACCEPTED)).toEqual({ fill: false, download: true, review: false });
    expect(filled.status).toBe(FORM_STATUS.COMPLETED);
    expect(refusal(decideFillForm(filled, { filled_by: 'u-om', file }))).toMatchObject({ status: 409 });
    expect(refusal(decideReviewForm(sent, { status: 4, reason: undefined, reviewed_by: 'u-rm' }))).toMatchObject({ status: 409 });
    expect(refusal(decideReviewForm(filled, { status: undefined, reason: undefined, reviewed_by: 'u-rm' }))).toMatchObject({ status: 400, message: 'Please input is accept!' });
    expect(refusal(decideReviewForm(filled, { status: 3, reason: '  ', reviewed_by: 'u-rm' }))).toMatchObject({ status: 400, fields: { reason: 'Enter reason for rejecting' } });
    const rejected = (decideReviewForm(filled, { status: 3, reason: 'Page 2 unsigned', reviewed_by: 'u-rm' }) as UnitFormEvent[]).reduce(evolveUnitForm, filled);
    expect(rejected.status).toBe(FORM_STATUS.REJECTED);
    const refilled = (decideFillForm(rejected, { filled_by: 'u-om', file }) as UnitFormEvent[]).reduce(evolveUnitForm, rejected);
    expect(decideReviewForm(refilled, { status: 4, reason: 'ignored', reviewed_by: 'u-rm' })).toEqual([{ type: 'UnitFormReviewed', data: { form_id: 'f-1', status: 4, reason: null, reviewed_by: 'u-rm' } }]);
  });
});
