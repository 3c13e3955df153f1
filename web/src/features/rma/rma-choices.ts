import { ROLE } from '@portal/contracts/platform/roles';
import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { RMA_DEVICE_LIFE_STATUSES, RMA_INITIABLE_STATUSES, rmaDeviceStatuses, rmaOrderStatuses, rmaReasons } from '@portal/contracts/rma/rma.codes';
import { holdsAny } from '../../app/access';

/** The choices and constants of the RMA screens (doc 2 §5, §9), named from contracts' code lists. */

/** Reason 1 and Reason 2 (Initiate RMA), and the reason of the RMA forms: contracts' `rmaReasons`, sent by id. */
export const REASON_OPTIONS = rmaReasons.map((reason) => ({ value: reason.id, label: reason.name }));

/** Initiate RMA's status filter (doc 2 §4, §9): contracts' RMA_INITIABLE_STATUSES (every inventory status but 0, 8, 10, 11, 13, 14). */
export const INITIABLE_STATUS_OPTIONS = RMA_INITIABLE_STATUSES.map((status) => ({ value: status.id, label: status.name }));

/** The RMA request status filter (RMA device Status report): Pending, Approved, Rejected (contracts' `rmaDeviceStatuses`). */
export const RMA_DEVICE_STATUS_OPTIONS = rmaDeviceStatuses.map((status) => ({ value: status.id, label: status.name }));

/** The agent's RMA Status filter: the device's own statuses an RMA takes it through (contracts' RMA_DEVICE_LIFE_STATUSES), by their inventory names. */
export const RMA_DEVICE_LIFE_STATUS_OPTIONS = RMA_DEVICE_LIFE_STATUSES.map((status) => ({ value: status, label: inventoryStatusName(status) }));

/** Office search minimum characters (doc 2 §5): 3 for Initiate RMA (the manager notes give 3 for the agent's too), 4 for Approve RMA, 2 for Submit RMA. */
export const OFFICE_MIN_CHARS = { initiate: 3, approve: 4, submit: 2 } as const;

/** The Initiate RMA table's page size (doc 2 §9); the other RMA lists use the spec's 10 (ReportPage's default). */
export const INITIATE_RMA_PAGE_SIZE = 20;

/** An RMA device status's code, by its contracts name (contracts have no named constants for them). */
const rmaDeviceStatus = (name: (typeof rmaDeviceStatuses)[number]['name']) => rmaDeviceStatuses.find((status) => status.name === name)!.id;

/** Accept / approve sends the Approved status (2), decline / reject the Rejected one (3) (doc 2 §4). */
export const RMA_ANSWER = { accept: rmaDeviceStatus('Approved'), decline: rmaDeviceStatus('Rejected') } as const;
export type RmaAnswer = (typeof RMA_ANSWER)[keyof typeof RMA_ANSWER];

/** The spec's confirm before accepting or declining an agent's request (doc 2 §4). */
export const ANSWER_CONFIRM = { title: 'Are you sure?', content: 'You want to do this task?' } as const;

// ---------------------------------------------------------------------------------------------
// RMA orders: Submit RMA and RMA Status (doc 2 §2, §4, §5, §6)
// ---------------------------------------------------------------------------------------------

/** RMA Status's status filter: Submitted, Approved, Shipped, Completed, Rejected (contracts' `rmaOrderStatuses`). */
export const RMA_ORDER_STATUS_OPTIONS = rmaOrderStatuses.map((status) => ({ value: status.id, label: status.name }));

/** An RMA order status's code, by its contracts name. */
const rmaOrderStatus = (name: (typeof rmaOrderStatuses)[number]['name']) => rmaOrderStatuses.find((status) => status.name === name)!.id;

/** The RMA order statuses the screens act on (doc 2 §4): Approve / Reject at Submitted, UPDATE (to Shipped) at Approved. */
export const RMA_ORDER_STATUS = {
  submitted: rmaOrderStatus('Submitted'),
  approved: rmaOrderStatus('Approved'),
  completed: rmaOrderStatus('Completed'),
} as const;

/** The status chip's colour (doc 2 §4): completed green, submitted and approved light green, any other orange. */
export function orderStatusColor(status: number): 'green' | 'lime' | 'orange' {
  if (status === RMA_ORDER_STATUS.completed) return 'green';
  return status === RMA_ORDER_STATUS.submitted || status === RMA_ORDER_STATUS.approved ? 'lime' : 'orange';
}

/** An order is approved with 2 and rejected with 3 (contracts' answerRmaOrderBody), the codes of the device answers (doc 2 §4). */
export const ORDER_ANSWER_OPTIONS = [
  { value: RMA_ANSWER.accept, label: 'Approve' },
  { value: RMA_ANSWER.decline, label: 'Reject' },
];

/** The spec's and our words on the RMA order screens (doc 2 §4, §5). */
export const RMA_ORDER_MESSAGES = {
  /** One office per order (docs/RMA.md, Submit RMA): said before sending. */
  oneOffice: 'An RMA order holds the devices of one office: choose the devices of one office.',
  nothingSelected: 'Select approved RMA devices in the table to submit them.',
  shipConfirm: 'Are you sure you want to change RMA Status to Shipped?',
  chooseAnswer: 'Please choose Approve or Reject',
  answerNotSubmitted: 'Only a submitted RMA order can be approved or rejected.',
  answerNotAllowed: 'Only an IBO manager or a retailer manager approves or rejects RMA orders.',
  answerOwnOrder: 'You submitted this RMA order: another manager approves or rejects it.',
  shipNotApproved: 'Only an approved RMA order can be marked shipped.',
} as const;

/**
 * Who sees what on RMA Status (doc 2 §6): the IBO/Markets column, roles 11 and 12; the IBO
 * marketer filter, role 12 (the retailer manager, over several markets). The super admin (1),
 * who sees every market, gets both too. (Who may approve or reject comes from the route's own access.)
 */
export const rmaStatusView = {
  seeIboMarkets: (roles: readonly number[]) => holdsAny(roles, [ROLE.SUPER_ADMIN, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER]),
  chooseIboMarket: (roles: readonly number[]) => holdsAny(roles, [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER]),
};

