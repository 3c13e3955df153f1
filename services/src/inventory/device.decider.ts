import { type DeviceDescription, type DeviceEvent, IN_STOCK_GROUP, inventoryStatuses } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * One device's custody (DESIGN.md §3, §11 status readings): who holds it and in which state.
 * Status 0 = never received. Pure: time and the actor arrive with the command.
 */
export interface DeviceState {
  readonly imei: string;
  readonly status: number;
  readonly office_id: string | null;
  readonly agent_id: string | null;
  readonly job_id: string | null;
  readonly carton_number: string | null;
  readonly agent_job_id: string | null;
  readonly transfer_id: string | null;
}

export const STATUS = {
  NEVER_RECEIVED: 0,
  MANAGER_RECEIVED: 3,
  AGENT_PENDING: 4,
  AGENT_RECEIVED: 5,
  AGENT_TRANSFER: 6,
  SOLD: 8,
  MANAGER_PENDING: 9,
  MANAGER_DECLINED: 12,
} as const;

export const initialDeviceState = (imei: string): DeviceState => ({
  imei,
  status: STATUS.NEVER_RECEIVED,
  office_id: null,
  agent_id: null,
  job_id: null,
  carton_number: null,
  agent_job_id: null,
  transfer_id: null,
});

export function evolveDevice(state: DeviceState, event: DeviceEvent): DeviceState {
  switch (event.type) {
    case 'DeviceReceived':
      return { ...state, status: STATUS.MANAGER_PENDING, office_id: event.data.office_id, agent_id: null, job_id: event.data.job_id, carton_number: event.data.carton_number, agent_job_id: null, transfer_id: null };
    case 'DeviceAcceptedByManager':
      return { ...state, status: STATUS.MANAGER_RECEIVED };
    case 'DeviceDeclinedByManager':
      return { ...state, status: STATUS.MANAGER_DECLINED };
    case 'DeviceAssigned':
      return { ...state, status: STATUS.AGENT_PENDING, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, transfer_id: null };
    case 'DeviceAcceptedByAgent':
      return { ...state, status: STATUS.AGENT_RECEIVED };
    case 'DeviceReturnedByAgent':
      return { ...state, status: STATUS.MANAGER_RECEIVED, agent_id: null, agent_job_id: null };
    case 'DeviceTransferRequested':
      return { ...state, status: STATUS.AGENT_TRANSFER, transfer_id: event.data.transfer_id };
    case 'DeviceTransferAccepted':
      return { ...state, status: STATUS.MANAGER_RECEIVED, agent_id: null, agent_job_id: null, transfer_id: null };
    case 'DeviceTransferRejected':
      return { ...state, status: STATUS.AGENT_RECEIVED, transfer_id: null };
    case 'DeviceSentToOffice':
      return event.data.agent_id
        ? { ...state, status: STATUS.AGENT_PENDING, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, job_id: event.data.job_id ?? state.job_id, transfer_id: null }
        : { ...state, status: STATUS.MANAGER_PENDING, office_id: event.data.office_id, agent_id: null, agent_job_id: null, job_id: event.data.job_id, transfer_id: null };
    case 'DeviceReassignedToManager':
      return { ...state, status: STATUS.MANAGER_RECEIVED, office_id: event.data.office_id, agent_id: null, agent_job_id: null, transfer_id: null };
    case 'DeviceActivated':
      return { ...state, status: STATUS.SOLD };
    case 'DeviceImageUploaded':
      return state;
  }
}

export const foldDevice = (imei: string, events: readonly DeviceEvent[]): DeviceState => events.reduce(evolveDevice, initialDeviceState(imei));

const statusName = (status: number) =>
  status === STATUS.NEVER_RECEIVED ? 'never received' : (inventoryStatuses.find((item) => item.id === status)?.name ?? `status ${status}`);

const refuse = (message: string) => new DomainError(message);

