/**
 * RMA's events (docs/RMA.md). Two streams change together at every step, in one atomic append:
 * the device's own stream (`device-<imei>`, its status: the events below in
 * `RmaDeviceCustodyEvent`, folded by contracts' `evolveDevice` like every device event) and the
 * RMA device's stream (`rma-device-<id>`, the request's life: `RmaDeviceEvent`).
 */

/** Who opened an RMA device: an agent's request awaits the manager; a manager's initiation awaits approval. */
export type RmaOpenedBy = 'agent' | 'manager';

/** The device-stream side of RMA: status changes only; the holder never changes (docs/RMA.md). */
export type RmaDeviceCustodyEvent =
  /** An RMA opened for the device (an agent's request or a manager's initiation): 11 Pending RMA. */
  | { type: 'DeviceRmaOpened'; data: { imei: string; rma_device_id: string; opened_by: RmaOpenedBy; office_id: string; agent_id: string | null } }
  /** The manager declined the agent's request: 19 RMA Request Declined. */
  | { type: 'DeviceRmaRequestDeclined'; data: { imei: string; rma_device_id: string } }
  /** The manager accepted the agent's request: still 11, now initiated (awaiting Approve RMA). */
  | { type: 'DeviceRmaRequestAccepted'; data: { imei: string; rma_device_id: string } }
  /** Approve RMA approved it: 10 RMA. */
  | { type: 'DeviceRmaApproved'; data: { imei: string; rma_device_id: string } }
  /** Approve RMA rejected it: 21 RMA Rejected. */
  | { type: 'DeviceRmaRejected'; data: { imei: string; rma_device_id: string } }
  /** Marked lost (16) or defective (18) by a manager. */
  | { type: 'DeviceMarkedOutOfService'; data: { imei: string; status: 16 | 18; notes: string | null } }
  /** Back in stock from 15, 16, 18, 19 or 21: 5 with an agent, else 3. */
  | { type: 'DeviceReturnedToStock'; data: { imei: string } }
  /** A sold device brought back by its customer: 15 Device Swap, held by the swapping holder. */
  | { type: 'DeviceSwappedOut'; data: { imei: string; replacement_imei: string; office_id: string; agent_id: string | null; reason: string } }
  /** The replacement handed over in its place: 8 Sold, carrying the original activation. */
  | {
      type: 'DeviceSwappedIn';
      data: { imei: string; sold_imei: string; activation_date: string; plan_name: string | null; order_id: string | null; reason: string };
    }
  /** Submitted on an RMA order (Submit RMA): still 10 RMA, now in the order's box (its row carries the prefix). */
  | { type: 'DeviceRmaSubmitted'; data: { imei: string; rma_device_id: string; rma_order_id: string; rma_prefix: string } }
  /** The order was rejected: 21 RMA Rejected, off the order (it may be initiated again). */
  | { type: 'DeviceRmaOrderRejected'; data: { imei: string; rma_order_id: string; rma_prefix: string } }
  /** The returns desk found it in the order's boxes: 17 Returned (ours), out of the business's stock. */
  | { type: 'DeviceRmaReturned'; data: { imei: string; rma_order_id: string; rma_prefix: string } };

/** The RMA device stream: one return of one device, from request or initiation to its answer. */
export type RmaDeviceEvent =
  | {
      type: 'RmaDeviceOpened';
      data: {
        rma_device_id: string;
        imei: string;
        opened_by: RmaOpenedBy;
        office_id: string;
        agent_id: string | null;
        manager_id: string | null;
        reason: number;
        reason_two: number | null;
        notes: string | null;
        /** The stored photo's file id (uploads: the server chooses it), if one was sent. */
        image_file: string | null;
      };
    }
  /** The manager's answer to an agent's request: 2 accepted (now initiated), 3 declined. */
  | { type: 'RmaDeviceRequestAnswered'; data: { rma_device_id: string; imei: string; status: 2 | 3; manager_id: string } }
  /** Approve RMA's answer: 2 approved, 3 rejected. */
  | { type: 'RmaDeviceAnswered'; data: { rma_device_id: string; imei: string; status: 2 | 3; comments: string | null; manager_id: string } }
  /** A new photo replaces the RMA device's image (upload_rma_device_image). */
  | { type: 'RmaDeviceImageReplaced'; data: { rma_device_id: string; image_file: string } }
  /** Put on an RMA order (Submit RMA): it cannot be submitted again. */
  | { type: 'RmaDeviceSubmitted'; data: { rma_device_id: string; imei: string; rma_order_id: string; rma_prefix: string } };

export type RmaDeviceEventType = RmaDeviceEvent['type'];

export const rmaDeviceStream = (rmaDeviceId: string) => `rma-device-${rmaDeviceId}`;

/** Where one RMA device stands (folded from its stream): the deciders' state. */
export interface RmaDeviceState {
  readonly rma_device_id: string;
  readonly imei: string;
  /** requested: an agent's request awaiting the manager; initiated: awaiting Approve RMA; then answered. */
  readonly stage: 'none' | 'requested' | 'initiated' | 'declined' | 'approved' | 'rejected' | 'submitted';
  readonly office_id: string | null;
  readonly agent_id: string | null;
}

export const initialRmaDeviceState = (rmaDeviceId: string): RmaDeviceState => ({ rma_device_id: rmaDeviceId, imei: '', stage: 'none', office_id: null, agent_id: null });

