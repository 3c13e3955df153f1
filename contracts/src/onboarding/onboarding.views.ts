import { ROLE } from '../platform/roles';
import type { CandidateConsentDocument } from './onboarding.events';

/** One row of the Onboarding Summary (doc 3 §3 onboarding candidate row). */
export interface CandidateRow {
  readonly id: string;
  readonly rad_id: string | null;
  readonly ibo_marketer_id: string;
  readonly ibo_market_name: string;
  readonly rad_pii_issue_names: readonly { readonly id: number; readonly name: string }[];
  readonly office_id: string;
  readonly office_name: string;
  readonly office_number: string;
  readonly will_add_enrollments: number;
  readonly status: number;
  readonly status_name: string;
  readonly role_id: number;
  readonly role_name: string;
  readonly onboarding_source: number;
  readonly onboarding_source_name: string;
  /** The ETC code. */
  readonly telgoo_id: string | null;
  readonly first_name: string;
  readonly middle_name: string | null;
  readonly last_name: string;
  readonly email: string;
  /** `***-**-1234`, or null before the candidate gave it. */
  readonly masked_ssn_number: string | null;
  readonly mobile_number: string;
  readonly street_address1: string | null;
  readonly street_address2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  readonly shirt_size: string | null;
  readonly dob: string | null;
  /** Links the console opens (signed; null until the candidate gave them). */
  readonly photo_copy_url: string | null;
  readonly government_document_url: string | null;
  readonly candidate_signed_bgc_url: string | null;
  readonly retailer_agent_agreement_url: string | null;
  readonly course_one: string | null;
  readonly course_two: string | null;
  readonly course_three: string | null;
  readonly course_four: string | null;
  readonly course_five: string | null;
  readonly course_six: string | null;
  readonly course_seven: string | null;
  readonly course_eight: string | null;
  readonly course_nine: string | null;
  readonly course_ten: string | null;
  /** ISO 8601: when the invite link stops working while the profile is incomplete (1, 2), or when it stopped (20, Expired); null otherwise (contracts' inviteExpiryText). */
  readonly invite_expires_at: string | null;
  readonly updated_at: string;
  readonly updated_by_name: string | null;
  readonly last_updated_by_name: string | null;
  readonly created_at: string;
  readonly comments_exists: 0 | 1;
  /** The user the candidate became (at 13). */
  readonly user_id: string | null;
}

/** A comment (doc 3 §3). */
export interface CandidateComment {
  readonly created_at: string;
  readonly commented_by_name: string;
  readonly comments: string;
}

/** A log entry (doc 3 §3): what happened, in words. */
export interface CandidateLogEntry {
  readonly created_at: string;
  readonly description: string;
}

/** GET /api/v1/candidate_profile: the candidate's own page (through their link). */
export interface CandidateSelfView {
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
  readonly masked_ssn_number: string | null;
  readonly office_name: string;
  readonly role_name: string;
  readonly status: number;
  readonly status_name: string;
  /** ISO 8601: the link works until then while the profile is incomplete. */
  readonly expires_at: string | null;
  readonly has_photo_copy: boolean;
  readonly has_government_document: boolean;
  /** What the profile still lacks, in words; empty once complete. */
  readonly missing: readonly string[];
  /** The two consents: the words to tick, the PDF to read (signed link), and the signed copy once signed. */
  readonly documents: readonly { readonly document: CandidateConsentDocument; readonly title: string; readonly consent_text: string; readonly form_url: string; readonly signed_url: string | null }[];
}

/** What a save, an upload or a signature answers on the candidate's page. */
export interface CandidateStepAnswer {
  readonly message: string;
  readonly status: number;
  readonly status_name: string;
  readonly missing: readonly string[];
}

/** One row of the Agent Summary (doc 3 §3 agent summary row). */
export interface AgentSummaryReportRow {
  readonly id: string;
  readonly rad: string | null;
  readonly user_ibo_market_name: string | null;
  readonly office_number: string | null;
  readonly first_name: string;
  readonly middle_name: string | null;
  readonly last_name: string;
  readonly mobile_number: string | null;
  readonly email: string;
  readonly excess_code: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly zip: string | null;
  /** The business's date of the agent's last activation, or null. */
  readonly last_activation_date: string | null;
  readonly updated_at: string;
  readonly created_at: string;
  /** The candidate the agent was (onboarding), or null; their documents stay reachable from the agent (signed links). */
  readonly candidate_id: string | null;
  readonly photo_copy_url: string | null;
  readonly government_document_url: string | null;
  readonly candidate_signed_bgc_url: string | null;
  readonly retailer_agent_agreement_url: string | null;
  readonly comments_exists: 0 | 1;
  readonly status: number;
  readonly status_text: string;
}

