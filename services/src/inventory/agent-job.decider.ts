import { type AgentJobEvent, type DeviceState, INVENTORY_STATUS, agentJobStream, initialDeviceState } from '@portal/contracts';
import { type BatchDecision, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { decideAgentAnswer, decideAssign, decideReassign } from './device.decider';
import { NO_SUCH_OFFICE } from './receive-job.decider';

/**
 * An agent job (doc 1 §2.6, §2.8, §2.14): devices handed to an agent, who accepts them, or
 * some of them (partial accept: the rest go back to the manager). Pure; read-model facts
 * (the office is in the caller's scope, the agent works there) come in as facts.
 */

/** Who may receive devices: an office of the caller's scope and an active agent of that office. */
export interface AssigneeFacts {
  readonly officeInScope: boolean;
  readonly agentWorksAtOffice: boolean;
}

/** The same refusals, in the same order, for every command that hands devices to someone. */
export function refuseAssignee(facts: { readonly officeInScope: boolean; readonly agentWorksAtOffice?: boolean }): DomainError | null {
  if (!facts.officeInScope) return new DomainError(NO_SUCH_OFFICE, 404);
  if (facts.agentWorksAtOffice === false) return new DomainError('That agent does not work at the chosen office.', 422);
  return null;
}

export const agentJobCreated = (data: Extract<AgentJobEvent, { type: 'AgentJobCreated' }>['data']) => ({ streamId: agentJobStream(data.agent_job_id), events: [{ type: 'AgentJobCreated', data } satisfies AgentJobEvent] });

export interface AssignDeviceCommand {
  readonly office_id: string;
  readonly agent_id: string;
  readonly agent_job_id: string;
  readonly manager_id: string;
  /** The chosen IMEIs, or every IMEI of the chosen cartons in the office's stock. */
  readonly imeis: readonly string[];
}

/** AssignDevice: the office's manager stock (3) to one of its agents, on a new agent job. */
export function decideAssignDevice(command: AssignDeviceCommand, state: { readonly devices: ReadonlyMap<string, DeviceState> }, facts: AssigneeFacts): BatchDecision | DomainError {
  const refused = refuseAssignee(facts);
  if (refused) return refused;
  if (command.imeis.length === 0) return new DomainError('Those cartons have no devices in your stock.');
  const devices = decideEachDevice(state.devices.values(), (device) =>
    decideAssign({ office_id: command.office_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id }, device),
  );
  if (devices instanceof DomainError) return devices;
  return { devices, records: [agentJobCreated({ agent_job_id: command.agent_job_id, agent_id: command.agent_id, office_id: command.office_id, manager_id: command.manager_id, imeis: command.imeis })] };
}

export interface ReassignDeviceCommand {
  readonly imeis: readonly string[];
  readonly office_id: string;
  /** With an agent: agent pending for them on a new agent job; without: the office's manager stock. */
  readonly agent_id: string | null;
  readonly agent_job_id: string | null;
  readonly manager_id: string;
}

/** Reassign (statuses 3, 4, 5) to another agent or to the chosen office's manager stock. */
export function decideReassignDevice(
  command: ReassignDeviceCommand,
  state: { readonly devices: ReadonlyMap<string, DeviceState> },
  facts: { readonly officeInScope: boolean; readonly agentWorksAtOffice?: boolean },
): BatchDecision | DomainError {
  const refused = refuseAssignee(facts);
  if (refused) return refused;
  const devices = decideEachDevice(state.devices.values(), (device) =>
    decideReassign({ office_id: command.office_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id }, device),
  );
  if (devices instanceof DomainError) return devices;
  const records =
    command.agent_id && command.agent_job_id
      ? [agentJobCreated({ agent_job_id: command.agent_job_id, agent_id: command.agent_id, office_id: command.office_id, manager_id: command.manager_id, imeis: command.imeis })]
      : [];
  return { devices, records };
}

/** An agent job as its stream tells it. */
export interface AgentJobState {
  readonly agent_id: string;
  readonly imeis: readonly string[];
}

export function foldAgentJob(events: readonly AgentJobEvent[]): AgentJobState | null {
  const created = events.find((event) => event.type === 'AgentJobCreated');
  return created ? { agent_id: created.data.agent_id, imeis: created.data.imeis } : null;
}

export interface AnswerAgentJobCommand {
  readonly agent_id: string;
  readonly agent_job_id: string;
  /** Become the agent's (5). */
  readonly accepted: readonly string[];
  /** Go back to the manager's stock (3): the rest of a partially accepted job. */
  readonly returned: readonly string[];
}

/** The agent answers their job: `accepted` become theirs, `returned` go back to the manager. */
export function decideAnswerAgentJob(command: AnswerAgentJobCommand, state: { readonly job: AgentJobState | null; readonly devices: ReadonlyMap<string, DeviceState> }): BatchDecision | DomainError {
  if (!state.job || state.job.agent_id !== command.agent_id) return new DomainError('That job is not yours.', 404);
  const accepted = new Set(command.accepted);
  const devices = decideEachDevice(state.devices.values(), (device) => decideAgentAnswer({ agent_id: command.agent_id, agent_job_id: command.agent_job_id, accept: accepted.has(device.imei) }, device));
  if (devices instanceof DomainError) return devices;
  const imeis = [...state.devices.keys()];
  const answered: AgentJobEvent = {
    type: 'AgentJobAnswered',
    data: { agent_job_id: command.agent_job_id, accepted: imeis.filter((imei) => accepted.has(imei)), returned: imeis.filter((imei) => !accepted.has(imei)) },
  };
  return { devices, records: [{ streamId: agentJobStream(command.agent_job_id), events: [answered] }] };
}

/** The spec's refusal when every IMEI of the job is chosen in a partial accept (doc 1 §5; the trailing space is the spec's). */
export const DONT_SELECT_ALL_IMEIS = "Don't Select All IMEI'S in list ";
export const PARTIAL_ACCEPT_NONE_CHOSEN = 'This field is required';

/** The job's devices still waiting for its agent: what a partial accept chooses among. */
export const stillPending = (job: AgentJobState, devices: ReadonlyMap<string, DeviceState>, agentJobId: string): string[] =>
  job.imeis.filter((imei) => {
    const device = devices.get(imei);
    return device?.status === INVENTORY_STATUS.AGENT_PENDING && device.agent_job_id === agentJobId;
  });

/**
 * Partial accept (doc 1 §2.14, §5): the chosen IMEIs become the agent's and the job's other
 * pending devices go back to the manager, in one command. At least one, and not all, must be chosen.
 * `state.devices` holds every device of the job.
 */
export function decidePartialAccept(
  command: { readonly agent_id: string; readonly agent_job_id: string; readonly imeis: readonly string[] },
  state: { readonly job: AgentJobState | null; readonly devices: ReadonlyMap<string, DeviceState> },
): BatchDecision | DomainError {
  if (!state.job || state.job.agent_id !== command.agent_id) return new DomainError('That job is not yours.', 404);
  const chosen = new Set(command.imeis);
  if (chosen.size === 0) return new DomainError(PARTIAL_ACCEPT_NONE_CHOSEN, 400, { imei: PARTIAL_ACCEPT_NONE_CHOSEN });
  const pending = stillPending(state.job, state.devices, command.agent_job_id);
  if (pending.length > 0 && pending.every((imei) => chosen.has(imei))) return new DomainError(DONT_SELECT_ALL_IMEIS, 422, { imei: DONT_SELECT_ALL_IMEIS });
  const returned = pending.filter((imei) => !chosen.has(imei));
  const moved = new Map([...chosen, ...returned].map((imei) => [imei, state.devices.get(imei) ?? initialDeviceState(imei)]));
  return decideAnswerAgentJob({ agent_id: command.agent_id, agent_job_id: command.agent_job_id, accepted: [...chosen], returned }, { job: state.job, devices: moved });
}

