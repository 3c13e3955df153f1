import { z } from 'zod';
import { birthDate, blankAsMissing, multilineText, text, wholeNumber, zipCode } from '../platform/input';
import { codeListParam, dateParam, idParam, keywordParam, optionalIdParam, pageParam, resultsParam, sortKeyParam, sortParam } from '../platform/list-params';
import { emailAddress, mobileNumber, optionalPersonName, personName } from '../platform/person';
import { usStates } from '../admin/admin.codes';
import { CANDIDATE_CONSENT_DOCUMENTS } from './onboarding.events';
import { deliveryMethods, onboardingSources, onboardingStatuses, onboardingStatusesForCustomEmail, radPiiIssueStatuses } from './onboarding.codes';
import { MANUAL_STAGE_MOVE_MESSAGES } from './onboarding.stages';

/** The Send Invite, Onboarding Summary and custom e-mail texts (doc 3 §5, §8), the spec's spelling and spacing kept. */
export const ONBOARDING_MESSAGES = {
  office: 'Please select office',
  role: 'Please select role',
  firstName: 'Please input first name',
  lastName: 'Please input your last name',
  middleName: 'Middle name is letters, space and dot only, 2-30 characters',
  email: 'Please input valid email address',
  mobile: 'Please input  valid mobile number',
  deliveryMethod: 'Please select Delivery Option',
  fieldEnrollment: 'Please select any one',
  invited: 'Candidate Invite sent succesfully',
  deleted: 'Candidate Deleted Successfully',
  bothDates: 'Please select both created from and to date',
  futureDate: 'Dates cannot be in the future',
  emailType: 'Please select email type',
  emailText: 'Please input email content',
  comment: 'Please input comment',
} as const;

const chosenId = (message: string) =>
  z.preprocess((value) => (typeof value === 'number' ? String(value) : blankAsMissing(value)), text(message).trim().min(1, message).max(64, 'That id is too long'));
const codeOf = (known: readonly { readonly id: number }[], message: string) =>
  z.preprocess(blankAsMissing, wholeNumber(message).refine((code) => known.some((item) => item.id === code), message));

/** POST /api/v1/candidate/send_invite (doc 3 §5 Send Invite, §7). Which roles the inviter may offer, the decider says. */
export const sendInviteBody = z.object({
  office_id: chosenId(ONBOARDING_MESSAGES.office),
  role_id: z.preprocess(blankAsMissing, wholeNumber(ONBOARDING_MESSAGES.role)),
  first_name: personName(ONBOARDING_MESSAGES.firstName),
  middle_name: optionalPersonName(ONBOARDING_MESSAGES.middleName),
  last_name: personName(ONBOARDING_MESSAGES.lastName),
  email: emailAddress(ONBOARDING_MESSAGES.email),
  mobile_number: mobileNumber(ONBOARDING_MESSAGES.mobile),
  delivery_method: codeOf(deliveryMethods, ONBOARDING_MESSAGES.deliveryMethod),
  // Yes (1) by default; hidden on the form for some inviters and roles (doc 3 §5), then 1.
  will_add_enrollments: z.preprocess(blankAsMissing, wholeNumber(ONBOARDING_MESSAGES.fieldEnrollment).refine((value) => value === 0 || value === 1, ONBOARDING_MESSAGES.fieldEnrollment).default(1)),
});
export type SendInviteBody = z.infer<typeof sendInviteBody>;

/** The Onboarding Summary's sortable columns (`sort_key`, ours: the spec shows the parameter, not its values). */
export const ONBOARDING_SORT_KEYS = ['created_at', 'updated_at', 'first_name', 'last_name', 'email', 'status', 'office_name'] as const;

/** The dashboard's entries open the summary with `redirect_key` = a stage key (doc 1 §2.4), or `rad_link_failed` (ours: RAD Link Failed has no key). */
export const ONBOARDING_REDIRECT_KEYS = ['rad_link_failed'] as const;

/**
 * GET /api/v1/onboarding_summary_report (doc 3 §2, §7): the created-from and created-to dates go
 * together or not at all, and neither is in the future (checked against the business's today by
 * the service, which knows it).
 */