export function evolveRmaDevice(state: RmaDeviceState, event: RmaDeviceEvent): RmaDeviceState {
  switch (event.type) {
    case 'RmaDeviceOpened':
      return { ...state, imei: event.data.imei, stage: event.data.opened_by === 'agent' ? 'requested' : 'initiated', office_id: event.data.office_id, agent_id: event.data.agent_id };
    case 'RmaDeviceRequestAnswered':
      return { ...state, stage: event.data.status === 2 ? 'initiated' : 'declined' };
    case 'RmaDeviceAnswered':
      return { ...state, stage: event.data.status === 2 ? 'approved' : 'rejected' };
    case 'RmaDeviceImageReplaced':
      return state;
    case 'RmaDeviceSubmitted':
      return { ...state, stage: 'submitted' };
  }
}

/** Every RMA device stream event type, each once (a Record over the union: none can be left out). */
const RMA_DEVICE_EVENT_TYPE_SET: Record<RmaDeviceEventType, true> = { RmaDeviceOpened: true, RmaDeviceRequestAnswered: true, RmaDeviceAnswered: true, RmaDeviceImageReplaced: true, RmaDeviceSubmitted: true };
export const RMA_DEVICE_EVENT_TYPES = Object.keys(RMA_DEVICE_EVENT_TYPE_SET) as RmaDeviceEventType[];

// ---------------------------------------------------------------------------------------------
// RMA orders (Submit RMA, RMA Status; docs/RMA.md): one stream `rma-order-<id>` per order, its
// devices' streams and RMA device streams changing in the same atomic append.
// ---------------------------------------------------------------------------------------------

/** Where the boxes ship from, and how many (doc 2 §3 "Shipping submission"). */
export interface RmaShipment {
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly no_of_boxes: number;
  readonly box_length: number | null;
  readonly box_width: number | null;
  readonly box_height: number | null;
  readonly box_weight: number | null;
}

export type RmaOrderEvent =
  | {
      type: 'RmaOrderSubmitted';
      data: {
        rma_order_id: string;
        rma_prefix: string;
        office_id: string;
        submitted_by: string;
        devices: readonly { readonly rma_device_id: string; readonly imei: string }[];
        shipment: RmaShipment;
      };
    }
  /** The IBO or retailer manager's answer: 2 approved (the shipping label is made from here), 3 rejected (order 5). */
  | { type: 'RmaOrderAnswered'; data: { rma_order_id: string; status: 2 | 3; comments: string; answered_by: string } }
  | { type: 'RmaOrderShipped'; data: { rma_order_id: string; shipped_by: string } }
  /** The returns desk's receipt: what was in the boxes, and what the order listed but was missing. */
  | { type: 'RmaOrderReceived'; data: { rma_order_id: string; received: readonly string[]; missing: readonly string[] } };

export type RmaOrderEventType = RmaOrderEvent['type'];

export const rmaOrderStream = (rmaOrderId: string) => `rma-order-${rmaOrderId}`;

/** The counter of order numbers: each order takes the next (RMA-000001 upward) in its own append, so two orders never share one. */
export const RMA_ORDER_NUMBERS_STREAM = 'rma-order-numbers';
export type RmaOrderNumberEvent = { type: 'RmaOrderNumberTaken'; data: { number: number; rma_order_id: string } };

/** An order's number as users read it: RMA-000123. */
export const rmaPrefixOf = (number: number) => `RMA-${String(number).padStart(6, '0')}`;

/** Where one RMA order stands (folded from its stream): the deciders' state. Status codes are contracts' rmaOrderStatuses. */
export interface RmaOrderState {
  readonly rma_order_id: string;
  /** 0 before it was submitted; then 1 Submitted, 2 Approved, 3 Shipped, 4 Completed, 5 Rejected. */
  readonly status: 0 | 1 | 2 | 3 | 4 | 5;
  readonly rma_prefix: string;
  readonly office_id: string | null;
  readonly submitted_by: string | null;
  readonly imeis: readonly string[];
}

export const initialRmaOrderState = (rmaOrderId: string): RmaOrderState => ({ rma_order_id: rmaOrderId, status: 0, rma_prefix: '', office_id: null, submitted_by: null, imeis: [] });

export function evolveRmaOrder(state: RmaOrderState, event: RmaOrderEvent): RmaOrderState {
  switch (event.type) {
    case 'RmaOrderSubmitted':
      return { ...state, status: 1, rma_prefix: event.data.rma_prefix, office_id: event.data.office_id, submitted_by: event.data.submitted_by, imeis: event.data.devices.map((device) => device.imei) };
    case 'RmaOrderAnswered':
      return { ...state, status: event.data.status === 2 ? 2 : 5 };
    case 'RmaOrderShipped':
      return { ...state, status: 3 };
    case 'RmaOrderReceived':
      return { ...state, status: 4 };
  }
}

const RMA_ORDER_EVENT_TYPE_SET: Record<RmaOrderEventType, true> = { RmaOrderSubmitted: true, RmaOrderAnswered: true, RmaOrderShipped: true, RmaOrderReceived: true };
export const RMA_ORDER_EVENT_TYPES = Object.keys(RMA_ORDER_EVENT_TYPE_SET) as RmaOrderEventType[];
