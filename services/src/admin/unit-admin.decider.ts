import { type AddMarketBody, type AddOfficeBody, type EditMarketBody, type EditOfficeBody, MARKET_FORM_MESSAGES, OFFICE_FORM_MESSAGES, type OrgEvent, ROLE, usStates } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * IBO/market and office administration, pure (doc 3 §2, §4, §5): who may be a unit's manager,
 * names unique within a retailer, and what deactivation means — a unit that still holds devices
 * or active agents stays active until they have moved (the history stays in every report).
 */

/** The people a form chose as managers and supervisors, as the read model knows them (active users of the unit's retailer, with roles). */
export type ChosenPeople = ReadonlyMap<string, readonly number[]>;

/** The managers chosen must be active IBO managers of the retailer; supervisors any manager of it. */
function checkManagers(managerIds: readonly string[], supervisorIds: readonly string[], people: ChosenPeople): DomainError | undefined {
  const notManagers = managerIds.filter((id) => !people.get(id)?.includes(ROLE.IBO_MANAGER));
  if (notManagers.length > 0) return new DomainError('Choose IBO managers of the retailer', 422, { manager_id: `Not an IBO manager of the retailer: ${notManagers.join(', ')}` });
  const unknown = supervisorIds.filter((id) => !people.has(id));
  if (unknown.length > 0) return new DomainError('Choose supervisors who work for the retailer', 422, { supervisor_id: `Not a user of the retailer: ${unknown.join(', ')}` });
  return undefined;
}

export function decideAddMarket(
  command: { readonly ibo_marketer_id: string; readonly body: AddMarketBody },
  facts: { readonly retailerId: string | undefined; readonly nameTaken: boolean; readonly people: ChosenPeople },
): OrgEvent[] | DomainError {
  const { body } = command;
  if (!facts.retailerId) return new DomainError(body.retailer_id ? 'No such retailer' : MARKET_FORM_MESSAGES.retailer, body.retailer_id ? 404 : 400, { retailer_id: body.retailer_id ? 'No such retailer' : MARKET_FORM_MESSAGES.retailer });
  if (facts.nameTaken) return new DomainError(`The retailer already has an IBO/Market named ${body.name}`, 409, { name: 'That name is taken' });
  const refused = checkManagers(body.manager_id, body.supervisor_id, facts.people);
  if (refused) return refused;
  const events: OrgEvent[] = [{ type: 'IboMarketCreated', data: { ibo_marketer_id: command.ibo_marketer_id, name: body.name, retailer_id: facts.retailerId } }];
  if (body.manager_id.length > 0 || body.supervisor_id.length > 0) {
    events.push({ type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: command.ibo_marketer_id, manager_ids: [...body.manager_id], supervisor_ids: [...body.supervisor_id] } });
  }
  return events;
}

export interface MarketState {
  readonly id: string;
  readonly name: string;
  readonly retailer_id: string;
  readonly manager_ids: readonly string[];
  readonly supervisor_ids: readonly string[];
}

export function decideEditMarket(
  body: EditMarketBody,
  market: MarketState | undefined,
  facts: { readonly nameTaken: boolean; readonly people: ChosenPeople },
): OrgEvent[] | DomainError {
  if (!market) return new DomainError('No such IBO/Market', 404);
  if (facts.nameTaken) return new DomainError(`The retailer already has an IBO/Market named ${body.name}`, 409, { name: 'That name is taken' });
  const refused = checkManagers(body.manager_id, body.supervisor_id, facts.people);
  if (refused) return refused;
  const events: OrgEvent[] = [];
  if (body.name !== market.name) events.push({ type: 'IboMarketRenamed', data: { ibo_marketer_id: market.id, name: body.name } });
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
  if (!same(body.manager_id, market.manager_ids) || !same(body.supervisor_id, market.supervisor_ids)) {
    events.push({ type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: market.id, manager_ids: [...body.manager_id], supervisor_ids: [...body.supervisor_id] } });
  }
  return events;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Activate or deactivate an IBO/market or office (doc 3 §4). Deactivating one that still holds
 * devices or has active agents is refused with how many and where to move them; setting the
 * status it already has is refused as a no-op.
 */
export function decideUnitStatus(
  viewerRoles: readonly number[],
  kind: 'market' | 'office',
  unit: { readonly id: string; readonly name: string; readonly status: number } | undefined,
  status: 0 | 1,
  holdings: { readonly devices: number; readonly activeAgents: number },
): OrgEvent[] | DomainError {
  if (kind === 'office' && isSuperOnly(viewerRoles)) return new DomainError('The super role does not edit or act on offices (doc 3 §6)', 403);
  if (!unit) return new DomainError(`No such ${kind === 'office' ? 'office' : 'IBO/Market'}`, 404);
  if (unit.status === status) return new DomainError(`${unit.name} is already ${status === 1 ? 'active' : 'inactive'}`, 409);
  if (status === 0 && (holdings.devices > 0 || holdings.activeAgents > 0)) {
    const held = [holdings.devices > 0 ? count(holdings.devices, 'device', 'devices') : '', holdings.activeAgents > 0 ? count(holdings.activeAgents, 'active agent', 'active agents') : ''].filter(Boolean).join(' and ');
    const moves = [holdings.devices > 0 ? 'transfer the devices to another office' : '', holdings.activeAgents > 0 ? 'move the agents to another office (Users, Agent Office Transfer)' : ''].filter(Boolean).join(' and ');
    return new DomainError(`${unit.name} still has ${held}: ${moves} first`, 409);
  }
  return kind === 'office'
    ? [{ type: 'OfficeStatusChanged', data: { office_id: unit.id, status } }]
    : [{ type: 'IboMarketStatusChanged', data: { ibo_marketer_id: unit.id, status } }];
}

