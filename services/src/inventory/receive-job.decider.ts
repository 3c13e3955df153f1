import { type DeviceDescription, type DeviceState, type JobCarton, type ReceiveJobEvent, receiveJobStream } from '@portal/contracts';
import { type BatchDecision, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { decideManagerAnswer, decideReceive } from './device.decider';

/**
 * A receive job (doc 1 §2.5): cartons shipped to an office, each accepted or declined by its
 * manager. Pure: what the read models know (the office exists, is in the caller's scope) comes
 * in as facts.
 */

/** An office the caller may not reach reads exactly as one that does not exist (docs/adr/0001). */
export const NO_SUCH_OFFICE = 'That office does not exist.';

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
}

/** ReceiveCarton: every shipped device becomes manager pending (9) on a new receive job, or the whole shipment is refused. */
export function decideReceiveCarton(
  command: ReceiveCartonCommand,
  state: { readonly devices: ReadonlyMap<string, DeviceState> },
  facts: { readonly officeExists: boolean; readonly officeInScope: boolean },
): BatchDecision | DomainError {
  if (!facts.officeExists || !facts.officeInScope) return new DomainError(NO_SUCH_OFFICE, 404);
  const shipped = new Map(command.devices.map((device) => [device.imei, device]));
  const devices = decideEachDevice(state.devices.values(), (device) =>
    decideReceive({ device: shipped.get(device.imei)!, job_id: command.job_id, office_id: command.office_id, source: command.source, order_id: command.order_id }, device),
  );
  if (devices instanceof DomainError) return devices;
  const created: ReceiveJobEvent = {
    type: 'ReceiveJobCreated',
    data: {
      job_id: command.job_id,
      office_id: command.office_id,
      source: command.source,
      order_id: command.order_id,
      order_date: command.order_date,
      from_office_id: null,
      cartons: cartonsOf(command.devices),
      total_device_count: command.devices.length,
    },
  };
  return { devices, records: [{ streamId: receiveJobStream(command.job_id), events: [created] }] };
}

/** A receive job as its stream tells it: the cartons it was created with. */
export interface ReceiveJobState {
  readonly office_id: string;
  readonly cartons: ReadonlySet<string>;
}

export function foldReceiveJob(events: readonly ReceiveJobEvent[]): ReceiveJobState | null {
  const created = events.find((event) => event.type === 'ReceiveJobCreated');
  return created ? { office_id: created.data.office_id, cartons: new Set(created.data.cartons.map((carton) => carton.carton_number)) } : null;
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
  state: { readonly job: ReceiveJobState | null; readonly devices: ReadonlyMap<string, DeviceState> },
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
  return { devices, records: [{ streamId: receiveJobStream(command.job_id), events: [answered] }] };
}
