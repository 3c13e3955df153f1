import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type InventoryOrderEvent, type ReceiveJobEvent, evolveInventoryOrder, initialInventoryOrderState, inventoryOrderStream, receiveJobStream } from '@portal/contracts';
import { type Scope, imeisOfJobCartons, receiveJobOffice } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { type AnswerCartonsCommand, decideAnswerCartons, foldReceiveJob } from './receive-job.decider';

/** AnswerCartons: the manager accepts (status 1) or declines with a reason (status 2) cartons of a receive job. */
export class AnswerCartons extends Command<BatchResult> {
  constructor(
    readonly answer: AnswerCartonsCommand,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerCartons)
export class AnswerCartonsHandler implements ICommandHandler<AnswerCartons> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ answer, scope, context }: AnswerCartons): Promise<BatchResult> {
    const db = this.batch.db;
    const cartons = [...new Set(answer.carton_numbers)];
    const jobInScope = (await receiveJobOffice(db, scope, answer.job_id)) !== undefined;
    const position = await this.batch.run(async () => {
      const stream = receiveJobStream(answer.job_id);
      const job = await this.batch.loadRecord<ReceiveJobEvent>(stream);
      const devices = await this.batch.load(jobInScope ? await imeisOfJobCartons(db, answer.job_id, cartons) : []);
      const folded = foldReceiveJob(job.events);
      // A job fulfilling a device order: the order too, so its last carton answered makes the order Fulfilled in the same append.
      const orderId = folded?.inventory_order_id ?? null;
      const orderRecord = orderId ? await this.batch.loadRecord<InventoryOrderEvent>(inventoryOrderStream(orderId)) : undefined;
      const order = orderId && orderRecord ? orderRecord.events.reduce(evolveInventoryOrder, initialInventoryOrderState(orderId)) : undefined;
      const decision = decideAnswerCartons(answer, { job: folded, devices: statesOf(devices), order }, { jobInScope });
      const records = new Map([[stream, job.version]]);
      if (orderId && orderRecord) records.set(inventoryOrderStream(orderId), orderRecord.version);
      return this.batch.append(decision, { devices, records }, context);
    });
    return { position, count: cartons.length };
  }
}
