import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AnswerInventoryOrderBody } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { notifyDecidedOrder } from './order-notifications';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideAnswerOrder } from './inventory-order.decider';
import { quantitiesOf, shippingOf } from './order-fields';
import { loadOrder, orderVersion } from './order-loading';

/** ApproveOrder (the card's command; doc 2 §4, docs/ORDERS.md): approve (req_action 2) or reject (3) at the caller's level of the chain. */
export class ApproveOrder extends Command<BatchResult> {
  constructor(
    readonly orderId: string,
    readonly body: AnswerInventoryOrderBody,
    readonly roles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ApproveOrder)
export class ApproveOrderHandler implements ICommandHandler<ApproveOrder> {
  constructor(
    private readonly batch: DeviceBatch,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ orderId, body, roles, scope, context }: ApproveOrder): Promise<BatchResult> {
    let notify = async () => undefined as void;
    const position = await this.batch.run(async () => {
      const loaded = await loadOrder(this.batch, scope, orderId);
      const decision = decideAnswerOrder(
        {
          req_action: body.req_action as 2 | 3,
          approved: quantitiesOf(body, 'approved'),
          shipping: shippingOf(body),
          admin_comments: body.admin_comments ?? null,
          answered_by: context.actor.user_id,
          roles,
        },
        { order: loaded.order },
        loaded.facts,
      );
      const appended = await this.batch.append(decision, { devices: new Map(), records: orderVersion(loaded) }, context);
      notify = () => notifyDecidedOrder(this.platform, decision, loaded.order);
      return appended;
    });
    await notify();
    return { position, count: 1, id: orderId };
  }
}
