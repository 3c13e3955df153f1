import type { Page } from '../platform/page';
import type { FormStatus, UnitKind } from './documents.codes';

/** One compliance document of the caller (doc 2 §3 "Compliance document"), a row of the grid of 10. */
export interface ComplianceDocumentRow {
  /** The signer's copy: the spec's `agent_document_mapping_id`. */
  readonly id: string;
  readonly document_name: string;
  /** 1 pending, 2 completed (contracts' COMPLIANCE_STATUS). */
  readonly status: number;
  readonly status_text: string;
  /** When it was published, ISO 8601 UTC. */
  readonly created_date: string;
  readonly signed_at: string | null;
  /** The original as the signer reads it: a signed, expiring link. */
  readonly document_url: string;
  /** The signed copy once completed (status 2), else null. */
  readonly signed_document_url: string | null;
}

/** GET /api/v1/manager/get_documents. */
export interface ComplianceListAnswer {
  readonly items: Page<ComplianceDocumentRow>;
}

/** One published document, for its publisher (ours): how many of its audience signed. */
export interface PublishedDocumentRow {
  readonly id: string;
  readonly document_name: string;
  readonly audience_text: string;
  readonly audience_size: number;
  readonly signed: number;
  readonly retailer_name: string | null;
  readonly published_by_name: string;
  readonly created_at: string;
  readonly document_url: string;
}

/** POST /api/v1/documents/verify: is this file a signed document of ours, whose, when, and unaltered. */
export interface VerifyAnswer {
  readonly valid: boolean;
  readonly message: string;
  readonly sha256: string;
  /** Present when valid. */
  readonly record?: {
    readonly kind: 'compliance_document' | 'unit_form' | 'candidate_consent';
    readonly document_name: string;
    readonly signer_name: string;
    readonly signer_role: string | null;
    readonly office_name: string | null;
    readonly signed_at: string;
    readonly original_sha256: string | null;
  };
}

/** One form of the Manager documents list (doc 3 §3 "Manager document"). */
export interface ManagerDocumentItem {
  readonly form_id: string;
  readonly form_name: string;
  readonly unit_kind: UnitKind;
  readonly unit_name: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly status: FormStatus;
  readonly status_text: string;
  /** A rejected form's reason (doc 3 §4). */
  readonly reason: string | null;
  /** `/form/{form_id}/{token}` while it can be filled (in progress or rejected) and the caller is the one to fill it; else null. */
  readonly fill_url: string | null;
  /** Whether a filled copy can be downloaded (accepted, completed or rejected with a copy). */
  readonly download: boolean;
}

/** GET /api/v1/get_document_list/{user_id} (doc 3 §3: items, status and reason: the newest form's). */
export interface ManagerDocumentList {
  readonly items: readonly ManagerDocumentItem[];
  readonly status: FormStatus | null;
  readonly reason: string | null;
}

/** GET /api/v1/get_document/{user_id}: the filled copy's signed link. */
export interface DocumentUrlAnswer {
  readonly url: string;
}

/** One field of a unit form, read from the template's AcroForm. */
export interface UnitFormField {
  readonly name: string;
  readonly kind: 'text' | 'checkbox';
  readonly required: boolean;
  readonly multiline: boolean;
}

/** GET /api/v1/forms/{form_id}/{token}: what the form page shows. */
export interface UnitFormPage {
  readonly form_id: string;
  readonly form_name: string;
  readonly unit_kind: UnitKind;
  readonly unit_name: string;
  readonly status: FormStatus;
  readonly status_text: string;
  readonly reason: string | null;
  readonly can_fill: boolean;
  readonly signer_name: string;
  readonly fields: readonly UnitFormField[];
  /** The blank template (a signed link). */
  readonly template_url: string;
}