/** An office number as users read it: OF and at least three digits. */
export const officeNumberOf = (n: number) => `OF${String(n).padStart(3, '0')}`;

/** The office managers chosen must be office managers of the retailer; add-on managers office managers or office supervisors of it. */
function checkOfficeManagers(managerIds: readonly string[], supervisorIds: readonly string[], people: ChosenPeople): DomainError | undefined {
  const notManagers = managerIds.filter((id) => !people.get(id)?.includes(ROLE.OFFICE_MANAGER));
  if (notManagers.length > 0) return new DomainError('Choose office managers of the retailer', 422, { manager_id: `Not an office manager of the retailer: ${notManagers.join(', ')}` });
  const notSupervisors = supervisorIds.filter((id) => !people.get(id)?.some((role) => role === ROLE.OFFICE_MANAGER || role === ROLE.OFFICE_SUPERVISOR));
  if (notSupervisors.length > 0) return new DomainError('Choose add-on managers of the retailer', 422, { supervisor_id: `Not an office manager or supervisor of the retailer: ${notSupervisors.join(', ')}` });
  return undefined;
}

/**
 * Add Office (doc 3 §2, §5): in an active IBO/market of the caller's scope (role 12 and the super
 * role choose it: 'Please select'; an IBO manager's is their own), in a state ('Please select
 * option'). The spec's form has no name: the office gets the next number and the name
 * '<State> Office <n>' (docs/ADMIN.md), appended with the number's counter record.
 */
export function decideAddOffice(
  command: { readonly office_id: string; readonly number: number; readonly body: AddOfficeBody },
  facts: { readonly market: { readonly id: string; readonly status: number } | undefined; readonly marketChosen: boolean; readonly people: ChosenPeople },
): { office: OrgEvent[]; counter: OrgEvent } | DomainError {
  const { body } = command;
  if (!facts.marketChosen) return new DomainError(OFFICE_FORM_MESSAGES.market, 400, { ibo_marketer_id: OFFICE_FORM_MESSAGES.market });
  if (!facts.market) return new DomainError('No such IBO/Market', 404, { ibo_marketer_id: 'No such IBO/Market' });
  if (facts.market.status !== 1) return new DomainError('That IBO/Market is inactive: activate it first, or choose another', 409, { ibo_marketer_id: 'Inactive' });
  const refused = checkOfficeManagers(body.manager_id, body.supervisor_id, facts.people);
  if (refused) return refused;
  const officeNumber = officeNumberOf(command.number);
  const stateName = usStates.find((state) => state.short_name === body.state_short_name)?.name ?? body.state_short_name;
  const office: OrgEvent[] = [
    {
      type: 'OfficeCreated',
      data: {
        office_id: command.office_id,
        name: `${stateName} Office ${command.number}`,
        office_number: officeNumber,
        state_short_name: body.state_short_name,
        ibo_marketer_id: facts.market.id,
        lifeline_status: body.lifeline_status ?? 1,
      },
    },
  ];
  if (body.manager_id.length > 0 || body.supervisor_id.length > 0) {
    office.push({ type: 'OfficeManagersAssigned', data: { office_id: command.office_id, manager_ids: [...body.manager_id], supervisor_ids: [...body.supervisor_id] } });
  }
  return { office, counter: { type: 'OfficeNumberTaken', data: { office_id: command.office_id, office_number: officeNumber } } };
}

/** Edit Office (doc 3 §2, §4): its managers and Send Invite setting. The super role does not edit offices (doc 3 §6). */
export function decideEditOffice(
  viewerRoles: readonly number[],
  body: EditOfficeBody,
  office: { readonly id: string; readonly lifeline_status: number; readonly manager_ids: readonly string[]; readonly supervisor_ids: readonly string[] } | undefined,
  people: ChosenPeople,
): OrgEvent[] | DomainError {
  if (isSuperOnly(viewerRoles)) return new DomainError('The super role does not edit or act on offices (doc 3 §6)', 403);
  if (!office) return new DomainError('No such office', 404);
  const refused = checkOfficeManagers(body.manager_id, body.supervisor_id, people);
  if (refused) return refused;
  const events: OrgEvent[] = [];
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
  if (!same(body.manager_id, office.manager_ids) || !same(body.supervisor_id, office.supervisor_ids)) {
    events.push({ type: 'OfficeManagersAssigned', data: { office_id: office.id, manager_ids: [...body.manager_id], supervisor_ids: [...body.supervisor_id] } });
  }
  if (body.lifeline_status !== undefined && body.lifeline_status !== office.lifeline_status) {
    events.push({ type: 'OfficeInviteSettingChanged', data: { office_id: office.id, lifeline_status: body.lifeline_status } });
  }
  return events;
}

/** A viewer whose only administration role is the super role (who may not act on offices). */
export const isSuperOnly = (viewerRoles: readonly number[]) => viewerRoles.includes(ROLE.SUPER_ADMIN) && !viewerRoles.includes(ROLE.RETAILER_MANAGER) && !viewerRoles.includes(ROLE.IBO_MANAGER);
