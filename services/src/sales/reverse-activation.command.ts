import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { retailersOfOffices } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { type ReverseActivationCommand, decideReverseActivation } from './activation.decider';

/** ReverseActivation from upstream (ours): the sale is taken back and leaves every count. */
export class ReverseActivation extends Command<BatchResult> {
  constructor(
    readonly reversal: ReverseActivationCommand,
    /** The reporting retailer; null when the system itself reverses it. */
    readonly retailerId: string | null,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

@CommandHandler(ReverseActivation)
export class ReverseActivationHandler implements ICommandHandler<ReverseActivation> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ reversal, retailerId, context, idempotencyKey }: ReverseActivation): Promise<BatchResult> {
    // A retry whose first attempt was recorded answers as that attempt did (its answer was lost on the way).
    const earlier = idempotencyKey ? await this.batch.appendedEarlier(idempotencyKey, [reversal.imei]) : undefined;
    if (earlier) return { position: earlier, count: 1 };
    const position = await this.batch.run(async () => {
      const devices = await this.batch.load([reversal.imei]);
      const device = devices.get(reversal.imei)!.state;
      const deviceRetailer = retailerId && device.office_id ? (await retailersOfOffices(this.batch.db, [device.office_id])).get(device.office_id) : undefined;
      const decision = decideReverseActivation(reversal, { device }, { callerRetailer: retailerId, deviceRetailer });
      return this.batch.append(decision, { devices }, context, idempotencyKey);
    });
    return { position, count: 1 };
  }
}
