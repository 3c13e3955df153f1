import { COMPLIANCE_STATUS } from '@portal/contracts/documents/documents.codes';
import type { ComplianceDocumentRow } from '@portal/contracts/documents/documents.views';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiFailure, route } from '../../app/api-client';
import { formatDate } from '../../app/report/date-rules';

/** The compliance documents' calls (doc 2 §7 Compliance and messages; the publishing ones are ours). */
export const complianceRoutes = {
  list: route('GET', '/api/v1/manager/get_documents'),
  save: route('POST', '/api/v1/manager/save_document_data'),
  published: route('GET', '/api/v1/compliance_documents'),
  publish: route('POST', '/api/v1/compliance_documents'),
  verify: route('POST', '/api/v1/documents/verify'),
  offices: route('GET', '/api/v1/reference/offices'),
  iboMarkets: route('GET', '/api/v1/reference/ibo_marketers'),
} as const;

/** POST save_document_data's answer: the notice and the signed copy (a signed link). */
export interface SaveDocumentAnswer {
  readonly message: string;
  readonly signed_document_url: string;
}

/** POST compliance_documents' answer (201). */
export interface PublishDocumentAnswer {
  readonly message: string;
  readonly id: string;
}

/** Whether a row is signed already: then only its signed copy is shown. */
export const isCompleted = (row: Pick<ComplianceDocumentRow, 'status'>) => row.status === COMPLIANCE_STATUS.COMPLETED;

/**
 * The signing call's multipart body (doc 2 §7 "Signing"): agent_document_mapping_id, consent 1,
 * signed_date as MM-DD-YYYY (the signer's today), and the drawing as `signature.png`.
 */
export function signatureBody(assignmentId: string, signature: Blob, today: Dayjs = dayjs()): FormData {
  const body = new FormData();
  body.append('agent_document_mapping_id', assignmentId);
  body.append('consent', '1');
  body.append('signed_date', formatDate(today));
  body.append('signature_image', signature, 'signature.png');
  return body;
}

/** A refusal's per-field messages (a 400's `fields`); empty for any other failure. */
export function refusedFields(failure: unknown): Readonly<Record<string, string>> {
  return failure instanceof ApiFailure && failure.status === 400 ? (failure.body.fields ?? {}) : {};
}

/** A chosen file is a PDF: by its MIME type, or by its name when the browser gives none. */
export const isPdf = (file: { name: string; type?: string }) => (file.type ? file.type === 'application/pdf' : /\.pdf$/i.test(file.name));
