import {
  CANDIDATE_MESSAGES,
  type CandidateActor,
  type CandidateConsentDocument,
  type CandidateEvent,
  type CandidateFile,
  type CandidateProfile,
  EXPIRING_STAGES,
  FINAL_STAGES,
  INTEGRATION_MOVES,
  MANUAL_STAGE_MOVE_MESSAGES,
  SELF_SERVICE_STAGES,
  ONBOARDING_MESSAGES,
  type OnboardingStageBody,
  type OnboardingStatusId,
  STAGE,
  type SendInviteBody,
  candidateActions,
  customEmailBlockedBecause,
  customEmailTypesFor,
  fieldEnrollmentAsked,
  inviteRoleChoices,
  onboardingStatusName,
} from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * The candidate's rules (doc 3 §4, §5; docs/ONBOARDING.md), pure: each function takes the
 * candidate's state (folded from its stream) and the facts its handler loaded, and answers the
 * events to append or a refusal in words. The moves themselves are contracts' one table
 * (onboarding.stages.ts).
 */

export interface CandidateState {
  readonly id: string;
  readonly exists: boolean;
  readonly deleted: boolean;
  readonly status: OnboardingStatusId;
  readonly retailer_id: string | null;
  readonly email: string;
  readonly mobile_number: string;
  readonly first_name: string;
  readonly delivery_method: 0 | 1 | 2;
  readonly token_hash: string | null;
  readonly expires_at: string | null;
  readonly telgoo_id: string | null;
  readonly user_id: string | null;
  /** The profile as invited and saved since (doc 3 §3 candidate edit). */
  readonly profile: Partial<CandidateProfile>;
  readonly has_photo_copy: boolean;
  readonly has_government_document: boolean;
  readonly has_ssn: boolean;
  readonly signed: readonly CandidateConsentDocument[];
}

export const initialCandidateState: CandidateState = {
  id: '',
  exists: false,
  deleted: false,
  status: STAGE.INVITE_SENT,
  retailer_id: null,
  email: '',
  mobile_number: '',
  first_name: '',
  delivery_method: 0,
  token_hash: null,
  expires_at: null,
  telgoo_id: null,
  user_id: null,
  profile: {},
  has_photo_copy: false,
  has_government_document: false,
  has_ssn: false,
  signed: [],
};

export function evolveCandidate(state: CandidateState, event: CandidateEvent): CandidateState {
  switch (event.type) {
    case 'CandidateInvited':
      return {
        ...state,
        id: event.data.candidate_id,
        exists: true,
        status: STAGE.INVITE_SENT,
        retailer_id: event.data.retailer_id,
        email: event.data.email,
        mobile_number: event.data.mobile_number,
        first_name: event.data.first_name,
        delivery_method: event.data.delivery_method,
        token_hash: event.data.token_hash,
        expires_at: event.data.expires_at,
        profile: { first_name: event.data.first_name, middle_name: event.data.middle_name, last_name: event.data.last_name, email: event.data.email, mobile_number: event.data.mobile_number },
      };
    case 'CandidateInviteRenewed':
      return { ...state, token_hash: event.data.token_hash, expires_at: event.data.expires_at };
    case 'CandidateStageChanged':
      return { ...state, status: event.data.to, telgoo_id: event.data.telgoo_id ?? state.telgoo_id };
    case 'CandidateProfileSaved':
      return {
        ...state,
        profile: { ...state.profile, ...event.data.profile },
        first_name: event.data.profile.first_name ?? state.first_name,
        has_photo_copy: state.has_photo_copy || event.data.photo_copy !== undefined,
        has_government_document: state.has_government_document || event.data.government_document !== undefined,
        has_ssn: state.has_ssn || event.data.masked_ssn_number !== undefined,
      };
    case 'CandidateDocumentSigned':
      return { ...state, signed: state.signed.includes(event.data.document) ? state.signed : [...state.signed, event.data.document] };
    case 'CandidateDeleted':
      return { ...state, deleted: true };
    case 'CandidateBecameUser':
      return { ...state, user_id: event.data.user_id };
    default:
      return state;
  }
}

export const foldCandidate = (events: readonly CandidateEvent[]): CandidateState => events.reduce(evolveCandidate, initialCandidateState);

const notFound = () => new DomainError('That candidate was not found.', 404);
/** A candidate that was never invited, or was deleted, reads as one that does not exist. */
const live = (state: CandidateState) => state.exists && !state.deleted;

