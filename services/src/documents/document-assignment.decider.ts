import { type ComplianceDocumentEvent, DOCUMENT_MESSAGES, type DocumentFile, type DocumentSigner } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * Compliance documents (doc 2 §2, §5; docs/DOCUMENTS.md), pure. Publishing names the document and
 * its audience; one signer's copy (the spec's `agent_document_mapping_id`) is signed once, by a
 * person the document is for, with the consent ticked and a signature drawn (the spec leaves
 * enforcement open; we enforce it). A document that is not the caller's reads as missing.
 */

/** A signer's copy as its stream leaves it: signed or not. */
export interface AssignmentState {
  readonly signed: boolean;
}

export const initialAssignmentState: AssignmentState = { signed: false };

export function evolveAssignment(state: AssignmentState, event: ComplianceDocumentEvent): AssignmentState {
  return event.type === 'DocumentSigned' ? { signed: true } : state;
}

export interface PublishInput {
  readonly document_id: string;
  readonly name: string;
  readonly file: DocumentFile;
  readonly agents: boolean;
  readonly managers: boolean;
  readonly office_ids: readonly string[];
  readonly ibo_marketer_ids: readonly string[];
  readonly published_by: string;
}

export interface PublishFacts {
  /** The publisher's retailer; null for the super role (everyone). */
  readonly retailer_id: string | null;
  /** Offices and IBOs/markets named that the publisher's scope does not reach (they read as missing). */
  readonly unknown_office_ids: readonly string[];
  readonly unknown_ibo_marketer_ids: readonly string[];
}

export function decidePublishDocument(input: PublishInput, facts: PublishFacts): ComplianceDocumentEvent[] | DomainError {
  const fields: Record<string, string> = {};
  if (!input.agents && !input.managers) fields.agents = DOCUMENT_MESSAGES.audienceRoles;
  if (facts.unknown_office_ids.length > 0) fields.office_ids = 'No such office';
  if (facts.unknown_ibo_marketer_ids.length > 0) fields.ibo_marketer_ids = 'No such IBO/market';
  if (Object.keys(fields).length > 0) return new DomainError(Object.values(fields)[0]!, 400, fields);
  return [
    {
      type: 'ComplianceDocumentPublished',
      data: {
        document_id: input.document_id,
        name: input.name,
        file: input.file,
        audience: { agents: input.agents, managers: input.managers, office_ids: [...input.office_ids], ibo_marketer_ids: [...input.ibo_marketer_ids] },
        retailer_id: facts.retailer_id,
        published_by: input.published_by,
      },
    },
  ];
}

export interface SignInput {
  readonly assignment_id: string;
  readonly signer: DocumentSigner;
  readonly consent: boolean;
  /** The drawn signature was received as a PNG (recognised by its bytes before the command). */
  readonly signature: boolean;
  readonly file: DocumentFile;
  readonly original_sha256: string;
  readonly consent_sha256: string;
  readonly signed_at: string;
  readonly signed_date: string;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

/** The document the copy belongs to, when it is the signer's (pending for them now, or signed by them). */
export interface SignFacts {
  readonly document: { readonly document_id: string; readonly name: string } | undefined;
}

/** Why this signing is refused, if it is: checked before the signed PDF is made (nothing is rendered or stored for a refusal), and again by the decision. */
export function refuseSigning(state: AssignmentState, facts: SignFacts, request: { readonly consent: boolean; readonly signature: boolean }): DomainError | undefined {
  if (!facts.document) return new DomainError('That document was not found.', 404);
  if (state.signed) return new DomainError('This document is already signed.', 409);
  const fields: Record<string, string> = {};
  if (!request.consent) fields.consent = DOCUMENT_MESSAGES.consentRequired;
  if (!request.signature) fields.signature_image = DOCUMENT_MESSAGES.signatureRequired;
  return Object.keys(fields).length > 0 ? new DomainError(Object.values(fields)[0]!, 400, fields) : undefined;
}

export function decideSignDocument(state: AssignmentState, facts: SignFacts, input: SignInput): ComplianceDocumentEvent[] | DomainError {
  const refusal = refuseSigning(state, facts, input);
  if (refusal || !facts.document) return refusal ?? new DomainError('That document was not found.', 404);
  return [
    {
      type: 'DocumentSigned',
      data: {
        assignment_id: input.assignment_id,
        document_id: facts.document.document_id,
        document_name: facts.document.name,
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
