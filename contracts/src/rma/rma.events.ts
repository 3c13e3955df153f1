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
    };

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
  | { type: 'RmaDeviceImageReplaced'; data: { rma_device_id: string; image_file: string } };

export type RmaDeviceEventType = RmaDeviceEvent['type'];

export const rmaDeviceStream = (rmaDeviceId: string) => `rma-device-${rmaDeviceId}`;

/** Where one RMA device stands (folded from its stream): the deciders' state. */
export interface RmaDeviceState {
  readonly rma_device_id: string;
  readonly imei: string;
  /** requested: an agent's request awaiting the manager; initiated: awaiting Approve RMA; then answered. */
  readonly stage: 'none' | 'requested' | 'initiated' | 'declined' | 'approved' | 'rejected';
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
  }
}

/** Every RMA device stream event type, each once (a Record over the union: none can be left out). */
const RMA_DEVICE_EVENT_TYPE_SET: Record<RmaDeviceEventType, true> = { RmaDeviceOpened: true, RmaDeviceRequestAnswered: true, RmaDeviceAnswered: true, RmaDeviceImageReplaced: true };
export const RMA_DEVICE_EVENT_TYPES = Object.keys(RMA_DEVICE_EVENT_TYPE_SET) as RmaDeviceEventType[];
