import type { OrgEvent } from './org.events';
import { ORG_EVENT_SCHEMAS } from './org.event-schemas';

type DataOf<Type extends OrgEvent['type']> = Extract<OrgEvent, { type: Type }>['data'];

const OFFICE_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6';
const MARKET_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c7';
const USER_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c8';

describe('ORG_EVENT_SCHEMAS', () => {
  it('takes an office as Add Office creates it, with and without its Send Invite setting', () => {
    const data: DataOf<'OfficeCreated'> = { office_id: OFFICE_ID, name: 'Texas Office 13', office_number: 'OF013', state_short_name: 'TX', ibo_marketer_id: MARKET_ID, lifeline_status: 1 };
    expect(ORG_EVENT_SCHEMAS.OfficeCreated.safeParse(data).success).toBe(true);
    const { lifeline_status: _omitted, ...seeded } = data;
    expect(ORG_EVENT_SCHEMAS.OfficeCreated.safeParse(seeded).success).toBe(true);
    expect(ORG_EVENT_SCHEMAS.OfficeCreated.safeParse({ ...data, lifeline_status: 2 }).success).toBe(false);
  });

  it('takes a user as Add User creates them, and refuses an unknown role or a missing e-mail', () => {
    const data: DataOf<'UserCreated'> = {
      user_id: USER_ID,
      role_ids: [2],
      email: 'agent@demo.test',
      first_name: 'Ava',
      last_name: 'Garcia',
      mobile_number: '2145550100',
      office_id: OFFICE_ID,
      ibo_marketer_id: MARKET_ID,
      gender_id: 2,
      dob: '1990-04-12',
    };
    expect(ORG_EVENT_SCHEMAS.UserCreated.safeParse(data).success).toBe(true);
    expect(ORG_EVENT_SCHEMAS.UserCreated.safeParse({ ...data, role_ids: [7] }).success).toBe(false);
    const { email: _email, ...withoutEmail } = data;
    expect(ORG_EVENT_SCHEMAS.UserCreated.safeParse(withoutEmail).success).toBe(false);
  });

  it('takes an edit of the user\u2019s own fields and status and password events with their codes', () => {
    const edited: DataOf<'UserProfileEdited'> = { user_id: USER_ID, first_name: 'Ava', last_name: 'Lopez', city: 'Dallas', ibo_marketer_id: MARKET_ID };
    expect(ORG_EVENT_SCHEMAS.UserProfileEdited.safeParse(edited).success).toBe(true);
    const status: DataOf<'OfficeStatusChanged'> = { office_id: OFFICE_ID, status: 0 };
    expect(ORG_EVENT_SCHEMAS.OfficeStatusChanged.safeParse(status).success).toBe(true);
    const password: DataOf<'UserPasswordChanged'> = { user_id: USER_ID, reason: 'forced_update' };
    expect(ORG_EVENT_SCHEMAS.UserPasswordChanged.safeParse(password).success).toBe(true);
    expect(ORG_EVENT_SCHEMAS.UserPasswordChanged.safeParse({ ...password, reason: 'forgotten' }).success).toBe(false);
  });

  it('refuses an id that is not a UUID', () => {
    const counter: DataOf<'OfficeNumberTaken'> = { office_id: 'office-1', office_number: 'OF001' };
    expect(ORG_EVENT_SCHEMAS.OfficeNumberTaken.safeParse(counter).success).toBe(false);
  });
});
