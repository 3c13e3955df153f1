import { type ComplianceDocumentEvent, DOCUMENT_MESSAGES, FORM_STATUS, type UnitFormEvent, type UnitFormField, canSendDocument, formActions } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type SignInput, decidePublishDocument, decideSignDocument, evolveAssignment, initialAssignmentState } from './document-assignment.decider';
import { type FillInput, decideFillForm, decideReviewForm, decideSendForm, evolveUnitForm, formValueProblems, initialUnitFormState } from './unit-form.decider';

const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, message: decision.message, fields: decision.fields } : decision);
const file = { key: 'document-files/0190a1b2-0000-7000-8000-000000000001.pdf', content_type: 'application/pdf', size: 10, sha256: 'a'.repeat(64) };

describe('compliance documents', () => {
  const mine = { document: { document_id: 'd-1', name: 'Code of Conduct' } };
  const sign = (change: Partial<SignInput> = {}): SignInput => ({
    assignment_id: 'm-1',
    signer: { user_id: 'u-agent', name: 'Ann Agent', role_name: 'Agent', office_name: 'Dallas Office' },
    consent: true, signature: true, file, original_sha256: 'b'.repeat(64), consent_sha256: 'c'.repeat(64),
    signed_at: '2026-11-26T16:00:00.000Z', signed_date: '2026-11-26', ip: '203.0.113.1', user_agent: 'Phone', ...change,
  });

  it('publishes to agents and/or managers of the places in scope; neither, or a place outside the scope, is refused', () => {
    const input = { document_id: 'd-1', name: 'Code of Conduct', file, agents: true, managers: false, office_ids: ['o-1'], ibo_marketer_ids: [], published_by: 'u-rm' };
    expect(decidePublishDocument(input, { retailer_id: 'r-1', unknown_office_ids: [], unknown_ibo_marketer_ids: [] })).toMatchObject([
      { type: 'ComplianceDocumentPublished', data: { document_id: 'd-1', retailer_id: 'r-1', audience: { agents: true, managers: false, office_ids: ['o-1'] } } },
    ]);
    expect(refusal(decidePublishDocument({ ...input, agents: false }, { retailer_id: null, unknown_office_ids: [], unknown_ibo_marketer_ids: [] }))).toMatchObject({ status: 400, fields: { agents: DOCUMENT_MESSAGES.audienceRoles } });
    expect(refusal(decidePublishDocument(input, { retailer_id: 'r-1', unknown_office_ids: ['o-9'], unknown_ibo_marketer_ids: [] }))).toMatchObject({ status: 400, fields: { office_ids: 'No such office' } });
  });

  it('is signed once, by a person it is for, with the consent and a signature', () => {
    const signed = decideSignDocument(initialAssignmentState, mine, sign()) as ComplianceDocumentEvent[];
    expect(signed).toMatchObject([{ type: 'DocumentSigned', data: { assignment_id: 'm-1', document_id: 'd-1', document_name: 'Code of Conduct', consent_text: DOCUMENT_MESSAGES.consent, file } }]);
    const done = signed.reduce(evolveAssignment, initialAssignmentState);
    expect(done.signed).toBe(true);
    expect(refusal(decideSignDocument(done, mine, sign()))).toMatchObject({ status: 409 });
  });

  it('refuses a save without the consent or the signature, naming both; a document that is not theirs reads as missing', () => {
    expect(refusal(decideSignDocument(initialAssignmentState, mine, sign({ consent: false, signature: false })))).toMatchObject({
      status: 400, fields: { consent: DOCUMENT_MESSAGES.consentRequired, signature_image: DOCUMENT_MESSAGES.signatureRequired },
    });
    expect(refusal(decideSignDocument(initialAssignmentState, mine, sign({ signature: false })))).toMatchObject({ status: 400, fields: { signature_image: DOCUMENT_MESSAGES.signatureRequired } });
    expect(refusal(decideSignDocument(initialAssignmentState, { document: undefined }, sign()))).toMatchObject({ status: 404 });
  });
});

