import {
  type DeviceEvent,
  type DeviceState,
  INVENTORY_STATUS as S,
  NEVER_RECEIVED,
  RMA_NOT_INITIABLE,
  type RmaDeviceEvent,
  type RmaDeviceState,
  type RmaOpenedBy,
  inventoryStatusName,
  rmaDeviceStream,
} from '@portal/contracts';
import { type BatchDecision, type RecordEvents, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';

/**
 * RMA's device-level rules (docs/RMA.md), pure: every step changes the device's stream (its
 * status) and the RMA device's stream together; the holder never changes but in a swap.
 */

/** A device never received, or outside the caller's scope (loaded as never received, docs/adr/0001): not found, alike. */
const notFound = (device: DeviceState) => (device.status === NEVER_RECEIVED ? new DomainError(`IMEI ${device.imei} was not found.`, 404) : undefined);
const firstNotFound = (devices: Iterable<DeviceState>) => [...devices].map(notFound).find((refusal) => refusal !== undefined);

// ----- Opening an RMA: the agent's request, the manager's initiation -----

export interface RmaEntry {
  readonly imei: string;
  readonly reason: number;
  readonly reason_two: number | null;
  readonly notes: string | null;
  /** Chosen by the command (the server), one per entry. */
  readonly rma_device_id: string;
  readonly image_file?: string | null;
}

export interface OpenRmaCommand {
  readonly entries: readonly RmaEntry[];
  readonly opened_by: RmaOpenedBy;
  /** The agent asking (opened_by agent) or the manager initiating. */
  readonly user_id: string;
}

/**
 * Opens one RMA per entry, all or none (doc 2 §4 Initiate RMA; a list with one ineligible device
 * is refused whole, naming it). An agent asks only for devices they hold; nobody opens an RMA
 * for a device Initiate RMA does not offer (never received, sold, already in an open RMA).
 * `devices` holds every entry's device as loaded (a device outside the caller's scope is not
 * loaded: it does not exist for them).
 */
export function decideOpenRma(command: OpenRmaCommand, state: { readonly devices: ReadonlyMap<string, DeviceState> }): BatchDecision | DomainError {
  if (command.entries.length === 0) return new DomainError('Please input imei', 400);
  const imeis = command.entries.map((entry) => entry.imei);
  const repeated = imeis.find((imei, index) => imeis.indexOf(imei) !== index);
  if (repeated) return new DomainError(`IMEI ${repeated} is listed twice.`, 400);
  const missing = imeis.find((imei) => !state.devices.has(imei));
  if (missing) return new DomainError(`IMEI ${missing} was not found.`, 404);
  const entryOf = new Map(command.entries.map((entry) => [entry.imei, entry]));
  const devices = decideEachDevice(state.devices.values(), (device): DeviceEvent[] | DomainError => {
    // Out of scope reads as never received (docs/adr/0001): not found, as an unknown IMEI.
    if (device.status === NEVER_RECEIVED || (command.opened_by === 'agent' && device.agent_id !== command.user_id)) return new DomainError(`IMEI ${device.imei} was not found.`, 404);
    if (RMA_NOT_INITIABLE.includes(device.status)) {
      return new DomainError(
        device.status === S.PENDING_RMA || device.status === S.RMA
          ? `IMEI ${device.imei} is already in an RMA (${inventoryStatusName(device.status)}).`
          : `IMEI ${device.imei} cannot be returned: it is ${inventoryStatusName(device.status)}.`,
      );
    }
    const entry = entryOf.get(device.imei)!;
    return [{ type: 'DeviceRmaOpened', data: { imei: device.imei, rma_device_id: entry.rma_device_id, opened_by: command.opened_by, office_id: device.office_id!, agent_id: device.agent_id } }];
  });
  if (devices instanceof DomainError) return devices;
  const records: RecordEvents[] = command.entries.map((entry) => {
    const device = state.devices.get(entry.imei)!;
    const opened: RmaDeviceEvent = {
      type: 'RmaDeviceOpened',
      data: {
        rma_device_id: entry.rma_device_id,
        imei: entry.imei,
        opened_by: command.opened_by,
        office_id: device.office_id!,
        agent_id: device.agent_id,
        manager_id: command.opened_by === 'manager' ? command.user_id : null,
        reason: entry.reason,
        reason_two: entry.reason_two,
        notes: entry.notes,
        image_file: entry.image_file ?? null,
      },
    };
    return { streamId: rmaDeviceStream(entry.rma_device_id), events: [opened] };
  });
  return { devices, records };
}

// ----- The manager's answers -----

/** Pending RMA Request (doc 2 §4): accept (2) makes the request an initiated RMA awaiting approval; decline (3) sets 19. */
export function decideAnswerRequest(command: { readonly status: 2 | 3; readonly manager_id: string }, state: { readonly rma: RmaDeviceState; readonly device: DeviceState }): BatchDecision | DomainError {
  const { rma, device } = state;
  if (rma.stage === 'none') return new DomainError('That RMA request was not found.', 404);
  if (rma.stage !== 'requested') return new DomainError('This RMA request was already answered.');
  const answered: RmaDeviceEvent = { type: 'RmaDeviceRequestAnswered', data: { rma_device_id: rma.rma_device_id, imei: rma.imei, status: command.status, manager_id: command.manager_id } };
  const deviceEvent: DeviceEvent =
    command.status === 2
      ? { type: 'DeviceRmaRequestAccepted', data: { imei: device.imei, rma_device_id: rma.rma_device_id } }
      : { type: 'DeviceRmaRequestDeclined', data: { imei: device.imei, rma_device_id: rma.rma_device_id } };
  return { devices: new Map([[device.imei, [deviceEvent]]]), records: [{ streamId: rmaDeviceStream(rma.rma_device_id), events: [answered] }] };
}

/** Approve RMA (doc 2 §4): approve (2) sets 10 RMA, reject (3) sets 21 RMA Rejected; only an initiated RMA device is answered. */
export function decideAnswerRma(
  command: { readonly status: 2 | 3; readonly comments: string | null; readonly manager_id: string },
  state: { readonly rma: RmaDeviceState; readonly device: DeviceState },
): BatchDecision | DomainError {
  const { rma, device } = state;
  if (rma.stage === 'none') return new DomainError('That RMA device was not found.', 404);
  if (rma.stage === 'requested') return new DomainError(`The return of IMEI ${rma.imei} awaits the office manager's answer first.`);
  if (rma.stage !== 'initiated') return new DomainError(`The RMA of IMEI ${rma.imei} was already answered.`);
  const answered: RmaDeviceEvent = { type: 'RmaDeviceAnswered', data: { rma_device_id: rma.rma_device_id, imei: rma.imei, status: command.status, comments: command.comments, manager_id: command.manager_id } };
  const deviceEvent: DeviceEvent =
    command.status === 2
      ? { type: 'DeviceRmaApproved', data: { imei: device.imei, rma_device_id: rma.rma_device_id } }
      : { type: 'DeviceRmaRejected', data: { imei: device.imei, rma_device_id: rma.rma_device_id } };
  return { devices: new Map([[device.imei, [deviceEvent]]]), records: [{ streamId: rmaDeviceStream(rma.rma_device_id), events: [answered] }] };
}

/** upload_rma_device_image: a new photo for an RMA device the caller can see (any stage: the evidence may be improved until it ships). */
export function decideReplaceRmaImage(command: { readonly image_file: string }, state: { readonly rma: RmaDeviceState }): BatchDecision | DomainError {
  const { rma } = state;
  if (rma.stage === 'none') return new DomainError('That RMA device was not found.', 404);
  const replaced: RmaDeviceEvent = { type: 'RmaDeviceImageReplaced', data: { rma_device_id: rma.rma_device_id, image_file: command.image_file } };
  return { devices: new Map(), records: [{ streamId: rmaDeviceStream(rma.rma_device_id), events: [replaced] }] };
}

// ----- Lost, defective, back in stock -----

/** Statuses a manager may mark lost or defective: in stock, swapped back, or an RMA declined or rejected. */
const MARKABLE: readonly number[] = [S.MANAGER_PENDING, S.MANAGER_RECEIVED, S.AGENT_PENDING, S.AGENT_RECEIVED, S.AGENT_TRANSFER, S.MANAGER_DECLINED, S.DEVICE_SWAP, S.RMA_REQUEST_DECLINED, S.RMA_REJECTED];
/** Statuses that may go back to stock (docs/RMA.md). */
const RETURNABLE: readonly number[] = [S.DEVICE_SWAP, S.LOST, S.DEFECTIVE, S.RMA_REQUEST_DECLINED, S.RMA_REJECTED];

/** mark_devices (ours): 16 Lost or 18 Defective, all or none. */
export function decideMarkOutOfService(command: { readonly status: 16 | 18; readonly notes: string | null }, state: { readonly devices: ReadonlyMap<string, DeviceState> }): BatchDecision | DomainError {
  const missing = firstNotFound(state.devices.values());
  if (missing) return missing;
  const devices = decideEachDevice(state.devices.values(), (device) =>
    MARKABLE.includes(device.status)
      ? [{ type: 'DeviceMarkedOutOfService', data: { imei: device.imei, status: command.status, notes: command.notes } }]
      : new DomainError(`IMEI ${device.imei} cannot be marked ${command.status === S.LOST ? 'lost' : 'defective'}: it is ${inventoryStatusName(device.status)}.`),
  );
  return devices instanceof DomainError ? devices : { devices, records: [] };
}

/** return_to_stock (ours): a 15, 16, 18, 19 or 21 device back to its holder's stock (5 with an agent, else 3). */
export function decideReturnToStock(state: { readonly devices: ReadonlyMap<string, DeviceState> }): BatchDecision | DomainError {
  const missing = firstNotFound(state.devices.values());
  if (missing) return missing;
  const devices = decideEachDevice(state.devices.values(), (device) =>
    RETURNABLE.includes(device.status) ? [{ type: 'DeviceReturnedToStock', data: { imei: device.imei } }] : new DomainError(`IMEI ${device.imei} is not out of service (${inventoryStatusName(device.status)}).`),
  );
  return devices instanceof DomainError ? devices : { devices, records: [] };
}

// ----- Device swap (our reading, docs/RMA.md) -----

export interface DeviceSwapCommand {
  readonly reason: string;
  /** The swapping holder: an agent (their own stock) or a manager (an office of their scope, no agent). */
  readonly office_id: string;
  readonly agent_id: string | null;
}

export interface SwapFacts {
  /** The sold device's activation, carried over to the replacement. */
  readonly activation: { readonly activation_date: string; readonly plan_name: string | null; readonly order_id: string | null } | null;
}

/**
 * A sold device brought back by its customer becomes 15 with the swapping holder; the
 * replacement, from that holder's stock (5 for an agent, 3 for the manager), becomes 8 carrying
 * the original activation. Both in one decision; each log names the other IMEI.
 */
export function decideDeviceSwap(command: DeviceSwapCommand, state: { readonly sold: DeviceState; readonly replacement: DeviceState }, facts: SwapFacts): BatchDecision | DomainError {
  const { sold, replacement } = state;
  const missing = firstNotFound([sold, replacement]);
  if (missing) return missing;
  if (sold.imei === replacement.imei) return new DomainError('The replacement must be another device.', 400);
  if (sold.status !== S.SOLD || !facts.activation) return new DomainError(`IMEI ${sold.imei} cannot be swapped: it is ${inventoryStatusName(sold.status)}, not sold.`);
  const ownStock = command.agent_id ? replacement.agent_id === command.agent_id && replacement.status === S.AGENT_RECEIVED : replacement.office_id === command.office_id && replacement.agent_id === null && replacement.status === S.MANAGER_RECEIVED;
  if (!ownStock) return new DomainError(`IMEI ${replacement.imei} is not in your stock (${inventoryStatusName(replacement.status)}).`);
  const out: DeviceEvent = { type: 'DeviceSwappedOut', data: { imei: sold.imei, replacement_imei: replacement.imei, office_id: command.office_id, agent_id: command.agent_id, reason: command.reason } };
  const inPlace: DeviceEvent = { type: 'DeviceSwappedIn', data: { imei: replacement.imei, sold_imei: sold.imei, ...facts.activation, reason: command.reason } };
  return { devices: new Map([[sold.imei, [out]], [replacement.imei, [inPlace]]]), records: [] };
}
