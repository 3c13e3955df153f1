import { type RmaOrderEvent, type RmaOrderState, evolveRmaOrder, initialRmaOrderState, rmaOrderStream } from '@portal/contracts';
import { type Scope, officeIdsInScope } from '@portal/projections';
import { type DeviceBatch, type LoadedDevices } from '../platform/commands/device-batch';

/** An RMA order as its commands load it: its state and version, its devices, and whether the caller may see it. */
export interface LoadedRmaOrder {
  readonly order: RmaOrderState;
  readonly version: number;
  readonly devices: LoadedDevices;
  readonly visible: boolean;
}

/** Loads an order's stream and its devices' streams; visible when its office is in the scope (docs/adr/0001: otherwise it does not exist for the caller). */
export async function loadRmaOrder(batch: DeviceBatch, scope: Scope, rmaOrderId: string): Promise<LoadedRmaOrder> {
  const record = await batch.loadRecord<RmaOrderEvent>(rmaOrderStream(rmaOrderId));
  const order = record.events.reduce(evolveRmaOrder, initialRmaOrderState(rmaOrderId));
  const visible = order.office_id !== null && (scope.kind === 'all' || (scope.kind !== 'agent' && (await officeIdsInScope(batch.db, scope, [order.office_id])).has(order.office_id)));
  const devices = visible ? await batch.load(order.imeis) : new Map();
  return { order, version: record.version, devices, visible };
}

/** The expected versions of an order's append: its own stream's. */
export const orderVersions = (loaded: LoadedRmaOrder) => new Map([[rmaOrderStream(loaded.order.rma_order_id), loaded.version]]);
