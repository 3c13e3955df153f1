import type { ReferenceItem } from '../reference/reference-lists';

/** Inventory's code lists (doc 1 §3, §4; DESIGN.md §11): statuses and their groups, device types, receive job sources, aging bands. Names ours where marked. */

// ---------------------------------------------------------------------------------------------
// Inventory statuses (doc 1 §3 reference list inventory_status, §4 codes and groups;
// DESIGN.md §11 "Inventory status codes")
// ---------------------------------------------------------------------------------------------

/**
 * Inventory status codes. The spec shows the codes and the dashboard counts (doc 1 §2.4, §3)
 * but says "the full name list is not shown" (doc 1 §4), so every name here is ours, taken
 * from the count keys and cards the spec does show (DESIGN.md §11):
 *
 * - One name per status, everywhere (cards, checkboxes, cells, exports, the reference list): the
 *   dashboard card names of doc 1 §2.4, the clearest the spec has. 9 `Manager Pending`,
 *   3 `Manager Received`, 4 `Agent Pending`, 5 `Agent Received`, 6 `Agent Transfer` (the agent
 *   transferring back to the manager), 12 `Manager Declined`: the in-stock group.
 * - 13 `In Stock` is the aggregate that selects that whole group (doc 1 §2.4, the In Stock
 *   card); never a device's own status, and no single status carries that name.
 * - 7 `Office Transfer` names the move between offices (doc 1 §3 device log codes 5, 7, 8); a
 *   device sent to another office is 9 there at once (DESIGN.md §11). Named apart from 6 so two
 *   checkboxes never read alike.
 * - 8 `Sold` (activated).
 * - 10 `RMA`, 11 `Pending RMA`, 15 `Device Swap` are the dashboard cards (doc 1 §2.4).
 * - 16, 18, 19, 21 are in the lost/defective group but unnamed. DESIGN.md §11 suggests "lost,
 *   defective, RMA approved, RMA shipped"; doc 2 fits differently: the Initiate RMA status
 *   filter excludes 0, 8, 10, 11, 13, 14 (doc 2 §4, §9), i.e. it offers 16, 18, 19 and 21 as
 *   devices an RMA can still be started for. A device whose RMA is approved is already 10
 *   `RMA` (the dashboard's RMA card beside Pending RMA), and a shipped one could not be
 *   returned again. So these four are the states of a device that is out of service but not
 *   in an open RMA: 16 `Lost` and 18 `Defective` (the group's own title, LOST/DEFECTIVE),
 *   19 `RMA Request Declined` (the manager declined the agent's request: doc 2 §4 "Decline
 *   sends status 3") and 21 `RMA Rejected` (rejected at approval: doc 2 §4 "reject sends
 *   status 3"); both may be initiated again.
 *
 * Left out: 14, 20 and 22 (doc 1 §4 excludes them from the "others" group, DESIGN.md §11
 * says they are never a device's own status) and 0 (excluded from the Initiate RMA filter,
 * doc 2 §4): the spec names none of them as an inventory status. (20 and 22 are onboarding
 * keys in doc 3 §4, Expired and BGC Denied; that is a different list.)
 */
export const inventoryStatuses = [
  { id: 3, name: 'Manager Received' },
  { id: 4, name: 'Agent Pending' },
  { id: 5, name: 'Agent Received' },
  { id: 6, name: 'Agent Transfer' },
  { id: 7, name: 'Office Transfer' },
  { id: 8, name: 'Sold' },
  { id: 9, name: 'Manager Pending' },
  { id: 10, name: 'RMA' },
  { id: 11, name: 'Pending RMA' },
  { id: 12, name: 'Manager Declined' },
  { id: 13, name: 'In Stock' },
  { id: 15, name: 'Device Swap' },
  { id: 16, name: 'Lost' },
  // Ours (docs/RMA.md): received back by the returns desk on an RMA order; out of the business's stock, kept for its history. 17 is free in doc 1 §4 and falls in the "others" group.
  { id: 17, name: 'Returned' },
  { id: 18, name: 'Defective' },
  { id: 19, name: 'RMA Request Declined' },
  { id: 21, name: 'RMA Rejected' },
] as const satisfies readonly ReferenceItem[];

export type InventoryStatusId = (typeof inventoryStatuses)[number]['id'];

/** Named codes for code that decides on a status (DESIGN.md §11 meanings). */
export const INVENTORY_STATUS = {
  MANAGER_RECEIVED: 3,
  AGENT_PENDING: 4,
  AGENT_RECEIVED: 5,
  AGENT_TRANSFER: 6,
  OFFICE_TRANSFER: 7,
  SOLD: 8,
  MANAGER_PENDING: 9,
  RMA: 10,
  PENDING_RMA: 11,
  MANAGER_DECLINED: 12,
  IN_STOCK_AGGREGATE: 13,
  DEVICE_SWAP: 15,
  LOST: 16,
  RETURNED: 17,
  DEFECTIVE: 18,
  RMA_REQUEST_DECLINED: 19,
  RMA_REJECTED: 21,
} as const satisfies Record<string, InventoryStatusId>;

