import { INVENTORY_STATUS, inventoryStatuses } from '../inventory/inventory.codes';
import type { ReferenceItem } from '../reference/reference-lists';

/** RMA's code lists (doc 2 §3, §4, §7). Names ours where marked. */

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

/** The reason a direct RMA form's own words are kept under (as its comment). */
export const RMA_REASON_OTHER = 9;

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
  // Ours: the spec shows no code for an order the IBO or retailer manager rejects (its devices go to 21).
  { id: 5, name: 'Rejected' },
] as const satisfies readonly ReferenceItem[];

/**
 * Statuses Initiate RMA does not offer (doc 2 §4, §9: "excludes 0, 8, 10, 11, 13, 14"): never
 * received, sold, already in an open RMA (10, 11), and the codes that are no device's own status;
 * and 17 Returned (ours: already back with the returns desk). Every other status may open an RMA (docs/RMA.md).
 */
export const RMA_NOT_INITIABLE: readonly number[] = [0, 8, 10, 11, 13, 14, 17];

/** The statuses Initiate RMA offers and its status filter lists: every inventory status but those above. */
export const RMA_INITIABLE_STATUSES = inventoryStatuses.filter((status) => !RMA_NOT_INITIABLE.includes(status.id));

/** Out of service (docs/RMA.md): in an open RMA, swapped back, lost, returned, defective, declined or rejected. Assign and transfers refuse them. */
export const OUT_OF_SERVICE: readonly number[] = [10, 11, 15, 16, 17, 18, 19, 21];

/**
 * The device's own statuses an RMA takes it through (docs/RMA.md, the step table): 11 Pending RMA
 * (requested or initiated), 10 RMA (approved, on an order, shipped), 19 RMA Request Declined, 21
 * RMA Rejected (by the manager or with its order), 17 Returned. The agent's RMA Status shows and
 * filters by the device's one status, the one every other screen shows (not the request's answer).
 */
export const RMA_DEVICE_LIFE_STATUSES: readonly number[] = [
  INVENTORY_STATUS.PENDING_RMA,
  INVENTORY_STATUS.RMA,
  INVENTORY_STATUS.RMA_REQUEST_DECLINED,
  INVENTORY_STATUS.RMA_REJECTED,
  INVENTORY_STATUS.RETURNED,
];
