/**
 * Device orders (doc 2 §2 Order Devices, §3 inventory order, §4): one stream
 * `inventory-order-<id>` per order; its number from the counter stream `inventory-order-numbers`,
 * appended with the request. Every step is an event naming who took it, so the order log (doc 2 §3
 * order log entry) is the stream read back.
 */

/** How many of each kind: requested by the office, or approved by one approver. */
export interface OrderQuantities {
  readonly devices: number;
  readonly tablets: number;
  readonly sims: number;
}

/** Where an order goes and who takes it (doc 2 §3 inventory order). */
export interface OrderShipping {
  readonly ship_to_name: string;
  readonly company_name: string | null;
  readonly address: string;
  readonly address2: string | null;
  readonly address3: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly contact_phone_number: string;
  readonly email: string;
}

/** The approval chain's levels (ours, from doc 2 §4): the IBO manager (11), the retailer manager (12), the admin (1). */
export type ApprovalLevel = 'ibo' | 'retailer' | 'admin';

export type InventoryOrderEvent =
  | {
      type: 'InventoryOrderRequested';
      data: {
        order_id: string;
        order_prefix: string;
        office_id: string;
        requested_by: string;
        delivery_method: number;
        shipping: OrderShipping;
        requested: OrderQuantities;
      };
    }
  /** An approver's decision: 2 approve, 3 reject (req_action), with what they approved and the shipping as they left it. */
  | {
      type: 'InventoryOrderAnswered';
      data: {
        order_id: string;
        level: ApprovalLevel;
        req_action: 2 | 3;
        /** The order's status and approval status after it (contracts' inventoryOrderStatuses, inventoryOrderApprovalStatuses). */
        status: number;
        approved: OrderQuantities;
        shipping: OrderShipping;
        admin_comments: string | null;
        answered_by: string;
      };
    }
  /** The requester's new version after a rejection: the chain starts again at 1. */
  | {
      type: 'InventoryOrderResubmitted';
      data: { order_id: string; version: number; comments: string; requested: OrderQuantities; shipping: OrderShipping; resubmitted_by: string };
    }
  /** Its shipment arrived as a receive job: 9 Shipped (10 Ready for Pickup for delivery method 2). */
  | { type: 'InventoryOrderShipped'; data: { order_id: string; job_id: string; status: 9 | 10; shipped: OrderQuantities; tracking_number: string | null } }
  /** The receive job's last carton answered: 8 Fulfilled, with what was received. */
  | { type: 'InventoryOrderFulfilled'; data: { order_id: string; job_id: string; received: OrderQuantities } };

export type InventoryOrderEventType = InventoryOrderEvent['type'];

export const inventoryOrderStream = (orderId: string) => `inventory-order-${orderId}`;
export const INVENTORY_ORDER_NUMBERS_STREAM = 'inventory-order-numbers';
export type InventoryOrderNumberEvent = { type: 'InventoryOrderNumberTaken'; data: { number: number; order_id: string } };
/** An order's number as users read it: ORD-000123 (ours; the spec shows `order_prefix`, not its form). */
export const orderPrefixOf = (number: number) => `ORD-${String(number).padStart(6, '0')}`;

const NONE: OrderQuantities = { devices: 0, tablets: 0, sims: 0 };

/** Where one order stands (folded from its stream): the deciders' state. */
export interface InventoryOrderState {
  readonly order_id: string;
  /** 0 before it was requested. */
  readonly status: number;
  /** null before any approval step; 1 awaiting the IBO manager after a request or resubmit. */
  readonly approval_status: number | null;
  readonly order_prefix: string;
  readonly office_id: string | null;
  readonly requested_by: string | null;
  readonly delivery_method: number | null;
  readonly version: number;
  readonly requested: OrderQuantities;
  /** What the last approval of this version approved (the requested quantities until one does). */
  readonly approved: OrderQuantities;
  readonly shipping: OrderShipping | null;
  readonly job_id: string | null;
}

export const initialInventoryOrderState = (orderId: string): InventoryOrderState => ({
  order_id: orderId,
  status: 0,
  approval_status: null,
  order_prefix: '',
  office_id: null,
  requested_by: null,
  delivery_method: null,
  version: 0,
  requested: NONE,
  approved: NONE,
  shipping: null,
  job_id: null,
});

export function evolveInventoryOrder(state: InventoryOrderState, event: InventoryOrderEvent): InventoryOrderState {
  switch (event.type) {
    case 'InventoryOrderRequested': {
      const { data } = event;
      return { ...state, status: 1, approval_status: 1, order_prefix: data.order_prefix, office_id: data.office_id, requested_by: data.requested_by, delivery_method: data.delivery_method, version: 1, requested: data.requested, approved: data.requested, shipping: data.shipping };
    }
    case 'InventoryOrderAnswered':
      return { ...state, status: event.data.status, approval_status: event.data.status, approved: event.data.req_action === 2 ? event.data.approved : state.approved, shipping: event.data.shipping };
    case 'InventoryOrderResubmitted':
      return { ...state, status: 1, approval_status: 1, version: event.data.version, requested: event.data.requested, approved: event.data.requested, shipping: event.data.shipping };
    case 'InventoryOrderShipped':
      return { ...state, status: event.data.status, job_id: event.data.job_id };
    case 'InventoryOrderFulfilled':
      return { ...state, status: 8 };
  }
}

const INVENTORY_ORDER_EVENT_TYPE_SET: Record<InventoryOrderEventType, true> = {
  InventoryOrderRequested: true, InventoryOrderAnswered: true, InventoryOrderResubmitted: true, InventoryOrderShipped: true, InventoryOrderFulfilled: true,
};
export const INVENTORY_ORDER_EVENT_TYPES = Object.keys(INVENTORY_ORDER_EVENT_TYPE_SET) as InventoryOrderEventType[];
