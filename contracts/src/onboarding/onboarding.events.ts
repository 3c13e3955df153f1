import type { OnboardingStatusId } from './onboarding.codes';

/**
 * Candidates as events (doc 3 §3 candidate row, comment, log entry; §4 stages): one stream
 * `candidate-<id>` per candidate. Every stage change names who or what moved it, so the log drawer
 * (`candidate_onboarding_log`) is the stream read back. No secret is in an event: the invite
 * link's token only as its SHA-256, the SSN only masked (`***-**-1234`; the number itself is kept
 * encrypted outside the log).
 */

/** Who did it: a signed-in user, the candidate through their link, an upstream system, or the portal itself. */
export interface CandidateActor {
  readonly kind: 'user' | 'candidate' | 'integration' | 'system';
  /** The user's id, the integration client's id; null for the candidate and the system. */
  readonly id: string | null;
  readonly name: string;
}

/** A file of the candidate's kept by the one upload mechanism, by its storage key and digest. */
export interface CandidateFile {
  readonly key: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
}

/** The candidate's own details (doc 3 §3 candidate edit), as the profile or an edit leaves them. */
export interface CandidateProfile {
  readonly first_name: string;
  readonly middle_name: string | null;
  readonly last_name: string;
  readonly email: string;
  readonly mobile_number: string;
  readonly dob: string | null;
  readonly rad_id: string | null;
  readonly shirt_size: string | null;
  readonly street_address1: string | null;
  readonly street_address2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
}

export type CandidateEvent =
  | {
      type: 'CandidateInvited';
      data: {
        candidate_id: string;
        /** contracts' onboardingSources: 1 a manager's invite (the only source). */
        source: 1;
        office_id: string;
        ibo_marketer_id: string;
        retailer_id: string;
        role_id: number;
        first_name: string;
        middle_name: string | null;
        last_name: string;
        email: string;
        mobile_number: string;
        will_add_enrollments: 0 | 1;
        /** 0 e-mail, 1 phone (SMS), 2 both. */
        delivery_method: 0 | 1 | 2;
        by: CandidateActor;
        /** SHA-256 of the link's one-time token (base64url). */
        token_hash: string;
        /** ISO 8601: when the link stops working unless the profile is completed. */
        expires_at: string;
      };
    }
  /** A fresh link (Resend Invite, or a reminder at 1 or 2): the old token stops working; an expired invite is revived to 1. */
  | { type: 'CandidateInviteRenewed'; data: { candidate_id: string; token_hash: string; expires_at: string; by: CandidateActor; reason: 'resend' | 'email_reminder' | 'sms_reminder' } }
  | {
      type: 'CandidateStageChanged';
      data: {
        candidate_id: string;
        from: OnboardingStatusId;
        to: OnboardingStatusId;
        by: CandidateActor;
        note: string | null;
        /** A failed RAD ID link: which personal details did not match (contracts' radPiiIssueStatuses). */
        rad_pii_issue_ids?: number[];
        /** The ETC code, when the move brings it (to 13). */
        telgoo_id?: string;
        /** The RAD ID as linked upstream. */
        rad_id?: string;
        /** Training course results reported with the move (course_one … course_ten). */
        courses?: Record<string, string>;
        /** Recorded by hand by a person (a retailer manager or the super admin) while the upstream integration was down; `note` holds their reason. */
        by_hand?: true;
      };
    }
  /** The candidate saved (part of) their profile through their link: the fields given, the files uploaded, the SSN masked. */
  | {
      type: 'CandidateProfileSaved';
      data: {
        candidate_id: string;
        profile: Partial<CandidateProfile>;
        photo_copy?: CandidateFile;
        government_document?: CandidateFile;
        masked_ssn_number?: string;
        by: CandidateActor;
      };
    }
  /** The candidate e-signed one of the consents (the one signing mechanism: services/src/platform/signing). */
  | {
      type: 'CandidateDocumentSigned';
      data: {
        candidate_id: string;
        document: CandidateConsentDocument;
        file: CandidateFile;
        original_sha256: string;
        consent_text: string;
        consent_sha256: string;
        signed_at: string;
        ip: string | null;
        user_agent: string | null;
        by: CandidateActor;
      };
    }
  | { type: 'CandidateReminded'; data: { candidate_id: string; channel: 'email' | 'sms'; by: CandidateActor } }
  | { type: 'CandidateCustomEmailSent'; data: { candidate_id: string; onboarding_status: number; email_text: string; by: CandidateActor } }
  | { type: 'CandidateCommented'; data: { candidate_id: string; comment: string; by: CandidateActor } }
  | { type: 'CandidateDeleted'; data: { candidate_id: string; by: CandidateActor } }
  /** Onboarded: the user the candidate became (org events in the user's stream, appended with this). */
  | { type: 'CandidateBecameUser'; data: { candidate_id: string; user_id: string } };

/** The consents a candidate signs (doc 3 §3: candidate_signed_bgc_url, retailer_agent_agreement_url). */
export const CANDIDATE_CONSENT_DOCUMENTS = ['bgc_consent', 'agent_agreement'] as const;
export type CandidateConsentDocument = (typeof CANDIDATE_CONSENT_DOCUMENTS)[number];

export type CandidateEventType = CandidateEvent['type'];
export const CANDIDATE_EVENT_TYPES: readonly CandidateEventType[] = [
  'CandidateInvited',
  'CandidateInviteRenewed',
  'CandidateStageChanged',
  'CandidateProfileSaved',
  'CandidateDocumentSigned',
  'CandidateReminded',
  'CandidateCustomEmailSent',
  'CandidateCommented',
  'CandidateDeleted',
  'CandidateBecameUser',
];

export const candidateStream = (candidateId: string) => `candidate-${candidateId}`;
