import { type OrgEvent, ROLE, type RoleId, type UserProfile, isRoleId } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * The organisation's rules, pure: each function takes what the handler loaded and answers the
 * events to append, or a refusal in words. Stream existence is checked by expected versions.
 */

const NAME = /^[\p{L}\p{N} .,'&()/-]{2,100}$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requireName(what: string, name: string): string | DomainError {
  const trimmed = name.trim();
  return NAME.test(trimmed) ? trimmed : new DomainError(`${what} must be 2 to 100 letters, digits or . , ' & ( ) / -`, 422);
}

export function decideUnitCreated<E extends OrgEvent>(what: string, name: string, build: (name: string) => E): E[] | DomainError {
  const checked = requireName(what, name);
  return checked instanceof DomainError ? checked : [build(checked)];
}

export interface CreateUser {
  readonly user_id: string;
  readonly profile: UserProfile;
  readonly role_ids: readonly number[];
}

/** A user created by an administrator (or the seed): known roles, one manager-level role at most, plus maybe Agent. */
export function decideCreateUser(command: CreateUser, facts: { officeExists: boolean | undefined }): OrgEvent[] | DomainError {
  const email = command.profile.email.trim();
  if (!EMAIL.test(email)) return new DomainError('Email is not valid', 422);
  const unknown = command.role_ids.filter((role) => !isRoleId(role));
  if (unknown.length > 0) return new DomainError(`Unknown role ${unknown.join(', ')}`, 422);
  const roles = [...new Set(command.role_ids)] as RoleId[];
  if (roles.filter((role) => role !== ROLE.AGENT).length > 1) {
    return new DomainError('A user holds one manager-level role, and may also be an agent', 422);
  }
  if (roles.includes(ROLE.AGENT) && !command.profile.office_id) return new DomainError('An agent works in an office: choose one', 422);
  if (command.profile.office_id && facts.officeExists === false) return new DomainError('That office does not exist', 404);
  return [{ type: 'UserCreated', data: { ...command.profile, email, user_id: command.user_id, role_ids: roles } }];
}

export function decideRegister(userId: string, email: string): OrgEvent[] | DomainError {
  const trimmed = email.trim();
  if (!EMAIL.test(trimmed)) return new DomainError('Email is not valid', 422);
  return [{ type: 'UserRegistered', data: { user_id: userId, email: trimmed } }];
}

export function decideAssignManagers(
  unit: { kind: 'office'; office_id: string } | { kind: 'market'; ibo_marketer_id: string },
  managerIds: readonly string[],
  supervisorIds: readonly string[],
  facts: { unknownUsers: readonly string[] },
): OrgEvent[] | DomainError {
  if (facts.unknownUsers.length > 0) return new DomainError(`Unknown user ${facts.unknownUsers.join(', ')}`, 404);
  const data = { manager_ids: [...new Set(managerIds)], supervisor_ids: [...new Set(supervisorIds)] };
  return unit.kind === 'office'
    ? [{ type: 'OfficeManagersAssigned', data: { office_id: unit.office_id, ...data } }]
    : [{ type: 'IboMarketManagersAssigned', data: { ibo_marketer_id: unit.ibo_marketer_id, ...data } }];
}

/** What a user stream says about the user, folded from its events. */
export interface UserState {
  readonly exists: boolean;
  readonly roles: readonly RoleId[];
  readonly officeId?: string;
}

export const initialUserState: UserState = { exists: false, roles: [] };

export function evolveUser(state: UserState, event: OrgEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return { exists: true, roles: event.data.role_ids, officeId: event.data.office_id };
    case 'UserRegistered':
      return { exists: true, roles: [] };
    case 'UserRolesChanged':
      return { ...state, roles: event.data.role_ids };
    case 'AgentOfficeChanged':
      return { ...state, officeId: event.data.office_id };
    default:
      return state;
  }
}

/** Agent Office Transfer: an agent of the caller's offices moves to another office of the caller's. */
export function decideChangeOffice(
  command: { agent_id: string; office_id: string },
  agent: UserState,
  facts: { officeExists: boolean; agentInScope: boolean; officeInScope: boolean },
): OrgEvent[] | DomainError {
  // An agent or office outside the caller's scope answers exactly as one that does not exist (DESIGN.md §12).
  if (!agent.exists || !agent.roles.includes(ROLE.AGENT) || !facts.agentInScope) return new DomainError('No such agent', 404);
  if (!facts.officeExists || !facts.officeInScope) return new DomainError('No such office', 404);
  if (agent.officeId === command.office_id) return new DomainError('The agent already works in that office', 409);
  return [{ type: 'AgentOfficeChanged', data: { user_id: command.agent_id, office_id: command.office_id } }];
}