// ----- Send Invite -----

/** The office as the inviter's scope finds it (undefined: missing or outside the scope, alike). */
export interface InviteOffice {
  readonly id: string;
  readonly ibo_marketer_id: string;
  readonly retailer_id: string;
  readonly active: boolean;
  /** Send Invite offers the office (doc 3 Office list "Send Invite", our `lifeline_status`). */
  readonly takes_invites: boolean;
}

export interface InviteFacts {
  readonly inviterRoles: readonly number[];
  readonly office: InviteOffice | undefined;
  /** The e-mail already belongs to a user, or to an open candidate (not deleted, not final, not expired). */
  readonly emailTaken: 'user' | 'candidate' | undefined;
}

export interface InviteCommand {
  readonly candidate_id: string;
  readonly body: SendInviteBody;
  readonly by: CandidateActor;
  readonly token_hash: string;
  readonly expires_at: string;
}

/** InviteCandidate (doc 3 §5 Send Invite): only an active office that takes invites, a role the inviter may offer, an e-mail nobody holds. */
export function decideInvite(command: InviteCommand, facts: InviteFacts): CandidateEvent[] | DomainError {
  const { body } = command;
  const office = facts.office;
  if (!office) return new DomainError(ONBOARDING_MESSAGES.office, 400, { office_id: ONBOARDING_MESSAGES.office });
  if (!office.active || !office.takes_invites) {
    const why = office.active ? 'That office does not take invites (Send Invite: No)' : 'That office is inactive';
    return new DomainError(why, 409, { office_id: why });
  }
  if (!(inviteRoleChoices(facts.inviterRoles) as readonly number[]).includes(body.role_id)) {
    return new DomainError(ONBOARDING_MESSAGES.role, 400, { role_id: ONBOARDING_MESSAGES.role });
  }
  if (facts.emailTaken) {
    const why = facts.emailTaken === 'user' ? 'A user with this e-mail address already exists' : 'This e-mail address already has an open invite';
    return new DomainError(why, 409, { email: why });
  }
  const asked = fieldEnrollmentAsked(body.role_id, facts.inviterRoles);
  return [
    {
      type: 'CandidateInvited',
      data: {
        candidate_id: command.candidate_id,
        source: 1,
        office_id: office.id,
        ibo_marketer_id: office.ibo_marketer_id,
        retailer_id: office.retailer_id,
        role_id: body.role_id,
        first_name: body.first_name,
        middle_name: body.middle_name ?? null,
        last_name: body.last_name,
        email: body.email.toLowerCase(),
        mobile_number: body.mobile_number,
        will_add_enrollments: asked ? (body.will_add_enrollments as 0 | 1) : 1,
        delivery_method: body.delivery_method as 0 | 1 | 2,
        by: command.by,
        token_hash: command.token_hash,
        expires_at: command.expires_at,
      },
    },
  ];
}

// ----- Resend Invite, reminders -----

export interface FreshLink {
  readonly token_hash: string;
  readonly expires_at: string;
}

/** Resend Invite (doc 3 §4: status 1; ours: also 20, which it revives to 1): a fresh link, the old one dead. */
export function decideResendInvite(state: CandidateState, link: FreshLink, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  if (!candidateActions(state.status).resendInvite) return new DomainError(`Resend Invite is for invited or expired candidates; this one is at ${onboardingStatusName(state.status)}. Send a reminder instead.`, 409);
  const events: CandidateEvent[] = [{ type: 'CandidateInviteRenewed', data: { candidate_id: state.id, ...link, by, reason: 'resend' } }];
  if (state.status === STAGE.EXPIRED) events.push({ type: 'CandidateStageChanged', data: { candidate_id: state.id, from: STAGE.EXPIRED, to: STAGE.INVITE_SENT, by, note: 'Invite resent' } });
  return events;
}

/**
 * Email Reminder (every status but 1 and 20) and SMS Reminder (every status but 13 and 20), doc 3
 * §4. A candidate who has not completed their profile gets a fresh link with it (their old one
 * may be lost), valid as long as the invite.
 */
