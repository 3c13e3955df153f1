import { type InventoryOrderEvent, type InventoryOrderState, evolveInventoryOrder, initialInventoryOrderState, inventoryOrderStream } from '@portal/contracts';
import { type Scope, orderOffice } from '@portal/projections';
import type { DeviceBatch } from '../platform/commands/device-batch';
import type { OrderFacts } from './inventory-order.decider';

/** A device order as its commands load it: its state and stream version, and the facts its decider needs. */
export interface LoadedOrder {
  readonly order: InventoryOrderState;
  readonly version: number;
  readonly facts: OrderFacts;
}

/** Loads an order's stream; visible when its office is in the caller's scope (docs/adr/0001: otherwise it does not exist for them). */
export async function loadOrder(batch: DeviceBatch, scope: Scope, orderId: string): Promise<LoadedOrder> {
  const record = await batch.loadRecord<InventoryOrderEvent>(inventoryOrderStream(orderId));
  const order = record.events.reduce(evolveInventoryOrder, initialInventoryOrderState(orderId));
  const office = order.office_id === null ? undefined : await orderOffice(batch.db, scope, order.office_id);
  return { order, version: record.version, facts: { visible: office !== undefined, officeState: office?.state_short_name ?? null } };
}

/** The expected version of an order's append: its own stream's. */
export const orderVersion = (loaded: LoadedOrder) => new Map([[inventoryOrderStream(loaded.order.order_id), loaded.version]]);
