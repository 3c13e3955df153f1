import { Module } from '@nestjs/common';
import { ActivationsController } from './activations.controller';
import { RecordActivationHandler } from './record-activation.command';

/** Sales' command handlers (the seed runs them without the HTTP controllers). */
export const SALES_COMMAND_HANDLERS = [RecordActivationHandler];

/** Sales: activations reported by upstream (doc 2's sales screens are counted from them). */
@Module({ controllers: [ActivationsController], providers: SALES_COMMAND_HANDLERS })
export class SalesModule {}
