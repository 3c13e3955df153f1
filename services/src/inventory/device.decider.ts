import { type DeviceDescription, type DeviceEvent, type DeviceState, INVENTORY_STATUS as STATUS, NEVER_RECEIVED, inventoryStatusName, outOfServiceRefusal } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * One device's rules (DESIGN.md §3, §11 status readings), pure: `decideX(command, state)` answers
 * the device's events or a refusal in words. Its state machine (`evolveDevice`) lives in
 * contracts because the inventory projection derives its rows from the same one. The command
 * deciders (receive-job, agent-job, transfer, office-transfer) apply these to every device of a
 * batch, with the job or transfer record's own rules.
 */

const refuse = (message: string) => new DomainError(message);

/** Assign, transfers, reassign and the agent's transfer back refuse a device out of service (docs/RMA.md), saying so in the words the screens' scan checks use too. */
export function refuseOutOfService(device: DeviceState): DomainError | undefined {
  const words = outOfServiceRefusal(device.imei, device.status);
  return words === undefined ? undefined : refuse(words);
}

/** Shipped on a receive job: a device new to us, or one declined before and now shipped again. */
export function decideReceive(command: { device: DeviceDescription; job_id: string; office_id: string; source: number; order_id: string | null }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.status !== NEVER_RECEIVED && state.status !== STATUS.MANAGER_DECLINED) {
    return refuse(`IMEI ${state.imei} is already in inventory (${inventoryStatusName(state.status)}).`);
  }
  return [{ type: 'DeviceReceived', data: { ...command.device, job_id: command.job_id, office_id: command.office_id, source: command.source, order_id: command.order_id } }];
}

/** The manager accepts (status 1) or declines with a reason (status 2) a carton of a job. */
export function decideManagerAnswer(command: { job_id: string; accept: boolean; reason?: string }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.job_id !== command.job_id) return refuse(`IMEI ${state.imei} is not on this job.`);
  if (state.status !== STATUS.MANAGER_PENDING) {
    return refuse(`Carton ${state.carton_number ?? state.imei} of this job was already ${state.status === STATUS.MANAGER_DECLINED ? 'declined' : 'accepted'}.`);
  }
  const office_id = state.office_id ?? '';
  if (command.accept) return [{ type: 'DeviceAcceptedByManager', data: { imei: state.imei, job_id: command.job_id, office_id } }];
  const reason = command.reason?.trim();
  if (!reason) return new DomainError('Please provide a reason', 400, { decline_reason: 'Please provide a reason' });
  return [{ type: 'DeviceDeclinedByManager', data: { imei: state.imei, job_id: command.job_id, office_id, reason } }];
}

/** Assign (manager stock → agent pending) to an agent of the device's office. */
export function decideAssign(command: { office_id: string; agent_id: string; agent_job_id: string; manager_id: string }, state: DeviceState): DeviceEvent[] | DomainError {
  const outOfService = refuseOutOfService(state);
  if (outOfService) return outOfService;
  if (state.status !== STATUS.MANAGER_RECEIVED || state.office_id !== command.office_id) {
    return refuse(`IMEI ${state.imei} is no longer in the manager's stock of this office.`);
  }
  return [{ type: 'DeviceAssigned', data: { imei: state.imei, office_id: command.office_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id, previous_agent_id: null } }];
}

/** The agent accepts a device of their job, or (partial accept) returns it to the manager. */
export function decideAgentAnswer(command: { agent_id: string; agent_job_id: string; accept: boolean }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.agent_id !== command.agent_id || state.agent_job_id !== command.agent_job_id || state.status !== STATUS.AGENT_PENDING) {
    return refuse(`IMEI ${state.imei} is not waiting for you on this job.`);
  }
  const data = { imei: state.imei, office_id: state.office_id ?? '', agent_id: command.agent_id, agent_job_id: command.agent_job_id };
  return [command.accept ? { type: 'DeviceAcceptedByAgent', data } : { type: 'DeviceReturnedByAgent', data }];
}

/** The agent sends a device of their stock back to their manager (agent transfer, 6). */
export function decideTransferRequest(command: { agent_id: string; transfer_id: string; manager_id: string; reason: string }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.agent_id !== command.agent_id) return refuse(`IMEI ${state.imei} is not in your stock.`);
  const outOfService = refuseOutOfService(state);
  if (outOfService) return outOfService;
  if (state.status !== STATUS.AGENT_RECEIVED) return refuse(`IMEI ${state.imei} is not in your stock.`);
  return [
    {
      type: 'DeviceTransferRequested',
      data: { imei: state.imei, office_id: state.office_id ?? '', agent_id: command.agent_id, transfer_id: command.transfer_id, manager_id: command.manager_id, reason: command.reason },
    },
  ];
}

/** The manager accepts (back in stock) or rejects (back with the agent) an agent's transfer. */
export function decideTransferAnswer(command: { transfer_id: string; accept: boolean }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.transfer_id !== command.transfer_id || state.status !== STATUS.AGENT_TRANSFER) return refuse(`IMEI ${state.imei} is not waiting on this transfer.`);
  const data = { imei: state.imei, office_id: state.office_id ?? '', agent_id: state.agent_id ?? '', transfer_id: command.transfer_id };
  return [command.accept ? { type: 'DeviceTransferAccepted', data } : { type: 'DeviceTransferRejected', data }];
}

/**
 * Transfer Inventory to another office: from the manager's stock; without an agent the device
 * arrives as manager pending on a receive job there, with an agent as agent pending for them.
 */
export function decideSendToOffice(
  command: { office_id: string; job_id: string | null; agent_id: string | null; agent_job_id: string | null; manager_id: string },
  state: DeviceState,
): DeviceEvent[] | DomainError {
  const outOfService = refuseOutOfService(state);
  if (outOfService) return outOfService;
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
  command: { office_id: string; agent_id: string | null; agent_job_id: string | null; manager_id: string },
  state: DeviceState,
): DeviceEvent[] | DomainError {
  const outOfService = refuseOutOfService(state);
  if (outOfService) return outOfService;
  if (!REASSIGNABLE.includes(state.status)) return refuse(`IMEI ${state.imei} cannot be reassigned: it is ${inventoryStatusName(state.status)}.`);
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

/** A device image (manager IMEI and agent-IMEI screens) for a device we know. */
export function decideImage(command: { file: string; content_type: string; size: number }, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.status === NEVER_RECEIVED) return new DomainError(`IMEI ${state.imei} is not in inventory.`, 404);
  return [{ type: 'DeviceImageUploaded', data: { imei: state.imei, ...command } }];
}
