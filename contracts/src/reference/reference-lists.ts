/**
 * The product's fixed code lists: what `GET /api/v1/reference/{name}` answers (doc 1 §7,
 * doc 2 §7, doc 3 §7) and what deciders, projections and the console compare against.
 *
 * Every entry names where its codes come from. Where the spec gives a code but no name, or
 * says a list exists but not what is in it, the name is ours: such entries are marked
 * "name ours" (or the whole list "names ours") and follow DESIGN.md §11. Change one only
 * with a reason written down, and then everywhere.
 */

/** The shape of the spec's reference lists: "Generally id and name" (doc 3 §3, doc 1 §3). */
export interface ReferenceItem {
  readonly id: number;
  readonly name: string;
}

// ---------------------------------------------------------------------------------------------
// Inventory statuses (doc 1 §3 reference list inventory_status, §4 codes and groups;
// DESIGN.md §11 "Inventory status codes")
// ---------------------------------------------------------------------------------------------

/**
 * Inventory status codes. The spec shows the codes and the dashboard counts (doc 1 §2.4, §3)
 * but says "the full name list is not shown" (doc 1 §4), so every name here is ours, taken
 * from the count keys and cards the spec does show (DESIGN.md §11):
 *
 * - 3 `Received` (manager received), 4 `Assigned` (agent pending), 5 `In Stock` (agent
 *   received), 6 `Transfer` (agent transferring back to the manager), 9 `Pending Manager`,
 *   12 `Manager Not Received` (manager declined): the in-stock group.
 * - 13 `In Stock` is the aggregate that selects that whole group (doc 1 §2.4); never a
 *   device's own status.
 * - 7 `Transfer` names the move between offices in the device log (doc 1 §3 device log
 *   codes 5, 7, 8); a device sent to another office is 9 there at once (DESIGN.md §11).
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
  { id: 3, name: 'Received' },
  { id: 4, name: 'Assigned' },
  { id: 5, name: 'In Stock' },
  { id: 6, name: 'Transfer' },
  { id: 7, name: 'Transfer' },
  { id: 8, name: 'Sold' },
  { id: 9, name: 'Pending Manager' },
  { id: 10, name: 'RMA' },
  { id: 11, name: 'Pending RMA' },
  { id: 12, name: 'Manager Not Received' },
  { id: 13, name: 'In Stock' },
  { id: 15, name: 'Device Swap' },
  { id: 16, name: 'Lost' },
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
// RMA (doc 2 §3, §4, §7)
// ---------------------------------------------------------------------------------------------

/**
 * RMA reasons for Reason 1 and Reason 2 (doc 2 §2 Initiate RMA, §7 `reference/rma_reasons`).
 * The spec shows the list exists, not its contents: ids and names ours, chosen to cover the
 * lost/defective cases a returns desk sees, with `Other` for whatever the comment explains.
 */
export const rmaReasons = [
  { id: 1, name: 'Does Not Power On' },
  { id: 2, name: 'Screen Damaged' },
  { id: 3, name: 'Battery or Charging Problem' },
  { id: 4, name: 'Network or SIM Problem' },
  { id: 5, name: 'Physical Damage' },
  { id: 6, name: 'Dead on Arrival' },
  { id: 7, name: 'Lost' },
  { id: 8, name: 'Stolen' },
  { id: 9, name: 'Other' },
] as const satisfies readonly ReferenceItem[];

/**
 * RMA device (request) statuses (doc 2 §7 `reference/rma_device_status`). Codes 2 and 3 are
 * the spec's: an agent's request is accepted with 2 and declined with 3, and Approve RMA
 * approves with 2 and rejects with 3 (doc 2 §4). 1 is the state both start in ("pending
 * awaits approval", doc 2 §4). Names ours.
 */
export const rmaDeviceStatuses = [
  { id: 1, name: 'Pending' },
  { id: 2, name: 'Approved' },
  { id: 3, name: 'Rejected' },
] as const satisfies readonly ReferenceItem[];

/**
 * RMA order statuses (doc 2 §7 `reference/rma_order_status`). The spec names submitted,
 * approved, completed, and Shipped as the target of UPDATE, which is enabled only at status 2
 * (doc 2 §4). So 2 is `Approved` (the order carries `approved_at` and the shipping label it is
 * shipped with, doc 2 §3); 1 `Submitted`, 3 `Shipped`, 4 `Completed` are our ids, in the
 * order of the flow.
 */
