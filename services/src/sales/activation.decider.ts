import { type BatchDecision, decideEachDevice } from '../platform/commands/device-batch';
import { type DeviceEvent, type DeviceState, IN_STOCK_GROUP, INVENTORY_STATUS, NEVER_RECEIVED, type SoldDevice } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * Activations (sales) reported by upstream and their reversals (ours; doc 2's sales are counted
 * from these). Pure: the retailers and the device's description come in as facts.
 */

export interface RecordActivationCommand {
  readonly imei: string;
  readonly activation_date: string;
  readonly order_id: string | null;
  readonly plan_name: string | null;
  readonly subscriber_state: string | null;
  readonly subscriber_zip: string | null;
}

export interface ReverseActivationCommand {
  readonly imei: string;
  readonly reason: string | null;
}

/** Which retailer reports, and whose the device is: another retailer's device reads as one not in inventory. */
export interface RetailerFacts {
  /** The caller's retailer; null for the system. */
  readonly callerRetailer: string | null;
  /** The retailer of the device's office. */
  readonly deviceRetailer: string | undefined;
}

const notInInventory = (imei: string) => new DomainError(`IMEI ${imei} is not in inventory.`, 404);
const seenByCaller = (device: DeviceState, facts: RetailerFacts) => !(facts.callerRetailer && device.office_id && facts.deviceRetailer !== facts.callerRetailer);

/** A fact, recorded from any status but sold; one out of stock is flagged. `device`: what is sold, as the portal knows it. */
export function decideActivation(command: Omit<RecordActivationCommand, 'imei'>, state: DeviceState, device: SoldDevice | null): DeviceEvent[] | DomainError {
  if (state.status === NEVER_RECEIVED) return notInInventory(state.imei);
  if (state.status === INVENTORY_STATUS.SOLD) return new DomainError(`IMEI ${state.imei} is already activated.`);
  const inStock = (IN_STOCK_GROUP as readonly number[]).includes(state.status);
  return [{ type: 'DeviceActivated', data: { imei: state.imei, ...command, previous_status: state.status, was_in_stock: inStock, office_id: state.office_id, agent_id: state.agent_id, device } }];
}

/** RecordActivation: the device must be at an office of the reporting retailer. */
export function decideRecordActivation(
  command: RecordActivationCommand,
  state: { readonly device: DeviceState },
  facts: RetailerFacts & { readonly soldDevice: SoldDevice | null },
): BatchDecision | DomainError {
  if (!seenByCaller(state.device, facts)) return notInInventory(command.imei);
  const { imei: _imei, ...activation } = command;
  const devices = decideEachDevice([state.device], (device) => decideActivation(activation, device, facts.soldDevice));
  return devices instanceof DomainError ? devices : { devices, records: [] };
}

/**
 * ReverseActivation: only a device sold by an activation of its own (a swap's replacement carries
 * another device's sale); it returns to the status it had before, with the same holder.
 */
export function decideReverseActivation(command: ReverseActivationCommand, state: { readonly device: DeviceState }, facts: RetailerFacts): BatchDecision | DomainError {
  const device = state.device;
  if (device.status === NEVER_RECEIVED || !seenByCaller(device, facts)) return notInInventory(command.imei);
  if (device.status !== INVENTORY_STATUS.SOLD) return new DomainError(`IMEI ${command.imei} is not activated.`, 409);
  if (device.sold_from_status === null) return new DomainError(`IMEI ${command.imei} was handed over in a device swap: its activation belongs to the device it replaced and cannot be reversed here.`, 409);
  const event: DeviceEvent = {
    type: 'ActivationReversed',
    data: { imei: device.imei, restored_status: device.sold_from_status, office_id: device.office_id, agent_id: device.agent_id, reason: command.reason },
  };
  return { devices: new Map([[device.imei, [event]]]), records: [] };
}
