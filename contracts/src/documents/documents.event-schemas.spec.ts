import type { ComplianceDocumentEvent, DocumentFile, UnitFormEvent } from './documents.events';
import { COMPLIANCE_DOCUMENT_EVENT_SCHEMAS, UNIT_FORM_EVENT_SCHEMAS } from './documents.event-schemas';

type DocumentDataOf<Type extends ComplianceDocumentEvent['type']> = Extract<ComplianceDocumentEvent, { type: Type }>['data'];
type FormDataOf<Type extends UnitFormEvent['type']> = Extract<UnitFormEvent, { type: Type }>['data'];

const DOCUMENT_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6';
const USER_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c8';
const FORM_ID = '6a1f0c3e-2d4b-5e6f-8a7b-9c0d1e2f3a4b';
const file: DocumentFile = { key: 'signed-documents/0190f1a2-3b4c-7d5e-8f60-718293a4b5c7.pdf', content_type: 'application/pdf', size: 48213, sha256: 'cd'.repeat(32) };

describe('COMPLIANCE_DOCUMENT_EVENT_SCHEMAS', () => {
  it('takes a document published to a retailer\u2019s agents, and one for everyone', () => {
    const data: DocumentDataOf<'ComplianceDocumentPublished'> = {
      document_id: DOCUMENT_ID,
      name: 'Code of conduct',
      file,
      audience: { agents: true, managers: false, office_ids: [], ibo_marketer_ids: [] },
      retailer_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c3',
      published_by: USER_ID,
    };
    expect(COMPLIANCE_DOCUMENT_EVENT_SCHEMAS.ComplianceDocumentPublished.safeParse(data).success).toBe(true);
    expect(COMPLIANCE_DOCUMENT_EVENT_SCHEMAS.ComplianceDocumentPublished.safeParse({ ...data, retailer_id: null }).success).toBe(true);
  });

  it('takes a signature with its signer, and refuses one without its signed date', () => {
    const data: DocumentDataOf<'DocumentSigned'> = {
      assignment_id: '5b2c1d0e-9f8a-5b7c-9d6e-5f4a3b2c1d0e',
      document_id: DOCUMENT_ID,
      document_name: 'Code of conduct',
      signer: { user_id: USER_ID, name: 'Ava Garcia', role_name: 'Agent', office_name: 'Dallas Office' },
      file,
      original_sha256: 'ef'.repeat(32),
      consent_text: 'I have read and understood the terms and conditions',
      consent_sha256: '01'.repeat(32),
      signed_at: '2026-03-02T15:04:05.000Z',
      signed_date: '2026-03-02',
      ip: '203.0.113.10',
      user_agent: null,
    };
    expect(COMPLIANCE_DOCUMENT_EVENT_SCHEMAS.DocumentSigned.safeParse(data).success).toBe(true);
    const { signed_date: _date, ...withoutDate } = data;
    expect(COMPLIANCE_DOCUMENT_EVENT_SCHEMAS.DocumentSigned.safeParse(withoutDate).success).toBe(false);
  });
});

describe('UNIT_FORM_EVENT_SCHEMAS', () => {
  it('takes a form sent to an office, and refuses another kind of unit', () => {
    const data: FormDataOf<'UnitFormSent'> = { form_id: FORM_ID, unit_kind: 'office', unit_id: DOCUMENT_ID, template_name: 'Market and Office Compliance Form', sent_by: USER_ID };
    expect(UNIT_FORM_EVENT_SCHEMAS.UnitFormSent.safeParse(data).success).toBe(true);
    expect(UNIT_FORM_EVENT_SCHEMAS.UnitFormSent.safeParse({ ...data, unit_kind: 'retailer' }).success).toBe(false);
  });

  it('takes a review with the spec\u2019s codes 3 and 4 only', () => {
    const rejected: FormDataOf<'UnitFormReviewed'> = { form_id: FORM_ID, status: 3, reason: 'The Tax ID does not match', reviewed_by: USER_ID };
    expect(UNIT_FORM_EVENT_SCHEMAS.UnitFormReviewed.safeParse(rejected).success).toBe(true);
    expect(UNIT_FORM_EVENT_SCHEMAS.UnitFormReviewed.safeParse({ ...rejected, status: 4, reason: null }).success).toBe(true);
    expect(UNIT_FORM_EVENT_SCHEMAS.UnitFormReviewed.safeParse({ ...rejected, status: 2 }).success).toBe(false);
  });
});
