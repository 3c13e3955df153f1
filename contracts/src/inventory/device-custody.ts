import { OUT_OF_SERVICE } from '../rma/rma.codes';
import { INVENTORY_STATUS, inventoryStatuses } from './inventory.codes';
import type { DeviceEvent } from './inventory.events';

/**
 * One device's custody as its events define it (DESIGN.md §3, §11 status readings): who holds
 * it and in which status. The ONE state machine: the write side decides on it and the inventory
 * projection derives its rows from it, so the two can never drift. Pure.
 */
export interface DeviceState {
  readonly imei: string;
  /** An inventory status (contracts' INVENTORY_STATUS), or NEVER_RECEIVED. */
  readonly status: number;
  readonly office_id: string | null;
  readonly agent_id: string | null;
  readonly job_id: string | null;
  readonly carton_number: string | null;
  readonly agent_job_id: string | null;
  readonly transfer_id: string | null;
  /** The RMA order whose box it is in (Submit RMA); kept once returned, cleared when the order is rejected. */
  readonly rma_prefix: string | null;
  /** While sold by an activation of its own: the status it had before (a reversal restores it); null otherwise, also when a swap made it sold. */
  readonly sold_from_status: number | null;
}

/** A device no event has placed yet: never received by any office (not a status of the spec). */
export const NEVER_RECEIVED = 0;

const S = INVENTORY_STATUS;

export const initialDeviceState = (imei: string): DeviceState => ({
  imei,
  status: NEVER_RECEIVED,
  office_id: null,
  agent_id: null,
  job_id: null,
  carton_number: null,
  agent_job_id: null,
  transfer_id: null,
  rma_prefix: null,
  sold_from_status: null,
});

export function evolveDevice(state: DeviceState, event: DeviceEvent): DeviceState {
  switch (event.type) {
    case 'DeviceReceived':
      return { ...state, status: S.MANAGER_PENDING, office_id: event.data.office_id, agent_id: null, job_id: event.data.job_id, carton_number: event.data.carton_number, agent_job_id: null, transfer_id: null, rma_prefix: null, sold_from_status: null };
    case 'DeviceAcceptedByManager':
      return { ...state, status: S.MANAGER_RECEIVED };
    case 'DeviceDeclinedByManager':
      return { ...state, status: S.MANAGER_DECLINED };
    case 'DeviceAssigned':
      return { ...state, status: S.AGENT_PENDING, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, transfer_id: null };
    case 'DeviceAcceptedByAgent':
      return { ...state, status: S.AGENT_RECEIVED };
    case 'DeviceReturnedByAgent':
      return { ...state, status: S.MANAGER_RECEIVED, agent_id: null, agent_job_id: null };
    case 'DeviceTransferRequested':
      return { ...state, status: S.AGENT_TRANSFER, transfer_id: event.data.transfer_id };
    case 'DeviceTransferAccepted':
      return { ...state, status: S.MANAGER_RECEIVED, agent_id: null, agent_job_id: null, transfer_id: null };
    case 'DeviceTransferRejected':
      return { ...state, status: S.AGENT_RECEIVED, transfer_id: null };
    case 'DeviceSentToOffice':
      return event.data.agent_id
        ? { ...state, status: S.AGENT_PENDING, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, job_id: event.data.job_id ?? state.job_id, transfer_id: null }
        : { ...state, status: S.MANAGER_PENDING, office_id: event.data.office_id, agent_id: null, agent_job_id: null, job_id: event.data.job_id, transfer_id: null };
    case 'DeviceReassignedToManager':
      return { ...state, status: S.MANAGER_RECEIVED, office_id: event.data.office_id, agent_id: null, agent_job_id: null, transfer_id: null };
    case 'DeviceActivated':
      return { ...state, status: S.SOLD, sold_from_status: event.data.previous_status };
    case 'ActivationReversed':
      return { ...state, status: event.data.restored_status, sold_from_status: null };
    case 'DeviceImageUploaded':
    case 'DeviceRmaRequestAccepted':
      return state;
    // RMA (docs/RMA.md): the status changes, the holder does not (but for a swap).
    case 'DeviceRmaOpened':
      return { ...state, status: S.PENDING_RMA };
    case 'DeviceRmaRequestDeclined':
      return { ...state, status: S.RMA_REQUEST_DECLINED };
    case 'DeviceRmaApproved':
      return { ...state, status: S.RMA };
    case 'DeviceRmaRejected':
      return { ...state, status: S.RMA_REJECTED };
    case 'DeviceMarkedOutOfService':
      return { ...state, status: event.data.status };
    case 'DeviceReturnedToStock':
      return { ...state, status: state.agent_id ? S.AGENT_RECEIVED : S.MANAGER_RECEIVED };
    case 'DeviceSwappedOut':
      return { ...state, status: S.DEVICE_SWAP, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: null, transfer_id: null, sold_from_status: null };
    case 'DeviceSwappedIn':
      return { ...state, status: S.SOLD, sold_from_status: null };
    case 'DeviceRmaSubmitted':
      return { ...state, rma_prefix: event.data.rma_prefix };
    case 'DeviceRmaOrderRejected':
      return { ...state, status: S.RMA_REJECTED, rma_prefix: null };
    case 'DeviceRmaReturned':
      return { ...state, status: S.RETURNED };
  }
}

export const foldDevice = (imei: string, events: readonly DeviceEvent[]): DeviceState => events.reduce(evolveDevice, initialDeviceState(imei));

/** A status's name in the spec's words (doc 1 §4), or 'never received'. */
export const inventoryStatusName = (status: number): string =>
  status === NEVER_RECEIVED ? 'never received' : (inventoryStatuses.find((item) => item.id === status)?.name ?? `status ${status}`);

/**
 * The out-of-service rule in words (docs/RMA.md): assign, transfers, reassign and the agent's
 * transfer back refuse a device in an RMA, swapped, lost or returned. Here, not in the decider
 * alone, so that a screen's scan check says the decider's own words before a command is sent
 * (issue 42). Undefined for a device in service.
 */
export const outOfServiceRefusal = (imei: string, status: number): string | undefined =>
  OUT_OF_SERVICE.includes(status) ? `IMEI ${imei} is out of service (${inventoryStatusName(status)}).` : undefined;
