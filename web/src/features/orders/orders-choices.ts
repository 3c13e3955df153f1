import { ORDER_ANSWERABLE_BELOW, ORDER_APPROVAL_CHAIN, ORDER_RESUBMITTABLE, inventoryOrderApprovalStatuses, inventoryOrderStatuses, orderApprovalLevel, orderDeliveryMethods } from '@portal/contracts/orders/orders.codes';
import type { ApprovalLevel, InventoryOrderEvent } from '@portal/contracts/orders/orders.events';
import type { InventoryOrderRow } from '@portal/contracts/orders/orders.views';
import { holdsAny } from '../../app/access';

/** The choices, constants and rules of Order Devices (doc 2 §2, §4, §5, §9; docs/ORDERS.md), named from contracts' code lists. */

/** The order list's page size (doc 2 §9: 25; contracts' inventoryOrdersListQuery defaults `results` to it). */
export const ORDER_LIST_PAGE_SIZE = 25;

/** The status filter: contracts' `inventoryOrderStatuses`. */
export const ORDER_STATUS_OPTIONS = inventoryOrderStatuses.map((status) => ({ value: status.id, label: status.name }));
/** The approval status filter: contracts' `inventoryOrderApprovalStatuses`. */
export const APPROVAL_STATUS_OPTIONS = inventoryOrderApprovalStatuses.map((status) => ({ value: status.id, label: status.name }));
/** How an order is delivered (doc 2 §9: 2 Pickup, 3 FedEx location, 4 business location): contracts' `orderDeliveryMethods`. */
export const DELIVERY_METHOD_OPTIONS = orderDeliveryMethods.map((method) => ({ value: method.id, label: method.name }));

/** The state whose offices may order phones and tablets (doc 2 §5: those fields appear only for an office with short_code CA). */
export const PHONES_AND_TABLETS_STATE = 'CA';

/** An order status's code, by its contracts name. */
const orderStatus = (name: (typeof inventoryOrderStatuses)[number]['name']) => inventoryOrderStatuses.find((status) => status.name === name)!.id;
/** An approval status's code, by its contracts name. */
const approvalStatus = (name: (typeof inventoryOrderApprovalStatuses)[number]['name']) => inventoryOrderApprovalStatuses.find((status) => status.name === name)!.id;

export const ORDER_STATUS = {
  pending: orderStatus('Pending Approval'),
  iboApproved: orderStatus('Approved by IBO Manager'),
  iboRejected: orderStatus('Rejected by IBO Manager'),
  retailerApproved: orderStatus('Approved by Retailer'),
  retailerRejected: orderStatus('Rejected by Retailer'),
  adminApproved: orderStatus('Approved by Admin'),
  adminRejected: orderStatus('Rejected by Admin'),
  fulfilled: orderStatus('Fulfilled'),
  shipped: orderStatus('Shipped'),
  readyForPickup: orderStatus('Ready for Pickup'),
} as const;

export const APPROVAL_STATUS = {
  pending: approvalStatus('Pending Approval'),
  iboApproved: approvalStatus('Approved by IBO Manager'),
  iboRejected: approvalStatus('Rejected by IBO Manager'),
  retailerApproved: approvalStatus('Approved by Retailer'),
  retailerRejected: approvalStatus('Rejected by Retailer'),
  adminApproved: approvalStatus('Approved by Admin'),
  adminRejected: approvalStatus('Rejected by Admin'),
} as const;

/**
 * The approval chain as the buttons follow it: contracts' ORDER_APPROVAL_CHAIN (the table the
 * server's decider enforces; docs/ORDERS.md), highest level first, each with its words.
 */
const ANY_OF_LEVEL: Record<ApprovalLevel, string> = { ibo: 'an IBO manager', retailer: 'a retailer manager', admin: 'an admin' };
export const APPROVERS = [...ORDER_APPROVAL_CHAIN].reverse().map((approver) => ({ ...approver, who: ANY_OF_LEVEL[approver.level] }));

/** Approve / reject is offered only below status 5, Rejected by Retailer (doc 2 §4). */
const ANSWERABLE_BELOW = ORDER_ANSWERABLE_BELOW;
/** Resubmit is offered only at a rejection: approval status 3, 5 or 7 (doc 2 §4). */
export const RESUBMITTABLE_APPROVAL_STATUSES = ORDER_RESUBMITTABLE;

/** The level at which these roles approve or reject an order at this approval status, if any. */
export function approvalLevelFor(roles: readonly number[], approvalStatusNow: number | null): ApprovalLevel | undefined {
  return orderApprovalLevel(roles, approvalStatusNow)?.level;
}

