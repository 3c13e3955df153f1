import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type BatchResult, DeviceBatch, decideEachDevice, statesOf } from '../platform/commands/device-batch';
import type { Platform } from '../platform/platform';
import { pendingImage } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { decideImage } from './device.decider';

/**
 * UploadDeviceImage (manager IMEI and agent agent-IMEI screens): one image of a device in the
 * caller's scope, typed by its bytes. The bytes are kept only once the image is accepted.
 */
export class UploadDeviceImage extends Command<BatchResult> {
  constructor(
    readonly imei: string,
    readonly bytes: Buffer | undefined,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(UploadDeviceImage)
export class UploadDeviceImageHandler implements ICommandHandler<UploadDeviceImage> {
  private readonly uploads: UploadStorage;

  constructor(
    private readonly batch: DeviceBatch,
    @Inject(PLATFORM) platform: Platform,
  ) {
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  async execute({ imei, bytes, scope, context }: UploadDeviceImage): Promise<BatchResult> {
    const image = pendingImage(this.uploads, 'device-images', bytes, 'file');
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy(scope, [imei]);
      const decided = decideEachDevice(statesOf(devices).values(), (device) => decideImage({ file: image.url, content_type: image.contentType, size: image.size }, device));
      return image.keepIfAccepted(decided instanceof DomainError ? decided : { devices: decided, records: [] }, (accepted) => this.batch.append(accepted, { devices }, context));
    });
    return { position, count: 1 };
  }
}