describe('forms sent for review', () => {
  const fields: UnitFormField[] = [
    { name: 'Legal business name', kind: 'text', required: true, multiline: false },
    { name: 'Notes', kind: 'text', required: false, multiline: true },
    { name: 'I confirm', kind: 'checkbox', required: true, multiline: false },
  ];
  const values = { 'Legal business name': 'Dallas Wireless LLC', 'I confirm': true };
  const fill = (change: Partial<FillInput> = {}): FillInput => ({
    fields, values, signature: true, filled_by: 'u-om', file, original_sha256: 'b'.repeat(64), signed_at: '2026-11-26T16:00:00.000Z', ip: null, user_agent: null, ...change,
  });
  const sent = (decideSendForm([{ kind: 'office', id: 'o-1', name: 'Dallas Office', active: true, formStatus: null }], { formIdOf: () => 'f-1', template_name: 'W-9', sent_by: 'u-rm' }) as UnitFormEvent[]).reduce(evolveUnitForm, initialUnitFormState);
  const filled = (decideFillForm(sent, fill()) as UnitFormEvent[]).reduce(evolveUnitForm, sent);

  it('is sent only to units with no form yet (doc 3 §4), and at least one', () => {
    expect(canSendDocument(null)).toBe(true);
    expect(canSendDocument(FORM_STATUS.ACCEPTED)).toBe(false);
    expect(refusal(decideSendForm([{ kind: 'office', id: 'o-2', name: 'Houston Office', active: true, formStatus: 1 }], { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toMatchObject({ status: 409, message: expect.stringContaining('Houston Office') });
    expect(refusal(decideSendForm([], { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toMatchObject({ status: 400 });
    expect(sent.status).toBe(FORM_STATUS.IN_PROGRESS);
  });

  it('is not sent to an inactive unit: refused in words, naming it, and nothing is sent to the others either', () => {
    const units = [
      { kind: 'office' as const, id: 'o-1', name: 'Dallas Office', active: true, formStatus: null },
      { kind: 'office' as const, id: 'o-3', name: 'Tulsa Office', active: false, formStatus: null },
    ];
    expect(refusal(decideSendForm(units, { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toEqual({
      status: 409, message: 'Tulsa Office is inactive: activate it before sending a document', fields: { ids: 'Tulsa Office is inactive: activate it before sending a document' },
    });
    expect(refusal(decideSendForm([{ ...units[1]!, kind: 'ibo_marketer', name: 'North Market' }, { ...units[1]!, name: 'Tulsa Office' }], { formIdOf: () => 'f', template_name: 'W-9', sent_by: 'u' }))).toMatchObject({
      status: 409, message: 'North Market, Tulsa Office are inactive: activate them before sending a document',
    });
  });

  it('is filled with every required field and a signature; unknown fields and wrong kinds are named', () => {
    expect(formValueProblems(fields, values)).toEqual({});
    expect(formValueProblems(fields, { 'Legal business name': '  ', Extra: 'x', 'I confirm': 'yes' })).toEqual({
      'Legal business name': 'Please input Legal business name', Extra: 'This form has no such field', 'I confirm': 'I confirm is ticked or not (true or false)',
    });
    expect(refusal(decideFillForm(sent, fill({ values: {}, signature: false })))).toMatchObject({
      status: 400, fields: { 'Legal business name': 'Please input Legal business name', 'I confirm': 'Please tick I confirm', signature_image: DOCUMENT_MESSAGES.signatureRequired },
    });
    // A prototype name is no field of the form.
    expect(formValueProblems(fields, JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>)).toMatchObject({ constructor: 'This form has no such field' });
  });

  it('is filled only while in progress or rejected, reviewed only once completed; a rejection needs its reason and can be filled again', () => {
    expect(formActions(FORM_STATUS.IN_PROGRESS)).toEqual({ fill: true, download: false, review: false });
    expect(formActions(FORM_STATUS.ACCEPTED)).toEqual({ fill: false, download: true, review: false });
    expect(filled.status).toBe(FORM_STATUS.COMPLETED);
    expect(refusal(decideFillForm(filled, fill()))).toMatchObject({ status: 409 });
    expect(refusal(decideReviewForm(sent, { status: 4, reason: undefined, reviewed_by: 'u-rm' }))).toMatchObject({ status: 409 });
    expect(refusal(decideReviewForm(filled, { status: 4, reason: undefined, reviewed_by: 'u-om', own: true }))).toMatchObject({ status: 403 });
    expect(refusal(decideReviewForm(filled, { status: undefined, reason: undefined, reviewed_by: 'u-rm' }))).toMatchObject({ status: 400, message: 'Please input is accept!' });
    expect(refusal(decideReviewForm(filled, { status: 3, reason: '  ', reviewed_by: 'u-rm' }))).toMatchObject({ status: 400, fields: { reason: 'Enter reason for rejecting' } });
    const rejected = (decideReviewForm(filled, { status: 3, reason: 'Page 2 unsigned', reviewed_by: 'u-rm' }) as UnitFormEvent[]).reduce(evolveUnitForm, filled);
    expect(rejected.status).toBe(FORM_STATUS.REJECTED);
    const refilled = (decideFillForm(rejected, fill()) as UnitFormEvent[]).reduce(evolveUnitForm, rejected);
    expect(decideReviewForm(refilled, { status: 4, reason: 'ignored', reviewed_by: 'u-rm' })).toEqual([{ type: 'UnitFormReviewed', data: { form_id: 'f-1', status: 4, reason: null, reviewed_by: 'u-rm' } }]);
  });
});
