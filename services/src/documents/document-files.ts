import { getBusinessTimeZone } from '@portal/projections';
import type { DocumentFileKind } from '@portal/contracts';
import { PDFDocument } from 'pdf-lib';
import { v5 as uuidv5 } from 'uuid';
import { DomainError } from '../platform/commands/command-errors';
import { type SignatureCheck, checkLinkSignature, linkSignature } from '../platform/http/signed-links';
import type { PendingUpload, UploadStorage } from '../platform/storage/uploads';

/**
 * The documents capability's files and links (docs/DOCUMENTS.md): a published PDF is recognised by
 * its bytes and must open before anything is kept; every file is opened through a signed, expiring
 * link (a new tab and pdf.js send no bearer token); a form's fill link carries its own token.
 */

/** The namespace of signer's copies' ids: the same document and person always give the same id. */
const ASSIGNMENT_NAMESPACE = '5b0d7a3e-2f61-4c1b-9d0e-6a7c3f1e8b42';

/** A person's copy of a compliance document (the spec's `agent_document_mapping_id`): UUID v5 of the document and the person. */
export const documentAssignmentId = (documentId: string, userId: string) => uuidv5(`${documentId}:${userId}`, ASSIGNMENT_NAMESPACE);

export const COMPLIANCE_DOCUMENT_MAX_BYTES = 20_000_000;

/** A PDF upload, checked before any command runs: present, at most 20 MB, a PDF by its bytes that opens. */
export async function pendingPdf(uploads: UploadStorage, area: 'compliance-documents', bytes: Buffer | undefined, message: string): Promise<PendingUpload> {
  if (!bytes || bytes.length === 0) throw new DomainError(message, 400, { file: message });
  if (bytes.length > COMPLIANCE_DOCUMENT_MAX_BYTES) {
    const tooLarge = `The file must be at most ${COMPLIANCE_DOCUMENT_MAX_BYTES / 1_000_000} MB`;
    throw new DomainError(tooLarge, 413, { file: tooLarge });
  }
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new DomainError(message, 400, { file: message });
  try {
    // Signing stamps onto this very file later: one that does not open (or is encrypted) is refused now.
    await PDFDocument.load(bytes);
  } catch {
    const unreadable = 'That PDF cannot be opened (damaged or password-protected). Please upload another.';
    throw new DomainError(unreadable, 400, { file: unreadable });
  }
  return uploads.pending(area, { bytes, contentType: 'application/pdf', extension: 'pdf' });
}

const LINK_TTL_MS = 12 * 60 * 60 * 1000;
const linkPurpose = (kind: DocumentFileKind) => `document-file-${kind}`;

/** A signed path to a document's PDF: `id` a document id (original), a copy's id (signed) or a form id (form, filled). */
export function signedDocumentFilePath(secret: Uint8Array, kind: DocumentFileKind, id: string, expires = Math.floor((Date.now() + LINK_TTL_MS) / 1000)): string {
  return `/api/v1/documents/files/${kind}/${encodeURIComponent(id)}?expires=${expires}&signature=${linkSignature(secret, linkPurpose(kind), [id], expires)}`;
}

export function checkDocumentFileSignature(secret: Uint8Array, kind: DocumentFileKind, id: string, expires: number, signature: string): SignatureCheck {
  return checkLinkSignature(secret, linkPurpose(kind), [id], expires, signature);
}

/** How long a fill link works (the Manager documents list makes a fresh one each time it is read). */
const FILL_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const FILL_PURPOSE = 'unit-form-fill';

/** `/form/{form_id}/{token}` (doc 3 §4): the token names the manager it was made for, its expiry and the signature over both and the form. */
export function fillFormPath(secret: Uint8Array, formId: string, userId: string, now = Date.now()): string {
  const expires = Math.floor((now + FILL_LINK_TTL_MS) / 1000);
  return `/form/${encodeURIComponent(formId)}/${userId}.${expires}.${linkSignature(secret, FILL_PURPOSE, [formId, userId], expires)}`;
}

/** The manager a fill token was made for, when it is good for this form; otherwise why not. */
export function readFillToken(secret: Uint8Array, formId: string, token: string, now = Date.now()): { readonly user_id: string } | SignatureCheck {
  const [userId, expires, signature, ...rest] = token.split('.');
  if (!userId || !expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const check = checkLinkSignature(secret, FILL_PURPOSE, [formId, userId], Number(expires), signature, now);
  return check === 'valid' ? { user_id: userId } : check;
}

/** An instant as the business reads it, for the certificate ('11-26-2026 10:00 AM CST'). */
export function businessTimeText(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: getBusinessTimeZone(), year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true, timeZoneName: 'short' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}-${part('day')}-${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}