export const onboardingSummaryQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    keyword: keywordParam,
    status: codeListParam('status', onboardingStatuses.map((stage) => stage.id)),
    office_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    onboarding_source: z.preprocess(blankAsMissing, codeOf(onboardingSources, `onboarding_source is one of ${onboardingSources.map((source) => source.id).join(', ')}`).optional()),
    role_id: z.preprocess(blankAsMissing, wholeNumber('role_id is a role id').optional()),
    date_range_start: dateParam,
    date_range_end: dateParam,
    rad_pii_issue: z.preprocess(blankAsMissing, wholeNumber('rad_pii_issue is 1').refine((value) => value === 1, 'rad_pii_issue is 1').optional()),
    redirect_key: z.preprocess(blankAsMissing, text().trim().max(30).optional()),
    sort_key: sortKeyParam(ONBOARDING_SORT_KEYS, 'sort_key'),
    sort: sortParam,
  })
  .refine((query) => (query.date_range_start === undefined) === (query.date_range_end === undefined), { message: ONBOARDING_MESSAGES.bothDates, path: ['date_range_start'] });
export type OnboardingSummaryQuery = z.infer<typeof onboardingSummaryQuery>;

export const candidateIdParams = z.object({ id: idParam('No such candidate') });
export type CandidateIdParams = z.infer<typeof candidateIdParams>;

/** POST /api/v1/candidate/send_custom_email_to_candidate/{id} (doc 3 §5 Custom e-mail). */
export const customEmailBody = z.object({
  onboarding_status: codeOf(onboardingStatusesForCustomEmail, ONBOARDING_MESSAGES.emailType),
  email_text: z.preprocess((value) => (value === null ? undefined : value), multilineText(ONBOARDING_MESSAGES.emailText).trim().min(1, ONBOARDING_MESSAGES.emailText).max(5000, 'An e-mail is at most 5000 characters')),
});
export type CustomEmailBody = z.infer<typeof customEmailBody>;

/** POST /api/v1/candidate/candidate_comments_log/{id} (ours: the comments modal's 'Add comment' box). */
export const candidateCommentBody = z.object({
  comments: z.preprocess((value) => (value === null ? undefined : value), multilineText(ONBOARDING_MESSAGES.comment).trim().min(1, ONBOARDING_MESSAGES.comment).max(2000, 'A comment is at most 2000 characters')),
});
export type CandidateCommentBody = z.infer<typeof candidateCommentBody>;

const COURSE_KEYS = ['course_one', 'course_two', 'course_three', 'course_four', 'course_five', 'course_six', 'course_seven', 'course_eight', 'course_nine', 'course_ten'] as const;

/**
 * POST /api/integration/v1/onboarding_stages (ours): an upstream system (background check,
 * training, RAD ID, ETC code) reports a candidate's move to `status`. Which moves are possible,
 * contracts' INTEGRATION_MOVES says; the decider refuses the others in words.
 */
export const onboardingStageBody = z.object({
  candidate_id: chosenId('candidate_id is required'),
  status: codeOf(onboardingStatuses, `status is one of ${onboardingStatuses.map((stage) => stage.id).join(', ')}`),
  note: z.preprocess(blankAsMissing, multilineText().trim().max(2000, 'A note is at most 2000 characters').optional()),
  rad_id: z.preprocess(blankAsMissing, text('rad_id is letters and digits, at most 9').trim().regex(/^[A-Za-z0-9]{1,9}$/, 'rad_id is letters and digits, at most 9').optional()),
  telgoo_id: z.preprocess(blankAsMissing, text('telgoo_id is at most 50 characters').trim().min(1).max(50, 'telgoo_id is at most 50 characters').optional()),
  rad_pii_issue_ids: codeListParam('rad_pii_issue_ids', radPiiIssueStatuses.map((issue) => issue.id)),
  courses: z.partialRecord(z.enum(COURSE_KEYS, { error: `courses' keys are ${COURSE_KEYS.join(', ')}` }), text().trim().max(50, 'A course result is at most 50 characters')).optional(),
});
export type OnboardingStageBody = z.infer<typeof onboardingStageBody>;

