import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideShipRmaOrder } from './rma-order.decider';
import { loadRmaOrder, orderVersions } from './rma-order-loading';

/** ShipRmaOrder (RMA Status UPDATE; doc 2 §4): an approved order (2) is marked shipped (3). */
export class ShipRmaOrder extends Command<BatchResult> {
  constructor(
    readonly rmaOrderId: string,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ShipRmaOrder)
export class ShipRmaOrderHandler implements ICommandHandler<ShipRmaOrder> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ rmaOrderId, scope, context }: ShipRmaOrder): Promise<BatchResult> {
    const position = await this.batch.run(async () => {
      const loaded = await loadRmaOrder(this.batch, scope, rmaOrderId);
      const decision = decideShipRmaOrder({ shipped_by: context.actor.user_id }, { order: loaded.order }, { visible: loaded.visible });
      return this.batch.append(decision, { devices: loaded.devices, records: orderVersions(loaded) }, context);
    });
    return { position, count: 1, id: rmaOrderId };
  }
}
