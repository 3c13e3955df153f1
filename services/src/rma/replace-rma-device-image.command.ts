import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEVER_RECEIVED, type RmaDeviceEvent, evolveRmaDevice, initialRmaDeviceState, rmaDeviceStream } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import type { PendingUpload } from '../platform/storage/uploads';
import { decideReplaceRmaImage } from './rma-device.decider';

/**
 * ReplaceRmaDeviceImage (upload_rma_device_image): a new photo for an RMA device in the caller's
 * scope. An RMA device whose device lies outside the scope does not exist for the caller
 * (docs/adr/0001); the photo is written only once the replacement is accepted.
 */
export class ReplaceRmaDeviceImage extends Command<BatchResult> {
  constructor(
    readonly rmaDeviceId: string,
    readonly image: PendingUpload,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReplaceRmaDeviceImage)
export class ReplaceRmaDeviceImageHandler implements ICommandHandler<ReplaceRmaDeviceImage> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ rmaDeviceId, image, scope, context }: ReplaceRmaDeviceImage): Promise<BatchResult> {
    const streamId = rmaDeviceStream(rmaDeviceId);
    const position = await this.batch.run(async () => {
      const record = await this.batch.loadRecord<RmaDeviceEvent>(streamId);
      const rma = record.events.reduce(evolveRmaDevice, initialRmaDeviceState(rmaDeviceId));
      const device = rma.imei ? (await this.batch.loadSeenBy(scope, [rma.imei])).get(rma.imei)?.state : undefined;
      const seen = device !== undefined && device.status !== NEVER_RECEIVED ? rma : initialRmaDeviceState(rmaDeviceId);
      const decision = decideReplaceRmaImage({ image_file: image.key }, { rma: seen });
      return image.keepIfAccepted(decision, (accepted) => this.batch.append(accepted, { devices: new Map(), records: new Map([[streamId, record.version]]) }, context));
    });
    return { position, count: 1 };
  }
}