export function decideReminder(state: CandidateState, channel: 'email' | 'sms', link: FreshLink, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  const actions = candidateActions(state.status);
  if (channel === 'email' ? !actions.emailReminder : !actions.smsReminder) {
    const name = channel === 'email' ? 'Email Reminder' : 'SMS Reminder';
    return new DomainError(`${name} is not offered at ${onboardingStatusName(state.status)}${state.status === STAGE.EXPIRED ? ': use Resend Invite' : ''}`, 409);
  }
  const events: CandidateEvent[] = [{ type: 'CandidateReminded', data: { candidate_id: state.id, channel, by } }];
  if (EXPIRING_STAGES.includes(state.status)) {
    events.unshift({ type: 'CandidateInviteRenewed', data: { candidate_id: state.id, token_hash: link.token_hash, expires_at: state.expires_at ?? link.expires_at, by, reason: channel === 'email' ? 'email_reminder' : 'sms_reminder' } });
  }
  return events;
}

// ----- Delete, custom e-mail, comments -----

/** Delete Candidate (doc 3 §4): only while invited (1). */
export function decideDelete(state: CandidateState, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  if (!candidateActions(state.status).deleteCandidate) return new DomainError(`Only an invited candidate can be deleted; this one is at ${onboardingStatusName(state.status)}.`, 409);
  return [{ type: 'CandidateDeleted', data: { candidate_id: state.id, by } }];
}

/** Custom E-mail (doc 3 §5): only a type that fits the candidate's stage (contracts' customEmailTypesFor), so the subject never names a stage they are not at. */
export function decideCustomEmail(state: CandidateState, onboardingStatus: number, emailText: string, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  const fits = customEmailTypesFor(state.status);
  if (!fits.some((type) => type.id === onboardingStatus)) {
    const why =
      fits.length === 0
        ? (customEmailBlockedBecause(state.status) ?? '')
        : `An e-mail about ${onboardingStatusName(onboardingStatus)} does not fit a candidate at ${onboardingStatusName(state.status)}: choose ${fits.map((type) => type.name).join(' or ')}`;
    return new DomainError(why, 409, { onboarding_status: why });
  }
  return [{ type: 'CandidateCustomEmailSent', data: { candidate_id: state.id, onboarding_status: onboardingStatus, email_text: emailText, by } }];
}

export function decideComment(state: CandidateState, comment: string, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  return [{ type: 'CandidateCommented', data: { candidate_id: state.id, comment, by } }];
}

// ----- Upstream stage moves, expiry -----

/**
 * An upstream system's move (POST /api/integration/v1/onboarding_stages): only the moves of
 * INTEGRATION_MOVES, for a candidate of the system's retailer (another retailer's reads as
 * missing). To 13 needs the ETC code (`telgoo_id`); the handler then creates the user. A note
 * becomes a comment too.
 */
export function decideStageMove(state: CandidateState, body: OnboardingStageBody, callerRetailerId: string, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state) || state.retailer_id !== callerRetailerId) return notFound();
  const refused = refuseMove(state, body.status as OnboardingStatusId, body.telgoo_id);
  if (refused) return refused;
  const from = state.status;
  const to = body.status as OnboardingStatusId;
  const events: CandidateEvent[] = [
    {
      type: 'CandidateStageChanged',
      data: {
        candidate_id: state.id,
        from,
        to,
        by,
        note: body.note ?? null,
        ...(body.rad_pii_issue_ids && body.rad_pii_issue_ids.length > 0 && { rad_pii_issue_ids: body.rad_pii_issue_ids }),
        ...(body.telgoo_id && { telgoo_id: body.telgoo_id }),
        ...(body.rad_id && { rad_id: body.rad_id }),
        ...(body.courses && Object.keys(body.courses).length > 0 && { courses: body.courses as Record<string, string> }),
      },
    },
  ];
  if (body.note) events.push({ type: 'CandidateCommented', data: { candidate_id: state.id, comment: body.note, by } });
  return events;
}

/** Why a move to `to` is refused by the one table (contracts' INTEGRATION_MOVES), in words; undefined when it is allowed. */
function refuseMove(state: CandidateState, to: OnboardingStatusId, telgooId: string | undefined): DomainError | undefined {
  const from = state.status;
  const allowedFrom = INTEGRATION_MOVES[to];
  if (!allowedFrom) return new DomainError(`${onboardingStatusName(to)} is not a stage an upstream system reports`, 422, { status: `${onboardingStatusName(to)} is not a stage an upstream system reports` });
  if (!allowedFrom.includes(from)) {
    const reached = FINAL_STAGES.includes(from) ? ` (${onboardingStatusName(from)} is final)` : ` (from ${allowedFrom.map(onboardingStatusName).join(', ')} only)`;
    return new DomainError(`A candidate at ${onboardingStatusName(from)} cannot move to ${onboardingStatusName(to)}${reached}`, 409);
  }
  if (to === STAGE.ONBOARDED && !telgooId && !state.telgoo_id) return new DomainError('telgoo_id (the ETC code) is required to onboard', 400, { telgoo_id: 'telgoo_id (the ETC code) is required to onboard' });
  return undefined;
}