/**
 * POST /api/v1/candidate/move_stage/{id} (ours): a stage move recorded by hand by a retailer manager
 * or the super admin while the upstream integration is down. The stage is one of the integration's
 * (contracts' INTEGRATION_MOVES: the decider refuses the others in words), the reason is required,
 * and the ETC code may come with a move to Onboarded (which needs one).
 */
export const manualStageMoveBody = z.object({
  status: z.preprocess(blankAsMissing, codeOf(onboardingStatuses, MANUAL_STAGE_MOVE_MESSAGES.status)),
  reason: z.preprocess((value) => (value === null ? undefined : value), multilineText(MANUAL_STAGE_MOVE_MESSAGES.reason).trim().min(1, MANUAL_STAGE_MOVE_MESSAGES.reason).max(1000, 'A reason is at most 1000 characters')),
  telgoo_id: onboardingStageBody.shape.telgoo_id,
});
export type ManualStageMoveBody = z.infer<typeof manualStageMoveBody>;

// ---------------------------------------------------------------------------------------------
// The candidate's own page (reached through the invite link; doc 3 §3 candidate, §5 candidate edit)
// ---------------------------------------------------------------------------------------------

/** Shirt sizes (doc 3 §5 candidate edit). */
export const SHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;

export const CANDIDATE_MESSAGES = {
  firstName: 'Please input first name',
  lastName: 'Please input your last name',
  middleName: 'Middle name is letters, space and dot only, 2-30 characters',
  adult: 'You must be at least 18 years old',
  radId: 'Please enter a valid RAD ID',
  radIdRequired: 'Please input RAD ID',
  shirtSize: 'Please select shirt size',
  street: 'Please input street address',
  zip: 'ZIP is digits only, at most 5',
  state: 'State is a US state short name',
  ssn: 'Please enter a valid SSN (9 digits)',
  jpegOnly: 'Only .jpg or .jpeg files can be uploaded',
  consent: 'Please tick that you have read and understood the terms and conditions',
  signature: 'Please draw your signature',
  saved: 'Profile saved',
  received: 'File received',
  completed: 'Profile completed: your office will take it from here',
  signed: 'Document signed',
  /** Every link that does not (or no longer) open a profile: wrong, replaced, expired, deleted, or past the profile. */
  linkNotValid: 'This link is no longer valid. Ask your office to send you a new invite.',
} as const;

/** At least 18 on the date of birth's anniversary, counted in UTC days. */
const isAdult = (iso: string, now = new Date()) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + 18, month - 1, day);
  return eighteenth <= now.getTime();
};

const ADULT_BIRTH_DATE_DESCRIPTION = 'A date of birth as MM-DD-YYYY (the spec\'s format) or YYYY-MM-DD, from 01-01-1900, of someone at least 18 years old today (UTC)';
/** A candidate's date of birth: a date of birth (birthDate) of someone 18 or older today. */
const adultBirthDate = () => birthDate(ADULT_BIRTH_DATE_DESCRIPTION).refine((iso) => isAdult(iso), CANDIDATE_MESSAGES.adult);

const optionalName = (message: string) => z.preprocess(blankAsMissing, text(message).trim().regex(/^[\p{L} .]{2,30}$/u, message).optional());
const optionalLine = (max: number, message: string) => z.preprocess(blankAsMissing, text(message).trim().max(max, message).optional());

/**
 * POST /api/v1/candidate_profile: what the candidate fills in (any part at a time: the page saves
 * as they go; the profile is complete when every required part is there, docs/ONBOARDING.md).
 */
