import {
  INVENTORY_ORDER_NUMBERS_STREAM,
  type InventoryOrderEvent,
  type InventoryOrderNumberEvent,
  type InventoryOrderState,
  type OrderQuantities,
  ORDER_ANSWERABLE_BELOW,
  ORDER_APPROVAL_CHAIN,
  ORDER_RESUBMITTABLE,
  type OrderShipping,
  atLeastOneMessage,
  inventoryOrderStatuses,
  orderApprovalLevel,
  inventoryOrderStream,
  orderPrefixOf,
} from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';

/**
 * Device orders (doc 2 §2 Order Devices, §4, §5; docs/ORDERS.md), pure. The approval chain is ONE
 * table (APPROVERS): who acts at which approval status, and what approve and reject set.
 */

/** The state code phones and tablets may be ordered for (doc 2 §5: the fields appear only for offices with short_code CA). */
export const PHONES_AND_TABLETS_STATE = 'CA';

/** The chain (contracts' ORDER_APPROVAL_CHAIN, the one table the console follows too). */
export const APPROVERS = ORDER_APPROVAL_CHAIN;
/** Approval statuses a requester may resubmit from (doc 2 §4): a rejection at any level. */
export const RESUBMITTABLE = ORDER_RESUBMITTABLE;

const statusName = (status: number) => inventoryOrderStatuses.find((item) => item.id === status)?.name ?? `status ${status}`;
const notFound = () => new DomainError('That order was not found.', 404);
const KINDS: readonly { readonly key: keyof OrderQuantities; readonly name: string; readonly field: string }[] = [
  { key: 'devices', name: 'Phones', field: 'devices' },
  { key: 'tablets', name: 'Tablets', field: 'tablets' },
  { key: 'sims', name: 'SIMs', field: 'sims' },
];

/** Phones and tablets only for an office in CA (doc 2 §5): the server refuses them elsewhere, naming the field. */
function phonesAndTabletsRefused(quantities: OrderQuantities, officeState: string | null, suffix: 'requested' | 'approved'): DomainError | undefined {
  if (officeState === PHONES_AND_TABLETS_STATE) return undefined;
  const refused = KINDS.filter((kind) => kind.key !== 'sims' && quantities[kind.key] > 0);
  if (refused.length === 0) return undefined;
  return new DomainError(
    `Phones and tablets are ordered only for offices in ${PHONES_AND_TABLETS_STATE}; order SIMs for this office.`,
    400,
    Object.fromEntries(refused.map((kind) => [`${kind.field}_${suffix}`, `${kind.name} are ordered only for offices in ${PHONES_AND_TABLETS_STATE}`])),
  );
}

const nothingOrdered = (quantities: OrderQuantities) => quantities.devices + quantities.tablets + quantities.sims === 0;

/**
 * "Nothing ordered" in words that fit the office (doc 2 §5): the spec's sentence where phones and
 * tablets may be ordered (CA); "at least one SIM" where SIMs are all an office may order.
 */
const nothingOrderedMessage = (officeState: string | null) => atLeastOneMessage(officeState === PHONES_AND_TABLETS_STATE);

// ----- Request -----

export interface RequestOrderCommand {
  readonly order_id: string;
  /** The next number of the counter stream (its version + 1). */
  readonly number: number;
  readonly requested_by: string;
  readonly delivery_method: number;
  readonly shipping: OrderShipping;
  readonly requested: OrderQuantities;
}

/** The office as the caller may see it: undefined when unknown or outside the caller's scope (alike, docs/adr/0001). */
export interface OfficeFacts {
  readonly office: { readonly id: string; readonly state_short_name: string | null } | undefined;
}

