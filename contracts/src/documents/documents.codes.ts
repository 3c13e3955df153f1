import type { CandidateConsentDocument } from '../onboarding/onboarding.events';
import { ROLE, type RoleId } from '../platform/roles';

/**
 * The documents capability's codes (doc 2 §2 Compliance Document; doc 3 §3 Manager document,
 * §4 manager document statuses and document review). Names as the spec writes them; the form
 * status numbers 1 and 2 are ours (doc 3 §4 gives only "in progress" and "completed"), 3 and 4 the
 * spec's review codes (Reject 3, Accept 4).
 */

/** A compliance document of one signer (doc 2 §2: "status Pending 1 / Completed 2"). */
export const COMPLIANCE_STATUS = { PENDING: 1, COMPLETED: 2 } as const;
export const complianceStatuses = [
  { id: COMPLIANCE_STATUS.PENDING, name: 'Pending' },
  { id: COMPLIANCE_STATUS.COMPLETED, name: 'Completed' },
] as const;

/** A form sent to an IBO/market or an office for review (doc 3 §4); `form_status` null: never sent. */
export const FORM_STATUS = { IN_PROGRESS: 1, COMPLETED: 2, REJECTED: 3, ACCEPTED: 4 } as const;
export type FormStatus = (typeof FORM_STATUS)[keyof typeof FORM_STATUS];
export const formStatuses = [
  { id: FORM_STATUS.IN_PROGRESS, name: 'In Progress' },
  { id: FORM_STATUS.COMPLETED, name: 'Completed' },
  { id: FORM_STATUS.REJECTED, name: 'Rejected' },
  { id: FORM_STATUS.ACCEPTED, name: 'Accepted' },
] as const;

/** Doc 3 §4: fill form only while in progress or rejected; download only once accepted, completed or rejected. */
export const formActions = (status: FormStatus) => ({
  fill: status === FORM_STATUS.IN_PROGRESS || status === FORM_STATUS.REJECTED,
  download: status === FORM_STATUS.ACCEPTED || status === FORM_STATUS.COMPLETED || status === FORM_STATUS.REJECTED,
  review: status === FORM_STATUS.COMPLETED,
});

/** Doc 3 §4: only rows with no form_status can be selected for Send Document. */
export const canSendDocument = (formStatus: number | null) => formStatus === null;

/** The units a form is sent to (doc 3 §7 senddocument `type`). */
export const UNIT_KINDS = ['ibo_marketer', 'office'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

/** The form Send Document sends (ours: the spec names none): a PDF of our own with AcroForm fields, made by the project. */
export const UNIT_FORM_NAME = 'Market and Office Compliance Form';

/** A candidate's signed consent as Verify names it: the title its certificate prints (onboarding's consent forms). */
export const SIGNED_CANDIDATE_CONSENT_NAMES: Readonly<Record<CandidateConsentDocument, string>> = {
  bgc_consent: 'Background Check Consent',
  agent_agreement: 'Retailer Agent Agreement',
};

/** Who publishes compliance documents: the super role and retailer managers. */
export const DOCUMENT_PUBLISHER_ROLES: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER];

export const complianceStatusName = (status: number) => complianceStatuses.find((item) => item.id === status)?.name ?? 'Pending';
export const formStatusName = (status: number | null) => formStatuses.find((item) => item.id === status)?.name ?? 'Not sent';

/** The spec's words (doc 2 §2, §5; doc 3 §5, §8). */
export const DOCUMENT_MESSAGES = {
  consent: 'I have read and understood the terms and conditions',
  consentRequired: 'Please tick that you have read and understood the terms and conditions',
  signatureRequired: 'Please draw your signature',
  reviewChoice: 'Please input is accept!',
  rejectReason: 'Enter reason for rejecting',
  sent: 'Document sent successfully',
  formUpdated: 'Form updated successfully',
  name: 'Please input document name',
  file: 'Please upload the document as a PDF',
  audienceRoles: 'Choose agents, managers or both',
  published: 'Document published',
  signed: 'Document signed successfully',
  lastPage: 'Please read the document to its last page',
} as const;
