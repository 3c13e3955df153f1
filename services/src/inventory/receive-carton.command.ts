import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type InventoryOrderEvent, type ReceiveShipmentBody, evolveInventoryOrder, initialInventoryOrderState, inventoryOrderStream, receiveJobStream } from '@portal/contracts';
import { type Scope, isOfficeInScope, officeStatus, orderIdByReference } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { recordIdForKey } from '../platform/event-store/idempotency';
import { decideReceiveCarton } from './receive-job.decider';
import { notifyDecidedOrder } from '../orders/order-notifications';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/**
 * ReceiveCarton: one upstream shipment of cartons to one office (the integration API, a
 * manifest upload, the seed), all or nothing. Devices become manager pending (9) on a new
 * receive job. `scope`: the caller's, when the office must be in it.
 */
export class ReceiveCarton extends Command<BatchResult> {
  constructor(
    readonly shipment: ReceiveShipmentBody,
    readonly context: CommandContext,
    readonly options: { readonly scope?: Scope; readonly idempotencyKey?: string } = {},
  ) {
    super();
  }
}

@CommandHandler(ReceiveCarton)
export class ReceiveCartonHandler implements ICommandHandler<ReceiveCarton> {
  constructor(
    private readonly batch: DeviceBatch,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ shipment, context, options }: ReceiveCarton): Promise<BatchResult> {
    const db = this.batch.db;
    const imeis = [...new Set(shipment.devices.map((device) => device.imei))];
    const jobId = options.idempotencyKey ? recordIdForKey(options.idempotencyKey, 'receive-job') : uuidv7();
    if (options.idempotencyKey) {
      // A retry of a shipment already received answers as the first attempt did, instead of
      // refusing the devices that attempt received (the client never saw that answer).
      const earlier = await this.batch.appendedEarlier(options.idempotencyKey, imeis, [receiveJobStream(jobId)]);
      if (earlier) return { position: earlier, count: shipment.devices.length, id: jobId };
    }
    const status = await officeStatus(db, shipment.office_id);
    const exists = status !== undefined;
    const facts = { officeExists: exists, officeActive: status === 1, officeInScope: !exists || !options.scope || (await isOfficeInScope(db, options.scope, shipment.office_id)) };
    // A shipment naming a device order (docs/ORDERS.md): the order as the caller may see it (unknown and out of scope alike).
    const reference = shipment.inventory_request_order_id ?? null;
    const orderId = reference === null ? undefined : await orderIdByReference(db, options.scope ?? { kind: 'all' }, reference);
    let notify = async () => undefined as void;
    const position = await this.batch.run(async () => {
      const devices = await this.batch.load(imeis);
      const record = orderId === undefined ? undefined : await this.batch.loadRecord<InventoryOrderEvent>(inventoryOrderStream(orderId));
      const order =
        reference === null
          ? undefined
          : { state: record && orderId ? record.events.reduce(evolveInventoryOrder, initialInventoryOrderState(orderId)) : initialInventoryOrderState(reference), visible: orderId !== undefined };
      const decision = decideReceiveCarton({ ...shipment, job_id: jobId, tracking_number: shipment.tracking_number ?? null }, { devices: statesOf(devices) }, { ...facts, order });
      const records = record && orderId ? new Map([[inventoryOrderStream(orderId), record.version]]) : undefined;
      const appended = await this.batch.append(decision, { devices, records }, context, options.idempotencyKey);
      // The requester hears that the order's shipment arrived.
      if (order?.visible) notify = () => notifyDecidedOrder(this.platform, decision, order.state);
      return appended;
    });
    await notify();
    return { position, count: shipment.devices.length, id: jobId };
  }
}
