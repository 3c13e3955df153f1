import {
  type AddUserBody,
  type EditUserBody,
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
  readonly market?: { readonly id: string; readonly retailer_id: string; readonly distributor_id: string; readonly master_agent_id: string; readonly status: number };
  readonly office?: { readonly id: string; readonly ibo_marketer_id: string; readonly status: number };
  /** The current manager lists of the units the user leaves or joins, by stream (`market-<id>`, `office-<id>`). */
  readonly units: ReadonlyMap<string, UnitManagers>;
}

/** An append to a unit's stream that changes its manager lists, made with the user's events in one transaction. */
export interface UnitAssignment {
  readonly streamId: string;
  readonly expectedVersion: number;
  readonly event: OrgEvent;
}

export interface UserDecision {
  readonly user: OrgEvent[];
  readonly units: UnitAssignment[];
}

/** Which unit a user manages by their role: an IBO manager their market, an office manager (or add-on manager, as supervisor) their office. */
export interface Membership {
  readonly kind: 'market' | 'office';
  readonly unitId: string;
  readonly as: 'manager' | 'supervisor';
}

export const membershipStream = (membership: Membership) => `${membership.kind}-${membership.unitId}`;

export function membershipOf(roles: readonly number[], place: { readonly ibo_marketer_id?: string | null; readonly office_id?: string | null }): Membership | undefined {
  if (roles.includes(ROLE.IBO_MANAGER) && place.ibo_marketer_id) return { kind: 'market', unitId: place.ibo_marketer_id, as: 'manager' };
  if (roles.includes(ROLE.OFFICE_MANAGER) && place.office_id) return { kind: 'office', unitId: place.office_id, as: 'manager' };
  if (roles.includes(ROLE.OFFICE_SUPERVISOR) && place.office_id) return { kind: 'office', unitId: place.office_id, as: 'supervisor' };
  return undefined;
}

/**
 * The manager-list changes when a user leaves one membership for another: out of the old unit's
 * list, into the new one's (one event when both are the same unit). `units` holds the current
 * lists of both units, by stream.
 */
export function joinUnits(userId: string, before: Membership | undefined, after: Membership | undefined, units: ReadonlyMap<string, UnitManagers>): UnitAssignment[] {
  if (before && after && membershipStream(before) === membershipStream(after) && before.as === after.as) return [];
  const changed = new Map<string, { membership: Membership; managers: string[]; supervisors: string[]; version: number }>();
  const listsOf = (membership: Membership) => {
    const streamId = membershipStream(membership);
    const known = changed.get(streamId);
    if (known) return known;
    const current = units.get(streamId) ?? { version: 0, manager_ids: [], supervisor_ids: [] };
    const lists = { membership, managers: [...current.manager_ids], supervisors: [...current.supervisor_ids], version: current.version };
    changed.set(streamId, lists);
    return lists;
  };
  if (before) {
    const lists = listsOf(before);
    lists.managers = lists.managers.filter((id) => id !== userId);
    lists.supervisors = lists.supervisors.filter((id) => id !== userId);
  }
  if (after) {
    const lists = listsOf(after);
    const list = after.as === 'manager' ? lists.managers : lists.supervisors;
    if (!list.includes(userId)) list.push(userId);
  }
  return [...changed.entries()].map(([streamId, { membership, managers, supervisors, version }]) => ({
    streamId,
    expectedVersion: version,
    event:
      membership.kind === 'office'
        ? { type: 'OfficeManagersAssigned', data: { office_id: membership.unitId, manager_ids: managers, supervisor_ids: supervisors } }
        : { type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: membership.unitId, manager_ids: managers, supervisor_ids: supervisors } },
  }));
}

/** The roles this Add User gives: the ones chosen, or the picker's only choice when it is shown disabled (role 11 for a retailer manager). */
export function rolesToGive(viewerRoles: readonly number[], chosen: readonly number[] | undefined): readonly number[] | undefined {
  const choices = userRoleChoices(viewerRoles, 'add');
  if (chosen && chosen.length > 0) return chosen;
  return choices.length === 1 ? choices : undefined;
}

/** The pickers the role makes required (doc 3 §5 "required when shown"), all named at once in the spec's words. */
function missingPickers(placement: ReturnType<typeof userPlacement>, body: { readonly retailer_id?: string; readonly ibo_marketer_id?: string; readonly office_id?: string }): DomainError | undefined {
  const missing: Record<string, string> = {};
  if (placement === 'retailer' && !body.retailer_id) missing.retailer_id = USER_FORM_MESSAGES.retailer;
  if ((placement === 'market' || placement === 'office') && !body.ibo_marketer_id) missing.ibo_marketer_id = USER_FORM_MESSAGES.iboMarket;
  if (placement === 'office' && !body.office_id) missing.office_id = USER_FORM_MESSAGES.office;
  const first = Object.values(missing)[0];
  return first ? new DomainError(first, 400, missing) : undefined;
}