/** What a stage move recorded by hand carries: the stage, the person's reason, and the ETC code a move to Onboarded needs. */
export interface ManualStageMove {
  readonly status: number;
  readonly reason: string;
  readonly telgoo_id?: string;
}

/**
 * A stage move recorded by hand (ours; roles 12 and 1, which the route table enforces) while the
 * upstream integration is down: the integration's moves only (contracts' stageMovesFrom — a stay
 * in place is upstream's), with a reason, made by the person who records it. The reason is the
 * move's note and a comment, so the log and the comments both say who moved the candidate and why.
 */
export function decideManualStageMove(state: CandidateState, move: ManualStageMove, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  const reason = move.reason.trim();
  if (!reason) return new DomainError(MANUAL_STAGE_MOVE_MESSAGES.reason, 400, { reason: MANUAL_STAGE_MOVE_MESSAGES.reason });
  if (by.kind !== 'user') return new DomainError('A stage move by hand is recorded by a person', 403);
  const to = move.status as OnboardingStatusId;
  if (to === state.status) return new DomainError(`The candidate is already at ${onboardingStatusName(to)}`, 409, { status: `The candidate is already at ${onboardingStatusName(to)}` });
  const refused = refuseMove(state, to, move.telgoo_id);
  if (refused) return refused;
  return [
    { type: 'CandidateStageChanged', data: { candidate_id: state.id, from: state.status, to, by, note: reason, by_hand: true, ...(move.telgoo_id && { telgoo_id: move.telgoo_id }) } },
    { type: 'CandidateCommented', data: { candidate_id: state.id, comment: `Moved to ${onboardingStatusName(to)} by hand: ${reason}`, by } },
  ];
}

/** The invite window passed without a completed profile (1 or 2): Expired (20), by the portal. Nothing otherwise. */
export function decideExpire(state: CandidateState, now: Date): CandidateEvent[] {
  if (!live(state) || !EXPIRING_STAGES.includes(state.status) || !state.expires_at || new Date(state.expires_at) > now) return [];
  return [{ type: 'CandidateStageChanged', data: { candidate_id: state.id, from: state.status, to: STAGE.EXPIRED, by: { kind: 'system', id: null, name: 'Portal' }, note: 'The invite expired' } }];
}

// ----- The candidate's own page -----

/** The words for every link that does not (or no longer) open a profile: wrong, replaced, expired, deleted, or past the profile. */
export const LINK_NOT_VALID = CANDIDATE_MESSAGES.linkNotValid;

/**
 * Whether the candidate's link opens their profile: it must be the latest link of a live
 * candidate, before expiry while the profile is incomplete, and the candidate not yet moved on by
 * the back office (stages 1, 2, 3, 25). Every failure reads the same.
 */
export function decideOpenLink(state: CandidateState, tokenHash: string, now: Date): DomainError | undefined {
  if (!live(state) || state.token_hash !== tokenHash || !SELF_SERVICE_STAGES.includes(state.status)) return new DomainError(LINK_NOT_VALID, 404);
  if (EXPIRING_STAGES.includes(state.status) && state.expires_at !== null && new Date(state.expires_at) <= now) return new DomainError(LINK_NOT_VALID, 404);
  return undefined;
}

/** The fields a complete profile holds (doc 3 §5 candidate edit: required ones). */
const REQUIRED_PROFILE: readonly { readonly field: keyof CandidateProfile; readonly name: string }[] = [
  { field: 'first_name', name: 'first name' },
  { field: 'last_name', name: 'last name' },
  { field: 'dob', name: 'date of birth' },
  { field: 'rad_id', name: 'RAD ID' },
  { field: 'shirt_size', name: 'shirt size' },
  { field: 'street_address1', name: 'street address' },
];

