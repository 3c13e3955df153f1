import { ROLE, type RoleId } from '../platform/roles';
import { type OnboardingStatusId, onboardingStatuses, onboardingStatusesForCustomEmail } from './onboarding.codes';

/**
 * The candidate's journey as ONE table (doc 3 §4 stages and keys; the moves are ours, in
 * docs/ONBOARDING.md): for each move, from which stages, to which stage, and who makes it. The
 * decider refuses every other move in words; the projection and the console only read results.
 *
 * - the candidate, through their link: 1 → 2 → 3 (a later edit: 25);
 * - an upstream system (background check, training, RAD ID, Telgoo ID; API key of the retailer):
 *   3/25 → 4, then 5, 6, 9, 22, 23, 24, 12, and 12 → 13 Onboarded (which creates the user);
 * - the system: 1/2 → 20 Expired when the invite window passes;
 * - a manager: Resend Invite at 1 (a fresh link) or 20 (revives to 1).
 */
export type StageMover = 'candidate' | 'integration' | 'system' | 'manager';

export const STAGE = {
  INVITE_SENT: 1,
  PROFILE_IN_PROGRESS: 2,
  PROFILE_COMPLETED: 3,
  TRAINING_AND_BGC_PENDING: 4,
  BGC_PENDING: 5,
  BGC_REVIEW: 6,
  TRAINING_PENDING: 9,
  TELGOO_ID: 12,
  ONBOARDED: 13,
  EXPIRED: 20,
  BGC_DENIED: 22,
  LINK_RAD_ID: 23,
  VERIFICATION_FAILED: 24,
  PROFILE_UPDATED: 25,
  REJECTED: 27,
} as const satisfies Record<string, OnboardingStatusId>;

/** Stages a candidate never leaves: onboarded, denied, rejected. */
export const FINAL_STAGES: readonly OnboardingStatusId[] = [STAGE.ONBOARDED, STAGE.BGC_DENIED, STAGE.REJECTED];

/** The moves an upstream system may report (POST /api/integration/v1/onboarding_stages): to → from. */
export const INTEGRATION_MOVES: Readonly<Partial<Record<OnboardingStatusId, readonly OnboardingStatusId[]>>> = {
  [STAGE.TRAINING_AND_BGC_PENDING]: [STAGE.PROFILE_COMPLETED, STAGE.PROFILE_UPDATED],
  // Training done, the background check still running.
  [STAGE.BGC_PENDING]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_REVIEW],
  [STAGE.BGC_REVIEW]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING],
  // The background check cleared, training still to do.
  [STAGE.TRAINING_PENDING]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_REVIEW],
  [STAGE.BGC_DENIED]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.BGC_REVIEW],
  // Both done: the RAD ID is to be linked (a failed link stays here, with its PII issues).
  [STAGE.LINK_RAD_ID]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.BGC_REVIEW, STAGE.TRAINING_PENDING, STAGE.LINK_RAD_ID, STAGE.VERIFICATION_FAILED],
  [STAGE.VERIFICATION_FAILED]: [STAGE.LINK_RAD_ID],
  // RAD ID linked: the ETC code (Telgoo ID) is awaited.
  [STAGE.TELGOO_ID]: [STAGE.LINK_RAD_ID],
  // The ETC code arrived: the candidate becomes a user.
  [STAGE.ONBOARDED]: [STAGE.TELGOO_ID],
  [STAGE.REJECTED]: [
    STAGE.PROFILE_COMPLETED, STAGE.PROFILE_UPDATED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.BGC_REVIEW,
    STAGE.TRAINING_PENDING, STAGE.LINK_RAD_ID, STAGE.VERIFICATION_FAILED, STAGE.TELGOO_ID,
  ],
};

/** Stages whose invite can expire: the candidate has not completed their profile. */
export const EXPIRING_STAGES: readonly OnboardingStatusId[] = [STAGE.INVITE_SENT, STAGE.PROFILE_IN_PROGRESS];

/** Where the candidate's own link still works (their profile, editable until the back office moves them on). */
export const SELF_SERVICE_STAGES: readonly OnboardingStatusId[] = [STAGE.INVITE_SENT, STAGE.PROFILE_IN_PROGRESS, STAGE.PROFILE_COMPLETED, STAGE.PROFILE_UPDATED];

export const onboardingStatusName = (status: number): string => onboardingStatuses.find((stage) => stage.id === status)?.name ?? `Status ${status}`;

/**
 * The Onboarding Summary's row actions by status (doc 3 §2, §4): Resend Invite and Delete only at
 * 1 (and Resend at 20: ours, it revives an expired invite); Email Reminder at every other status;
 * SMS Reminder at every status but 13 (and 20: ours, an expired invite is resent, not reminded).
 */
export const candidateActions = (status: number) => ({
  resendInvite: status === STAGE.INVITE_SENT || status === STAGE.EXPIRED,
  deleteCandidate: status === STAGE.INVITE_SENT,
  emailReminder: status !== STAGE.INVITE_SENT && status !== STAGE.EXPIRED,
  smsReminder: status !== STAGE.ONBOARDED && status !== STAGE.EXPIRED,
});

/**
 * The roles Send Invite offers (doc 3 §5): never Distributor, Super Admin, Admin, BO (Back
 * Office), Master Agent, None, Retailer, Retailer Admin, Retailer Manager or Office Manager —
 * which leaves Agent, IBO Manager and Office Supervisor; IBO Manager not for an IBO manager; only
 * Agent for an office manager.
 */