/** A line of the dashboard's Onboarding Summary list or a segment of its Expired donut (doc 1 §3: name, value), with the report key it opens. */
export interface OnboardingSummaryItem {
  readonly name: string;
  readonly value: number;
  /** What the report is opened with: `status=…` (or `status=23&rad_pii_issue=1`); null for none. */
  readonly query: string | null;
}

/**
 * The Onboarding Summary's columns, in the order the screen shows them (doc 3 §2, §3 candidate
 * row; the e-mail first, as the row's identifying column): the screen and its export both build
 * from this list, so a file has exactly the columns its reader sees. IBOs/Markets is for the
 * retailer level only (doc 3 §2: role 12; role 1 reaches what 12 does). The training courses:
 * "course_one to course_ten (A01-A05, combo training, A08-A10)" — ten fields for nine names, so
 * our reading is that the sixth and seventh are the combo training's two parts.
 */
export const ONBOARDING_SUMMARY_COLUMNS = [
  { key: 'email', title: 'E-mail' },
  { key: 'first_name', title: 'First Name' },
  { key: 'middle_name', title: 'Middle Name' },
  { key: 'last_name', title: 'Last Name' },
  { key: 'mobile_number', title: 'Mobile Number' },
  { key: 'ibo_market_name', title: 'IBOs/Markets', retailerLevel: true },
  { key: 'office', title: 'Office' },
  { key: 'role', title: 'Role' },
  { key: 'status', title: 'Status' },
  { key: 'onboarding_source', title: 'Onboarding Source' },
  { key: 'field_enrollment', title: 'Field Enrollment' },
  { key: 'rad_id', title: 'RAD ID' },
  { key: 'etc_code', title: 'ETC Code' },
  { key: 'masked_ssn_number', title: 'Masked SSN' },
  { key: 'address', title: 'Address' },
  { key: 'city', title: 'City' },
  { key: 'state', title: 'State' },
  { key: 'zip', title: 'ZIP' },
  { key: 'shirt_size', title: 'Shirt Size' },
  { key: 'course_one', title: 'A01' },
  { key: 'course_two', title: 'A02' },
  { key: 'course_three', title: 'A03' },
  { key: 'course_four', title: 'A04' },
  { key: 'course_five', title: 'A05' },
  { key: 'course_six', title: 'Combo Training (A06)' },
  { key: 'course_seven', title: 'Combo Training (A07)' },
  { key: 'course_eight', title: 'A08' },
  { key: 'course_nine', title: 'A09' },
  { key: 'course_ten', title: 'A10' },
  { key: 'invite_expires', title: 'Invite Expires' },
  { key: 'updated_by', title: 'Updated By' },
  { key: 'updated_at', title: 'Updated At' },
  { key: 'created_at', title: 'Created At' },
] as const satisfies readonly { readonly key: string; readonly title: string; readonly retailerLevel?: true }[];

export type OnboardingSummaryColumnKey = (typeof ONBOARDING_SUMMARY_COLUMNS)[number]['key'];

/** The columns a reader of the Onboarding Summary sees (and gets in its export): IBOs/Markets only with `iboMarket` (onboardingShowsIboMarket). */
export const onboardingSummaryColumns = (iboMarket: boolean): readonly { readonly key: OnboardingSummaryColumnKey; readonly title: string }[] =>
  ONBOARDING_SUMMARY_COLUMNS.filter((column) => iboMarket || !('retailerLevel' in column));

/**
 * Whether the onboarding screens show a reader the IBO/Market column and filter (doc 3 §2: "shown
 * only to role 12"; role 1 reaches what 12 does, DESIGN.md §11) — and so their exports' files.
 */
export const onboardingShowsIboMarket = (roles: readonly number[]): boolean => roles.some((role) => role === ROLE.SUPER_ADMIN || role === ROLE.RETAILER_MANAGER);