export const candidateProfileBody = z.object({
  first_name: optionalName(CANDIDATE_MESSAGES.firstName),
  middle_name: optionalName(CANDIDATE_MESSAGES.middleName),
  last_name: optionalName(CANDIDATE_MESSAGES.lastName),
  dob: z.preprocess(blankAsMissing, adultBirthDate().optional()),
  rad_id: z.preprocess(blankAsMissing, text(CANDIDATE_MESSAGES.radId).trim().regex(/^[A-Za-z0-9]{1,9}$/, CANDIDATE_MESSAGES.radId).optional()),
  shirt_size: z.preprocess(blankAsMissing, z.enum(SHIRT_SIZES, { error: CANDIDATE_MESSAGES.shirtSize }).optional()),
  street_address1: optionalLine(200, CANDIDATE_MESSAGES.street),
  street_address2: optionalLine(200, 'At most 200 characters'),
  city: optionalLine(100, 'At most 100 characters'),
  state: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.trim().toUpperCase()) : blankAsMissing(value)),
    text(CANDIDATE_MESSAGES.state).refine((short) => usStates.some((state) => state.short_name === short), CANDIDATE_MESSAGES.state).optional(),
  ),
  zip: zipCode(CANDIDATE_MESSAGES.zip).optional(),
  ssn: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsMissing(value.replace(/[\s-]/g, '')) : blankAsMissing(value)),
    text(CANDIDATE_MESSAGES.ssn).regex(/^\d{9}$/, CANDIDATE_MESSAGES.ssn).optional(),
  ),
});
export type CandidateProfileBody = z.infer<typeof candidateProfileBody>;

/** The candidate's two upload areas (doc 3 §2 Edit Candidate's two drag-and-drop areas): .jpg/.jpeg, one file each. */
export const CANDIDATE_UPLOAD_AREAS = ['photo_copy', 'government_document'] as const;
export type CandidateUploadArea = (typeof CANDIDATE_UPLOAD_AREAS)[number];

/** POST /api/v1/candidate_profile/upload (multipart: `area`, and the file in `file`). */
export const candidateUploadBody = z.object({
  area: z.enum(CANDIDATE_UPLOAD_AREAS, { error: `area is one of ${CANDIDATE_UPLOAD_AREAS.join(', ')}` }),
});
export type CandidateUploadBody = z.infer<typeof candidateUploadBody>;

/** POST /api/v1/candidate_profile/sign (multipart: `document`, `consent`=1, the drawn signature PNG in `signature_image`). */
export const candidateSignBody = z.object({
  document: z.enum(CANDIDATE_CONSENT_DOCUMENTS, { error: `document is one of ${CANDIDATE_CONSENT_DOCUMENTS.join(', ')}` }),
  consent: z.preprocess(blankAsMissing, z.union([z.literal('1'), z.literal(1), z.literal(true), z.literal('true')], { error: CANDIDATE_MESSAGES.consent })),
});
export type CandidateSignBody = z.infer<typeof candidateSignBody>;

/** The files of a candidate (the row's urls, the page's originals): by a signed, expiring link. */
export const CANDIDATE_FILES = ['photo_copy', 'government_document', 'bgc_consent', 'agent_agreement', 'bgc_consent_form', 'agent_agreement_form'] as const;
export type CandidateFileName = (typeof CANDIDATE_FILES)[number];
export const candidateFileParams = z.object({
  id: idParam('No such candidate'),
  file: z.enum(CANDIDATE_FILES, { error: `file is one of ${CANDIDATE_FILES.join(', ')}` }),
});
export type CandidateFileParams = z.infer<typeof candidateFileParams>;

// ---------------------------------------------------------------------------------------------
// Agent Summary (doc 3 §2, §7 Agent summary; doc 1 §2.4 Agents Summary pie)
// ---------------------------------------------------------------------------------------------

/** The pie's slices (doc 1 §2.4, §9): days since the agent's last activation, in the business's days; `onboarded`: from onboarding, no activation yet. */
export const AGENT_REDIRECT_KEYS = ['active_agent', 'passive_agent', 'inactive_agent', 'onboarded'] as const;
export type AgentRedirectKey = (typeof AGENT_REDIRECT_KEYS)[number];
export const AGENT_SORT_KEYS = ['first_name', 'last_name', 'email', 'office_number', 'status', 'created_at', 'updated_at'] as const;