export function inviteRoleChoices(inviterRoles: readonly number[]): RoleId[] {
  if (inviterRoles.includes(ROLE.SUPER_ADMIN) || inviterRoles.includes(ROLE.RETAILER_MANAGER)) return [ROLE.AGENT, ROLE.IBO_MANAGER, ROLE.OFFICE_SUPERVISOR];
  if (inviterRoles.includes(ROLE.IBO_MANAGER)) return [ROLE.AGENT, ROLE.OFFICE_SUPERVISOR];
  if (inviterRoles.includes(ROLE.OFFICE_MANAGER) || inviterRoles.includes(ROLE.OFFICE_SUPERVISOR)) return [ROLE.AGENT];
  return [];
}

/**
 * Field enrollment (doc 3 §5): hidden "for role 2, role 3, or an office manager or IBO manager
 * user" — our reading: hidden when the invited role is 2 or 3, or the inviter is an office or IBO
 * manager; hidden means 1, the default.
 */
export const fieldEnrollmentAsked = (invitedRole: number, inviterRoles: readonly number[]) =>
  invitedRole !== ROLE.AGENT && invitedRole !== ROLE.OFFICE_MANAGER && !inviterRoles.includes(ROLE.OFFICE_MANAGER) && !inviterRoles.includes(ROLE.IBO_MANAGER);

/**
 * The stages a candidate at `status` can be moved to: the integration's table read from the other
 * side. A stage move recorded by hand (ours) follows the same table; a stay in place (23 → 23, a
 * failed RAD link reported again) is upstream's only.
 */
export function stageMovesFrom(status: number): OnboardingStatusId[] {
  return onboardingStatuses.map((stage) => stage.id).filter((to) => to !== status && (INTEGRATION_MOVES[to] ?? []).includes(status as OnboardingStatusId));
}

/**
 * Who may record a stage move by hand while the upstream integration is down (ours): the retailer
 * manager (12) and the super admin (1). The move is made by a person, named in the log, with a
 * required reason.
 */
export const MANUAL_STAGE_MOVE_ROLES: readonly RoleId[] = [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER];

/** The words of a stage move recorded by hand. */
export const MANUAL_STAGE_MOVE_MESSAGES = {
  status: 'Please select the stage to move to',
  reason: 'Please input the reason for moving the stage by hand',
  moved: (to: number) => `Candidate moved to ${onboardingStatusName(to)}`,
} as const;

/**
 * Which custom e-mail types fit a candidate's stage (doc 3 §5 Custom e-mail; the rule ours): an
 * e-mail is about something the candidate has to do now. Each type fits its own stage; BGC
 * Pending and Training Pending also fit Training & BGC Pending, where both are still open.
 * Stages that ask nothing of the candidate (3, 6, 12, 25, and the ends 13, 20, 22, 27) take none.
 */
const CUSTOM_EMAIL_FITS: Readonly<Record<number, readonly OnboardingStatusId[]>> = {
  [STAGE.INVITE_SENT]: [STAGE.INVITE_SENT],
  [STAGE.PROFILE_IN_PROGRESS]: [STAGE.PROFILE_IN_PROGRESS],
  [STAGE.TRAINING_AND_BGC_PENDING]: [STAGE.TRAINING_AND_BGC_PENDING],
  [STAGE.BGC_PENDING]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING],
  [STAGE.TRAINING_PENDING]: [STAGE.TRAINING_AND_BGC_PENDING, STAGE.TRAINING_PENDING],
  [STAGE.LINK_RAD_ID]: [STAGE.LINK_RAD_ID],
  [STAGE.VERIFICATION_FAILED]: [STAGE.VERIFICATION_FAILED],
};

/** The custom e-mail types (contracts' onboardingStatusesForCustomEmail) that fit a candidate at `status`; none where nothing is asked of them. */
export const customEmailTypesFor = (status: number): (typeof onboardingStatusesForCustomEmail)[number][] =>
  onboardingStatusesForCustomEmail.filter((type) => (CUSTOM_EMAIL_FITS[type.id] ?? []).includes(status as OnboardingStatusId));

/** Why no custom e-mail can be sent to a candidate at `status` (no type fits), in words; null when one can. */
export const customEmailBlockedBecause = (status: number): string | null =>
  customEmailTypesFor(status).length > 0 ? null : `No e-mail type fits a candidate at ${onboardingStatusName(status)}: nothing is asked of them at this stage.`;

/**
 * The Expired Status Distribution donut's segments (doc 1 §2.4), each the statuses it counts:
 * Expired, Onboarded, In Progress (every stage still under way) and the other ends, BGC Denied
 * and Rejected — which are not in progress.
 */
export const EXPIRED_DONUT_SEGMENTS: readonly { readonly name: string; readonly statuses: readonly OnboardingStatusId[] }[] = [
  { name: 'Expired', statuses: [STAGE.EXPIRED] },
  { name: 'Onboarded', statuses: [STAGE.ONBOARDED] },
  { name: 'In Progress', statuses: onboardingStatuses.map((stage) => stage.id).filter((id) => id !== STAGE.EXPIRED && !FINAL_STAGES.includes(id)) },
  { name: 'Denied or Rejected', statuses: [STAGE.BGC_DENIED, STAGE.REJECTED] },
];

/**
 * What the Invite Expires column says (the Onboarding Summary and its export): while the profile
 * is incomplete (1, 2) the day the link stops working; once expired (20) "Expired" and the day it
 * stopped; nothing once the profile is complete (the invite no longer expires). `date` formats an
 * ISO time as the screen or the file shows dates.
 */
export function inviteExpiryText(row: { readonly status: number; readonly invite_expires_at: string | null }, date: (iso: string) => string): string | null {
  if (row.invite_expires_at === null) return null;
  if (row.status === STAGE.EXPIRED) return `Expired ${date(row.invite_expires_at)}`;
  return EXPIRING_STAGES.includes(row.status as OnboardingStatusId) ? date(row.invite_expires_at) : null;
}
