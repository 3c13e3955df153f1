import type { RmaDeviceCustodyEvent } from '../rma/rma.events';
import type { SalesDeviceEvent } from '../sales/sales.events';
import type { DeviceTypeCode } from './inventory.codes';

/**
 * Device custody as events (DESIGN.md §3). Every device has one stream, `device-<imei>`: its
 * history is its custody and audit trail. A receive job (`receive-job-<id>`), an agent job
 * (`agent-job-<id>`: devices handed to an agent to accept) and a transfer request
 * (`transfer-<id>`: devices an agent sends back) have a stream each for their own facts. A
 * command appends to every stream it touches in one atomic append, or to none.
 *
 * Each device event carries the holder it leaves the device with (office, agent), so a
 * projection never needs another stream to place a device.
 */

/** What upstream says about a device when it ships it (doc 1 §3 device row). */
export interface DeviceDescription {
  readonly imei: string;
  readonly esn: string | null;
  readonly make: string | null;
  readonly model: string | null;
  readonly device_type: DeviceTypeCode;
  readonly pallet: string | null;
  readonly carton_number: string;
  readonly enroll_id: string | null;
  readonly enroll_type: string | null;
  /** The ETC code (doc 1 §2.12 query builder; `excess_code` in the device row). */
  readonly etc_code: string | null;
}

export type DeviceEvent =
  /** Shipped to an office on a receive job: manager pending (9). Also a re-shipment after a decline. */
  | { type: 'DeviceReceived'; data: DeviceDescription & { job_id: string; office_id: string; source: number; order_id: string | null } }
  /** The manager accepted its carton: manager received (3); its age counts from here. */
  | { type: 'DeviceAcceptedByManager'; data: { imei: string; job_id: string; office_id: string } }
  /** The manager declined its carton with a reason: manager declined (12) until shipped again. */
  | { type: 'DeviceDeclinedByManager'; data: { imei: string; job_id: string; office_id: string; reason: string } }
  /** Handed to an agent on an agent job (assign, reassign, transfer to an agent of another office): agent pending (4). */
  | { type: 'DeviceAssigned'; data: { imei: string; office_id: string; agent_id: string; agent_job_id: string; manager_id: string; previous_agent_id: string | null } }
  /** The agent accepted it: agent received (5). */
  | { type: 'DeviceAcceptedByAgent'; data: { imei: string; office_id: string; agent_id: string; agent_job_id: string } }
  /** Not accepted in a partial accept: straight back in the manager's stock (3). */
  | { type: 'DeviceReturnedByAgent'; data: { imei: string; office_id: string; agent_id: string; agent_job_id: string } }
  /** The agent sends it back to the manager: agent transfer (6) until the manager decides. */
  | { type: 'DeviceTransferRequested'; data: { imei: string; office_id: string; agent_id: string; transfer_id: string; manager_id: string; reason: string } }
  /** The manager accepted the transfer: back in the manager's stock (3). */
  | { type: 'DeviceTransferAccepted'; data: { imei: string; office_id: string; agent_id: string; transfer_id: string } }
  /** The manager rejected the transfer: back with the agent, agent received (5). */
  | { type: 'DeviceTransferRejected'; data: { imei: string; office_id: string; agent_id: string; transfer_id: string } }
  /** Sent to another office of the same retailer: manager pending (9) on a receive job there, or agent pending (4) for an agent there. */
  | { type: 'DeviceSentToOffice'; data: { imei: string; from_office_id: string; office_id: string; job_id: string | null; agent_id: string | null; agent_job_id: string | null; manager_id: string } }
  /** Reassigned with no agent chosen: in the chosen office's manager stock (3). */
  | { type: 'DeviceReassignedToManager'; data: { imei: string; from_office_id: string; office_id: string; previous_agent_id: string | null } }
  /** A photo of the device (IMEI and agent-IMEI screens); the file lives in file storage. */
  | { type: 'DeviceImageUploaded'; data: { imei: string; file: string; content_type: string; size: number } }
  /** RMA's steps on the device (docs/RMA.md): status only, the holder unchanged but for a swap. */
  | RmaDeviceCustodyEvent
  | SalesDeviceEvent;

export type DeviceEventType = DeviceEvent['type'];

export interface JobCarton {
  readonly carton_number: string;
  readonly device_type: DeviceTypeCode;
  readonly imei_count: number;
}

/** A receive job's own facts: created with its cartons, then cartons accepted or declined. */
export type ReceiveJobEvent =
  | {
      type: 'ReceiveJobCreated';
      data: {
        job_id: string;
        office_id: string;
        source: number;
        order_id: string | null;
        order_date: string | null;
        from_office_id: string | null;
        cartons: readonly JobCarton[];
        total_device_count: number;
        /** The device order this shipment fulfils (docs/ORDERS.md); absent on jobs that fulfil none. */
        inventory_order_id?: string | null;
      };
    }
  | { type: 'ReceiveJobCartonsAccepted'; data: { job_id: string; carton_numbers: readonly string[] } }
  | { type: 'ReceiveJobCartonsDeclined'; data: { job_id: string; carton_numbers: readonly string[]; reason: string } };

/** Devices handed to an agent to accept (assign, reassign, transfer to an agent of another office). */
export type AgentJobEvent =
  | { type: 'AgentJobCreated'; data: { agent_job_id: string; agent_id: string; office_id: string; manager_id: string; imeis: readonly string[] } }
  /** The agent answered: `accepted` now theirs, `returned` back with the manager (partial accept). */
  | { type: 'AgentJobAnswered'; data: { agent_job_id: string; accepted: readonly string[]; returned: readonly string[] } };

/** Devices an agent sends back to their manager, waiting for Accept or Reject. */
export type TransferRequestEvent =
  | { type: 'TransferRequested'; data: { transfer_id: string; agent_id: string; manager_id: string; office_id: string; imeis: readonly string[]; reason: string } }
  | { type: 'TransferAnswered'; data: { transfer_id: string; accepted: boolean } };

export type InventoryEvent = DeviceEvent | ReceiveJobEvent | AgentJobEvent | TransferRequestEvent;
export type InventoryEventType = InventoryEvent['type'];

export const deviceStream = (imei: string) => `device-${imei}`;
export const receiveJobStream = (jobId: string) => `receive-job-${jobId}`;
export const agentJobStream = (agentJobId: string) => `agent-job-${agentJobId}`;
export const transferStream = (transferId: string) => `transfer-${transferId}`;
