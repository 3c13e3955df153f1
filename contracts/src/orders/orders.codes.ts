import type { ReferenceItem } from '../reference/reference-lists';
import { ROLE, type RoleId } from '../platform/roles';

/** Inventory orders' code lists (doc 2 §3, §4, §9). Names ours where marked. */

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
 * `admin_comments`); 8 (green) `Fulfilled` (its shipment received); 9 and 10 (orange)
 * `Shipped` (the approved order's shipment is on its way as a receive job) and `Ready for
 * Pickup` (the same for delivery method 2 Pickup, doc 2 §9). 9 was first read `Resubmitted`, but
 * a resubmitted order starts the chain again at 1 (it could never be approved under "below 5" if
 * it stayed 9), so 9 is the step between the admin's approval and fulfilment. Approve/reject is
 * offered only below 5 (doc 2 §4).
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
  { id: 9, name: 'Shipped' },
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

/**
 * The device orders' approval chain (docs/ORDERS.md; doc 2 §4): the ONE table the server's
 * decider enforces and the console's buttons follow. Lowest level first: who acts, at which
 * approval statuses (null: none yet), and what approve / reject set (status = approval status).
 */
export const ORDER_APPROVAL_CHAIN: readonly {
  readonly level: 'ibo' | 'retailer' | 'admin';
  readonly role: RoleId;
  readonly actsAt: readonly (number | null)[];
  readonly approve: number;
  readonly reject: number;
  /** The approver in words ("… awaits the IBO manager's approval"). */
  readonly name: string;
}[] = [
  { level: 'ibo', role: ROLE.IBO_MANAGER, actsAt: [null, 1], approve: 2, reject: 3, name: 'the IBO manager' },
  { level: 'retailer', role: ROLE.RETAILER_MANAGER, actsAt: [null, 1, 2], approve: 4, reject: 5, name: 'the retailer manager' },
  { level: 'admin', role: ROLE.SUPER_ADMIN, actsAt: [4], approve: 6, reject: 7, name: 'the admin' },
];

/** Approve / reject is offered only below this status (doc 2 §4: "missing or below 5"). */
export const ORDER_ANSWERABLE_BELOW = 5;

/** Approval statuses an order is resubmitted from (doc 2 §4): a rejection at any level. */
export const ORDER_RESUBMITTABLE: readonly number[] = [3, 5, 7];

/** The level at which these roles approve or reject an order at this approval status: the highest open to them there. */
export function orderApprovalLevel(roles: readonly number[], approvalStatus: number | null) {
  return [...ORDER_APPROVAL_CHAIN].reverse().find((approver) => roles.includes(approver.role) && approver.actsAt.includes(approvalStatus));
}

/** The approval statuses an approver's "approve" leaves (ORDER_APPROVAL_CHAIN: 2, 4, 6). */
const APPROVED_BY_SOMEONE: readonly number[] = ORDER_APPROVAL_CHAIN.map((approver) => approver.approve);

/**
 * Whether someone approved the order as it stands: its last answer was an approval (a shipped or
 * fulfilled order keeps the admin's). Not while it awaits its first answer, nor once rejected, nor
 * after a resubmit (the chain starts again). Only then do its approved quantities mean anything:
 * the screen and the export show them only then.
 */
export const orderApproved = (order: { readonly approval_status: number | null }): boolean => order.approval_status !== null && APPROVED_BY_SOMEONE.includes(order.approval_status);
