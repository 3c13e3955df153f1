import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { deliveryMethods, onboardingStatuses, onboardingStatusesForCustomEmail, radPiiIssueStatuses } from './onboarding.codes';
import { CANDIDATE_CONSENT_DOCUMENTS, type CandidateEvent } from './onboarding.events';

const codes = (list: readonly { readonly id: number; readonly name: string }[]) => list.map((item) => `${item.id} ${item.name}`).join(', ');

/** An onboarding stage (a candidate's `status`, doc 3 §4). */
const onboardingStatus = z.literal(onboardingStatuses.map((stage) => stage.id)).describe(`Onboarding stage code: ${codes(onboardingStatuses)}`);

const isoTimestamp = (what: string) => z.string().describe(`${what}, ISO 8601 date-time (UTC)`);

/** Who did it: `CandidateActor`. */
export const candidateActorSchema = z
  .object({
    kind: z.enum(['user', 'candidate', 'integration', 'system']),
    id: z.string().nullable().describe('The user\u2019s id, or the integration client\u2019s key id; null for the candidate and the system'),
    name: z.string(),
  })
  .describe('Who did it: a signed-in user, the candidate through their link, an upstream system, or the portal itself.');

/** A file of the candidate's in storage: `CandidateFile`. */
export const candidateFileSchema = z
  .object({
    key: z.string().describe('The storage key'),
    content_type: z.string(),
    size: z.number().int().describe('Bytes'),
    sha256: z.string().describe('SHA-256 of the file'),
  })
  .describe('A file kept by the upload mechanism, by its storage key and digest.');

/** The candidate's own details: `CandidateProfile`. */
export const candidateProfileSchema = z.object({
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  dob: z.string().nullable().describe('Date of birth, ISO 8601 date YYYY-MM-DD'),
  rad_id: z.string().nullable().describe('The RAD ID'),
  shirt_size: z.string().nullable(),
  street_address1: z.string().nullable(),
  street_address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable().describe('US state short code, e.g. TX'),
  zip: z.string().nullable(),
});

export const CANDIDATE_EVENT_SCHEMAS = {
  CandidateInvited: z
    .object({
      candidate_id: z.uuid(),
      source: z.literal(1).describe('Onboarding source: 1 Manager Invite (the only one)'),
      office_id: z.uuid(),
      ibo_marketer_id: z.uuid(),
      retailer_id: z.uuid(),
      role_id: z.number().int().describe('The role offered: 2 Agent, 11 IBO Manager or 14 Office Supervisor'),
      first_name: z.string(),
      middle_name: z.string().nullable(),
      last_name: z.string(),
      email: z.string().describe('In lower case'),
      mobile_number: z.string(),
      will_add_enrollments: z.literal([0, 1]).describe('Whether the candidate will add field enrollments: 1 yes, 0 no'),
      delivery_method: z.literal([0, 1, 2]).describe(`How the invite link is sent: ${codes(deliveryMethods)}`),
      by: candidateActorSchema,
      token_hash: z.string().describe('SHA-256 of the link\u2019s one-time token, base64url'),
      expires_at: isoTimestamp('When the link stops working unless the profile is completed'),
    })
    .describe('A manager invited a candidate to an office (Send Invite): the candidate\u2019s stream opens and the link is sent.'),
  CandidateInviteRenewed: z
    .object({
      candidate_id: z.uuid(),
      token_hash: z.string().describe('SHA-256 of the new link\u2019s one-time token, base64url'),
      expires_at: isoTimestamp('When the link stops working unless the profile is completed'),
      by: candidateActorSchema,
      reason: z.enum(['resend', 'email_reminder', 'sms_reminder']),
    })
    .describe('A fresh link was issued (Resend Invite, or a reminder at stage 1 or 2): the old token stops working.'),
  CandidateStageChanged: z
    .object({
      candidate_id: z.uuid(),
      from: onboardingStatus,
      to: onboardingStatus,
      by: candidateActorSchema,
      note: z.string().nullable(),
      rad_pii_issue_ids: z
        .array(z.number().int())
        .optional()
        .describe(`A failed RAD ID link: which personal details did not match (${codes(radPiiIssueStatuses)})`),
      telgoo_id: z.string().optional().describe('The ETC code, when the move brings it (to 13)'),
      rad_id: z.string().optional().describe('The RAD ID as linked upstream'),
      courses: z.record(z.string(), z.string()).optional().describe('Training course results reported with the move, by course key (course_one \u2026 course_ten)'),
      by_hand: z.literal(true).optional().describe('Recorded by hand by a person (a retailer manager or the super admin) while the upstream integration was down; the note holds their reason'),
    })
    .describe('The candidate moved from one onboarding stage to another, by whom or what moved them.'),
  CandidateProfileSaved: z
    .object({
      candidate_id: z.uuid(),
      profile: candidateProfileSchema.partial().describe('The profile fields given'),
      photo_copy: candidateFileSchema.optional(),
      government_document: candidateFileSchema.optional(),
      masked_ssn_number: z.string().optional().describe('The SSN masked: ***-**-1234'),
      by: candidateActorSchema,
    })
    .describe('The candidate saved (part of) their profile through their link, or a manager edited it: the fields given, the files uploaded, the SSN masked.'),
  CandidateDocumentSigned: z
    .object({
      candidate_id: z.uuid(),
      document: z.enum(CANDIDATE_CONSENT_DOCUMENTS).describe('bgc_consent: background check consent; agent_agreement: retailer agent agreement'),
      file: candidateFileSchema.describe('The signed PDF'),
      original_sha256: z.string().describe('SHA-256 of the PDF before signing'),
      consent_text: z.string(),
      consent_sha256: z.string().describe('SHA-256 of the consent text'),
      signed_at: isoTimestamp('When it was signed'),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      by: candidateActorSchema,
    })
    .describe('The candidate e-signed one of the consents.'),
  CandidateReminded: z
    .object({ candidate_id: z.uuid(), channel: z.enum(['email', 'sms']), by: candidateActorSchema })
    .describe('The candidate was sent a reminder by e-mail or SMS.'),
  CandidateCustomEmailSent: z
    .object({
      candidate_id: z.uuid(),
      onboarding_status: z.number().int().describe(`The e-mail type chosen, an onboarding stage code: ${codes(onboardingStatusesForCustomEmail)}`),
      email_text: z.string(),
      by: candidateActorSchema,
    })
    .describe('A manager sent the candidate a custom e-mail.'),
  CandidateCommented: z.object({ candidate_id: z.uuid(), comment: z.string(), by: candidateActorSchema }).describe('A comment was added to the candidate\u2019s log.'),
  CandidateDeleted: z.object({ candidate_id: z.uuid(), by: candidateActorSchema }).describe('An invited candidate was deleted.'),
  CandidateBecameUser: z
    .object({ candidate_id: z.uuid(), user_id: z.uuid() })
    .describe('Onboarded: the candidate became a user (the user\u2019s org events are appended with this).'),
} satisfies EventSchemas<CandidateEvent>;