/** Shipped on a receive job: a device new to us, or one declined before and now shipped again. */
export function decideReceive(state: DeviceState, command: { device: DeviceDescription; job_id: string; office_id: string; source: number; order_id: string | null }): DeviceEvent[] | DomainError {
  if (state.status !== STATUS.NEVER_RECEIVED && state.status !== STATUS.MANAGER_DECLINED) {
    return refuse(`IMEI ${state.imei} is already in inventory (${statusName(state.status)}).`);
  }
  return [{ type: 'DeviceReceived', data: { ...command.device, job_id: command.job_id, office_id: command.office_id, source: command.source, order_id: command.order_id } }];
}

/** The manager accepts (status 1) or declines with a reason (status 2) a carton of a job. */
export function decideManagerAnswer(state: DeviceState, command: { job_id: string; accept: boolean; reason?: string }): DeviceEvent[] | DomainError {
  if (state.job_id !== command.job_id) return refuse(`IMEI ${state.imei} is not on this job.`);
  if (state.status !== STATUS.MANAGER_PENDING) {
    return refuse(`Carton ${state.carton_number ?? state.imei} of this job was already ${state.status === STATUS.MANAGER_DECLINED ? 'declined' : 'accepted'}.`);
  }
  const office_id = state.office_id ?? '';
  if (command.accept) return [{ type: 'DeviceAcceptedByManager', data: { imei: state.imei, job_id: command.job_id, office_id } }];
  const reason = command.reason?.trim();
  if (!reason) return new DomainError('Please provide a reason', 422);
  return [{ type: 'DeviceDeclinedByManager', data: { imei: state.imei, job_id: command.job_id, office_id, reason } }];
}

/** Assign (manager stock → agent pending) to an agent of the device's office. */
export function decideAssign(state: DeviceState, command: { office_id: string; agent_id: string; agent_job_id: string; manager_id: string }): DeviceEvent[] | DomainError {
  if (state.status !== STATUS.MANAGER_RECEIVED || state.office_id !== command.office_id) {
    return refuse(`IMEI ${state.imei} is no longer in the manager's stock of this office.`);
  }
  return [{ type: 'DeviceAssigned', data: { imei: state.imei, office_id: command.office_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id, previous_agent_id: null } }];
}

/** The agent accepts a device of their job, or (partial accept) returns it to the manager. */
export function decideAgentAnswer(state: DeviceState, command: { agent_id: string; agent_job_id: string; accept: boolean }): DeviceEvent[] | DomainError {
  if (state.agent_id !== command.agent_id || state.agent_job_id !== command.agent_job_id || state.status !== STATUS.AGENT_PENDING) {
    return refuse(`IMEI ${state.imei} is not waiting for you on this job.`);
  }
  const data = { imei: state.imei, office_id: state.office_id ?? '', agent_id: command.agent_id, agent_job_id: command.agent_job_id };
  return [command.accept ? { type: 'DeviceAcceptedByAgent', data } : { type: 'DeviceReturnedByAgent', data }];
}

/** The agent sends a device of their stock back to their manager (agent transfer, 6). */
export function decideTransferRequest(state: DeviceState, command: { agent_id: string; transfer_id: string; manager_id: string; reason: string }): DeviceEvent[] | DomainError {
  if (state.agent_id !== command.agent_id || state.status !== STATUS.AGENT_RECEIVED) return refuse(`IMEI ${state.imei} is not in your stock.`);
  return [
    {
      type: 'DeviceTransferRequested',
      data: { imei: state.imei, office_id: state.office_id ?? '', agent_id: command.agent_id, transfer_id: command.transfer_id, manager_id: command.manager_id, reason: command.reason },
    },
  ];
}

