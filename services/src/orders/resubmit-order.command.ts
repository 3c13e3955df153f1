import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ResubmitInventoryOrderBody } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { notifyDecidedOrder } from './order-notifications';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideResubmitOrder } from './inventory-order.decider';
import { quantitiesOf, shippingOf } from './order-fields';
import { loadOrder, orderVersion } from './order-loading';

/** ResubmitOrder (doc 2 §4): a rejected order as a new version, back to the start of the chain. */
export class ResubmitOrder extends Command<BatchResult & { readonly order_prefix: string }> {
  constructor(
    readonly orderId: string,
    readonly body: ResubmitInventoryOrderBody,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ResubmitOrder)
export class ResubmitOrderHandler implements ICommandHandler<ResubmitOrder> {
  constructor(
    private readonly batch: DeviceBatch,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ orderId, body, scope, context }: ResubmitOrder): Promise<BatchResult & { readonly order_prefix: string }> {
    let prefix = '';
    let notify = async () => undefined as void;
    const position = await this.batch.run(async () => {
      const loaded = await loadOrder(this.batch, scope, orderId);
      prefix = loaded.order.order_prefix;
      const decision = decideResubmitOrder(
        { comments: body.comments, requested: quantitiesOf(body, 'requested'), shipping: shippingOf(body), resubmitted_by: context.actor.user_id },
        { order: loaded.order },
        loaded.facts,
      );
      const appended = await this.batch.append(decision, { devices: new Map(), records: orderVersion(loaded) }, context);
      notify = () => notifyDecidedOrder(this.platform, decision, loaded.order);
      return appended;
    });
    await notify();
    return { position, count: 1, id: orderId, order_prefix: prefix };
  }
}
