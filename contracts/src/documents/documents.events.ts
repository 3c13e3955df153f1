import type { FormStatus } from './documents.codes';

/**
 * Compliance documents and unit forms as events (doc 2 §2, §3; doc 3 §2-§4; docs/DOCUMENTS.md when
 * built). Streams:
 * - `compliance_document-<id>`: a published document template and its audience. Whoever is in the
 *   audience has it pending (a person who joins an office later too): the audience is matched when
 *   read, so nobody is missed and nothing is written per person until they sign;
 * - `document_assignment-<id>`: one signer's copy (the spec's `agent_document_mapping_id`, a UUID v5
 *   of the document and the person, `documentAssignmentId`): its one event is the signature, so
 *   appending it with `no_stream` is what makes a second signature impossible;
 * - `unit_form-<id>`: a form sent to an IBO/market or an office: sent, filled, reviewed (and filled again after a rejection).
 * Files are referenced by storage key and SHA-256, never embedded.
 */

export interface DocumentFile {
  readonly key: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
}

/** Who signed, as the certificate page prints them. */
export interface DocumentSigner {
  readonly user_id: string;
  readonly name: string;
  readonly role_name: string;
  readonly office_name: string | null;
}

export type ComplianceDocumentEvent =
  | {
      type: 'ComplianceDocumentPublished';
      data: {
        document_id: string;
        name: string;
        file: DocumentFile;
        /** Whom it is for: agents and/or managers, of these offices or IBO/markets, or of the whole retailer (none named). */
        audience: { readonly agents: boolean; readonly managers: boolean; readonly office_ids: readonly string[]; readonly ibo_marketer_ids: readonly string[] };
        /** The retailer whose people it is for; null: everyone (the super role's). */
        retailer_id: string | null;
        published_by: string;
      };
    }
  | {
      type: 'DocumentSigned';
      data: {
        assignment_id: string;
        document_id: string;
        document_name: string;
        signer: DocumentSigner;
        file: DocumentFile;
        original_sha256: string;
        consent_text: string;
        consent_sha256: string;
        signed_at: string;
        /** The date the signer gave (doc 2 §7 `signed_date`, MM-DD-YYYY on the wire), ISO here. */
        signed_date: string;
        ip: string | null;
        user_agent: string | null;
      };
    };

export type UnitFormEvent =
  | { type: 'UnitFormSent'; data: { form_id: string; unit_kind: 'ibo_marketer' | 'office'; unit_id: string; template_name: string; sent_by: string } }
  | { type: 'UnitFormFilled'; data: { form_id: string; filled_by: string; file: DocumentFile; original_sha256: string; signed_at: string; ip: string | null; user_agent: string | null } }
  | { type: 'UnitFormReviewed'; data: { form_id: string; status: Extract<FormStatus, 3 | 4>; reason: string | null; reviewed_by: string } };

export const complianceDocumentStream = (documentId: string) => `compliance_document-${documentId}`;
export const documentAssignmentStream = (assignmentId: string) => `document_assignment-${assignmentId}`;
export const unitFormStream = (formId: string) => `unit_form-${formId}`;