/** Whether the user sees Approve / Reject at all: a role of the chain. Role 3 never approves (doc 2 §4, §6: hidden for role 3). */
export const seesAnswer = (roles: readonly number[]): boolean => holdsAny(roles, APPROVERS.map((approver) => approver.role));

type ReqAction = Extract<InventoryOrderEvent, { type: 'InventoryOrderAnswered' }>['data']['req_action'];
/** Approve sends req_action 2, reject 3 (doc 2 §4; contracts' answerInventoryOrderBody). */
export const REQ_ACTION = { approve: 2, reject: 3 } as const satisfies Record<string, ReqAction>;
export const ANSWER_OPTIONS = [
  { value: REQ_ACTION.approve, label: 'Approve' },
  { value: REQ_ACTION.reject, label: 'Reject' },
];

/** The approver a level names, in words ("You answer as …"). */
export const LEVEL_NAMES = Object.fromEntries(ORDER_APPROVAL_CHAIN.map((approver) => [approver.level, approver.name])) as Record<ApprovalLevel, string>;

/** The screen's words (doc 2 §4, §5 and ours). */
export const ORDER_MESSAGES = {
  answerClosed: 'This order is past its approval: only an order awaiting approval can be approved or rejected.',
  answerRejected: 'This order was rejected: resubmit it to start the approval again.',
  awaits: (who: string) => `This order awaits ${who}.`,
  resubmitNotRejected: 'Only a rejected order can be resubmitted.',
  noComments: 'This order has no comments yet.',
  chooseAnswer: 'Please choose Approve or Reject',
  aboveRequested: (requested: number) => `At most ${requested}: an approver may lower a quantity, never raise it above what was requested.`,
} as const;

/** Why Approve / Reject is disabled on this order for this user, if it is (docs/ORDERS.md: the server refuses the same). */
export function answerBlocked(order: Pick<InventoryOrderRow, 'status' | 'approval_status'>, roles: readonly number[]): string | false {
  if (order.status >= ANSWERABLE_BELOW) return ORDER_MESSAGES.answerClosed;
  if (approvalLevelFor(roles, order.approval_status)) return false;
  const awaited = APPROVERS.filter((approver) => approver.actsAt.includes(order.approval_status))
    .reverse()
    .map((approver) => approver.who);
  return awaited.length > 0 ? ORDER_MESSAGES.awaits(awaited.join(' or ')) : ORDER_MESSAGES.answerRejected;
}

/** Why Resubmit is disabled on this order, if it is. */
export function resubmitBlocked(order: Pick<InventoryOrderRow, 'approval_status'>): string | false {
  return order.approval_status !== null && RESUBMITTABLE_APPROVAL_STATUSES.includes(order.approval_status) ? false : ORDER_MESSAGES.resubmitNotRejected;
}

/**
 * The status chip (doc 2 §4): 1, 9, 10 orange with the status text; 6 and 8 green; 2 and 3 shown
 * as 'IBO Manager'; 4 'Approved by Retailer'; 5 'Rejected by Retailer'; 7 volcano with the status
 * text. The spec gives no colours for 2 to 5: ours, approvals cyan and rejections red. The two
 * 'IBO Manager' chips also say which it was in words, (Approved) or (Rejected): a colour alone
 * tells a new user nothing; the full status is their tooltip.
 */
export function orderStatusChip(order: Pick<InventoryOrderRow, 'status' | 'status_text'>): { color: string; text: string } {
  switch (order.status) {
    case ORDER_STATUS.pending:
    case ORDER_STATUS.shipped:
    case ORDER_STATUS.readyForPickup:
      return { color: 'orange', text: order.status_text };
    case ORDER_STATUS.adminApproved:
    case ORDER_STATUS.fulfilled:
      return { color: 'green', text: order.status_text };
    case ORDER_STATUS.iboApproved:
      return { color: 'cyan', text: 'IBO Manager (Approved)' };
    case ORDER_STATUS.iboRejected:
      return { color: 'red', text: 'IBO Manager (Rejected)' };
    case ORDER_STATUS.retailerApproved:
      return { color: 'cyan', text: 'Approved by Retailer' };
    case ORDER_STATUS.retailerRejected:
      return { color: 'red', text: 'Rejected by Retailer' };
    case ORDER_STATUS.adminRejected:
      return { color: 'volcano', text: order.status_text };
    default:
      return { color: 'default', text: order.status_text };
  }
}
