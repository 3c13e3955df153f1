import { type BatchDecision, decideEachDevice } from '../platform/commands/device-batch';
import { type DeviceEvent, type DeviceState, IN_STOCK_GROUP, INVENTORY_STATUS, NEVER_RECEIVED } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * An activation (a sale) reported by upstream (ours; doc 2's sales come from these). Pure: the
 * retailer of the device's office comes in as a fact.
 */

export interface RecordActivationCommand {
  readonly imei: string;
  readonly activation_date: string;
  readonly order_id: string | null;
  readonly plan_name: string | null;
  readonly subscriber_state: string | null;
  readonly subscriber_zip: string | null;
}

/** A fact, recorded from any status but sold; one out of stock is flagged. */
export function decideActivation(command: Omit<RecordActivationCommand, 'imei'>, state: DeviceState): DeviceEvent[] | DomainError {
  if (state.status === NEVER_RECEIVED) return new DomainError(`IMEI ${state.imei} is not in inventory.`, 404);
  if (state.status === INVENTORY_STATUS.SOLD) return new DomainError(`IMEI ${state.imei} is already activated.`);
  const inStock = (IN_STOCK_GROUP as readonly number[]).includes(state.status);
  return [{ type: 'DeviceActivated', data: { imei: state.imei, ...command, previous_status: state.status, was_in_stock: inStock, office_id: state.office_id, agent_id: state.agent_id } }];
}

/**
 * RecordActivation: the device must be at an office of the reporting retailer (`facts`: the
 * caller's retailer, null for the system, and the retailer of the device's office); another
 * retailer's device reads as one not in inventory.
 */
export function decideRecordActivation(
  command: RecordActivationCommand,
  state: { readonly device: DeviceState },
  facts: { readonly callerRetailer: string | null; readonly deviceRetailer: string | undefined },
): BatchDecision | DomainError {
  if (facts.callerRetailer && state.device.office_id && facts.deviceRetailer !== facts.callerRetailer) return new DomainError(`IMEI ${command.imei} is not in inventory.`, 404);
  const { imei: _imei, ...activation } = command;
  const devices = decideEachDevice([state.device], (device) => decideActivation(activation, device));
  return devices instanceof DomainError ? devices : { devices, records: [] };
}
