import {
  type AddUserBody,
  type OrgEvent,
  ROLE,
  ROLE_NAMES,
  type RoleId,
  USER_FORM_MESSAGES,
  type UserProfile,
  userPlacement,
  userRoleChoices,
} from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * Add User's rules (doc 3 §2, §5, §6), pure: which roles the viewer may give, which pickers the
 * role makes required, where the user is placed (the chain above comes from the IBO/market or
 * office, never from the client), and the unit that gains a manager.
 */

/** A unit's managers as its stream last assigned them (assignments carry the whole lists). */
export interface UnitManagers {
  readonly version: number;
  readonly manager_ids: readonly string[];
  readonly supervisor_ids: readonly string[];
}

/** The org units a form names, as the caller's scope sees them: absent when missing or out of scope (they read the same). */
export interface PlacementFacts {
  readonly retailer?: { readonly id: string; readonly distributor_id: string; readonly master_agent_id: string };
  readonly market?: { readonly id: string; readonly retailer_id: string; readonly distributor_id: string; readonly master_agent_id: string; readonly status: number; readonly managers: UnitManagers };
  readonly office?: { readonly id: string; readonly ibo_marketer_id: string; readonly status: number; readonly managers: UnitManagers };
}

export interface UserDecision {
  readonly user: OrgEvent[];
  /** The unit whose manager lists gain the new user, appended with the user in one transaction. */
  readonly unit?: { readonly streamId: string; readonly expectedVersion: number; readonly event: OrgEvent };
}

/** The roles this Add User gives: the ones chosen, or the picker's only choice when it is shown disabled (role 11 for a retailer manager). */
export function rolesToGive(viewerRoles: readonly number[], chosen: readonly number[] | undefined): readonly number[] | undefined {
  const choices = userRoleChoices(viewerRoles, 'add');
  if (chosen && chosen.length > 0) return chosen;
  return choices.length === 1 ? choices : undefined;
}

const withoutUndefined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

export function decideAddUser(viewerRoles: readonly number[], command: { readonly user_id: string; readonly body: AddUserBody }, facts: PlacementFacts): UserDecision | DomainError {
  const choices = userRoleChoices(viewerRoles, 'add');
  if (choices.length === 0) return new DomainError('You may not add users', 403);
  const { body } = command;
  const roles = rolesToGive(viewerRoles, body.role_id);
  if (!roles) return new DomainError(USER_FORM_MESSAGES.role, 400, { role_id: USER_FORM_MESSAGES.role });
  const refused = roles.filter((role) => !(choices as readonly number[]).includes(role));
  if (refused.length > 0) {
    return new DomainError(`You may not give the role ${refused.map((role) => ROLE_NAMES[role as RoleId] ?? String(role)).join(', ')}`, 403, { role_id: USER_FORM_MESSAGES.role });
  }

  const placement = userPlacement(roles);
  const missing: Record<string, string> = {};
  if (placement === 'retailer' && !body.retailer_id) missing.retailer_id = USER_FORM_MESSAGES.retailer;
  if ((placement === 'market' || placement === 'office') && !body.ibo_marketer_id) missing.ibo_marketer_id = USER_FORM_MESSAGES.iboMarket;
  if (placement === 'office' && !body.office_id) missing.office_id = USER_FORM_MESSAGES.office;
  const firstMissing = Object.values(missing)[0];
  if (firstMissing) return new DomainError(firstMissing, 400, missing);

  const person: UserProfile = withoutUndefined({
    email: body.email,
    first_name: body.first_name,
    middle_name: body.middle_name,
    last_name: body.last_name,
    mobile_number: body.mobile_number,
    address: body.address,
    city: body.city,
    state: body.state,
    zip: body.zip,
    gender_id: body.gender_id,
    dob: body.dob,
    application_date: body.application_date,
    rad: body.rad,
    promo_code: body.promo_code,
    excess_code: body.excess_code,
  });
  const created = (placed: Partial<UserProfile>): OrgEvent => ({
    type: 'UserCreated',
    data: { ...person, ...withoutUndefined(placed), user_id: command.user_id, role_ids: roles as RoleId[] },
  });

  if (placement === 'retailer') {
    const retailer = facts.retailer;
    if (!retailer) return new DomainError('No such retailer', 404, { retailer_id: 'No such retailer' });
    return { user: [created({ retailer_id: retailer.id, distributor_id: retailer.distributor_id, master_agent_id: retailer.master_agent_id })] };
  }
  if (placement === 'none') return { user: [created({})] };

  const market = facts.market;
  if (!market) return new DomainError('No such IBO/Market', 404, { ibo_marketer_id: 'No such IBO/Market' });
  if (market.status !== 1) return new DomainError('That IBO/Market is inactive: activate it first, or choose another', 409, { ibo_marketer_id: 'Inactive' });
  const chain = { ibo_marketer_id: market.id, retailer_id: market.retailer_id, distributor_id: market.distributor_id, master_agent_id: market.master_agent_id };
  if (placement === 'market') {
    const managers = market.managers;
    return {
      user: [created(chain)],
      unit: {
        streamId: `market-${market.id}`,
        expectedVersion: managers.version,
        event: { type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: market.id, manager_ids: [...managers.manager_ids, command.user_id], supervisor_ids: [...managers.supervisor_ids] } },
      },
    };
  }

  const office = facts.office;
  if (!office || office.ibo_marketer_id !== market.id) return new DomainError('No such office in that IBO/Market', 404, { office_id: USER_FORM_MESSAGES.office });
  if (office.status !== 1) return new DomainError('That office is inactive: activate it first, or choose another', 409, { office_id: 'Inactive' });
  const user = [created({ ...chain, office_id: office.id })];
  const managers = office.managers;
  const asSupervisor = roles.includes(ROLE.OFFICE_SUPERVISOR);
  if (!roles.includes(ROLE.OFFICE_MANAGER) && !asSupervisor) return { user };
  return {
    user,
    unit: {
      streamId: `office-${office.id}`,
      expectedVersion: managers.version,
      event: {
        type: 'OfficeManagersAssigned',
        data: {
          office_id: office.id,
          manager_ids: asSupervisor ? [...managers.manager_ids] : [...managers.manager_ids, command.user_id],
          supervisor_ids: asSupervisor ? [...managers.supervisor_ids, command.user_id] : [...managers.supervisor_ids],
        },
      },
    },
  };
}

/** A unit's managers folded from its stream's events. */
export function foldUnitManagers(events: readonly OrgEvent[]): Omit<UnitManagers, 'version'> {
  let managers: Omit<UnitManagers, 'version'> = { manager_ids: [], supervisor_ids: [] };
  for (const event of events) {
    if (event.type === 'OfficeManagersAssigned' || event.type === 'IboMarketManagersAssigned') {
      managers = { manager_ids: event.data.manager_ids, supervisor_ids: event.data.supervisor_ids };
    }
  }
  return managers;
}
