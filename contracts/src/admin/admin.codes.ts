import { ROLE, type RoleId } from '../platform/roles';
import type { ReferenceItem } from '../reference/reference-lists';

/** Administration's code lists (doc 3 §3, §4, §7): agent statuses, genders, states, office sort keys... Names ours where marked. */

// ---------------------------------------------------------------------------------------------
// Agents (doc 1 §3 reference list agent_status; doc 3 §4 "Agent status")
// ---------------------------------------------------------------------------------------------

/**
 * Agent statuses. The spec gives only "1 is shown green, others orange" (doc 3 §4, Agent
 * Summary and Users list). Names ours, and 0 `Inactive` follows the 1 active / 0 inactive
 * convention the spec does give for IBOs/markets and offices (doc 3 §4, §9).
 */
export const agentStatuses = [
  { id: 1, name: 'Active' },
  { id: 0, name: 'Inactive' },
] as const satisfies readonly ReferenceItem[];

// ---------------------------------------------------------------------------------------------
// Administration (doc 3 §3, §7)
// ---------------------------------------------------------------------------------------------

/**
 * Sort keys of the office list (doc 3 §7 `reference/office_sort_keys`). The spec does not
 * list them. Ids and names ours, one per sortable field of the office entity (doc 3 §3
 * Office); `sort_by` is the field name the list call sorts by.
 */
export const officeSortKeys = [
  { id: 1, name: 'Office Name', sort_by: 'name' },
  { id: 2, name: 'IBO/Market', sort_by: 'ibo_marketer_name' },
  { id: 3, name: 'Created Date', sort_by: 'created_at' },
  { id: 4, name: 'Status', sort_by: 'status' },
] as const satisfies readonly (ReferenceItem & { readonly sort_by: string })[];

/**
 * Gender for the Add/Edit User form (doc 3 §2 field gender, §7 `gender_id`). The spec does
 * not list the options. Ids and names ours.
 */
export const genders = [
  { id: 1, name: 'Male' },
  { id: 2, name: 'Female' },
  { id: 3, name: 'Other' },
] as const satisfies readonly ReferenceItem[];

/** US state as the spec shapes it (doc 1 §3 "short US states (short_name, name)", doc 3 §3). */
export interface UsState {
  readonly short_name: string;
  readonly name: string;
}

/** `reference/short_us_states` (doc 1 §7): the 50 states and the District of Columbia. */
export const usStates: readonly UsState[] = [
  { short_name: 'AL', name: 'Alabama' },
  { short_name: 'AK', name: 'Alaska' },
  { short_name: 'AZ', name: 'Arizona' },
  { short_name: 'AR', name: 'Arkansas' },
  { short_name: 'CA', name: 'California' },
  { short_name: 'CO', name: 'Colorado' },
  { short_name: 'CT', name: 'Connecticut' },
  { short_name: 'DE', name: 'Delaware' },
  { short_name: 'DC', name: 'District of Columbia' },
  { short_name: 'FL', name: 'Florida' },
  { short_name: 'GA', name: 'Georgia' },
  { short_name: 'HI', name: 'Hawaii' },
  { short_name: 'ID', name: 'Idaho' },
  { short_name: 'IL', name: 'Illinois' },
  { short_name: 'IN', name: 'Indiana' },
  { short_name: 'IA', name: 'Iowa' },
  { short_name: 'KS', name: 'Kansas' },
  { short_name: 'KY', name: 'Kentucky' },
  { short_name: 'LA', name: 'Louisiana' },
  { short_name: 'ME', name: 'Maine' },
  { short_name: 'MD', name: 'Maryland' },
  { short_name: 'MA', name: 'Massachusetts' },
  { short_name: 'MI', name: 'Michigan' },
  { short_name: 'MN', name: 'Minnesota' },
  { short_name: 'MS', name: 'Mississippi' },
  { short_name: 'MO', name: 'Missouri' },
  { short_name: 'MT', name: 'Montana' },
  { short_name: 'NE', name: 'Nebraska' },
  { short_name: 'NV', name: 'Nevada' },
  { short_name: 'NH', name: 'New Hampshire' },
  { short_name: 'NJ', name: 'New Jersey' },
  { short_name: 'NM', name: 'New Mexico' },
  { short_name: 'NY', name: 'New York' },
  { short_name: 'NC', name: 'North Carolina' },
  { short_name: 'ND', name: 'North Dakota' },
  { short_name: 'OH', name: 'Ohio' },
  { short_name: 'OK', name: 'Oklahoma' },
  { short_name: 'OR', name: 'Oregon' },
  { short_name: 'PA', name: 'Pennsylvania' },
  { short_name: 'RI', name: 'Rhode Island' },
  { short_name: 'SC', name: 'South Carolina' },
  { short_name: 'SD', name: 'South Dakota' },
  { short_name: 'TN', name: 'Tennessee' },
  { short_name: 'TX', name: 'Texas' },
  { short_name: 'UT', name: 'Utah' },
  { short_name: 'VT', name: 'Vermont' },
  { short_name: 'VA', name: 'Virginia' },
  { short_name: 'WA', name: 'Washington' },
  { short_name: 'WV', name: 'West Virginia' },
  { short_name: 'WI', name: 'Wisconsin' },
  { short_name: 'WY', name: 'Wyoming' },
];

