// Onboarding's demo story: candidates of the Dallas office in every stage — invited, part-way,
// complete, in every upstream stage, onboarded into an agent, expired, denied and rejected —
// each moved through onboarding's own commands: the manager invites, the candidate follows their
// link (details, the two .jpg files, the two e-signatures), the upstream systems report.
import { type CandidateActor, type OnboardingStageBody, type Position, ROLE, STAGE, candidateProfileBody, onboardingStageBody, sendInviteBody } from '@portal/contracts';
import { findOrgUser, waitForProjections } from '@portal/projections';
import { systemContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { sha256 } from '../platform/signing/pdf-signing';
import { UploadStorage } from '../platform/storage/uploads';
import { changeCandidate } from '../onboarding/candidate-stream';
import { decideExpire } from '../onboarding/candidate.decider';
import { InviteCandidate, InviteCandidateHandler } from '../onboarding/invite-candidate.command';
import { MoveCandidateStage, MoveCandidateStageHandler } from '../onboarding/move-candidate-stage.command';
import { SaveCandidateProfile, SaveCandidateProfileHandler } from '../onboarding/save-candidate-profile.command';
import { SignCandidateConsent, SignCandidateConsentHandler } from '../onboarding/sign-candidate-consent.command';
import type { DemoOffice } from './demo-business.seed';
import { DEMO_ID_PHOTO, DEMO_RMA_PHOTO } from './demo-photo';

/** Where each demo candidate ends: the upstream moves after a completed profile (none: they stop earlier). */
interface DemoCandidate {
  readonly first: string;
  readonly last: string;
  /** How far the candidate gets on their own page. */
  readonly profile: 'none' | 'partial' | 'complete' | 'updated';
  readonly moves?: readonly Omit<OnboardingStageBody, 'candidate_id'>[];
  readonly expired?: boolean;
}

const CHECKS: Omit<OnboardingStageBody, 'candidate_id'> = { status: STAGE.TRAINING_AND_BGC_PENDING };
const CLEARED: Omit<OnboardingStageBody, 'candidate_id'> = { status: STAGE.BGC_PENDING, courses: { course_one: 'Passed', course_two: 'Passed' } };
const TO_RAD: Omit<OnboardingStageBody, 'candidate_id'> = { status: STAGE.LINK_RAD_ID };

const CANDIDATES: readonly DemoCandidate[] = [
  { first: 'Ada', last: 'Invited', profile: 'none' },
  { first: 'Ben', last: 'Started', profile: 'partial' },
  { first: 'Cleo', last: 'Complete', profile: 'complete' },
  { first: 'Dev', last: 'Updated', profile: 'updated' },
  { first: 'Eli', last: 'Checks', profile: 'complete', moves: [CHECKS] },
  { first: 'Fay', last: 'Pending', profile: 'complete', moves: [CHECKS, CLEARED] },
  { first: 'Gus', last: 'Review', profile: 'complete', moves: [CHECKS, { status: STAGE.BGC_REVIEW, note: 'A record needs a closer look' }] },
  { first: 'Hana', last: 'Training', profile: 'complete', moves: [CHECKS, { status: STAGE.TRAINING_PENDING }] },
  { first: 'Ivo', last: 'Denied', profile: 'complete', moves: [CHECKS, CLEARED, { status: STAGE.BGC_DENIED, note: 'Background check not passed' }] },
  { first: 'Jade', last: 'Linking', profile: 'complete', moves: [CHECKS, CLEARED, TO_RAD] },
  { first: 'Kai', last: 'Mismatch', profile: 'complete', moves: [CHECKS, CLEARED, TO_RAD, { status: STAGE.LINK_RAD_ID, rad_pii_issue_ids: [1, 2], note: 'Name and date of birth did not match' }] },
  { first: 'Lia', last: 'Unverified', profile: 'complete', moves: [CHECKS, CLEARED, TO_RAD, { status: STAGE.VERIFICATION_FAILED, note: 'Identity could not be verified' }] },
  { first: 'Max', last: 'Telgoo', profile: 'complete', moves: [CHECKS, CLEARED, TO_RAD, { status: STAGE.TELGOO_ID, rad_id: 'RAD55012' }] },
  { first: 'Nia', last: 'Onboarded', profile: 'complete', moves: [CHECKS, CLEARED, TO_RAD, { status: STAGE.TELGOO_ID, rad_id: 'RAD55013' }, { status: STAGE.ONBOARDED, telgoo_id: 'ETC-55013' }] },
  { first: 'Oli', last: 'Expired', profile: 'none', expired: true },
  { first: 'Pia', last: 'Rejected', profile: 'complete', moves: [CHECKS, { status: STAGE.REJECTED, note: 'Withdrew from the programme' }] },
];

/** The demo candidates' addresses: `<first>.<last>@demo.test`, in lower case. */
export const demoCandidateEmail = (candidate: { first: string; last: string }) => `${candidate.first}.${candidate.last}@demo.test`.toLowerCase();

export async function seedDemoOnboarding(platform: Platform, offices: readonly DemoOffice[], orgPosition: Position): Promise<void> {
  const dallas = offices[0];
  if (!dallas) return;
  const settle = async (position: Position | null) => {
    if (position && !(await waitForProjections(platform.database, ['org', 'onboarding'], position, 5 * 60_000))) throw new Error('the read models did not catch up while seeding candidates');
  };
  await settle(orgPosition);
  const context = systemContext();
  const uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  const managerUser = await findOrgUser(platform.database.db, dallas.managerId);
  const manager: CandidateActor = { kind: 'user', id: dallas.managerId, name: managerUser ? `${managerUser.first_name} ${managerUser.last_name}` : 'Office manager' };
  const upstream: CandidateActor = { kind: 'integration', id: null, name: 'Background checks (demo)' };
  const invite = new InviteCandidateHandler(platform);
  const save = new SaveCandidateProfileHandler(platform);
  const sign = new SignCandidateConsentHandler(platform);
  const move = new MoveCandidateStageHandler(platform);
  const photo = () => {
    const pending = uploads.pending('candidate-images', { bytes: DEMO_ID_PHOTO, contentType: 'image/jpeg', extension: 'jpg' });
    return { pending, file: { key: pending.key, content_type: 'image/jpeg', size: pending.size, sha256: sha256(DEMO_ID_PHOTO) } };
  };

  for (const [index, candidate] of CANDIDATES.entries()) {
    const body = sendInviteBody.parse({
      office_id: dallas.id,
      role_id: ROLE.AGENT,
      first_name: candidate.first,
      last_name: candidate.last,
      email: demoCandidateEmail(candidate),
      mobile_number: `21455501${String(index).padStart(2, '0')}`,
      delivery_method: (index % 3) as 0 | 1 | 2,
      will_add_enrollments: 1,
    });
    const invited = await invite.execute(new InviteCandidate(body, [ROLE.OFFICE_MANAGER], { kind: 'office', officeIds: [dallas.id] }, { ...manager }, context));
    await settle(invited.position);
    if (candidate.expired) {
      await changeCandidate(platform, invited.id, undefined, (state) => decideExpire(state, new Date(Date.now() + 400 * 24 * 60 * 60 * 1000)), context);
      continue;
    }
    if (candidate.profile === 'none') continue;
    let last: Position | null = (await save.execute(new SaveCandidateProfile(invited.token, candidateProfileBody.parse({ dob: `19${80 + (index % 15)}-0${1 + (index % 9)}-1${index % 9}`, shirt_size: 'M', rad_id: `RAD${55000 + index}` }), undefined, context))).position;
    if (candidate.profile === 'partial') continue;
    last = (await save.execute(new SaveCandidateProfile(invited.token, candidateProfileBody.parse({ street_address1: `${100 + index} Commerce St`, city: 'Dallas', state: 'TX', zip: '75201', ssn: String(900_000_000 + index * 1111) }), undefined, context))).position;
    for (const area of ['photo_copy', 'government_document'] as const) last = (await save.execute(new SaveCandidateProfile(invited.token, {}, { area, ...photo() }, context))).position;
    for (const document of ['bgc_consent', 'agent_agreement'] as const) {
      last = (await sign.execute(new SignCandidateConsent(invited.token, document, DEMO_RMA_PHOTO, { ip: '203.0.113.10', userAgent: 'Demo seed (candidate page)' }, context))).position;
    }
    if (candidate.profile === 'updated') last = (await save.execute(new SaveCandidateProfile(invited.token, candidateProfileBody.parse({ street_address2: 'Suite 5' }), undefined, context))).position;
    for (const step of candidate.moves ?? []) {
      // Onboarding reads the candidate's profile from the read model: let it catch up first.
      if (step.status === STAGE.ONBOARDED) await settle(last);
      last = (await move.execute(new MoveCandidateStage(onboardingStageBody.parse({ candidate_id: invited.id, ...step }), dallas.retailerId, upstream, context))).position;
    }
  }
}
