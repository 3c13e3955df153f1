import { ROLE, addMarketBody, addOfficeBody, editMarketBody, editOfficeBody } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { decideAddMarket, decideAddOffice, decideEditMarket, decideEditOffice, decideUnitStatus } from './unit-admin.decider';

const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, message: decision.message, fields: decision.fields } : decision);
const people = new Map<string, readonly number[]>([
  ['ibo-1', [ROLE.IBO_MANAGER]],
  ['om-1', [ROLE.OFFICE_MANAGER]],
]);

describe('IBO/market and office administration (doc 3 §4, §5)', () => {
  it('adds a market to the retailer with its IBO managers; a retailer, a free name and real IBO managers are required', () => {
    const body = addMarketBody.parse({ name: ' Central Market ', manager_id: 'ibo-1', supervisor_id: ['om-1'] });
    expect(decideAddMarket({ ibo_marketer_id: 'i-9', body }, { retailerId: 'r-1', nameTaken: false, people })).toEqual([
      { type: 'IboMarketCreated', data: { ibo_marketer_id: 'i-9', name: 'Central Market', retailer_id: 'r-1' } },
      { type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: 'i-9', manager_ids: ['ibo-1'], supervisor_ids: ['om-1'] } },
    ]);
    expect(refusal(decideAddMarket({ ibo_marketer_id: 'i-9', body: addMarketBody.parse({ name: 'X Market' }) }, { retailerId: undefined, nameTaken: false, people }))).toMatchObject({ status: 400, fields: { retailer_id: 'Please input Retailer' } });
    expect(refusal(decideAddMarket({ ibo_marketer_id: 'i-9', body: addMarketBody.parse({ name: 'X', retailer_id: 'r-elsewhere' }) }, { retailerId: undefined, nameTaken: false, people }))).toMatchObject({ status: 404 });
    expect(refusal(decideAddMarket({ ibo_marketer_id: 'i-9', body }, { retailerId: 'r-1', nameTaken: true, people }))).toMatchObject({ status: 409 });
    expect(refusal(decideAddMarket({ ibo_marketer_id: 'i-9', body: addMarketBody.parse({ name: 'X', manager_id: ['om-1'] }) }, { retailerId: 'r-1', nameTaken: false, people }))).toMatchObject({ status: 422 });
    expect(addMarketBody.safeParse({ name: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Please input IBO / Market Name']);
    expect(editMarketBody.safeParse({ name: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Please input IBO / Marketer']);
  });

  it('edits only what changed', () => {
    const market = { id: 'i-1', name: 'North Market', retailer_id: 'r-1', manager_ids: ['ibo-1'], supervisor_ids: [] };
    expect(decideEditMarket(editMarketBody.parse({ name: 'North Market', manager_id: ['ibo-1'] }), market, { nameTaken: false, people })).toEqual([]);
    expect(decideEditMarket(editMarketBody.parse({ name: 'Northern Market', manager_id: [] }), market, { nameTaken: false, people })).toEqual([
      { type: 'IboMarketRenamed', data: { ibo_marketer_id: 'i-1', name: 'Northern Market' } },
      { type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: 'i-1', manager_ids: [], supervisor_ids: [] } },
    ]);
    expect(refusal(decideEditMarket(editMarketBody.parse({ name: 'X' }), undefined, { nameTaken: false, people }))).toMatchObject({ status: 404 });
  });

  it('deactivates only a unit with no devices and no active agents, and says how many and where they go', () => {
    const office = { id: 'o-1', name: 'Dallas Office', status: 1 };
    const manager = [ROLE.RETAILER_MANAGER];
    expect(decideUnitStatus(manager, 'office', office, 0, { devices: 0, activeAgents: 0 })).toEqual([{ type: 'OfficeStatusChanged', data: { office_id: 'o-1', status: 0 } }]);
    expect(refusal(decideUnitStatus(manager, 'office', office, 0, { devices: 1234, activeAgents: 1 }))).toEqual({
      status: 409,
      message: 'Dallas Office still has 1,234 devices and 1 active agent: transfer the devices to another office and move the agents to another office (Users, Agent Office Transfer) first',
      fields: undefined,
    });
    expect(refusal(decideUnitStatus(manager, 'office', office, 0, { devices: 1, activeAgents: 0 }))).toMatchObject({ message: 'Dallas Office still has 1 device: transfer the devices to another office first' });
    expect(refusal(decideUnitStatus(manager, 'office', { ...office, status: 0 }, 0, { devices: 0, activeAgents: 0 }))).toMatchObject({ status: 409, message: 'Dallas Office is already inactive' });
    // Activation never waits on holdings.
    expect(decideUnitStatus(manager, 'market', { id: 'i-1', name: 'North Market', status: 0 }, 1, { devices: 9, activeAgents: 9 })).toEqual([{ type: 'IboMarketStatusChanged', data: { ibo_marketer_id: 'i-1', status: 1 } }]);
    expect(refusal(decideUnitStatus(manager, 'market', undefined, 0, { devices: 0, activeAgents: 0 }))).toMatchObject({ status: 404, message: 'No such IBO/Market' });
    // The super role does not act on offices (doc 3 §6); on IBO/markets it does.
    expect(refusal(decideUnitStatus([ROLE.SUPER_ADMIN], 'office', office, 0, { devices: 0, activeAgents: 0 }))).toMatchObject({ status: 403 });
    expect(decideUnitStatus([ROLE.SUPER_ADMIN], 'market', { ...office, id: 'i-1' }, 0, { devices: 0, activeAgents: 0 })).toHaveLength(1);
  });

  it('numbers and names a new office, in an active market, with office managers of the retailer; the counter record goes with it', () => {
    const market = { id: 'i-1', status: 1 };
    const decision = decideAddOffice({ office_id: 'o-13', number: 13, body: addOfficeBody.parse({ state_short_name: 'ok', ibo_marketer_id: 'i-1', manager_id: 'om-1' }) }, { market, marketChosen: true, people });
    expect(decision).toEqual({
      office: [
        { type: 'OfficeCreated', data: { office_id: 'o-13', name: 'Oklahoma Office 13', office_number: 'OF013', state_short_name: 'OK', ibo_marketer_id: 'i-1', lifeline_status: 1 } },
        { type: 'OfficeManagersAssigned', data: { office_id: 'o-13', manager_ids: ['om-1'], supervisor_ids: [] } },
      ],
      counter: { type: 'OfficeNumberTaken', data: { office_id: 'o-13', office_number: 'OF013' } },
    });
    const body = addOfficeBody.parse({ state_short_name: 'TX' });
    expect(refusal(decideAddOffice({ office_id: 'o', number: 1, body }, { market: undefined, marketChosen: false, people }))).toMatchObject({ status: 400, fields: { ibo_marketer_id: 'Please select' } });
    expect(refusal(decideAddOffice({ office_id: 'o', number: 1, body }, { market: undefined, marketChosen: true, people }))).toMatchObject({ status: 404 });
    expect(refusal(decideAddOffice({ office_id: 'o', number: 1, body }, { market: { id: 'i-1', status: 0 }, marketChosen: true, people }))).toMatchObject({ status: 409 });
    expect(refusal(decideAddOffice({ office_id: 'o', number: 1, body: addOfficeBody.parse({ state_short_name: 'TX', manager_id: 'ibo-1' }) }, { market, marketChosen: true, people }))).toMatchObject({ status: 422 });
    expect(addOfficeBody.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Please select option']);
  });

  it("changes an office's managers and Send Invite setting, only what changed; the super role does not edit offices", () => {
    const office = { id: 'o-1', lifeline_status: 1, manager_ids: ['om-1'], supervisor_ids: [] };
    expect(decideEditOffice([ROLE.IBO_MANAGER], editOfficeBody.parse({ manager_id: ['om-1'], name: 'ignored' }), office, people)).toEqual([]);
    expect(decideEditOffice([ROLE.RETAILER_MANAGER], editOfficeBody.parse({ manager_id: [], supervisor_id: ['om-1'], lifeline_status: '0' }), office, people)).toEqual([
      { type: 'OfficeManagersAssigned', data: { office_id: 'o-1', manager_ids: [], supervisor_ids: ['om-1'] } },
      { type: 'OfficeInviteSettingChanged', data: { office_id: 'o-1', lifeline_status: 0 } },
    ]);
    expect(refusal(decideEditOffice([ROLE.SUPER_ADMIN], editOfficeBody.parse({}), office, people))).toMatchObject({ status: 403 });
    expect(refusal(decideEditOffice([ROLE.IBO_MANAGER], editOfficeBody.parse({}), undefined, people))).toMatchObject({ status: 404 });
    expect(refusal(decideEditOffice([ROLE.IBO_MANAGER], editOfficeBody.parse({ manager_id: ['ibo-1'] }), office, people))).toMatchObject({ status: 422 });
  });
});