/** The manager accepts (back in stock) or rejects (back with the agent) an agent's transfer. */
export function decideTransferAnswer(state: DeviceState, command: { transfer_id: string; accept: boolean }): DeviceEvent[] | DomainError {
  if (state.transfer_id !== command.transfer_id || state.status !== STATUS.AGENT_TRANSFER) return refuse(`IMEI ${state.imei} is not waiting on this transfer.`);
  const data = { imei: state.imei, office_id: state.office_id ?? '', agent_id: state.agent_id ?? '', transfer_id: command.transfer_id };
  return [command.accept ? { type: 'DeviceTransferAccepted', data } : { type: 'DeviceTransferRejected', data }];
}

/**
 * Transfer Inventory to another office: from the manager's stock; without an agent the device
 * arrives as manager pending on a receive job there, with an agent as agent pending for them.
 */
export function decideSendToOffice(
  state: DeviceState,
  command: { office_id: string; job_id: string | null; agent_id: string | null; agent_job_id: string | null; manager_id: string },
): DeviceEvent[] | DomainError {
  if (state.status !== STATUS.MANAGER_RECEIVED) return refuse(`IMEI ${state.imei} is not in the manager's stock.`);
  if (state.office_id === command.office_id) return refuse(`IMEI ${state.imei} is already at that office.`);
  return [
    {
      type: 'DeviceSentToOffice',
      data: { imei: state.imei, from_office_id: state.office_id ?? '', office_id: command.office_id, job_id: command.job_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id },
    },
  ];
}

const REASSIGNABLE: readonly number[] = [STATUS.MANAGER_RECEIVED, STATUS.AGENT_PENDING, STATUS.AGENT_RECEIVED];

/** Reassign (statuses 3, 4, 5): to another agent (agent pending), or to the chosen office's manager stock. */
export function decideReassign(
  state: DeviceState,
  command: { office_id: string; agent_id: string | null; agent_job_id: string | null; manager_id: string },
): DeviceEvent[] | DomainError {
  if (!REASSIGNABLE.includes(state.status)) return refuse(`IMEI ${state.imei} cannot be reassigned: it is ${statusName(state.status)}.`);
  if (command.agent_id && command.agent_job_id) {
    if (command.agent_id === state.agent_id && state.office_id === command.office_id) return refuse(`IMEI ${state.imei} is already with that agent.`);
    return [
      {
        type: 'DeviceAssigned',
        data: { imei: state.imei, office_id: command.office_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id, previous_agent_id: state.agent_id },
      },
    ];
  }
  if (state.status === STATUS.MANAGER_RECEIVED && state.office_id === command.office_id) return refuse(`IMEI ${state.imei} is already in that office's stock.`);
  return [{ type: 'DeviceReassignedToManager', data: { imei: state.imei, from_office_id: state.office_id ?? '', office_id: command.office_id, previous_agent_id: state.agent_id } }];
}

/** An activation from upstream: a fact, recorded from any status but sold; one out of stock is flagged. */
export function decideActivation(
  state: DeviceState,
  command: { activation_date: string; order_id: string | null; plan_name: string | null; subscriber_state: string | null; subscriber_zip: string | null },
): DeviceEvent[] | DomainError {
  if (state.status === STATUS.NEVER_RECEIVED) return new DomainError(`IMEI ${state.imei} is not in inventory.`, 404);
  if (state.status === STATUS.SOLD) return refuse(`IMEI ${state.imei} is already activated.`);
  const inStock = (IN_STOCK_GROUP as readonly number[]).includes(state.status);
  return [{ type: 'DeviceActivated', data: { imei: state.imei, ...command, previous_status: state.status, was_in_stock: inStock, office_id: state.office_id, agent_id: state.agent_id } }];
}

/** A device image (manager IMEI and agent-IMEI screens) for a device we know. */
export function decideImage(state: DeviceState, command: { file: string; content_type: string; size: number }): DeviceEvent[] | DomainError {
  if (state.status === STATUS.NEVER_RECEIVED) return new DomainError(`IMEI ${state.imei} is not in inventory.`, 404);
  return [{ type: 'DeviceImageUploaded', data: { imei: state.imei, ...command } }];
}
