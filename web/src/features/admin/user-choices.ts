import { USER_ROLE_FILTER_HIDDEN, agentStatuses, genders, userRoleChoices } from '@portal/contracts/admin/admin.codes';
import type { UserRow } from '@portal/contracts/admin/admin.views';
import { ROLE, ROLE_NAMES, type RoleId, isRoleId } from '@portal/contracts/platform/roles';
import { SCREEN_ROLES, holdsAny } from '../../app/access';

/**
 * Who sees what on the Users screens (doc 3 §2, §6), from contracts' role rules: pages ask these
 * by name and write no role number.
 */
type Roles = readonly number[];

export const usersView = {
  /** The IBO filter, the IBOs/Markets column and Add User: retailer managers (role 12; role 1 reaches what 12 does). */
  retailerLevel: (viewer: Roles) => holdsAny(viewer, SCREEN_ROLES.retailerManagers),
  /** The IBO/Market and office pickers of Add/Edit User: hidden for office managers (doc 3 §2). */
  picksPlacement: (viewer: Roles) => !viewer.includes(ROLE.OFFICE_MANAGER) || holdsAny(viewer, SCREEN_ROLES.iboAndRetailerManagers),
  /** The Transfer action: a user holding the Agent role (doc 3 §2 Agent Office Transfer). */
  isAgent: (row: Pick<UserRow, 'role_info'>) => row.role_info.some((role) => role.role_id === ROLE.AGENT),
};

/** The roles the Users list's Role filter hides from this viewer (doc 3 §6): none for the super role. */
export function hiddenFilterRoles(viewer: Roles): readonly number[] {
  if (viewer.includes(ROLE.SUPER_ADMIN)) return [];
  for (const role of [ROLE.RETAILER_MANAGER, ROLE.IBO_MANAGER] as const) {
    if (viewer.includes(role)) return USER_ROLE_FILTER_HIDDEN[role] ?? [];
  }
  return [];
}

/** A role as a choice, named by contracts' ROLE_NAMES. */
export const roleOption = (id: number) => ({ value: id, label: isRoleId(id) ? ROLE_NAMES[id] : String(id) });

/**
 * The Role picker's choices on Add (doc 3 §2: a retailer manager sees IBO Manager only, shown and
 * disabled; an IBO manager has none) or on Edit (retailer managers 3, 11, 14; IBO managers 14, 3),
 * with Agent kept on offer for a user who is an agent (agents join through onboarding only).
 */
export function rolePickerChoices(viewer: Roles, form: 'add' | 'edit', editedRoles: Roles = []): readonly RoleId[] {
  const choices: RoleId[] = [...userRoleChoices(viewer, form)];
  if (form === 'edit' && editedRoles.includes(ROLE.AGENT)) choices.push(ROLE.AGENT);
  return choices;
}

export const STATUS_OPTIONS = agentStatuses.map((status) => ({ value: status.id, label: status.name }));
export const GENDER_OPTIONS = genders.map((gender) => ({ value: gender.id, label: gender.name }));

/** The Agent Office Transfer drawer's words (doc 3 §5 Office transfer). */
export const TRANSFER_MESSAGES = {
  title: 'Agent Office Transfer',
  confirm: 'Are you sure you want to transfer the agent to the new office?',
} as const;
