import { ROLE, USER_FORM_MESSAGES, addUserBody, editUserBody } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { type EditTarget, type PlacementFacts, decideAddUser, decideEditUser, foldUnitManagers } from './user-admin.decider';

const form = (fields: Record<string, unknown> = {}) =>
  addUserBody.parse({ first_name: 'Nora', last_name: 'Nash', email: 'nora@demo.test', mobile_number: '2145550123', ...fields });

const managers = { version: 3, manager_ids: ['m-1'], supervisor_ids: ['s-1'] };
const facts: PlacementFacts = {
  retailer: { id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1' },
  market: { id: 'i-1', retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1', status: 1 },
  office: { id: 'o-1', ibo_marketer_id: 'i-1', status: 1 },
  units: new Map([
    ['market-i-1', managers],
    ['office-o-1', managers],
    ['office-o-2', { version: 7, manager_ids: ['m-2'], supervisor_ids: [] }],
  ]),
};
const add = (viewer: number[], fields: Record<string, unknown>, given: PlacementFacts = facts) => decideAddUser(viewer, { user_id: 'u-new', body: form(fields) }, given);
const refusal = (decision: ReturnType<typeof add>) => {
  if (!(decision instanceof DomainError)) throw new Error(`expected a refusal, got ${JSON.stringify(decision)}`);
  return { status: decision.status, message: decision.message, fields: decision.fields };
};

describe('Add User (doc 3 §2, §5, §6)', () => {
  it("a retailer manager's picker shows 11 disabled: with no role chosen the user becomes an IBO manager of the market, who joins its managers", () => {
    const decision = add([ROLE.RETAILER_MANAGER], { ibo_marketer_id: 'i-1' });
    expect(decision).not.toBeInstanceOf(DomainError);
    if (decision instanceof DomainError) return;
    expect(decision.user).toEqual([
      {
        type: 'UserCreated',
        data: {
          email: 'nora@demo.test', first_name: 'Nora', last_name: 'Nash', mobile_number: '2145550123',
          user_id: 'u-new', role_ids: [ROLE.IBO_MANAGER], ibo_marketer_id: 'i-1', retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1',
        },
      },
    ]);
    expect(decision.units).toEqual([
      {
        streamId: 'market-i-1',
        expectedVersion: 3,
        event: { type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: 'i-1', manager_ids: ['m-1', 'u-new'], supervisor_ids: ['s-1'] } },
      },
    ]);
  });

  it('refuses roles beyond the viewer: a retailer manager gives only 11; IBO and office managers add no one', () => {
    expect(refusal(add([ROLE.RETAILER_MANAGER], { role_id: ROLE.OFFICE_MANAGER, ibo_marketer_id: 'i-1', office_id: 'o-1' }))).toMatchObject({ status: 403, message: 'You may not give the role Office Manager' });
    expect(refusal(add([ROLE.RETAILER_MANAGER], { role_id: ROLE.SUPER_ADMIN }))).toMatchObject({ status: 403 });
    expect(refusal(add([ROLE.RETAILER_MANAGER], { role_id: [ROLE.IBO_MANAGER, ROLE.AGENT], ibo_marketer_id: 'i-1' }))).toMatchObject({ status: 403, message: 'You may not give the role Agent' });
    expect(refusal(add([ROLE.IBO_MANAGER], { ibo_marketer_id: 'i-1' }))).toMatchObject({ status: 403, message: 'You may not add users' });
    expect(refusal(add([ROLE.OFFICE_MANAGER], { ibo_marketer_id: 'i-1' }))).toMatchObject({ status: 403 });
  });

  it("asks the super role for a role, and for the pickers the role makes required, in the spec's words", () => {
    expect(refusal(add([ROLE.SUPER_ADMIN], {}))).toEqual({ status: 400, message: 'Please input Role', fields: { role_id: 'Please input Role' } });
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.OFFICE_MANAGER }))).toEqual({
      status: 400,
      message: USER_FORM_MESSAGES.iboMarket,
      fields: { ibo_marketer_id: 'Please input IBO / Market', office_id: 'Please select office' },
    });
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.RETAILER_MANAGER }))).toMatchObject({ status: 400, fields: { retailer_id: 'Please input Retailer' } });
    expect(refusal(add([ROLE.RETAILER_MANAGER], {}))).toMatchObject({ status: 400, fields: { ibo_marketer_id: 'Please input IBO / Market' } });
  });

  it('places an office manager in the office (joining its managers) and an add-on manager among its supervisors; the chain comes from the market', () => {
    const manager = add([ROLE.SUPER_ADMIN], { role_id: ROLE.OFFICE_MANAGER, ibo_marketer_id: 'i-1', office_id: 'o-1', retailer_id: 'spoofed' });
    if (manager instanceof DomainError) throw manager;
    expect(manager.user[0]).toMatchObject({ data: { office_id: 'o-1', ibo_marketer_id: 'i-1', retailer_id: 'r-1', role_ids: [ROLE.OFFICE_MANAGER] } });
    expect(manager.units.map((unit) => unit.event)).toEqual([{ type: 'OfficeManagersAssigned', data: { office_id: 'o-1', manager_ids: ['m-1', 'u-new'], supervisor_ids: ['s-1'] } }]);
    const supervisor = add([ROLE.SUPER_ADMIN], { role_id: ROLE.OFFICE_SUPERVISOR, ibo_marketer_id: 'i-1', office_id: 'o-1' });
    if (supervisor instanceof DomainError) throw supervisor;
    expect(supervisor.units.map((unit) => unit.event)).toEqual([{ type: 'OfficeManagersAssigned', data: { office_id: 'o-1', manager_ids: ['m-1'], supervisor_ids: ['s-1', 'u-new'] } }]);
    const retailerManager = add([ROLE.SUPER_ADMIN], { role_id: ROLE.RETAILER_MANAGER, retailer_id: 'r-1' });
    if (retailerManager instanceof DomainError) throw retailerManager;
    expect(retailerManager.user[0]).toMatchObject({ data: { retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1' } });
    expect(retailerManager.units).toEqual([]);
  });

  it('the super role adds an Auditor (ours, issue 23): of one retailer when one is chosen, of every retailer when none is; nobody else may', () => {
    const ofRetailer = add([ROLE.SUPER_ADMIN], { role_id: ROLE.AUDITOR, retailer_id: 'r-1' });
    if (ofRetailer instanceof DomainError) throw ofRetailer;
    expect(ofRetailer.user[0]).toMatchObject({ type: 'UserCreated', data: { role_ids: [ROLE.AUDITOR], retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1' } });
    const ofAll = add([ROLE.SUPER_ADMIN], { role_id: ROLE.AUDITOR }, { ...facts, retailer: undefined });
    if (ofAll instanceof DomainError) throw ofAll;
    expect(ofAll.user[0]!.data).not.toHaveProperty('retailer_id');
    expect(ofAll.units).toEqual([]);
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.AUDITOR, retailer_id: 'r-9' }, { ...facts, retailer: undefined }))).toMatchObject({ status: 404 });
    expect(refusal(add([ROLE.RETAILER_MANAGER], { role_id: ROLE.AUDITOR }))).toMatchObject({ status: 403 });
  });

  it('answers a market or office out of scope as missing, an office of another market as missing, an inactive one as inactive', () => {
    expect(refusal(add([ROLE.RETAILER_MANAGER], { ibo_marketer_id: 'i-9' }, { ...facts, market: undefined }))).toMatchObject({ status: 404, message: 'No such IBO/Market' });
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.OFFICE_MANAGER, ibo_marketer_id: 'i-1', office_id: 'o-2' }, { ...facts, office: { ...facts.office!, ibo_marketer_id: 'i-2' } }))).toMatchObject({ status: 404 });
    expect(refusal(add([ROLE.RETAILER_MANAGER], { ibo_marketer_id: 'i-1' }, { ...facts, market: { ...facts.market!, status: 0 } }))).toMatchObject({ status: 409 });
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.OFFICE_MANAGER, ibo_marketer_id: 'i-1', office_id: 'o-1' }, { ...facts, office: { ...facts.office!, status: 0 } }))).toMatchObject({ status: 409 });
    expect(refusal(add([ROLE.SUPER_ADMIN], { role_id: ROLE.RETAILER_MANAGER, retailer_id: 'r-9' }, { ...facts, retailer: undefined }))).toMatchObject({ status: 404 });
  });

  it('reads the form in the spec words: names, e-mail, mobile, ZIP', () => {
    const problems = (fields: Record<string, unknown>) => addUserBody.safeParse({ first_name: 'Nora', last_name: 'Nash', email: 'nora@demo.test', mobile_number: '2145550123', ...fields }).error?.issues.map((issue) => issue.message);
    expect(problems({ first_name: '' })).toEqual(['Please input first name']);
    expect(problems({ first_name: 'N' })).toEqual(['Please input first name']);
    expect(problems({ last_name: 'Nash3' })).toEqual(['Please input your last name']);
    expect(problems({ email: 'nora@' })).toEqual(['Enter valid email address']);
    expect(problems({ mobile_number: '214555012' })).toEqual(['Please input  valid mobile number']);
    expect(problems({ zip: '123456' })).toEqual(['Zip is digits only, at most 5']);
    expect(problems({ state: 'tx', dob: '02-30-1990' })).toEqual(['Dates are MM-DD-YYYY (or YYYY-MM-DD)']);
    expect(problems({ role_id: '11', zip: 75201, middle_name: '', gender_id: '', dob: '07-04-1961' })).toBeUndefined();
    expect(problems({ dob: '12-31-2098' })).toEqual(['A date of birth cannot be in the future']);
    expect(problems({ dob: '12-31-1899' })).toEqual(['A date of birth is from 01-01-1900']);
  });

  it('folds the last manager assignment of a unit', () => {
    expect(foldUnitManagers([])).toEqual({ manager_ids: [], supervisor_ids: [] });
    expect(
      foldUnitManagers([
        { type: 'OfficeCreated', data: { office_id: 'o', name: 'X', office_number: 'OF1', state_short_name: 'TX', ibo_marketer_id: 'i' } },
        { type: 'OfficeManagersAssigned', data: { office_id: 'o', manager_ids: ['a'], supervisor_ids: [] } },
        { type: 'OfficeManagersAssigned', data: { office_id: 'o', manager_ids: ['b'], supervisor_ids: ['c'] } },
      ]),
    ).toEqual({ manager_ids: ['b'], supervisor_ids: ['c'] });
  });
});

