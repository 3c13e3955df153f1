import { Module } from '@nestjs/common';
import { AnswerRmaDevicesHandler } from './answer-rma-devices.command';
import { InitiateRmaHandler } from './initiate-rma.command';
import { MarkDevicesHandler } from './mark-devices.command';
import { SwapDeviceHandler } from './swap-device.command';
import { RmaDevicesController } from './rma-devices.controller';
import { ReplaceRmaDeviceImageHandler } from './replace-rma-device-image.command';
import { RmaUploadsController } from './rma-uploads.controller';
import { RmaOrdersController } from './rma-orders.controller';
import { SubmitRmaOrderHandler } from './submit-rma-order.command';
import { AnswerRmaOrderHandler } from './answer-rma-order.command';
import { ShipRmaOrderHandler } from './ship-rma-order.command';
import { ReceiveRmaOrderHandler } from './receive-rma-order.command';

/** RMA's command handlers (the seed runs them without the HTTP controllers). */
export const RMA_COMMAND_HANDLERS = [InitiateRmaHandler, AnswerRmaDevicesHandler, MarkDevicesHandler, SwapDeviceHandler, ReplaceRmaDeviceImageHandler, SubmitRmaOrderHandler, AnswerRmaOrderHandler, ShipRmaOrderHandler, ReceiveRmaOrderHandler];

/** Returns (doc 2; docs/RMA.md): device-level RMA commands on the bus and their routes. */
@Module({ controllers: [RmaDevicesController, RmaUploadsController, RmaOrdersController], providers: RMA_COMMAND_HANDLERS })
export class RmaModule {}