/** The person's own fields of Add and Edit User (never e-mail or mobile, which only Add sets). */
const personFields = (body: AddUserBody | EditUserBody) => ({
  first_name: body.first_name,
  middle_name: body.middle_name,
  last_name: body.last_name,
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

const withoutUndefined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

export function decideAddUser(viewerRoles: readonly number[], command: { readonly user_id: string; readonly body: AddUserBody }, facts: PlacementFacts): UserDecision | DomainError {
  const choices = userRoleChoices(viewerRoles, 'add');
  if (choices.length === 0) return new DomainError('You may not add users', 403);
  const { body } = command;
  const roles = rolesToGive(viewerRoles, body.role_id);
  if (!roles) return new DomainError(USER_FORM_MESSAGES.role, 400, { role_id: USER_FORM_MESSAGES.role });
  const refused = roles.filter((role) => !(choices as readonly number[]).includes(role));
  if (refused.length > 0) {
    return new DomainError(`You may not give the role ${refused.map(roleName).join(', ')}`, 403, { role_id: USER_FORM_MESSAGES.role });
  }

  return placeNewUser({ user_id: command.user_id, body, roles }, facts);
}

/**
 * A new user with these roles placed where the body says, as the facts found it (the retailer, or
 * the IBO/market and its office, active): their UserCreated and the manager lists they join. Add
 * User decides who may give which roles first; onboarding gives the invited role (doc 3 Send
 * Invite: 2, 11 or 14) when a candidate is onboarded.
 */
export function placeNewUser(command: { readonly user_id: string; readonly body: AddUserBody; readonly roles: readonly number[] }, facts: PlacementFacts): UserDecision | DomainError {
  const { body, roles } = command;
  const placement = userPlacement(roles);
  const missing = missingPickers(placement, body);
  if (missing) return missing;

  const person: UserProfile = withoutUndefined({ email: body.email, mobile_number: body.mobile_number, ...personFields(body) });
  const created = (placed: Partial<UserProfile>): OrgEvent => ({
    type: 'UserCreated',
    data: { ...person, ...withoutUndefined(placed), user_id: command.user_id, role_ids: roles as RoleId[] },
  });

  if (placement === 'retailer' || (placement === 'retailer-optional' && body.retailer_id)) {
    const retailer = facts.retailer;
    if (!retailer) return new DomainError('No such retailer', 404, { retailer_id: 'No such retailer' });
    return { user: [created({ retailer_id: retailer.id, distributor_id: retailer.distributor_id, master_agent_id: retailer.master_agent_id })], units: [] };
  }
  // No place: an auditor of every retailer (only the super role gives the role), or a role that needs none.
  if (placement === 'none' || placement === 'retailer-optional') return { user: [created({})], units: [] };

  const market = facts.market;
  if (!market) return new DomainError('No such IBO/Market', 404, { ibo_marketer_id: 'No such IBO/Market' });
  if (market.status !== 1) return new DomainError('That IBO/Market is inactive: activate it first, or choose another', 409, { ibo_marketer_id: 'Inactive' });
  const chain = { ibo_marketer_id: market.id, retailer_id: market.retailer_id, distributor_id: market.distributor_id, master_agent_id: market.master_agent_id };
  if (placement === 'market') return { user: [created(chain)], units: joinUnits(command.user_id, undefined, membershipOf(roles, chain), facts.units) };

  const office = facts.office;
  if (!office || office.ibo_marketer_id !== market.id) return new DomainError('No such office in that IBO/Market', 404, { office_id: USER_FORM_MESSAGES.office });
  if (office.status !== 1) return new DomainError('That office is inactive: activate it first, or choose another', 409, { office_id: 'Inactive' });
  const placed = { ...chain, office_id: office.id };
  return { user: [created(placed)], units: joinUnits(command.user_id, undefined, membershipOf(roles, placed), facts.units) };
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

/** The user an Edit User names, as the caller's scope sees them (undefined: missing or out of scope, which read the same). */
export interface EditTarget {
  readonly user_id: string;
  readonly roles: readonly number[];
  readonly office_id: string | null;
  readonly ibo_marketer_id: string | null;
  readonly retailer_id: string | null;
  readonly distributor_id: string | null;
  readonly master_agent_id: string | null;
}

/**
 * Edit User (doc 3 §2, §5, §6): the viewer edits users below their level only (retailer managers
 * roles 3, 11, 14 and agents; IBO managers 14, 3 and agents), gives only their Edit choices,
 * never Agent (agents join through onboarding); e-mail and mobile never change. The user leaves
 * the unit they managed and joins the new one when role or place changes.
 */
export function decideEditUser(
  viewerRoles: readonly number[],
  command: { readonly body: EditUserBody },
  target: EditTarget | undefined,
  facts: PlacementFacts,
): UserDecision | DomainError {
  const choices = userRoleChoices(viewerRoles, 'edit') as readonly number[];
  if (choices.length === 0) return new DomainError('You may not edit users', 403);
  if (!target) return new DomainError('No such user', 404);
  const above = target.roles.filter((role) => role !== ROLE.AGENT && !choices.includes(role));
  if (above.length > 0) return new DomainError(`You may not edit a user with the role ${above.map(roleName).join(', ')}`, 403);
  const { body } = command;
  const roles = body.role_id ?? target.roles;
  if (roles.length === 0) return new DomainError(USER_FORM_MESSAGES.role, 400, { role_id: USER_FORM_MESSAGES.role });
  const refused = roles.filter((role) => (role === ROLE.AGENT ? !target.roles.includes(ROLE.AGENT) : !choices.includes(role)));
  if (refused.length > 0) return new DomainError(`You may not give the role ${refused.map(roleName).join(', ')}`, 403, { role_id: USER_FORM_MESSAGES.role });

  const placement = userPlacement(roles);
  const missing = missingPickers(placement, body);
  if (missing) return missing;

  // The chain: from the chosen unit; unchanged when the role needs no place.
  let chain: { ibo_marketer_id?: string; retailer_id?: string; distributor_id?: string; master_agent_id?: string } = {
    ibo_marketer_id: target.ibo_marketer_id ?? undefined,
    retailer_id: target.retailer_id ?? undefined,
    distributor_id: target.distributor_id ?? undefined,
    master_agent_id: target.master_agent_id ?? undefined,
  };
  let officeId = target.office_id ?? undefined;
  if (placement === 'retailer' || (placement === 'retailer-optional' && body.retailer_id)) {
    const retailer = facts.retailer;
    if (!retailer) return new DomainError('No such retailer', 404, { retailer_id: 'No such retailer' });
    chain = { retailer_id: retailer.id, distributor_id: retailer.distributor_id, master_agent_id: retailer.master_agent_id };
  } else if (placement === 'market' || placement === 'office') {
    const market = facts.market;
    if (!market) return new DomainError('No such IBO/Market', 404, { ibo_marketer_id: 'No such IBO/Market' });
    if (market.status !== 1 && market.id !== target.ibo_marketer_id) return new DomainError('That IBO/Market is inactive: activate it first, or choose another', 409, { ibo_marketer_id: 'Inactive' });
    chain = { ibo_marketer_id: market.id, retailer_id: market.retailer_id, distributor_id: market.distributor_id, master_agent_id: market.master_agent_id };
    if (placement === 'office') {
      const office = facts.office;
      if (!office || office.ibo_marketer_id !== market.id) return new DomainError('No such office in that IBO/Market', 404, { office_id: USER_FORM_MESSAGES.office });
      if (office.status !== 1 && office.id !== target.office_id) return new DomainError('That office is inactive: activate it first, or choose another', 409, { office_id: 'Inactive' });
      officeId = office.id;
    }
  }

  const edited: OrgEvent = {
    type: 'UserProfileEdited',
    data: withoutUndefined({
      user_id: target.user_id,
      ...personFields(body),
      ...withoutUndefined(chain),
    }),
  };
  const user: OrgEvent[] = [edited];
  const sameRoles = roles.length === target.roles.length && roles.every((role) => target.roles.includes(role));
  if (!sameRoles) user.push({ type: 'UserRolesChanged', data: { user_id: target.user_id, role_ids: [...roles] as RoleId[] } });
  if (officeId && officeId !== target.office_id) user.push({ type: 'AgentOfficeChanged', data: { user_id: target.user_id, office_id: officeId } });
  const before = membershipOf(target.roles, target);
  const after = membershipOf(roles, { ibo_marketer_id: chain.ibo_marketer_id, office_id: officeId });
  return { user, units: joinUnits(target.user_id, before, after, facts.units) };
}

const roleName = (role: number) => ROLE_NAMES[role as RoleId] ?? String(role);