/** Request Order (doc 2 §2, §5): status 1, approval status 1, numbered from the counter. */
export function decideRequestOrder(command: RequestOrderCommand, facts: OfficeFacts): BatchDecision | DomainError {
  const { office } = facts;
  if (!office) return new DomainError('Please select office', 404);
  if (nothingOrdered(command.requested)) return new DomainError(nothingOrderedMessage(office.state_short_name), 400, { sims_requested: nothingOrderedMessage(office.state_short_name) });
  const refused = phonesAndTabletsRefused(command.requested, office.state_short_name, 'requested');
  if (refused) return refused;
  const requested: InventoryOrderEvent = {
    type: 'InventoryOrderRequested',
    data: {
      order_id: command.order_id,
      order_prefix: orderPrefixOf(command.number),
      office_id: office.id,
      requested_by: command.requested_by,
      delivery_method: command.delivery_method,
      shipping: command.shipping,
      requested: command.requested,
    },
  };
  const numberTaken: InventoryOrderNumberEvent = { type: 'InventoryOrderNumberTaken', data: { number: command.number, order_id: command.order_id } };
  return { devices: new Map(), records: [{ streamId: inventoryOrderStream(command.order_id), events: [requested] }, { streamId: INVENTORY_ORDER_NUMBERS_STREAM, events: [numberTaken] }] };
}

// ----- Approve / reject -----

export interface AnswerOrderCommand {
  readonly req_action: 2 | 3;
  readonly approved: OrderQuantities;
  readonly shipping: OrderShipping;
  readonly admin_comments: string | null;
  readonly answered_by: string;
  /** The caller's roles: which level of the chain they act at. */
  readonly roles: readonly number[];
}

/** Whether the caller may see the order (its office in their scope), and the office's state (phones and tablets). */
export interface OrderFacts {
  readonly visible: boolean;
  readonly officeState: string | null;
}

/** The level this caller acts at on an order at this approval status: the highest their roles allow there. */
export const approverLevel = orderApprovalLevel;

/** Who the order waits for, in words, at an approval status. */
function awaiting(state: InventoryOrderState): string {
  if (RESUBMITTABLE.includes(state.approval_status ?? 0)) return `${state.order_prefix} was ${statusName(state.status)}: it can be resubmitted, not approved.`;
  const next = APPROVERS.find((approver) => approver.actsAt.includes(state.approval_status));
  return next ? `${state.order_prefix} awaits ${next.name}'s approval.` : `${state.order_prefix} is ${statusName(state.status)}: it no longer awaits an approval.`;
}

/**
 * Approve (req_action 2) or reject (3) at the caller's level of the chain (APPROVERS; doc 2 §4:
 * only below status 5, role 11 at approval status missing or 1, role 12 below 3, the admin at
 * 4). An approver may lower the quantities but never raise one above what was requested; the
 * order's status and approval status become the level's code.
 */
export function decideAnswerOrder(command: AnswerOrderCommand, state: { readonly order: InventoryOrderState }, facts: OrderFacts): BatchDecision | DomainError {
  const { order } = state;
  if (order.status === 0 || !facts.visible) return notFound();
  if (!APPROVERS.some((approver) => command.roles.includes(approver.role))) return new DomainError('Only an IBO manager, a retailer manager or an admin approves or rejects device orders.', 403);
  // Approve/reject only below 5 (doc 2 §4); the admin's step is at 4.
  const approver = order.status < ORDER_ANSWERABLE_BELOW ? approverLevel(command.roles, order.approval_status) : undefined;
  if (!approver) return new DomainError(awaiting(order));
  if (command.req_action === 2) {
    const raised = KINDS.find((kind) => command.approved[kind.key] > order.requested[kind.key]);
    if (raised) return new DomainError(`An approver cannot raise ${raised.name} above the ${order.requested[raised.key]} requested.`, 409, { [`${raised.field}_approved`]: `At most ${order.requested[raised.key]}` });
    if (nothingOrdered(command.approved)) return new DomainError(`${nothingOrderedMessage(facts.officeState)} To approve nothing, reject the order.`, 400);
    const refused = phonesAndTabletsRefused(command.approved, facts.officeState, 'approved');
    if (refused) return refused;
  }
  const answered: InventoryOrderEvent = {
    type: 'InventoryOrderAnswered',
    data: {
      order_id: order.order_id,
      level: approver.level,
      req_action: command.req_action,
      status: command.req_action === 2 ? approver.approve : approver.reject,
      // A rejection approves nothing: the quantities stay what the order held.
      approved: command.req_action === 2 ? command.approved : order.approved,
      shipping: command.shipping,
      admin_comments: command.admin_comments,
      answered_by: command.answered_by,
    },
  };
  return { devices: new Map(), records: [{ streamId: inventoryOrderStream(order.order_id), events: [answered] }] };
}

