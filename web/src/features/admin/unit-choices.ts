import { ROLE } from '@portal/contracts/platform/roles';
import { SCREEN_ROLES, can, holdsAny } from '../../app/access';
import { route } from '../../app/api-client';

/**
 * Who sees what on the IBO/Market and Office screens (doc 3 §2, §6), and their words: pages ask
 * these by name and write no role or status number.
 */
type Roles = readonly number[];

const editOffice = route('POST', '/api/v1/offices/:id');

export const unitsView = {
  /** Master, Distributor and Retailer columns (doc 3 §2, §6): the super role. */
  seesChain: (viewer: Roles) => can.seeRetailers(viewer),
  /** The IBO/Market filters of both lists and the IBO Name field of the office forms: role 12 (and 1, who reaches what 12 does). */
  picksMarket: (viewer: Roles) => holdsAny(viewer, SCREEN_ROLES.retailerManagers),
  /** The Retailer field of Add/Edit IBO/Market: hidden for role 12, whose retailer is their own (doc 3 §2, §6). */
  picksRetailer: (viewer: Roles) => !viewer.includes(ROLE.RETAILER_MANAGER),
  /** Add IBO/Market (role 12 and 1: the roles of /addmarketers). */
  addsMarkets: (viewer: Roles) => holdsAny(viewer, SCREEN_ROLES.retailerManagers),
  /** Add Office: the roles of /addoffice (11, 12; and 1, who chooses the IBO/Market as 12 does). */
  addsOffices: (viewer: Roles) => holdsAny(viewer, SCREEN_ROLES.iboAndRetailerManagers),
  /** Edit Office and an office's activate/deactivate: the roles of their routes, 11 and 12 — the super role "cannot edit or act on offices" (doc 3 §6). */
  actsOnOffices: (viewer: Roles) => typeof editOffice.access !== 'string' && holdsAny(viewer, editOffice.access),
};

/** IBO/Market and office status (doc 3 §4, §9): 1 Active, 0 Inactive. */
export const UNIT_STATUS = { active: 1, inactive: 0 } as const;
export type UnitStatus = (typeof UNIT_STATUS)[keyof typeof UNIT_STATUS];
export const UNIT_STATUS_NAMES: Record<UnitStatus, string> = { 1: 'Active', 0: 'Inactive' };
export const UNIT_STATUS_OPTIONS = ([UNIT_STATUS.active, UNIT_STATUS.inactive] as const).map((status) => ({ value: status, label: UNIT_STATUS_NAMES[status] }));

/** Send Invite (doc 3 §2 Office list "Send Invite (Yes=1/NO=0)"; the office's `lifeline_status`). */
export const SEND_INVITE = { yes: 1, no: 0 } as const;
export type SendInvite = (typeof SEND_INVITE)[keyof typeof SEND_INVITE];
export const SEND_INVITE_OPTIONS = [
  { value: SEND_INVITE.yes, label: 'Yes' },
  { value: SEND_INVITE.no, label: 'No' },
];

/** A person chosen in a unit's manager pickers, as GET userlist_based_on_role answers (projections' `usersByRole`). */
export interface PersonChoice {
  readonly id: string;
  readonly full_name: string;
  readonly office_number?: string | null;
}

const article = (kind: 'market' | 'office') => (kind === 'market' ? 'the IBO/Market' : 'the office');

/** The screens' words; the success and refusal messages are the server's. */
export const UNIT_MESSAGES = {
  /** doc 3 §2, §6: the IBO/Market list's Edit is always disabled; editing stays reachable by the market's name. */
  marketEditBlocked: "The spec keeps the list's Edit disabled: open the IBO/Market by its name to edit it.",
  /** doc 3 §4: a confirmation dialog toggles the status (the words ours). */
  statusConfirm: (kind: 'market' | 'office', name: string, next: UnitStatus) =>
    `Are you sure you want to ${next === UNIT_STATUS.active ? 'activate' : 'deactivate'} ${article(kind)} ${name}?`,
  /** doc 3 §4 Edit Office: the inventory warning before a new Office Manager is sent (the words ours). */
  inventoryTitle: 'Change the Office Manager?',
  inventoryWarning: (count: number) =>
    `This office holds ${count.toLocaleString('en-US')} ${count === 1 ? 'device' : 'devices'}: the new Office Manager becomes responsible for all existing inventory.`,
  /** doc 3 §6: the super role does not edit offices. */
  officeEditBlocked: 'The super role does not edit offices (doc 3 §6).',
} as const;