export const rmaOrderStatuses = [
  { id: 1, name: 'Submitted' },
  { id: 2, name: 'Approved' },
  { id: 3, name: 'Shipped' },
  { id: 4, name: 'Completed' },
] as const satisfies readonly ReferenceItem[];

// ---------------------------------------------------------------------------------------------
// Inventory orders (doc 2 §3, §4, §9; `reference/inventory_order_status`,
// `reference/inventory_order_approval_status`)
// ---------------------------------------------------------------------------------------------

/**
 * Inventory order statuses. The spec gives ids 1..10 with colours and three names (doc 2 §4):
 * 4 'Approved by Retailer', 5 'Rejected by Retailer', and 2 and 3 both shown as 'IBO
 * Manager'. Ours: 2/3 read as the IBO manager's approve/reject (they mirror 4/5 and
 * req_action 2 approve / 3 reject); 1 (orange) `Pending Approval`; 6 (green) and 7 (volcano)
 * the admin's approve/reject, the step above the retailer (the order carries
 * `admin_comments`); 8 (green) `Fulfilled` (shipped or picked up); 9 and 10 (orange)
 * `Resubmitted` (doc 2 §4 resubmit) and `Ready for Pickup` (delivery method 2 Pickup,
 * doc 2 §9). Approve/reject is offered only below 5 (doc 2 §4).
 */
export const inventoryOrderStatuses = [
  { id: 1, name: 'Pending Approval' },
  { id: 2, name: 'Approved by IBO Manager' },
  { id: 3, name: 'Rejected by IBO Manager' },
  { id: 4, name: 'Approved by Retailer' },
  { id: 5, name: 'Rejected by Retailer' },
  { id: 6, name: 'Approved by Admin' },
  { id: 7, name: 'Rejected by Admin' },
  { id: 8, name: 'Fulfilled' },
  { id: 9, name: 'Resubmitted' },
  { id: 10, name: 'Ready for Pickup' },
] as const satisfies readonly ReferenceItem[];

/**
 * Inventory order approval statuses. The spec gives the rules, not the names (doc 2 §4):
 * role 11 acts while approval_status is missing or 1, role 12 while it is below 3, and
 * resubmit is offered at 3, 5 or 7. Names ours, read from those rules: 1 awaits the IBO
 * manager, even codes are approvals and odd codes from 3 rejections, one level each (IBO
 * manager, retailer, admin), the same wording as the order statuses 2..7.
 */
export const inventoryOrderApprovalStatuses = [
  { id: 1, name: 'Pending Approval' },
  { id: 2, name: 'Approved by IBO Manager' },
  { id: 3, name: 'Rejected by IBO Manager' },
  { id: 4, name: 'Approved by Retailer' },
  { id: 5, name: 'Rejected by Retailer' },
  { id: 6, name: 'Approved by Admin' },
  { id: 7, name: 'Rejected by Admin' },
] as const satisfies readonly ReferenceItem[];

/**
 * How an inventory order is delivered: the spec's codes and names (doc 2 §9 "Delivery method
 * values: 3 Shipping to FedEx Location, 4 Shipping to Business Location, 2 Pickup"); there is
 * no 1. Not the invite delivery options (`deliveryMethods` below).
 */
export const orderDeliveryMethods = [
  { id: 2, name: 'Pickup' },
  { id: 3, name: 'Shipping to FedEx Location' },
  { id: 4, name: 'Shipping to Business Location' },
] as const satisfies readonly ReferenceItem[];

// ---------------------------------------------------------------------------------------------
// Onboarding (doc 3 §4, §5, §7)
// ---------------------------------------------------------------------------------------------

/**
 * Onboarding sources (doc 3 §7 `reference/onboarding_source`, the Onboarding Summary filter
 * and the row's `onboarding_source_name`). Doc 3 §9: "Onboarding source ids: not shown." Ids
 * and names ours: a candidate arrives by a manager's invite (Send Invite) or registers on
 * their own (the unauthenticated /page-register route, doc 1 §2.1).
 */
export const onboardingSources = [
  { id: 1, name: 'Manager Invite' },
  { id: 2, name: 'Self Registration' },
] as const satisfies readonly ReferenceItem[];