// ----- Resubmit -----

export interface ResubmitOrderCommand {
  readonly comments: string;
  readonly requested: OrderQuantities;
  readonly shipping: OrderShipping;
  readonly resubmitted_by: string;
}

/** Resubmit (doc 2 §4): only a rejected order (approval status 3, 5 or 7), as a new version; the chain starts again at 1. */
export function decideResubmitOrder(command: ResubmitOrderCommand, state: { readonly order: InventoryOrderState }, facts: OrderFacts): BatchDecision | DomainError {
  const { order } = state;
  if (order.status === 0 || !facts.visible) return notFound();
  if (!RESUBMITTABLE.includes(order.approval_status ?? 0)) return new DomainError(`${order.order_prefix} is ${statusName(order.status)}: only a rejected order can be resubmitted.`);
  if (nothingOrdered(command.requested)) return new DomainError(nothingOrderedMessage(facts.officeState), 400, { sims_requested: nothingOrderedMessage(facts.officeState) });
  const refused = phonesAndTabletsRefused(command.requested, facts.officeState, 'requested');
  if (refused) return refused;
  const resubmitted: InventoryOrderEvent = {
    type: 'InventoryOrderResubmitted',
    data: { order_id: order.order_id, version: order.version + 1, comments: command.comments, requested: command.requested, shipping: command.shipping, resubmitted_by: command.resubmitted_by },
  };
  return { devices: new Map(), records: [{ streamId: inventoryOrderStream(order.order_id), events: [resubmitted] }] };
}

// ----- Fulfilment: the shipment arrives as a receive job -----

/** Phones, tablets and SIMs among devices by their type (a free phone counts as a phone). */
export function quantitiesOfTypes(items: readonly { readonly device_type: string; readonly count: number }[]): OrderQuantities {
  const sum = (types: readonly string[]) => items.filter((item) => types.includes(item.device_type)).reduce((total, item) => total + item.count, 0);
  return { devices: sum(['PHONE', 'FREEPHONE_SMART']), tablets: sum(['TABLET']), sims: sum(['SIM']) };
}

/**
 * A shipment naming an order (docs/ORDERS.md): only an order the admin approved (6), for the
 * shipment's office, not yet shipped; it becomes 9 Shipped (10 Ready for Pickup for delivery
 * method 2). More or fewer devices than approved are taken and recorded as they are.
 */
export function decideOrderShipped(
  shipment: { readonly office_id: string; readonly job_id: string; readonly shipped: OrderQuantities; readonly tracking_number: string | null },
  order: InventoryOrderState,
  facts: { readonly visible: boolean },
): InventoryOrderEvent | DomainError {
  if (order.status === 0 || !facts.visible) return notFound();
  if (order.job_id !== null) return new DomainError(`${order.order_prefix} was already shipped; a second shipment cannot fulfil it.`);
  if (order.status !== 6) return new DomainError(`${order.order_prefix} is ${statusName(order.status)}: only an order approved by the admin can be fulfilled.`);
  if (order.office_id !== shipment.office_id) return new DomainError(`${order.order_prefix} is an order of another office.`);
  return { type: 'InventoryOrderShipped', data: { order_id: order.order_id, job_id: shipment.job_id, status: order.delivery_method === 2 ? 10 : 9, shipped: shipment.shipped, tracking_number: shipment.tracking_number } };
}

/** The shipment's receive job answered to its last carton: the order is 8 Fulfilled, with what was received (accepted cartons). */
export function decideOrderFulfilled(job: { readonly job_id: string; readonly received: OrderQuantities }, order: InventoryOrderState): InventoryOrderEvent | undefined {
  if (order.job_id !== job.job_id || (order.status !== 9 && order.status !== 10)) return undefined;
  return { type: 'InventoryOrderFulfilled', data: { order_id: order.order_id, job_id: job.job_id, received: job.received } };
}
