import { COMPLIANCE_STATUS } from '@portal/contracts/documents/documents.codes';
import type { ComplianceDocumentRow, PublishedDocumentRow, VerifyAnswer } from '@portal/contracts/documents/documents.views';
import type { PdfDocument } from './pdf-document';

/** The compliance screens' paths and fixtures. */

export const COMPLIANCE_LIST = '/api/v1/manager/get_documents';
export const SAVE_DOCUMENT = '/api/v1/manager/save_document_data';
export const PUBLISHED = '/api/v1/compliance_documents';
export const VERIFY = '/api/v1/documents/verify';
export const OFFICES = '/api/v1/reference/offices';
export const IBO_MARKETS = '/api/v1/reference/ibo_marketers';

export const complianceRow = (id: string, change: Partial<ComplianceDocumentRow> = {}): ComplianceDocumentRow => ({
  id,
  document_name: 'Code of Conduct 2025',
  status: COMPLIANCE_STATUS.PENDING,
  status_text: 'Pending',
  created_date: '2025-03-04T15:30:00.000Z',
  signed_at: null,
  document_url: `/api/v1/documents/files/original/${id}?expires=1&signature=s`,
  signed_document_url: null,
  ...change,
});

export const PENDING_ROW = complianceRow('as-1');
export const COMPLETED_ROW = complianceRow('as-2', {
  document_name: 'Privacy Notice',
  status: COMPLIANCE_STATUS.COMPLETED,
  status_text: 'Completed',
  signed_at: '2025-03-05T16:00:00.000Z',
  signed_document_url: '/api/v1/documents/files/signed/as-2?expires=1&signature=t',
});

export const publishedRow = (id: string, change: Partial<PublishedDocumentRow> = {}): PublishedDocumentRow => ({
  id,
  document_name: 'Code of Conduct 2025',
  audience_text: 'Agents and managers of Dallas Office',
  audience_size: 10,
  signed: 3,
  retailer_name: null,
  published_by_name: 'Rita Retail',
  created_at: '2025-03-04T15:30:00.000Z',
  document_url: `/api/v1/documents/files/original/${id}?expires=1&signature=s`,
  ...change,
});

export const VALID_ANSWER: VerifyAnswer = {
  valid: true,
  // As the server says it (business time); the card says it from the record instead.
  message: 'Signed by Alex Agent on 03-05-2025 10:00 AM CST; unchanged since it was signed.',
  sha256: 'a'.repeat(64),
  record: {
    kind: 'compliance_document',
    document_name: 'Code of Conduct 2025',
    signer_name: 'Alex Agent',
    signer_role: 'Agent',
    office_name: 'Dallas Office',
    signed_at: '2025-03-05T16:00:00.000Z',
    original_sha256: 'b'.repeat(64),
  },
};

export const INVALID_ANSWER: VerifyAnswer = { valid: false, message: 'This file is not a document signed here, or it was changed after signing.', sha256: 'c'.repeat(64) };

/** A PDF as the viewer sees it, without pdf.js: `pageCount` pages whose drawing is recorded in `drawn`. */
export function fakePdf(pageCount: number, drawn: number[] = []): PdfDocument {
  return {
    pageCount,
    renderPage: (pageNumber) => {
      drawn.push(pageNumber);
      return { done: Promise.resolve(), cancel: () => undefined };
    },
    close: () => undefined,
  };
}

/** A file as a user chooses it; `size` as said (jsdom would otherwise need the bytes). */
export function chosenFile(name: string, type: string, size = 1000): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