/**
 * Onboarding stages with their report keys, exactly as doc 3 §4 gives them (the key is the
 * candidate's `status`; the dashboard opens the report with it, key 20 from the Expired
 * segment, doc 1 §2.4). Status 1 means invited; SMS Reminder is disabled at 13 (doc 3 §4).
 * `RAD Link Failed` has an empty key in the spec, so it has no code here: see
 * `onboardingSummaryStages`.
 */
export const onboardingStatuses = [
  { id: 1, name: 'Invite Sent' },
  { id: 2, name: 'Profile In Progress' },
  { id: 3, name: 'Profile Completed' },
  { id: 4, name: 'Training & BGC Pending' },
  { id: 5, name: 'BGC Pending' },
  { id: 6, name: 'BGC Review' },
  { id: 9, name: 'Training Pending' },
  { id: 12, name: 'Telgoo ID' },
  { id: 13, name: 'Onboarded' },
  { id: 20, name: 'Expired' },
  { id: 22, name: 'BGC Denied' },
  { id: 23, name: 'Link RAD ID' },
  { id: 24, name: 'Verification Failed' },
  { id: 25, name: 'Profile Updated' },
  { id: 27, name: 'Rejected' },
] as const satisfies readonly ReferenceItem[];

export type OnboardingStatusId = (typeof onboardingStatuses)[number]['id'];

/**
 * The onboarding stages as doc 3 §4 lists them, RAD Link Failed included with its empty
 * key (`null`): a dashboard line that opens the report unfiltered by status.
 */
export const onboardingSummaryStages: readonly { readonly key: OnboardingStatusId | null; readonly name: string }[] = [
  ...onboardingStatuses.map((stage) => ({ key: stage.id, name: stage.name })),
  { key: null, name: 'RAD Link Failed' },
];

/**
 * The e-mail types of the custom e-mail drawer (doc 3 §7
 * `reference/onboarding_status_for_custom_email`, sent as `onboarding_status`). The spec has
 * a separate call for them but does not list them. Ours: the stages in which the candidate
 * has something to do, so an e-mail from the manager can move them on. Codes and names are
 * those of `onboardingStatuses`.
 */
export const onboardingStatusesForCustomEmail: readonly (typeof onboardingStatuses)[number][] = onboardingStatuses.filter(
  (stage) => ([1, 2, 4, 5, 9, 23, 24] as readonly number[]).includes(stage.id),
);

/**
 * RAD PII issues (doc 3 §7 `GET /api/v1/rad_pii_issue_status`; a candidate row carries
 * `rad_pii_issue_names` as a list of `{id}`, doc 3 §3). The spec does not list them. Ids and
 * names ours: which personal detail did not match when the candidate's RAD ID was linked.
 */
export const radPiiIssueStatuses = [
  { id: 1, name: 'Name Mismatch' },
  { id: 2, name: 'Date of Birth Mismatch' },
  { id: 3, name: 'SSN Mismatch' },
  { id: 4, name: 'Address Mismatch' },
] as const satisfies readonly ReferenceItem[];

/** Send Invite delivery option, the spec's codes and names (doc 3 §5, §9: 0 E-mail, 1 Phone, 2 Both). */
export const deliveryMethods = [
  { id: 0, name: 'E-mail' },
  { id: 1, name: 'Phone' },
  { id: 2, name: 'Both' },
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
// Constants (doc 1 §9, doc 2 §9, doc 3 §9; DESIGN.md §6, §11)
// ---------------------------------------------------------------------------------------------

/** Table page size: inventory, agents, offices, legacy, users (doc 1 §9, doc 3 §9). */
export const PAGE_SIZE = 10;

/** Stored login lifetime, "about 1,000,000,000 ms" (about 11.6 days; doc 1 §4, §9; DESIGN.md §6). */
export const SESSION_LIFETIME_MS = 1_000_000_000;

/** Every date the user reads or types (doc 1 §9, doc 2 §9, doc 3 §9). */
export const DATE_FORMAT = 'MM-DD-YYYY';

/** Sold (activated) counts cover the last 30 days (doc 1 §1, §9; DESIGN.md §11). */
export const SOLD_WINDOW_DAYS = 30;

/** The business's time zone unless configured otherwise (DESIGN.md §11). */
export const BUSINESS_TIME_ZONE_DEFAULT = 'America/Chicago';

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

