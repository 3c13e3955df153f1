import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RmaOrderEvent } from '@portal/contracts';
import { type Scope, rmaOrderIdByPrefix } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideReceiveRmaOrder } from './rma-order.decider';
import { loadRmaOrder, orderVersions } from './rma-order-loading';

export type ReceiveRmaOrderResult = BatchResult & { readonly received: number; readonly missing: readonly string[] };

/**
 * ReceiveRmaOrder (ours; the returns desk through its API key): a shipped order is completed with
 * the IMEIs found in its boxes; those missing stay 10 and are named on the order.
 */
export class ReceiveRmaOrder extends Command<ReceiveRmaOrderResult> {
  constructor(
    readonly rmaPrefix: string,
    readonly imeis: readonly string[],
    /** The returns desk's retailer (its API key's), or everything for the seed. */
    readonly scope: Scope,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

@CommandHandler(ReceiveRmaOrder)
export class ReceiveRmaOrderHandler implements ICommandHandler<ReceiveRmaOrder> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ rmaPrefix, imeis, scope, context, idempotencyKey }: ReceiveRmaOrder): Promise<ReceiveRmaOrderResult> {
    const rmaOrderId = await rmaOrderIdByPrefix(this.batch.db, scope, rmaPrefix);
    if (!rmaOrderId) throw new DomainError('That RMA order was not found.', 404);
    let missing: readonly string[] = [];
    const position = await this.batch.run(async () => {
      const loaded = await loadRmaOrder(this.batch, scope, rmaOrderId);
      const decision = decideReceiveRmaOrder({ imeis }, { order: loaded.order, devices: statesOf(loaded.devices) }, { visible: loaded.visible });
      // What the decider recorded as missing (the order names them), not a second derivation here.
      if (!(decision instanceof DomainError)) missing = decision.records.flatMap((record) => record.events as RmaOrderEvent[]).flatMap((event) => (event.type === 'RmaOrderReceived' ? event.data.missing : []));
      return this.batch.append(decision, { devices: loaded.devices, records: orderVersions(loaded) }, context, idempotencyKey);
    });
    return { position, count: imeis.length, id: rmaOrderId, received: new Set(imeis).size, missing };
  }
}