/** GET /api/v1/agent_summary_report (doc 3 §7): `telgoo_status` (ours) 1 = has an ETC code, 0 = has none. */
export const agentSummaryReportQuery = z
  .object({
    page: pageParam,
    results: resultsParam,
    keyword: keywordParam,
    status: z.preprocess(blankAsMissing, wholeNumber('status is 1 or 0').refine((value) => value === 0 || value === 1, 'status is 1 or 0').optional()),
    telgoo_status: z.preprocess(blankAsMissing, wholeNumber('telgoo_status is 1 or 0').refine((value) => value === 0 || value === 1, 'telgoo_status is 1 or 0').optional()),
    office_id: optionalIdParam,
    ibo_marketer_id: optionalIdParam,
    date_range_start: dateParam,
    date_range_end: dateParam,
    redirect_key: z.preprocess(blankAsMissing, z.enum(AGENT_REDIRECT_KEYS, { error: `redirect_key is one of ${AGENT_REDIRECT_KEYS.join(', ')}` }).optional()),
    sort_key: sortKeyParam(AGENT_SORT_KEYS, 'sort_key'),
    sort: sortParam,
  })
  .refine((query) => (query.date_range_start === undefined) === (query.date_range_end === undefined), { message: ONBOARDING_MESSAGES.bothDates, path: ['date_range_start'] });
export type AgentSummaryReportQuery = z.infer<typeof agentSummaryReportQuery>;

export const agentIdParams = z.object({ id: idParam('No such agent') });

/** Edit Candidate's words (doc 3 §5 candidate edit). */
export const CANDIDATE_EDIT_MESSAGES = {
  email: 'Enter valid email address',
  mobile: 'Please input mobile number',
  dobRequired: 'Please input date of birth',
  updated: 'Candidate updated successfully',
} as const;

const requiredName = (message: string) => z.preprocess(blankAsMissing, text(message).trim().regex(/^[\p{L} .]{2,30}$/u, message));

/**
 * POST /api/v1/candidate/update_candidate_info/{id} (doc 3 §5 candidate edit; multipart with the
 * optional files photo_copy and government_document, .jpg/.jpeg).
 */
export const candidateEditBody = z.object({
  first_name: requiredName(CANDIDATE_MESSAGES.firstName),
  middle_name: optionalName(CANDIDATE_MESSAGES.middleName),
  last_name: requiredName(CANDIDATE_MESSAGES.lastName),
  email: emailAddress(CANDIDATE_EDIT_MESSAGES.email),
  mobile_number: mobileNumber(CANDIDATE_EDIT_MESSAGES.mobile),
  // Required: a missing key is read as '' so that its words show (an optional schema would skip it).
  dob: z.preprocess((value) => blankAsMissing(value) ?? '', text(CANDIDATE_EDIT_MESSAGES.dobRequired).min(1, CANDIDATE_EDIT_MESSAGES.dobRequired).pipe(adultBirthDate())).meta({ description: ADULT_BIRTH_DATE_DESCRIPTION }),
  rad_id: z.preprocess((value) => blankAsMissing(value) ?? '', text(CANDIDATE_MESSAGES.radIdRequired).trim().min(1, CANDIDATE_MESSAGES.radIdRequired).regex(/^[A-Za-z0-9]{1,9}$/, CANDIDATE_MESSAGES.radId)),
  shirt_size: z.preprocess(blankAsMissing, z.enum(SHIRT_SIZES, { error: CANDIDATE_MESSAGES.shirtSize })),
  street_address1: z.preprocess(blankAsMissing, text(CANDIDATE_MESSAGES.street).trim().min(1, CANDIDATE_MESSAGES.street).max(200, CANDIDATE_MESSAGES.street)),
  street_address2: optionalLine(200, 'At most 200 characters'),
  city: optionalLine(100, 'At most 100 characters'),
  state: candidateProfileBody.shape.state,
  zip: zipCode(CANDIDATE_MESSAGES.zip).optional(),
});
export type CandidateEditBody = z.infer<typeof candidateEditBody>;
