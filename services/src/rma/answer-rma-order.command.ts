import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideAnswerRmaOrder } from './rma-order.decider';
import { loadRmaOrder, orderVersions } from './rma-order-loading';

/** AnswerRmaOrder (RMA Status; doc 2 §4, §5): approve (2) or reject (3) a submitted order with a comment, never by its submitter. */
export class AnswerRmaOrder extends Command<BatchResult & { readonly rma_prefix: string }> {
  constructor(
    readonly rmaOrderId: string,
    readonly answer: { readonly status: 2 | 3; readonly comments: string },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerRmaOrder)
export class AnswerRmaOrderHandler implements ICommandHandler<AnswerRmaOrder> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ rmaOrderId, answer, scope, context }: AnswerRmaOrder): Promise<BatchResult & { readonly rma_prefix: string }> {
    let prefix = '';
    const position = await this.batch.run(async () => {
      const loaded = await loadRmaOrder(this.batch, scope, rmaOrderId);
      prefix = loaded.order.rma_prefix;
      const decision = decideAnswerRmaOrder({ ...answer, answered_by: context.actor.user_id }, { order: loaded.order, devices: statesOf(loaded.devices) }, { visible: loaded.visible });
      return this.batch.append(decision, { devices: loaded.devices, records: orderVersions(loaded) }, context);
    });
    return { position, count: 1, id: rmaOrderId, rma_prefix: prefix };
  }
}
