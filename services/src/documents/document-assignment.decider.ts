import { COMPLIANCE_STATUS, type ComplianceDocumentEvent, DOCUMENT_MESSAGES, type DocumentFile, type DocumentSigner } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * One signer's compliance document (doc 2 §2, §5; the spec's `agent_document_mapping_id`), pure:
 * it is signed once, by the person it was assigned to, with the consent ticked and a signature
 * drawn (the spec leaves enforcement open; we enforce it). Someone else's reads as missing.
 */

export interface AssignmentState {
  readonly assignment_id: string;
  readonly document_id: string;
  readonly user_id: string | null;
  readonly status: number | null;
}

export const initialAssignmentState: AssignmentState = { assignment_id: '', document_id: '', user_id: null, status: null };

export function evolveAssignment(state: AssignmentState, event: ComplianceDocumentEvent): AssignmentState {
  switch (event.type) {
    case 'DocumentAssigned':
      return { assignment_id: event.data.assignment_id, document_id: event.data.document_id, user_id: event.data.user_id, status: COMPLIANCE_STATUS.PENDING };
    case 'DocumentSigned':
      return { ...state, status: COMPLIANCE_STATUS.COMPLETED };
    default:
      return state;
  }
}

export interface SignInput {
  readonly signer: DocumentSigner;
  readonly consent: boolean;
  /** The drawn signature was received as a PNG (checked by its bytes before the command). */
  readonly signature: boolean;
  readonly file: DocumentFile;
  readonly original_sha256: string;
  readonly consent_sha256: string;
  readonly signed_at: string;
  readonly signed_date: string;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

export function decideSignDocument(state: AssignmentState, input: SignInput): ComplianceDocumentEvent[] | DomainError {
  if (state.user_id === null || state.user_id !== input.signer.user_id) return new DomainError('That document was not found.', 404);
  if (state.status === COMPLIANCE_STATUS.COMPLETED) return new DomainError('This document is already signed.', 409);
  const fields: Record<string, string> = {};
  if (!input.consent) fields.consent = DOCUMENT_MESSAGES.consentRequired;
  if (!input.signature) fields.signature_image = DOCUMENT_MESSAGES.signatureRequired;
  if (Object.keys(fields).length > 0) return new DomainError(Object.values(fields)[0]!, 400, fields);
  return [
    {
      type: 'DocumentSigned',
      data: {
        assignment_id: state.assignment_id,
        document_id: state.document_id,
        signer: input.signer,
        file: input.file,
        original_sha256: input.original_sha256,
        consent_text: DOCUMENT_MESSAGES.consent,
        consent_sha256: input.consent_sha256,
        signed_at: input.signed_at,
        signed_date: input.signed_date,
        ip: input.ip,
        user_agent: input.user_agent,
      },
    },
  ];
}