/** Doc 1 §4 "in stock = 9, 3, 4, 5, 6, 12", in the spec's order; the In Stock card is their sum (doc 1 §3). */
export const IN_STOCK_GROUP = [9, 3, 4, 5, 6, 12] as const satisfies readonly InventoryStatusId[];

/** Doc 1 §4 "lost/defective = 10, 11, 15, 16, 18, 19, 21". */
export const LOST_DEFECTIVE_GROUP = [10, 11, 15, 16, 18, 19, 21] as const satisfies readonly InventoryStatusId[];

/** Doc 1 §2.4: status 13 on the report route preselects the whole in-stock group. */
export const AGGREGATE_IN_STOCK = 13 as const satisfies InventoryStatusId;

/** Doc 1 §4: ids that belong to no checkbox group ("except 13, 14, 20 (and 22 ...)"). */
const NOT_IN_ANY_GROUP: readonly number[] = [13, 14, 20, 22];

/**
 * Doc 1 §4 "others = all remaining ids except 13, 14, 20 (and 22 in the displayed list)":
 * the ids of `statuses` in neither group and not 13, 14, 20, 22. With our list: 7 and 8.
 */
export function otherStatuses(statuses: readonly ReferenceItem[] = inventoryStatuses): number[] {
  const grouped: readonly number[] = [...IN_STOCK_GROUP, ...LOST_DEFECTIVE_GROUP, ...NOT_IN_ANY_GROUP];
  return statuses.map((status) => status.id).filter((id) => !grouped.includes(id));
}

// ---------------------------------------------------------------------------------------------
// Devices and receiving (doc 1)
// ---------------------------------------------------------------------------------------------

/**
 * Device types: the codes are the spec's (doc 1 §2.12 query builder: FREEPHONE_SMART, PHONE,
 * SIM, TABLET). The ids 1..4 (in that order) and the display names are ours; the spec shows
 * only the codes.
 */
export const deviceTypes = [
  { id: 1, code: 'FREEPHONE_SMART', name: 'Free Smartphone' },
  { id: 2, code: 'PHONE', name: 'Phone' },
  { id: 3, code: 'SIM', name: 'SIM' },
  { id: 4, code: 'TABLET', name: 'Tablet' },
] as const satisfies readonly (ReferenceItem & { readonly code: string })[];

export type DeviceTypeCode = (typeof deviceTypes)[number]['code'];

/**
 * A device type as people read it: its display name ("Free Smartphone"), never the code (codes
 * stay on the wire and, for downstream systems, in exports beside the name). A list of codes
 * ("PHONE, SIM") reads as a list of names; an unknown code is shown as it came.
 */
export function deviceTypeName(codes: string | null | undefined): string {
  if (!codes) return '';
  return codes
    .split(',')
    .map((code) => code.trim())
    .map((code) => deviceTypes.find((type) => type.code === code)?.name ?? code)
    .join(', ');
}

/**
 * Receive job sources (doc 1 §2.5 source filter "assign source list", §3 receive job
 * `assign_source_text`, §7 `reference/assign_source`). Ids and names ours: the spec shows the
 * list exists, not its contents. A job comes from upstream allocation, fills an inventory
 * order (the job's `inventory_request_order_id`, doc 1 §3), or carries devices sent from
 * another office (the job's `from_office_number`; DESIGN.md §11: such devices are 9 there
 * at once, on a job whose source says it came by transfer).
 */
export const assignSources = [
  { id: 1, name: 'Upstream Allocation' },
  { id: 2, name: 'Inventory Order' },
  { id: 3, name: 'Office Transfer' },
] as const satisfies readonly ReferenceItem[];

/** Named codes for the receive job sources above. */
export const ASSIGN_SOURCE = {
  UPSTREAM_ALLOCATION: 1,
  INVENTORY_ORDER: 2,
  OFFICE_TRANSFER: 3,
} as const satisfies Record<string, (typeof assignSources)[number]['id']>;

// ---------------------------------------------------------------------------------------------
// Aging (doc 1 §1, §9)
// ---------------------------------------------------------------------------------------------

/**
 * Inventory aging bands (doc 1 §1, §9) over the device age in whole days (DESIGN.md §11: the
 * day of allocation, age 0, counts in 1-15). `dashboardKey` is the key in the dashboard's
 * `inventory_aging` (doc 1 §3); `reportKey` is the bucket column of the aged inventory rows
 * and grand totals (doc 1 §3). Bounds are inclusive; `maxDays` null means no upper bound.
 */
export const AGING_BANDS = [
  { label: '1-15', minDays: 0, maxDays: 15, dashboardKey: 'LT15', reportKey: 'days1_15' },
  { label: '16-30', minDays: 16, maxDays: 30, dashboardKey: 'LT30', reportKey: 'days16_30' },
  { label: '31-45', minDays: 31, maxDays: 45, dashboardKey: 'LT45', reportKey: 'days31_45' },
  { label: '46-90', minDays: 46, maxDays: 90, dashboardKey: 'LT90', reportKey: 'days46_90' },
  { label: '>90', minDays: 91, maxDays: null, dashboardKey: 'GT90', reportKey: 'days91' },
] as const;

export type AgingBand = (typeof AGING_BANDS)[number];
