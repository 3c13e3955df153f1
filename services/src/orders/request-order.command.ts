import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CreateInventoryOrderBody, INVENTORY_ORDER_NUMBERS_STREAM, initialInventoryOrderState, orderPrefixOf } from '@portal/contracts';
import { type Scope, inventoryOrderCount, orderOffice } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { notifyDecidedOrder } from './order-notifications';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideRequestOrder } from './inventory-order.decider';
import { quantitiesOf, shippingOf } from './order-fields';

export type RequestOrderResult = BatchResult & { readonly id: string; readonly order_prefix: string };

/** RequestOrder (Order Devices' Request Order; doc 2 §5): a new order for an office in scope, numbered by the counter stream in the same append. */
export class RequestOrder extends Command<RequestOrderResult> {
  constructor(
    readonly body: CreateInventoryOrderBody,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestOrder)
export class RequestOrderHandler implements ICommandHandler<RequestOrder> {
  constructor(
    private readonly batch: DeviceBatch,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  async execute({ body, scope, context }: RequestOrder): Promise<RequestOrderResult> {
    const orderId = uuidv7();
    let number = 0;
    let notify = async () => undefined as void;
    const position = await this.batch.run(async () => {
      const found = await orderOffice(this.batch.db, scope, body.office_id);
      const office = found?.active ? found : undefined;
      const taken = await this.batch.counterVersion(INVENTORY_ORDER_NUMBERS_STREAM, await inventoryOrderCount(this.batch.db));
      number = taken + 1;
      const decision = decideRequestOrder(
        { order_id: orderId, number, requested_by: context.actor.user_id, delivery_method: body.method_of_delivery, shipping: shippingOf(body), requested: quantitiesOf(body, 'requested') },
        { office },
      );
      const appended = await this.batch.append(decision, { devices: new Map(), records: new Map([[INVENTORY_ORDER_NUMBERS_STREAM, taken]]) }, context);
      notify = () => notifyDecidedOrder(this.platform, decision, initialInventoryOrderState(orderId));
      return appended;
    });
    await notify();
    return { position, count: 1, id: orderId, order_prefix: orderPrefixOf(number) };
  }
}