/** What the profile still lacks before it is complete (3), in words; empty when complete. */
export function missingForCompletion(state: CandidateState): string[] {
  const missing = REQUIRED_PROFILE.filter(({ field }) => !state.profile[field]).map(({ name }) => name);
  if (!state.has_photo_copy) missing.push('photo copy');
  if (!state.has_government_document) missing.push('government document');
  if (!state.has_ssn) missing.push('SSN');
  if (!state.signed.includes('bgc_consent')) missing.push('background check consent signature');
  if (!state.signed.includes('agent_agreement')) missing.push('retailer agent agreement signature');
  return missing;
}

/**
 * The stage a change by the candidate leads to: 1 → 2 (or 3 when it completes the profile), 2 → 3
 * once complete, 3 → 25 and 25 stays (a later edit: Profile Updated).
 */
function stageAfterChange(before: CandidateState, after: CandidateState, by: CandidateActor): CandidateEvent[] {
  const complete = missingForCompletion(after).length === 0;
  const from = before.status;
  const to: OnboardingStatusId =
    from === STAGE.PROFILE_COMPLETED || from === STAGE.PROFILE_UPDATED ? STAGE.PROFILE_UPDATED : complete ? STAGE.PROFILE_COMPLETED : STAGE.PROFILE_IN_PROGRESS;
  if (to === from) return [];
  return [{ type: 'CandidateStageChanged', data: { candidate_id: before.id, from, to, by, note: null } }];
}

export interface ProfileChange {
  readonly profile: Partial<CandidateProfile>;
  readonly photo_copy?: CandidateFile;
  readonly government_document?: CandidateFile;
  readonly masked_ssn_number?: string;
}

/** SaveProfile (the candidate's page): what they gave, and the stage it leads to. Nothing given is refused in words. */
export function decideSaveProfile(state: CandidateState, change: ProfileChange, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  if (Object.keys(change.profile).length === 0 && !change.photo_copy && !change.government_document && !change.masked_ssn_number) {
    return new DomainError('Nothing to save: fill in a field or choose a file', 400);
  }
  const saved: CandidateEvent = {
    type: 'CandidateProfileSaved',
    data: {
      candidate_id: state.id,
      profile: change.profile,
      ...(change.photo_copy && { photo_copy: change.photo_copy }),
      ...(change.government_document && { government_document: change.government_document }),
      ...(change.masked_ssn_number && { masked_ssn_number: change.masked_ssn_number }),
      by,
    },
  };
  return [saved, ...stageAfterChange(state, evolveCandidate(state, saved), by)];
}

export interface SignedConsent {
  readonly document: CandidateConsentDocument;
  readonly file: CandidateFile;
  readonly original_sha256: string;
  readonly consent_text: string;
  readonly consent_sha256: string;
  readonly signed_at: string;
  readonly ip: string | null;
  readonly user_agent: string | null;
}

/** SignConsent (the candidate's page): the signed record, and the stage it leads to. */
export function decideSignConsent(state: CandidateState, signed: SignedConsent, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  const event: CandidateEvent = { type: 'CandidateDocumentSigned', data: { candidate_id: state.id, ...signed, by } };
  return [event, ...stageAfterChange(state, evolveCandidate(state, event), by)];
}

/**
 * EditCandidate (doc 3 §2 Edit Candidate, roles 11 and 12): the details and the two .jpg files, as
 * a manager corrects them — recorded as the same ProfileSaved the candidate's page records, by the
 * manager; no stage moves (those are the candidate's and the upstream systems'). An onboarded
 * candidate is a user now, edited as one.
 */
export function decideEditCandidate(state: CandidateState, change: ProfileChange, facts: { readonly emailTaken: 'user' | 'candidate' | undefined }, by: CandidateActor): CandidateEvent[] | DomainError {
  if (!live(state)) return notFound();
  if (state.status === STAGE.ONBOARDED) return new DomainError('This candidate is onboarded: edit them as a user (Administration > Users)', 409);
  if (facts.emailTaken) {
    const why = facts.emailTaken === 'user' ? 'A user with this e-mail address already exists' : 'This e-mail address already has an open invite';
    return new DomainError(why, 409, { email: why });
  }
  return [{ type: 'CandidateProfileSaved', data: { candidate_id: state.id, profile: change.profile, ...(change.photo_copy && { photo_copy: change.photo_copy }), ...(change.government_document && { government_document: change.government_document }), by } }];
}
