import type { CandidateActor, CandidateEvent } from './onboarding.events';
import { CANDIDATE_EVENT_SCHEMAS } from './onboarding.event-schemas';

type DataOf<Type extends CandidateEvent['type']> = Extract<CandidateEvent, { type: Type }>['data'];

const CANDIDATE_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6';
const manager: CandidateActor = { kind: 'user', id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c9', name: 'Olivia Ortega' };
const upstream: CandidateActor = { kind: 'integration', id: null, name: 'Background checks (demo)' };

describe('CANDIDATE_EVENT_SCHEMAS', () => {
  it('takes an invite as Send Invite appends it, and refuses an unknown delivery method', () => {
    const data: DataOf<'CandidateInvited'> = {
      candidate_id: CANDIDATE_ID,
      source: 1,
      office_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c1',
      ibo_marketer_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c2',
      retailer_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c3',
      role_id: 2,
      first_name: 'Ada',
      middle_name: null,
      last_name: 'Invited',
      email: 'ada.invited@demo.test',
      mobile_number: '2145550100',
      will_add_enrollments: 1,
      delivery_method: 2,
      by: manager,
      token_hash: 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg',
      expires_at: '2026-05-01T12:00:00.000Z',
    };
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateInvited.safeParse(data).success).toBe(true);
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateInvited.safeParse({ ...data, delivery_method: 3 }).success).toBe(false);
  });

  it('takes an upstream stage move with its optional details, and refuses a stage that does not exist', () => {
    const data: DataOf<'CandidateStageChanged'> = {
      candidate_id: CANDIDATE_ID,
      from: 23,
      to: 23,
      by: upstream,
      note: 'Name and date of birth did not match',
      rad_pii_issue_ids: [1, 2],
      courses: { course_one: 'Passed' },
    };
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateStageChanged.safeParse(data).success).toBe(true);
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateStageChanged.safeParse({ ...data, to: 7 }).success).toBe(false);
  });

  it('takes a partial profile with a file and the masked SSN, and refuses one without its actor', () => {
    const data: DataOf<'CandidateProfileSaved'> = {
      candidate_id: CANDIDATE_ID,
      profile: { street_address1: '110 Commerce St', city: 'Dallas', state: 'TX', zip: '75201', street_address2: null },
      photo_copy: { key: 'candidate-images/0190f1a2-3b4c-7d5e-8f60-718293a4b5c4.jpg', content_type: 'image/jpeg', size: 5120, sha256: 'ab'.repeat(32) },
      masked_ssn_number: '***-**-1234',
      by: { kind: 'candidate', id: null, name: 'Cleo Complete' },
    };
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateProfileSaved.safeParse(data).success).toBe(true);
    const { by: _by, ...withoutActor } = data;
    expect(CANDIDATE_EVENT_SCHEMAS.CandidateProfileSaved.safeParse(withoutActor).success).toBe(false);
  });
});