describe('Edit User (doc 3 §2, §5, §6)', () => {
  const editForm = (fields: Record<string, unknown> = {}) => editUserBody.parse({ first_name: 'Olga', last_name: 'Oak', _method: 'PUT', email: 'ignored@x.test', mobile_number: '0', ...fields });
  const officeManager: EditTarget = { user_id: 'u-7', roles: [ROLE.OFFICE_MANAGER], office_id: 'o-1', ibo_marketer_id: 'i-1', retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1' };
  const withManager = { ...facts, units: new Map([...facts.units, ['office-o-1', { version: 4, manager_ids: ['m-1', 'u-7'], supervisor_ids: [] }]]) };
  const edit = (viewer: number[], fields: Record<string, unknown>, target: EditTarget | undefined = officeManager, given: PlacementFacts = withManager) =>
    decideEditUser(viewer, { body: editForm(fields) }, target, given);

  it('edits the names and other fields, never the e-mail or mobile; the chain comes from the market', () => {
    const decision = edit([ROLE.IBO_MANAGER], { ibo_marketer_id: 'i-1', office_id: 'o-1', city: 'Austin', retailer_id: 'spoofed' });
    if (decision instanceof DomainError) throw decision;
    expect(decision.user).toEqual([
      { type: 'UserProfileEdited', data: { user_id: 'u-7', first_name: 'Olga', last_name: 'Oak', city: 'Austin', ibo_marketer_id: 'i-1', retailer_id: 'r-1', distributor_id: 'd-1', master_agent_id: 'ma-1' } },
    ]);
    expect(decision.units).toEqual([]);
  });

  it('an office manager made add-on manager of another office leaves the first list and joins the second; the move is recorded', () => {
    const decision = edit([ROLE.RETAILER_MANAGER], { role_id: ROLE.OFFICE_SUPERVISOR, ibo_marketer_id: 'i-1', office_id: 'o-2' }, officeManager, {
      ...withManager,
      office: { id: 'o-2', ibo_marketer_id: 'i-1', status: 1 },
    });
    if (decision instanceof DomainError) throw decision;
    expect(decision.user.slice(1)).toEqual([
      { type: 'UserRolesChanged', data: { user_id: 'u-7', role_ids: [ROLE.OFFICE_SUPERVISOR] } },
      { type: 'AgentOfficeChanged', data: { user_id: 'u-7', office_id: 'o-2' } },
    ]);
    expect(decision.units).toEqual([
      { streamId: 'office-o-1', expectedVersion: 4, event: { type: 'OfficeManagersAssigned', data: { office_id: 'o-1', manager_ids: ['m-1'], supervisor_ids: [] } } },
      { streamId: 'office-o-2', expectedVersion: 7, event: { type: 'OfficeManagersAssigned', data: { office_id: 'o-2', manager_ids: ['m-2'], supervisor_ids: ['u-7'] } } },
    ]);
  });

  it('keeps each viewer to their Edit choices and below their level; agents join only through onboarding', () => {
    const refusedEdit = (decision: ReturnType<typeof edit>) => (decision instanceof DomainError ? [decision.status, decision.message] : decision);
    expect(refusedEdit(edit([ROLE.IBO_MANAGER], { role_id: ROLE.IBO_MANAGER, ibo_marketer_id: 'i-1' }))).toEqual([403, 'You may not give the role IBO Manager']);
    expect(refusedEdit(edit([ROLE.IBO_MANAGER], {}, { ...officeManager, roles: [ROLE.IBO_MANAGER] }))).toEqual([403, 'You may not edit a user with the role IBO Manager']);
    expect(refusedEdit(edit([ROLE.RETAILER_MANAGER], {}, { ...officeManager, roles: [ROLE.RETAILER_MANAGER] }))).toEqual([403, 'You may not edit a user with the role Retailer Manager']);
    expect(refusedEdit(edit([ROLE.RETAILER_MANAGER], { role_id: [ROLE.OFFICE_MANAGER, ROLE.AGENT], ibo_marketer_id: 'i-1', office_id: 'o-1' }))).toEqual([403, 'You may not give the role Agent']);
    expect(refusedEdit(edit([ROLE.OFFICE_MANAGER], {}))).toEqual([403, 'You may not edit users']);
    expect(refusedEdit(decideEditUser([ROLE.RETAILER_MANAGER], { body: editForm() }, undefined, withManager))).toEqual([404, 'No such user']);
    // An agent keeps the agent role through an edit of their details.
    const agent: EditTarget = { ...officeManager, roles: [ROLE.AGENT] };
    const kept = edit([ROLE.IBO_MANAGER], { ibo_marketer_id: 'i-1', office_id: 'o-1' }, agent);
    expect(kept instanceof DomainError ? kept.message : kept.user.map((event) => event.type)).toEqual(['UserProfileEdited']);
  });

  it("names the pickers the role needs in the spec's words", () => {
    const decision = edit([ROLE.RETAILER_MANAGER], { role_id: ROLE.OFFICE_MANAGER });
    expect(decision instanceof DomainError ? [decision.status, decision.fields] : decision).toEqual([400, { ibo_marketer_id: 'Please input IBO / Market', office_id: 'Please select office' }]);
  });
});
