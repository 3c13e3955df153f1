import { ASSIGN_SOURCE, type DeviceState, type DeviceTypeCode, type ReceiveJobEvent, receiveJobStream } from '@portal/contracts';
import { type BatchDecision, type RecordEvents, decideEachDevice } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { agentJobCreated, refuseAssignee } from './agent-job.decider';
import { decideSendToOffice } from './device.decider';
import { cartonsOf } from './receive-job.decider';
import { officesOf } from './transfer.decider';

/**
 * Transfer Inventory to another office of the same retailer (doc 1 §2.7): without an agent the
 * devices arrive at once as manager pending on a receive job there (source Office Transfer);
 * with an agent, as agent pending for that agent on an agent job. Pure.
 */

export interface TransferDeviceCommand {
  readonly office_id: string;
  readonly imeis: readonly string[];
  readonly manager_id: string;
  /** With an agent of the receiving office: an agent job for them; without: a receive job there. */
  readonly agent_id: string | null;
  readonly job_id: string | null;
  readonly agent_job_id: string | null;
}

export interface TransferDeviceFacts {
  /** The receiving office is the caller's, or an office of the caller's retailer(s). */
  readonly officeInScope: boolean;
  readonly agentWorksAtOffice?: boolean;
  /** The retailer of the receiving office and of each office the devices are at. */
  readonly retailerOf: ReadonlyMap<string, string>;
  /** Each device's type, for the receive job's cartons. */
  readonly deviceTypes: ReadonlyMap<string, DeviceTypeCode>;
}

export function decideTransferDevice(command: TransferDeviceCommand, state: { readonly devices: ReadonlyMap<string, DeviceState> }, facts: TransferDeviceFacts): BatchDecision | DomainError {
  const refused = refuseAssignee(facts);
  if (refused) return refused;
  if (command.imeis.length === 0) return new DomainError('Those cartons have no devices in your stock.');
  const devices = decideEachDevice(state.devices.values(), (device) =>
    decideSendToOffice({ office_id: command.office_id, job_id: command.job_id, agent_id: command.agent_id, agent_job_id: command.agent_job_id, manager_id: command.manager_id }, device),
  );
  if (devices instanceof DomainError) return devices;
  const fromOffices = officesOf(state.devices);
  const retailer = facts.retailerOf.get(command.office_id);
  if (fromOffices.some((officeId) => facts.retailerOf.get(officeId) !== retailer)) return new DomainError('Devices can only be transferred to an office of the same retailer.', 422);
  const records: RecordEvents[] = [];
  if (command.job_id) {
    const shipped = [...command.imeis]
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((imei) => ({ carton_number: state.devices.get(imei)?.carton_number ?? '', device_type: facts.deviceTypes.get(imei) ?? 'PHONE' }));
    const created: ReceiveJobEvent = {
      type: 'ReceiveJobCreated',
      data: {
        job_id: command.job_id,
        office_id: command.office_id,
        source: ASSIGN_SOURCE.OFFICE_TRANSFER,
        order_id: null,
        order_date: null,
        from_office_id: fromOffices[0] ?? null,
        cartons: cartonsOf(shipped),
        total_device_count: command.imeis.length,
      },
    };
    records.push({ streamId: receiveJobStream(command.job_id), events: [created] });
  }
  if (command.agent_id && command.agent_job_id) {
    records.push(agentJobCreated({ agent_job_id: command.agent_job_id, agent_id: command.agent_id, office_id: command.office_id, manager_id: command.manager_id, imeis: command.imeis }));
  }
  return { devices, records };
}
