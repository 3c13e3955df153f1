import { ROLE, type RoleId } from '../platform/roles';
import { type OnboardingStatusId, onboardingStatuses } from './onboarding.codes';

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
