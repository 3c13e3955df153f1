import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RMA_ORDER_NUMBERS_STREAM, type RmaDeviceEvent, type SubmitRmaOrderBody, evolveRmaDevice, initialRmaDeviceState, rmaDeviceStream, rmaPrefixOf } from '@portal/contracts';
import { type Scope, rmaOrderCount } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideSubmitRmaOrder } from './rma-order.decider';

export type SubmitRmaOrderResult = BatchResult & { readonly id: string; readonly rma_prefix: string };

/**
 * SubmitRmaOrder (doc 2 §2 Submit RMA, `submit_rma_order`): approved RMA devices of one office as
 * one order, numbered by the counter stream in the same atomic append — two racing submits
 * conflict on the counter and the second retries with the next number.
 */
export class SubmitRmaOrder extends Command<SubmitRmaOrderResult> {
  constructor(
    readonly body: SubmitRmaOrderBody,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SubmitRmaOrder)
export class SubmitRmaOrderHandler implements ICommandHandler<SubmitRmaOrder> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ body, scope, context }: SubmitRmaOrder): Promise<SubmitRmaOrderResult> {
    const rmaOrderId = uuidv7();
    const ids = body.rma_list;
    const shipment = {
      address: body.address, city: body.city, state: body.state, zip: body.zip, no_of_boxes: body.no_of_boxes,
      box_length: body.box_length ?? null, box_width: body.box_width ?? null, box_height: body.box_height ?? null, box_weight: body.box_weight ?? null,
    };
    let number = 0;
    const position = await this.batch.run(async () => {
      const uniqueIds = [...new Set(ids)];
      const loaded = await this.batch.loadRecords<RmaDeviceEvent>(uniqueIds.map(rmaDeviceStream));
      const rmas = uniqueIds.map((id) => loaded.get(rmaDeviceStream(id))!.events.reduce(evolveRmaDevice, initialRmaDeviceState(id)));
      const devices = await this.batch.loadSeenBy(scope, [...new Set(rmas.filter((rma) => rma.imei).map((rma) => rma.imei))]);
      const taken = await this.batch.counterVersion(RMA_ORDER_NUMBERS_STREAM, await rmaOrderCount(this.batch.db));
      number = taken + 1;
      const decision = decideSubmitRmaOrder({ rma_order_id: rmaOrderId, number, submitted_by: context.actor.user_id, rma_device_ids: ids, shipment }, { rmas, devices: statesOf(devices) });
      const records = new Map([...loaded].map(([streamId, record]) => [streamId, record.version]));
      records.set(RMA_ORDER_NUMBERS_STREAM, taken);
      return this.batch.append(decision, { devices, records }, context);
    });
    return { position, count: new Set(ids).size, id: rmaOrderId, rma_prefix: rmaPrefixOf(number) };
  }
}
