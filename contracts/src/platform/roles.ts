/**
 * Role ids as the spec numbers them, with our names for the ones it leaves unnamed
 * (DESIGN.md §11). A user's `role_id` is a list: one manager-level role, and maybe also 2.
 */
export const ROLE = {
  SUPER_ADMIN: 1,
  AGENT: 2,
  OFFICE_MANAGER: 3,
  DISTRIBUTOR: 4,
  RETAILER: 5,
  MASTER_AGENT: 8,
  BACK_OFFICE: 9,
  IBO_MANAGER: 11,
  RETAILER_MANAGER: 12,
  OFFICE_SUPERVISOR: 14,
  /** Ours (issue 23): reads every audit screen and report of its scope, changes nothing. */
  AUDITOR: 15,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLE);

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Super Admin',
  2: 'Agent',
  3: 'Office Manager',
  4: 'Distributor',
  5: 'Retailer',
  8: 'Master Agent',
  9: 'Back Office',
  11: 'IBO Manager',
  12: 'Retailer Manager',
  14: 'Office Supervisor',
  15: 'Auditor',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}
