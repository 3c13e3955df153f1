import { ASSIGN_SOURCE, type DeviceDescription, type DeviceState, type InventoryOrderState, type JobCarton, type ReceiveJobEvent, inventoryOrderStream, receiveJobStream } from '@portal/contracts';
import { decideOrderFulfilled, decideOrderShipped, quantitiesOfTypes } from '../orders/inventory-order.decider';
import { type BatchDecision, type RecordEvents, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { decideManagerAnswer, decideReceive } from './device.decider';

/**
 * A receive job (doc 1 §2.5): cartons shipped to an office, each accepted or declined by its
 * manager. Pure: what the read models know (the office exists, is in the caller's scope) comes
 * in as facts.
 */

/** An office the caller may not reach reads exactly as one that does not exist (docs/adr/0001). */
export const NO_SUCH_OFFICE = 'That office does not exist.';
export const OFFICE_INACTIVE = 'That office is inactive: it receives no shipments until it is activated again.';

/** A receive job's cartons: each carton with the type of its first device and how many devices it holds. */
export function cartonsOf(devices: readonly { readonly carton_number: string; readonly device_type: JobCarton['device_type'] }[]): JobCarton[] {
  const cartons = new Map<string, JobCarton>();
  for (const device of devices) {
    const carton = cartons.get(device.carton_number);
    cartons.set(device.carton_number, { carton_number: device.carton_number, device_type: carton?.device_type ?? device.device_type, imei_count: (carton?.imei_count ?? 0) + 1 });
  }
  return [...cartons.values()];
}

export interface ReceiveCartonCommand {
  readonly job_id: string;
  readonly office_id: string;
  readonly source: number;
  readonly order_id: string | null;
  readonly order_date: string | null;
  readonly devices: readonly DeviceDescription[];
  readonly tracking_number?: string | null;
}

/** ReceiveCarton: every shipped device becomes manager pending (9) on a new receive job, or the whole shipment is refused. */
export function decideReceiveCarton(
  command: ReceiveCartonCommand,
  state: { readonly devices: ReadonlyMap<string, DeviceState> },
  facts: {
    readonly officeExists: boolean;
    /** A deactivated office receives no shipments (docs/ADMIN.md). */
    readonly officeActive: boolean;
    readonly officeInScope: boolean;
    /** The device order the shipment names (docs/ORDERS.md), as the caller may see it. */
    readonly order?: { readonly state: InventoryOrderState; readonly visible: boolean };
  },
): BatchDecision | DomainError {
  if (!facts.officeExists || !facts.officeInScope) return new DomainError(NO_SUCH_OFFICE, 404);
  if (!facts.officeActive) return new DomainError(OFFICE_INACTIVE, 409);
  // A shipment fulfilling an order: source 2, and its devices carry the order's number (doc 1 §3 order_info.order_prefix).
  const orderShipped = facts.order
    ? decideOrderShipped(
        { office_id: command.office_id, job_id: command.job_id, shipped: quantitiesOfTypes(command.devices.map((device) => ({ device_type: device.device_type, count: 1 }))), tracking_number: command.tracking_number ?? null },
        facts.order.state,
        facts.order,
      )
    : undefined;
  if (orderShipped instanceof DomainError) return orderShipped;
  const source = facts.order ? ASSIGN_SOURCE.INVENTORY_ORDER : command.source;
  const orderId = facts.order ? facts.order.state.order_prefix : command.order_id;
  const shipped = new Map(command.devices.map((device) => [device.imei, device]));
  const devices = decideEachDevice(state.devices.values(), (device) =>
    decideReceive({ device: shipped.get(device.imei)!, job_id: command.job_id, office_id: command.office_id, source, order_id: orderId }, device),
  );
  if (devices instanceof DomainError) return devices;
  const created: ReceiveJobEvent = {
    type: 'ReceiveJobCreated',
    data: {
      job_id: command.job_id,
      office_id: command.office_id,
      source,
      order_id: orderId,
      order_date: command.order_date,
      from_office_id: null,
      cartons: cartonsOf(command.devices),
      total_device_count: command.devices.length,
      ...(facts.order && { inventory_order_id: facts.order.state.order_id }),
    },
  };
  const records: RecordEvents[] = [{ streamId: receiveJobStream(command.job_id), events: [created] }];
  if (orderShipped) records.push({ streamId: inventoryOrderStream(facts.order!.state.order_id), events: [orderShipped] });
  return { devices, records };
}

/** A receive job as its stream tells it: the cartons it was created with, those answered (accepted ones apart), the order it fulfils. */
export interface ReceiveJobState {
  readonly office_id: string;
  readonly cartons: ReadonlySet<string>;
  readonly cartonDetails: ReadonlyMap<string, JobCarton>;
  readonly answered: ReadonlySet<string>;
  readonly accepted: ReadonlySet<string>;
  readonly inventory_order_id: string | null;
}

export function foldReceiveJob(events: readonly ReceiveJobEvent[]): ReceiveJobState | null {
  const created = events.find((event) => event.type === 'ReceiveJobCreated');
  if (!created) return null;
  const answered = new Set<string>();
  const accepted = new Set<string>();
  for (const event of events) {
    if (event.type === 'ReceiveJobCreated') continue;
    for (const carton of event.data.carton_numbers) {
      answered.add(carton);
      if (event.type === 'ReceiveJobCartonsAccepted') accepted.add(carton);
    }
  }
  return {
    office_id: created.data.office_id,
    cartons: new Set(created.data.cartons.map((carton) => carton.carton_number)),
    cartonDetails: new Map(created.data.cartons.map((carton) => [carton.carton_number, carton])),
    answered,
    accepted,
    inventory_order_id: created.data.inventory_order_id ?? null,
  };
}

export interface AnswerCartonsCommand {
  readonly job_id: string;
  readonly carton_numbers: readonly string[];
  readonly accept: boolean;
  readonly reason?: string;
}

/** Accept (status 1) or decline with a reason (status 2) cartons of a receive job: every device of those cartons, and the job's own record. */
export function decideAnswerCartons(
  command: AnswerCartonsCommand,
  state: {
    readonly job: ReceiveJobState | null;
    readonly devices: ReadonlyMap<string, DeviceState>;
    /** The device order the job fulfils, when it fulfils one: its last carton answered makes it Fulfilled. */
    readonly order?: InventoryOrderState;
  },
  facts: { readonly jobInScope: boolean },
): BatchDecision | DomainError {
  // A job of another office answers as one that does not exist.
  if (!state.job || !facts.jobInScope) return new DomainError('That receive job does not exist.', 404);
  const cartons = [...new Set(command.carton_numbers)];
  const missing = cartons.filter((carton) => !state.job!.cartons.has(carton));
  if (missing.length > 0) return new DomainError(`Carton ${missing.join(', ')} is not on this job.`, 422);
  const devices = decideEachDevice(state.devices.values(), (device) => decideManagerAnswer({ job_id: command.job_id, accept: command.accept, reason: command.reason }, device));
  if (devices instanceof DomainError) return devices;
  const answered: ReceiveJobEvent = command.accept
    ? { type: 'ReceiveJobCartonsAccepted', data: { job_id: command.job_id, carton_numbers: cartons } }
    : { type: 'ReceiveJobCartonsDeclined', data: { job_id: command.job_id, carton_numbers: cartons, reason: command.reason?.trim() ?? '' } };
  const records: RecordEvents[] = [{ streamId: receiveJobStream(command.job_id), events: [answered] }];
  const fulfilled = state.order && fulfilment(state.job, command, state.order);
  if (fulfilled) records.push({ streamId: inventoryOrderStream(state.order!.order_id), events: [fulfilled] });
  return { devices, records };
}

/** When this answer leaves no carton of the job unanswered, the order it fulfils is Fulfilled with the accepted cartons' devices (a carton counts by its type). */
function fulfilment(job: ReceiveJobState, command: AnswerCartonsCommand, order: InventoryOrderState) {
  const answered = new Set([...job.answered, ...command.carton_numbers]);
  if ([...job.cartons].some((carton) => !answered.has(carton))) return undefined;
  const accepted = [...job.accepted, ...(command.accept ? command.carton_numbers : [])];
  const received = quantitiesOfTypes([...new Set(accepted)].map((carton) => ({ device_type: job.cartonDetails.get(carton)!.device_type, count: job.cartonDetails.get(carton)!.imei_count })));
  return decideOrderFulfilled({ job_id: command.job_id, received }, order);
}
