import { type CandidateActor, type CandidateEvent, INTEGRATION_MOVES, ONBOARDING_MESSAGES, ROLE, STAGE, type SendInviteBody, candidateActions, customEmailTypesFor, inviteRoleChoices, onboardingStatuses, stageMovesFrom } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type CandidateState, type InviteFacts, decideComment, decideCustomEmail, decideDelete, decideExpire, decideInvite, decideManualStageMove, decideReminder, decideResendInvite, decideStageMove, foldCandidate } from './candidate.decider';

const manager: CandidateActor = { kind: 'user', id: 'u-om', name: 'Olivia Ortega' };
const upstream: CandidateActor = { kind: 'integration', id: 'key-1', name: 'Background checks' };
const office = { id: 'o-1', ibo_marketer_id: 'i-1', retailer_id: 'r-1', active: true, takes_invites: true };
const body = (change: Partial<SendInviteBody> = {}): SendInviteBody => ({
  office_id: 'o-1', role_id: ROLE.AGENT, first_name: 'Cara', last_name: 'Candidate', email: 'Cara@Example.com', mobile_number: '5125550100', delivery_method: 2, will_add_enrollments: 0, ...change,
});
const facts = (change: Partial<InviteFacts> = {}): InviteFacts => ({ inviterRoles: [ROLE.RETAILER_MANAGER], office, emailTaken: undefined, ...change });
const invite = (change: Partial<SendInviteBody> = {}, factChange: Partial<InviteFacts> = {}) =>
  decideInvite({ candidate_id: 'c-1', body: body(change), by: manager, token_hash: 'h-1', expires_at: '2026-12-10T00:00:00.000Z' }, facts(factChange));
const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, message: decision.message, fields: decision.fields } : decision);
const link = { token_hash: 'h-2', expires_at: '2026-12-24T00:00:00.000Z' };

/** A candidate invited, then moved through `stages` (each by upstream). */
function at(...stages: number[]): CandidateState {
  const invited = invite() as CandidateEvent[];
  let from: number = STAGE.INVITE_SENT;
  const moves: CandidateEvent[] = stages.map((to) => {
    const event: CandidateEvent = { type: 'CandidateStageChanged', data: { candidate_id: 'c-1', from: from as 1, to: to as 1, by: upstream, note: null } };
    from = to;
    return event;
  });
  return foldCandidate([...invited, ...moves]);
}

