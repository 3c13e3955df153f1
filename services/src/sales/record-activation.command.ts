import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { retailersOfOffices, soldDeviceFacts } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { type RecordActivationCommand, decideRecordActivation } from './activation.decider';

/** RecordActivation from upstream (integration key of a retailer, or the seed): the device is sold. */
export class RecordActivation extends Command<BatchResult> {
  constructor(
    readonly activation: RecordActivationCommand,
    /** The reporting retailer; null when the system itself records it. */
    readonly retailerId: string | null,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

@CommandHandler(RecordActivation)
export class RecordActivationHandler implements ICommandHandler<RecordActivation> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ activation, retailerId, context, idempotencyKey }: RecordActivation): Promise<BatchResult> {
    // A retry whose first attempt was recorded answers as that attempt did (its answer was lost on the way).
    const earlier = idempotencyKey ? await this.batch.appendedEarlier(idempotencyKey, [activation.imei]) : undefined;
    if (earlier) return { position: earlier, count: 1 };
    const position = await this.batch.run(async () => {
      const devices = await this.batch.load([activation.imei]);
      const device = devices.get(activation.imei)!.state;
      const deviceRetailer = retailerId && device.office_id ? (await retailersOfOffices(this.batch.db, [device.office_id])).get(device.office_id) : undefined;
      const soldDevice = await soldDeviceFacts(this.batch.db, activation.imei);
      const decision = decideRecordActivation(activation, { device }, { callerRetailer: retailerId, deviceRetailer, soldDevice });
      return this.batch.append(decision, { devices }, context, idempotencyKey);
    });
    return { position, count: 1 };
  }
}
