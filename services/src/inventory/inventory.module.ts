import { Module } from '@nestjs/common';
import { AgentInventoryController } from './agent-inventory.controller';
import { AnswerAgentJobHandler } from './answer-agent-job.command';
import { AnswerCartonsHandler } from './answer-cartons.command';
import { AnswerTransferHandler } from './answer-transfer.command';
import { AssignDeviceHandler } from './assign-device.command';
import { AssignController } from './assign.controller';
import { LabelsController } from './labels.controller';
import { PartiallyAcceptAgentJobHandler } from './partially-accept-agent-job.command';
import { ReassignDeviceHandler } from './reassign-device.command';
import { ReceiveCartonHandler } from './receive-carton.command';
import { ReceiveManifestHandler } from './receive-manifest.command';
import { ReceiveController } from './receive.controller';
import { RequestTransferHandler } from './request-transfer.command';
import { StockController } from './stock.controller';
import { TransferDeviceHandler } from './transfer-device.command';
import { UploadDeviceImageHandler } from './upload-device-image.command';

/** Inventory's command handlers (the seed runs them without the HTTP controllers). */
export const INVENTORY_COMMAND_HANDLERS = [
  ReceiveCartonHandler,
  ReceiveManifestHandler,
  AnswerCartonsHandler,
  AssignDeviceHandler,
  AnswerAgentJobHandler,
  PartiallyAcceptAgentJobHandler,
  RequestTransferHandler,
  AnswerTransferHandler,
  TransferDeviceHandler,
  ReassignDeviceHandler,
  UploadDeviceImageHandler,
];

/** Device custody (doc 1 §2.5-§2.9, §2.14): its commands on the bus and its screens' routes. */
@Module({ controllers: [ReceiveController, AssignController, StockController, AgentInventoryController, LabelsController], providers: INVENTORY_COMMAND_HANDLERS })
export class InventoryModule {}
