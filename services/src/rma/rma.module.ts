import { Module } from '@nestjs/common';
import { AnswerRmaDevicesHandler } from './answer-rma-devices.command';
import { InitiateRmaHandler } from './initiate-rma.command';
import { MarkDevicesHandler } from './mark-devices.command';
import { SwapDeviceHandler } from './swap-device.command';
import { RmaDevicesController } from './rma-devices.controller';
import { ReplaceRmaDeviceImageHandler } from './replace-rma-device-image.command';
import { RmaUploadsController } from './rma-uploads.controller';

/** RMA's command handlers (the seed runs them without the HTTP controllers). */
export const RMA_COMMAND_HANDLERS = [InitiateRmaHandler, AnswerRmaDevicesHandler, MarkDevicesHandler, SwapDeviceHandler, ReplaceRmaDeviceImageHandler];

/** Returns (doc 2; docs/RMA.md): device-level RMA commands on the bus and their routes. */
@Module({ controllers: [RmaDevicesController, RmaUploadsController], providers: RMA_COMMAND_HANDLERS })
export class RmaModule {}
