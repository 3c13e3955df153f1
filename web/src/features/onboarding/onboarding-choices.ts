import { type OnboardingStatusId, deliveryMethods, onboardingSources, onboardingStatuses } from '@portal/contracts/onboarding/onboarding.codes';
import { ONBOARDING_REDIRECT_KEYS } from '@portal/contracts/onboarding/onboarding.schemas';
import { FINAL_STAGES, MANUAL_STAGE_MOVE_ROLES, STAGE, candidateActions, customEmailTypesFor, inviteRoleChoices, onboardingStatusName, stageMovesFrom } from '@portal/contracts/onboarding/onboarding.stages';
import { onboardingShowsIboMarket } from '@portal/contracts/onboarding/onboarding.views';
import { ROLE, ROLE_IDS, ROLE_NAMES, type RoleId } from '@portal/contracts/platform/roles';
import { holdsAny } from '../../app/access';

/**
 * Who sees what on the onboarding screens (doc 3 §2, §4, §5, §6) and the choices they offer, from
 * the contracts' code lists and stage rules: pages ask these by name and write no role or status
 * number.
 */
type Roles = readonly number[];

export const onboardingView = {
  /** The IBOs/Markets column and the Search IBO filter: role 12 (doc 3 §2; role 1 reaches what 12 does), as contracts say for the exports too. */
  retailerLevel: (viewer: Roles) => onboardingShowsIboMarket(viewer),
  /** Record a stage move by hand while the upstream integration is down (ours): roles 12 and 1, as the route table says. */
  movesStagesByHand: (viewer: Roles) => holdsAny(viewer, MANUAL_STAGE_MOVE_ROLES),
};

/** The roles Send Invite offers this inviter (contracts' inviteRoleChoices), named by ROLE_NAMES. */
export const inviteRoleOptions = (viewer: Roles) => inviteRoleChoices(viewer).map((id) => ({ value: id, label: ROLE_NAMES[id] }));

export const DELIVERY_OPTIONS = deliveryMethods.map((method) => ({ value: method.id, label: method.name }));
export const FIELD_ENROLLMENT_OPTIONS = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
];

export const STATUS_OPTIONS = onboardingStatuses.map((stage) => ({ value: stage.id, label: stage.name }));
export const SOURCE_OPTIONS = onboardingSources.map((source) => ({ value: source.id, label: source.name }));
/** The custom e-mail types that fit a candidate's stage (contracts' customEmailTypesFor: the server refuses the others). */
export const emailTypeOptions = (status: number) => customEmailTypesFor(status).map((stage) => ({ value: stage.id, label: stage.name }));

/** The stages a candidate at `status` can be moved to by hand: the integration's moves (contracts' stageMovesFrom). */
export const stageMoveOptions = (status: number) => stageMovesFrom(status).map((id) => ({ value: id, label: onboardingStatusName(id) }));

/** The role filter leaves out Distributor, Super Admin, Back Office, Master Agent, Retailer and Retailer Manager (doc 3 §2; Admin and None are no roles here), and the Auditor (ours: nobody is invited as one). */
const ROLE_FILTER_HIDDEN: readonly RoleId[] = [ROLE.DISTRIBUTOR, ROLE.SUPER_ADMIN, ROLE.BACK_OFFICE, ROLE.MASTER_AGENT, ROLE.RETAILER, ROLE.RETAILER_MANAGER, ROLE.AUDITOR];
export const ROLE_FILTER_OPTIONS = ROLE_IDS.filter((id) => !ROLE_FILTER_HIDDEN.includes(id)).map((id) => ({ value: id, label: ROLE_NAMES[id] }));

/** What a dashboard link's `redirect_key` stands for: RAD Link Failed, or a stage by its key (doc 1 §2.4, doc 3 §4). */
export function redirectKeyName(key: string): string {
  if ((ONBOARDING_REDIRECT_KEYS as readonly string[]).includes(key)) return 'RAD Link Failed';
  return /^\d{1,3}$/.test(key) ? onboardingStatusName(Number(key)) : key;
}

/** The statuses a link's `?status=13` or `?status=1,2` asks for: known stage keys only. */
export function statusesFromLink(value: string | null): number[] {
  if (!value) return [];
  const known = onboardingStatuses.map((stage) => stage.id as number);
  return [...new Set(value.split(',').map((item) => Number(item.trim())))].filter((id) => known.includes(id));
}

/** The row actions of a candidate (contracts' candidateActions) and why SMS Reminder, or a stage move by hand, is not offered when it is not. */
export function rowActions(status: number) {
  const actions = candidateActions(status);
  const smsBlocked: string | false = actions.smsReminder ? false : status === STAGE.ONBOARDED ? ONBOARDING_TEXTS.smsOnboarded : ONBOARDING_TEXTS.smsExpired;
  const moveBlocked: string | false = stageMovesFrom(status).length > 0 ? false : FINAL_STAGES.includes(status as OnboardingStatusId) ? ONBOARDING_TEXTS.moveFinal(status) : ONBOARDING_TEXTS.moveByCandidate(status);
  return { ...actions, smsBlocked, moveBlocked };
}

/** Tag colour of a stage: onboarded green, the dead ends red, the rest in progress. */
export function stageColor(status: number): string {
  if (status === STAGE.ONBOARDED) return 'green';
  if (([STAGE.EXPIRED, STAGE.BGC_DENIED, STAGE.VERIFICATION_FAILED, STAGE.REJECTED] as readonly number[]).includes(status)) return 'red';
  return 'orange';
}

/** The screens' own words (ours where the spec gives none). */
export const ONBOARDING_TEXTS = {
  deleteConfirm: 'Are you sure you want to delete this candidate?',
  smsOnboarded: 'The candidate is onboarded: there is nothing to remind them of.',
  smsExpired: 'The invite expired: resend it instead.',
  noComments: 'No comments yet',
  noLog: 'Nothing logged yet',
  moveFinal: (status: number) => `${onboardingStatusName(status)} is final: no stage follows it.`,
  moveByCandidate: (status: number) =>
    status === STAGE.EXPIRED ? 'The invite expired: resend it; the candidate moves on by completing their profile.' : `At ${onboardingStatusName(status)} the candidate moves on by completing their profile.`,
  moveStageTitle: 'Move Stage',
  moveStageNote: 'For when the upstream integration is down: the move follows its rules, and the log names you and your reason.',
} as const;