// ---------------------------------------------------------------------------------------------
// Who may give which role (doc 3 §2 Add/Edit User, §6)
// ---------------------------------------------------------------------------------------------

type ManagerRole = typeof ROLE.RETAILER_MANAGER | typeof ROLE.IBO_MANAGER | typeof ROLE.OFFICE_MANAGER | typeof ROLE.OFFICE_SUPERVISOR | typeof ROLE.AUDITOR;

/**
 * The roles a viewer may give a user, per form. doc 3 §2: on Add, a retailer manager's role
 * picker shows 11 and is disabled (so Add User makes IBO managers), an IBO manager has no Add;
 * on Edit, retailer managers choose among 3, 11, 14 and IBO managers among 14 and 3. The super
 * role (ours, DESIGN §11) gives every manager-level role below it, and the Auditor (ours, issue
 * 23: of one retailer, or of every one). Agents come from onboarding.
 */
export const USER_ROLE_CHOICES: Readonly<Record<'add' | 'edit', Partial<Record<RoleId, readonly ManagerRole[]>>>> = {
  add: {
    [ROLE.SUPER_ADMIN]: [ROLE.RETAILER_MANAGER, ROLE.IBO_MANAGER, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.AUDITOR],
    [ROLE.RETAILER_MANAGER]: [ROLE.IBO_MANAGER],
  },
  edit: {
    [ROLE.SUPER_ADMIN]: [ROLE.RETAILER_MANAGER, ROLE.IBO_MANAGER, ROLE.OFFICE_MANAGER, ROLE.OFFICE_SUPERVISOR, ROLE.AUDITOR],
    [ROLE.RETAILER_MANAGER]: [ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.OFFICE_SUPERVISOR],
    [ROLE.IBO_MANAGER]: [ROLE.OFFICE_SUPERVISOR, ROLE.OFFICE_MANAGER],
  },
};

/** The roles a viewer holding `viewerRoles` may give on a form: the widest of their roles' choices. */
export function userRoleChoices(viewerRoles: readonly number[], form: 'add' | 'edit'): readonly ManagerRole[] {
  for (const role of [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER, ROLE.IBO_MANAGER] as const) {
    if (viewerRoles.includes(role)) return USER_ROLE_CHOICES[form][role] ?? [];
  }
  return [];
}

/**
 * Where a user of each role works, so which of the form's pickers are required: an IBO manager
 * in an IBO/market, an office manager, add-on manager or agent in an office (of a market), a
 * retailer manager in a retailer (doc 3 §5: "required when shown"); an auditor in a retailer, or —
 * with none chosen — over every retailer (ours, issue 23).
 */
export function userPlacement(roles: readonly number[]): 'retailer' | 'retailer-optional' | 'market' | 'office' | 'none' {
  if (roles.includes(ROLE.AUDITOR)) return 'retailer-optional';
  if (roles.includes(ROLE.RETAILER_MANAGER)) return 'retailer';
  if (roles.includes(ROLE.IBO_MANAGER)) return 'market';
  if (roles.includes(ROLE.OFFICE_MANAGER) || roles.includes(ROLE.OFFICE_SUPERVISOR) || roles.includes(ROLE.AGENT)) return 'office';
  return 'none';
}

/**
 * The Users list's Role filter hides roles by viewer (doc 3 §6): 2, 3 and 9 for IBO managers;
 * 2, 3, 4, 8, 9 and 11 for retailer managers (the class allowed to add users).
 */
export const USER_ROLE_FILTER_HIDDEN: Readonly<Partial<Record<RoleId, readonly RoleId[]>>> = {
  // An IBO manager's list never holds an auditor (it is a retailer's): no filter for one (ours, issue 23).
  [ROLE.IBO_MANAGER]: [ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.BACK_OFFICE, ROLE.AUDITOR],
  [ROLE.RETAILER_MANAGER]: [ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.DISTRIBUTOR, ROLE.MASTER_AGENT, ROLE.BACK_OFFICE, ROLE.IBO_MANAGER],
};
