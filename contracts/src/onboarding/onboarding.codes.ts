import type { ReferenceItem } from '../reference/reference-lists';

/** Onboarding's code lists (doc 3 §4, §5, §7). Names ours where marked. */

// ---------------------------------------------------------------------------------------------
// Onboarding (doc 3 §4, §5, §7)
// ---------------------------------------------------------------------------------------------

/**
 * Onboarding sources (doc 3 §7 `reference/onboarding_source`, the Onboarding Summary filter
 * and the row's `onboarding_source_name`). Doc 3 §9: "Onboarding source ids: not shown." Ids
 * and names ours. A candidate arrives by a manager's invite (Send Invite) only: the spec's sign-up
 * (/page-register, doc 1 §5) asks for an e-mail and a password and names no office, so it cannot
 * place a candidate anywhere — it makes an account with no role, which an administrator places.
 * A 'Self Registration' source was read here once and is removed for that reason.
 */
export const onboardingSources = [{ id: 1, name: 'Manager Invite' }] as const satisfies readonly ReferenceItem[];

/**
 * Onboarding stages with their report keys, exactly as doc 3 §4 gives them (the key is the
 * candidate's `status`; the dashboard opens the report with it, key 20 from the Expired
 * segment, doc 1 §2.4). Status 1 means invited; SMS Reminder is disabled at 13 (doc 3 §4).
 * `RAD Link Failed` has an empty key in the spec, so it has no code here: see
 * `onboardingSummaryStages`.
 */
export const onboardingStatuses = [
  { id: 1, name: 'Invite Sent' },
  { id: 2, name: 'Profile In Progress' },
  { id: 3, name: 'Profile Completed' },
  { id: 4, name: 'Training & BGC Pending' },
  { id: 5, name: 'BGC Pending' },
  { id: 6, name: 'BGC Review' },
  { id: 9, name: 'Training Pending' },
  { id: 12, name: 'Telgoo ID' },
  { id: 13, name: 'Onboarded' },
  { id: 20, name: 'Expired' },
  { id: 22, name: 'BGC Denied' },
  { id: 23, name: 'Link RAD ID' },
  { id: 24, name: 'Verification Failed' },
  { id: 25, name: 'Profile Updated' },
  { id: 27, name: 'Rejected' },
] as const satisfies readonly ReferenceItem[];

export type OnboardingStatusId = (typeof onboardingStatuses)[number]['id'];

/**
 * The onboarding stages as doc 3 §4 lists them, RAD Link Failed included with its empty key
 * (`null`). RAD Link Failed is not a status a candidate holds: its dashboard line counts the
 * candidates at Link RAD ID (23) with at least one RAD PII issue, and opens the Onboarding Summary
 * with `status=23&rad_pii_issue=1` (ours).
 */
export const onboardingSummaryStages: readonly { readonly key: OnboardingStatusId | null; readonly name: string }[] = [
  ...onboardingStatuses.map((stage) => ({ key: stage.id, name: stage.name })),
  { key: null, name: 'RAD Link Failed' },
];

/**
 * The e-mail types of the custom e-mail drawer (doc 3 §7
 * `reference/onboarding_status_for_custom_email`, sent as `onboarding_status`). The spec has
 * a separate call for them but does not list them. Ours: the stages in which the candidate
 * has something to do, so an e-mail from the manager can move them on. Codes and names are
 * those of `onboardingStatuses`.
 */
export const onboardingStatusesForCustomEmail: readonly (typeof onboardingStatuses)[number][] = onboardingStatuses.filter(
  (stage) => ([1, 2, 4, 5, 9, 23, 24] as readonly number[]).includes(stage.id),
);

/**
 * RAD PII issues (doc 3 §7 `GET /api/v1/rad_pii_issue_status`; a candidate row carries
 * `rad_pii_issue_names` as a list of `{id}`, doc 3 §3). The spec does not list them. Ids and
 * names ours: which personal detail did not match when the candidate's RAD ID was linked.
 */
export const radPiiIssueStatuses = [
  { id: 1, name: 'Name Mismatch' },
  { id: 2, name: 'Date of Birth Mismatch' },
  { id: 3, name: 'SSN Mismatch' },
  { id: 4, name: 'Address Mismatch' },
] as const satisfies readonly ReferenceItem[];

/** Send Invite delivery option, the spec's codes and names (doc 3 §5, §9: 0 E-mail, 1 Phone, 2 Both). */
export const deliveryMethods = [
  { id: 0, name: 'E-mail' },
  { id: 1, name: 'Phone' },
  { id: 2, name: 'Both' },
] as const satisfies readonly ReferenceItem[];
