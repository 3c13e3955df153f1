import { type DeviceState, type TransferRequestEvent, transferStream } from '@portal/contracts';
import { type BatchDecision, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { decideTransferAnswer, decideTransferRequest } from './device.decider';

/**
 * A transfer request (doc 1 §2.7 Accept Transfer, §2.14): devices an agent sends back to their
 * manager, waiting for Accept or Reject. Pure; read-model facts come in as facts.
 */

export interface RequestTransferCommand {
  readonly agent_id: string;
  readonly transfer_id: string;
  readonly imeis: readonly string[];
  readonly reason: string;
}

/** The offices the devices are at (one transfer goes to one office's manager). */
export const officesOf = (devices: ReadonlyMap<string, DeviceState>): string[] => [...new Set([...devices.values()].map((device) => device.office_id ?? ''))];

/**
 * The agent sends devices of their stock back (agent transfer, 6). A device not in their stock
 * is refused as such before anything else is said about it; then one office at a time.
 * `facts.managerId`: the manager who handed them over, else one of the office's.
 */
export function decideRequestTransfer(command: RequestTransferCommand, state: { readonly devices: ReadonlyMap<string, DeviceState> }, facts: { readonly managerId: string }): BatchDecision | DomainError {
  const request = (managerId: string) => (device: DeviceState) => decideTransferRequest({ agent_id: command.agent_id, transfer_id: command.transfer_id, manager_id: managerId, reason: command.reason }, device);
  const inStock = decideEachDevice(state.devices.values(), request(''));
  if (inStock instanceof DomainError) return inStock;
  const offices = officesOf(state.devices);
  if (offices.length > 1) return new DomainError('Transfer devices of one office at a time.', 422);
  const devices = decideEachDevice(state.devices.values(), request(facts.managerId));
  if (devices instanceof DomainError) return devices;
  const requested: TransferRequestEvent = {
    type: 'TransferRequested',
    data: { transfer_id: command.transfer_id, agent_id: command.agent_id, manager_id: facts.managerId, office_id: offices[0] ?? '', imeis: command.imeis, reason: command.reason },
  };
  return { devices, records: [{ streamId: transferStream(command.transfer_id), events: [requested] }] };
}

/** A transfer as its stream tells it. */
export interface TransferState {
  readonly office_id: string;
  readonly imeis: readonly string[];
  readonly answered: boolean;
}

export function foldTransfer(events: readonly TransferRequestEvent[]): TransferState | null {
  const requested = events.find((event) => event.type === 'TransferRequested');
  if (!requested || requested.type !== 'TransferRequested') return null;
  return { office_id: requested.data.office_id, imeis: requested.data.imeis, answered: events.some((event) => event.type === 'TransferAnswered') };
}

/** The manager accepts (status 1: back in stock) or rejects (2: back with the agent) an agent's transfer, once. */
export function decideAnswerTransfer(
  command: { readonly transfer_id: string; readonly accept: boolean },
  state: { readonly transfer: TransferState | null; readonly devices: ReadonlyMap<string, DeviceState> },
  facts: { readonly officeInScope: boolean },
): BatchDecision | DomainError {
  // A transfer of another office answers as one that does not exist.
  if (!state.transfer || !facts.officeInScope) return new DomainError('That transfer does not exist.', 404);
  if (state.transfer.answered) return new DomainError('This transfer was already answered.');
  const devices = decideEachDevice(state.devices.values(), (device) => decideTransferAnswer({ transfer_id: command.transfer_id, accept: command.accept }, device));
  if (devices instanceof DomainError) return devices;
  return { devices, records: [{ streamId: transferStream(command.transfer_id), events: [{ type: 'TransferAnswered', data: { transfer_id: command.transfer_id, accepted: command.accept } } satisfies TransferRequestEvent] }] };
}
