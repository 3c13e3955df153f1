import type { CandidateComment, CandidateLogEntry, CandidateRow } from '@portal/contracts/onboarding/onboarding.views';
import { onboardingStatusName } from '@portal/contracts/onboarding/onboarding.stages';

/** The onboarding screens' fixtures: rows, comments, log entries and the lookups they read. */

export const SEND_INVITE = '/api/v1/candidate/send_invite';
export const SUMMARY = '/api/v1/onboarding_summary_report';
export const OFFICES = '/api/v1/reference/offices';
export const IBO_MARKETS = '/api/v1/reference/ibo_marketers';
export const commentsPath = (id: string) => `/api/v1/candidate/candidate_comments_log/${id}`;
export const logPath = (id: string) => `/api/v1/candidate_onboarding_log/${id}`;
export const resendPath = (id: string) => `/api/v1/candidate/resend_invite/${id}`;
export const emailReminderPath = (id: string) => `/api/v1/candidate/send_email_remainders/${id}`;
export const smsReminderPath = (id: string) => `/api/v1/candidate/resent_remainders/${id}`;
export const customEmailPath = (id: string) => `/api/v1/candidate/send_custom_email_to_candidate/${id}`;
export const deletePath = (id: string) => `/api/v1/candidate/onboarding/${id}`;
export const moveStagePath = (id: string) => `/api/v1/candidate/move_stage/${id}`;

/** A candidate invited to Austin North (Texas Market) as an agent, at `status`, as the summary lists it. */
export const candidateRow = (id: string, status: number, change: Partial<CandidateRow> = {}): CandidateRow => ({
  id,
  rad_id: null,
  ibo_marketer_id: 'i-1',
  ibo_market_name: 'Texas Market',
  rad_pii_issue_names: [],
  office_id: 'o-1',
  office_name: 'Austin North',
  office_number: 'TX-1',
  will_add_enrollments: 1,
  status,
  status_name: onboardingStatusName(status),
  role_id: 2,
  role_name: 'Agent',
  onboarding_source: 1,
  onboarding_source_name: 'Manager Invite',
  telgoo_id: null,
  first_name: 'Cara',
  middle_name: null,
  last_name: 'Candidate',
  email: `${id}@demo.test`,
  masked_ssn_number: null,
  mobile_number: '5125550100',
  street_address1: null,
  street_address2: null,
  city: null,
  state: null,
  zip: null,
  shirt_size: null,
  dob: null,
  photo_copy_url: null,
  government_document_url: null,
  candidate_signed_bgc_url: null,
  retailer_agent_agreement_url: null,
  course_one: null,
  course_two: null,
  course_three: null,
  course_four: null,
  course_five: null,
  course_six: null,
  course_seven: null,
  course_eight: null,
  course_nine: null,
  course_ten: null,
  invite_expires_at: '2025-05-13T10:00:00.000Z',
  updated_at: '2025-05-06T10:00:00.000Z',
  updated_by_name: 'Mo Manager',
  last_updated_by_name: null,
  created_at: '2025-05-06T10:00:00.000Z',
  comments_exists: 0,
  user_id: null,
  ...change,
});

/** Three candidates: invited (1), onboarded (13, with all the details), a failed RAD ID link (23). */
export const CANDIDATES: CandidateRow[] = [
  candidateRow('c-1', 1, { first_name: 'Ivy', last_name: 'Invited' }),
  candidateRow('c-13', 13, {
    first_name: 'Otto',
    middle_name: 'B',
    last_name: 'Onboarded',
    rad_id: 'RAD123',
    telgoo_id: 'ETC-9',
    masked_ssn_number: '***-**-1234',
    street_address1: '1 Main St',
    street_address2: 'Apt 2',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    shirt_size: 'L',
    course_one: 'Passed',
    course_six: 'Passed',
    course_ten: 'Passed',
    will_add_enrollments: 0,
    comments_exists: 1,
    user_id: 'u-13',
  }),
  candidateRow('c-23', 23, { first_name: 'Rae', last_name: 'Radlink', rad_pii_issue_names: [{ id: 1, name: 'Name Mismatch' }, { id: 3, name: 'SSN Mismatch' }] }),
];

/** The summary's answer: the spec's shape, the page under `data` (doc 3 §7). */
export const summaryAnswer = (rows: CandidateRow[], page = 1) => ({ data: { data: rows, total: rows.length, current_page: page } });

export const comment = (comments: string, change: Partial<CandidateComment> = {}): CandidateComment => ({ created_at: '2025-05-06T15:30:00.000Z', commented_by_name: 'Mo Manager', comments, ...change });

export const logEntry = (description: string, change: Partial<CandidateLogEntry> = {}): CandidateLogEntry => ({ created_at: '2025-05-06T15:30:00.000Z', description, ...change });

/** The lookups the onboarding screens read. */
export function lookups(path: string): unknown {
  if (path === OFFICES)
    return {
      data: [
        { id: 'o-1', name: 'Austin North', office_number: 'TX-1', short_code: 'TX' },
        { id: 'o-2', name: 'Houston', office_number: 'TX-2', short_code: 'TX' },
      ],
    };
  if (path === IBO_MARKETS) return { data: [{ id: 'i-1', name: 'Texas Market' }, { id: 'i-2', name: 'Gulf Market' }] };
  return undefined;
}