describe('candidate rules', () => {
  describe('Send Invite', () => {
    it('invites into an active office that takes invites, the e-mail in lower case, a one-time link that expires', () => {
      expect(invite()).toEqual([
        {
          type: 'CandidateInvited',
          data: {
            candidate_id: 'c-1', source: 1, office_id: 'o-1', ibo_marketer_id: 'i-1', retailer_id: 'r-1', role_id: 2, first_name: 'Cara', middle_name: null, last_name: 'Candidate',
            email: 'cara@example.com', mobile_number: '5125550100', will_add_enrollments: 1, delivery_method: 2, by: manager, token_hash: 'h-1', expires_at: '2026-12-10T00:00:00.000Z',
          },
        },
      ]);
    });

    it('offers the roles of doc 3 §5 by inviter: 2, 11, 14 for retailer managers; no 11 for IBO managers; only 2 for office managers', () => {
      expect(inviteRoleChoices([ROLE.RETAILER_MANAGER])).toEqual([2, 11, 14]);
      expect(inviteRoleChoices([ROLE.IBO_MANAGER])).toEqual([2, 14]);
      expect(inviteRoleChoices([ROLE.OFFICE_MANAGER])).toEqual([2]);
      expect(refusal(invite({ role_id: ROLE.IBO_MANAGER }, { inviterRoles: [ROLE.IBO_MANAGER] }))).toMatchObject({ status: 400, fields: { role_id: ONBOARDING_MESSAGES.role } });
      expect(refusal(invite({ role_id: ROLE.OFFICE_MANAGER }))).toMatchObject({ status: 400, fields: { role_id: 'Please select role' } });
      expect(refusal(invite({ role_id: ROLE.OFFICE_SUPERVISOR }, { inviterRoles: [ROLE.OFFICE_MANAGER] }))).toMatchObject({ status: 400 });
    });

    it('asks field enrollment only where doc 3 §5 shows it: an IBO manager invited by a retailer manager keeps the answer', () => {
      expect(invite({ role_id: ROLE.IBO_MANAGER, will_add_enrollments: 0 })).toMatchObject([{ data: { will_add_enrollments: 0 } }]);
      expect(invite({ role_id: ROLE.OFFICE_SUPERVISOR, will_add_enrollments: 0 }, { inviterRoles: [ROLE.IBO_MANAGER] })).toMatchObject([{ data: { will_add_enrollments: 1 } }]);
    });

    it('refuses an office outside the scope, an inactive one, one without Send Invite, and an e-mail already taken', () => {
      expect(refusal(invite({}, { office: undefined }))).toMatchObject({ status: 400, fields: { office_id: 'Please select office' } });
      expect(refusal(invite({}, { office: { ...office, active: false } }))).toMatchObject({ status: 409, message: 'That office is inactive' });
      expect(refusal(invite({}, { office: { ...office, takes_invites: false } }))).toMatchObject({ status: 409, message: 'That office does not take invites (Send Invite: No)' });
      expect(refusal(invite({}, { emailTaken: 'user' }))).toMatchObject({ status: 409, fields: { email: 'A user with this e-mail address already exists' } });
      expect(refusal(invite({}, { emailTaken: 'candidate' }))).toMatchObject({ status: 409, fields: { email: 'This e-mail address already has an open invite' } });
    });
  });

  describe('actions by status (doc 3 §4)', () => {
    it('Resend Invite and Delete only at 1 (Resend also at 20); Email Reminder elsewhere; SMS Reminder but at 13', () => {
      const table = onboardingStatuses.map((stage) => [stage.id, candidateActions(stage.id)]);
      for (const [status, actions] of table as [number, ReturnType<typeof candidateActions>][]) {
        expect({ status, resend: actions.resendInvite }).toEqual({ status, resend: status === 1 || status === 20 });
        expect({ status, del: actions.deleteCandidate }).toEqual({ status, del: status === 1 });
        expect({ status, email: actions.emailReminder }).toEqual({ status, email: status !== 1 && status !== 20 });
        expect({ status, sms: actions.smsReminder }).toEqual({ status, sms: status !== 13 && status !== 20 });
      }
    });

    it('resends at 1 with a fresh link, revives an expired invite to 1, refuses elsewhere', () => {
      expect(decideResendInvite(at(), link, manager)).toEqual([{ type: 'CandidateInviteRenewed', data: { candidate_id: 'c-1', ...link, by: manager, reason: 'resend' } }]);
      expect(decideResendInvite(at(STAGE.EXPIRED), link, manager)).toEqual([
        { type: 'CandidateInviteRenewed', data: { candidate_id: 'c-1', ...link, by: manager, reason: 'resend' } },
        { type: 'CandidateStageChanged', data: { candidate_id: 'c-1', from: 20, to: 1, by: manager, note: 'Invite resent' } },
      ]);
      expect(refusal(decideResendInvite(at(STAGE.PROFILE_COMPLETED), link, manager))).toMatchObject({ status: 409, message: expect.stringContaining('Send a reminder instead') });
    });

    it('reminds by e-mail or SMS; a profile not yet complete gets a fresh link with the same expiry', () => {
      expect(decideReminder(at(STAGE.PROFILE_IN_PROGRESS), 'email', link, manager)).toEqual([
        { type: 'CandidateInviteRenewed', data: { candidate_id: 'c-1', token_hash: 'h-2', expires_at: '2026-12-10T00:00:00.000Z', by: manager, reason: 'email_reminder' } },
        { type: 'CandidateReminded', data: { candidate_id: 'c-1', channel: 'email', by: manager } },
      ]);
      expect(decideReminder(at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING), 'sms', link, manager)).toEqual([{ type: 'CandidateReminded', data: { candidate_id: 'c-1', channel: 'sms', by: manager } }]);
      expect(refusal(decideReminder(at(), 'email', link, manager))).toMatchObject({ status: 409 });
      expect(refusal(decideReminder(at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.LINK_RAD_ID, STAGE.TELGOO_ID, STAGE.ONBOARDED), 'sms', link, manager))).toMatchObject({ status: 409, message: 'SMS Reminder is not offered at Onboarded' });
    });

    it('deletes only at 1; a deleted candidate reads as missing to every command', () => {
      const deleted = decideDelete(at(), manager) as CandidateEvent[];
      expect(deleted).toEqual([{ type: 'CandidateDeleted', data: { candidate_id: 'c-1', by: manager } }]);
      const gone = foldCandidate([...(invite() as CandidateEvent[]), ...deleted]);
      for (const decision of [decideDelete(gone, manager), decideComment(gone, 'x', manager), decideCustomEmail(gone, 2, 'x', manager), decideResendInvite(gone, link, manager)]) {
        expect(refusal(decision)).toMatchObject({ status: 404, message: 'That candidate was not found.' });
      }
      expect(refusal(decideDelete(at(STAGE.PROFILE_IN_PROGRESS), manager))).toMatchObject({ status: 409 });
    });
  });

  describe('upstream moves', () => {
    const move = (state: CandidateState, status: number, extra: Record<string, unknown> = {}, retailer = 'r-1') => decideStageMove(state, { candidate_id: 'c-1', status, ...extra } as never, retailer, upstream);

    it('follows the one table: every listed move is taken, every other refused in words', () => {
      const everyStage = onboardingStatuses.map((stage) => stage.id);
      for (const to of everyStage) {
        const allowed = INTEGRATION_MOVES[to] ?? [];
        for (const from of everyStage) {
          const state = { ...at(), status: from, telgoo_id: 'ETC-1' } as CandidateState;
          const decision = move(state, to);
          expect({ from, to, taken: Array.isArray(decision) }).toEqual({ from, to, taken: allowed.includes(from) });
        }
      }
      expect(refusal(move(at(), STAGE.ONBOARDED))).toMatchObject({ status: 409, message: 'A candidate at Invite Sent cannot move to Onboarded (from Telgoo ID only)' });
      expect(refusal(move(at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_DENIED), STAGE.BGC_PENDING))).toMatchObject({ status: 409, message: expect.stringContaining('BGC Denied is final') });
      expect(refusal(move(at(), STAGE.PROFILE_COMPLETED))).toMatchObject({ status: 422, message: 'Profile Completed is not a stage an upstream system reports' });
    });

    it('onboards only with the ETC code; keeps PII issues, courses and a note (which is also a comment)', () => {
      const telgoo = at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.LINK_RAD_ID, STAGE.TELGOO_ID);
      expect(refusal(move(telgoo, STAGE.ONBOARDED))).toMatchObject({ status: 400, fields: { telgoo_id: expect.any(String) } });
      expect(move(telgoo, STAGE.ONBOARDED, { telgoo_id: 'ETC-77' })).toMatchObject([{ data: { from: 12, to: 13, telgoo_id: 'ETC-77' } }]);
      const failedLink = move(at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.LINK_RAD_ID), STAGE.LINK_RAD_ID, { rad_pii_issue_ids: [1, 3], note: 'Name and SSN did not match', courses: { course_one: 'Passed' } });
      expect(failedLink).toEqual([
        { type: 'CandidateStageChanged', data: { candidate_id: 'c-1', from: 23, to: 23, by: upstream, note: 'Name and SSN did not match', rad_pii_issue_ids: [1, 3], courses: { course_one: 'Passed' } } },
        { type: 'CandidateCommented', data: { candidate_id: 'c-1', comment: 'Name and SSN did not match', by: upstream } },
      ]);
    });

    it("reads another retailer's candidate as missing", () => {
      expect(refusal(move(at(STAGE.PROFILE_COMPLETED), STAGE.TRAINING_AND_BGC_PENDING, {}, 'r-2'))).toMatchObject({ status: 404 });
    });
  });

  describe('custom e-mail: only a type that fits the stage', () => {
    const retailer: CandidateActor = { kind: 'user', id: 'u-rm', name: 'Rita Retail' };
    it('sends a type that fits the candidate\'s stage; refuses another in words, and any at a stage that asks nothing of them', () => {
      expect(decideCustomEmail(at(), STAGE.INVITE_SENT, 'Please open your invite.', retailer)).toEqual([
        { type: 'CandidateCustomEmailSent', data: { candidate_id: 'c-1', onboarding_status: 1, email_text: 'Please open your invite.', by: retailer } },
      ]);
      // Training & BGC Pending: both open, so either e-mail fits.
      const both = at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING);
      expect(customEmailTypesFor(both.status).map((type) => type.name)).toEqual(['Training & BGC Pending', 'BGC Pending', 'Training Pending']);
      expect(decideCustomEmail(both, STAGE.TRAINING_PENDING, 'Your training awaits.', retailer)).toMatchObject([{ data: { onboarding_status: 9 } }]);
      expect(refusal(decideCustomEmail(both, STAGE.INVITE_SENT, 'x', retailer))).toEqual({
        status: 409,
        message: 'An e-mail about Invite Sent does not fit a candidate at Training & BGC Pending: choose Training & BGC Pending or BGC Pending or Training Pending',
        fields: { onboarding_status: expect.any(String) },
      });
      const completed = at(STAGE.PROFILE_COMPLETED);
      expect(customEmailTypesFor(completed.status)).toEqual([]);
      expect(refusal(decideCustomEmail(completed, STAGE.INVITE_SENT, 'x', retailer))).toMatchObject({
        status: 409,
        message: 'No e-mail type fits a candidate at Profile Completed: nothing is asked of them at this stage.',
      });
    });

    it('offers every stage only the types of the table: each its own, and the ends none', () => {
      const offered = Object.fromEntries(onboardingStatuses.map((stage) => [stage.id, customEmailTypesFor(stage.id).map((type) => type.id)]));
      expect(offered).toEqual({ 1: [1], 2: [2], 3: [], 4: [4, 5, 9], 5: [5], 6: [], 9: [9], 12: [], 13: [], 20: [], 22: [], 23: [23], 24: [24], 25: [], 27: [] });
    });
  });

  describe('stage moves recorded by hand (the integration down)', () => {
    const retailer: CandidateActor = { kind: 'user', id: 'u-rm', name: 'Rita Retail' };
    const byHand = (state: CandidateState, status: number, reason = 'Checks portal down; BGC cleared by phone', telgoo_id?: string) =>
      decideManualStageMove(state, { status, reason, ...(telgoo_id && { telgoo_id }) }, retailer);

    it('takes the integration\'s moves only, made by the person with their reason (the note, and a comment)', () => {
      const pending = at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING);
      expect(byHand(pending, STAGE.BGC_REVIEW)).toEqual([
        { type: 'CandidateStageChanged', data: { candidate_id: 'c-1', from: 5, to: 6, by: retailer, note: 'Checks portal down; BGC cleared by phone', by_hand: true } },
        { type: 'CandidateCommented', data: { candidate_id: 'c-1', comment: 'Moved to BGC Review by hand: Checks portal down; BGC cleared by phone', by: retailer } },
      ]);
      // Every listed move, and no other, for every stage; a stay in place is upstream's.
      const everyStage = onboardingStatuses.map((stage) => stage.id);
      for (const from of everyStage) {
        const state = { ...at(), status: from, telgoo_id: 'ETC-1' } as CandidateState;
        expect({ from, offered: stageMovesFrom(from) }).toEqual({ from, offered: everyStage.filter((to) => to !== from && (INTEGRATION_MOVES[to] ?? []).includes(from)) });
        for (const to of everyStage) expect({ from, to, taken: Array.isArray(byHand(state, to)) }).toEqual({ from, to, taken: stageMovesFrom(from).includes(to) });
      }
      expect(refusal(byHand(at(), STAGE.BGC_REVIEW))).toMatchObject({ status: 409, message: 'A candidate at Invite Sent cannot move to BGC Review (from Training & BGC Pending, BGC Pending only)' });
      expect(refusal(byHand(pending, STAGE.BGC_PENDING))).toMatchObject({ status: 409, message: 'The candidate is already at BGC Pending' });
    });

    it('needs a reason, a person, and for Onboarded the ETC code', () => {
      const telgoo = at(STAGE.PROFILE_COMPLETED, STAGE.TRAINING_AND_BGC_PENDING, STAGE.BGC_PENDING, STAGE.LINK_RAD_ID, STAGE.TELGOO_ID);
      expect(refusal(byHand(telgoo, STAGE.ONBOARDED, '   '))).toMatchObject({ status: 400, fields: { reason: 'Please input the reason for moving the stage by hand' } });
      expect(refusal(decideManualStageMove(telgoo, { status: STAGE.ONBOARDED, reason: 'x', telgoo_id: 'ETC-1' }, upstream))).toMatchObject({ status: 403 });
      expect(refusal(byHand(telgoo, STAGE.ONBOARDED))).toMatchObject({ status: 400, fields: { telgoo_id: 'telgoo_id (the ETC code) is required to onboard' } });
      expect(byHand(telgoo, STAGE.ONBOARDED, 'ETC code read out by the carrier', 'ETC-88')).toMatchObject([{ data: { from: 12, to: 13, telgoo_id: 'ETC-88', by_hand: true, by: retailer } }, { type: 'CandidateCommented' }]);
      const gone = foldCandidate([...(invite() as CandidateEvent[]), { type: 'CandidateDeleted', data: { candidate_id: 'c-1', by: manager } }]);
      expect(refusal(byHand(gone, STAGE.PROFILE_COMPLETED))).toMatchObject({ status: 404 });
    });
  });

  describe('expiry', () => {
    it('expires an invite at 1 or 2 once its window has passed, by the portal; nothing before, nothing after completion', () => {
      expect(decideExpire(at(), new Date('2026-12-09T23:59:59Z'))).toEqual([]);
      expect(decideExpire(at(STAGE.PROFILE_IN_PROGRESS), new Date('2026-12-10T00:00:00Z'))).toEqual([
        { type: 'CandidateStageChanged', data: { candidate_id: 'c-1', from: 2, to: 20, by: { kind: 'system', id: null, name: 'Portal' }, note: 'The invite expired' } },
      ]);
      expect(decideExpire(at(STAGE.PROFILE_COMPLETED), new Date('2027-01-01T00:00:00Z'))).toEqual([]);
      expect(decideExpire(at(STAGE.EXPIRED), new Date('2027-01-01T00:00:00Z'))).toEqual([]);
    });
  });
});
