import { Module } from '@nestjs/common';
import { ActivationsController } from './activations.controller';
import { RecordActivationHandler } from './record-activation.command';
import { ReverseActivationHandler } from './reverse-activation.command';
import { SalesReportsController } from './sales-reports.controller';

/** Sales' command handlers (the seed runs them without the HTTP controllers). */
export const SALES_COMMAND_HANDLERS = [RecordActivationHandler, ReverseActivationHandler];

/** Sales: activations and reversals reported by upstream, and the sales reports and dashboards counted from them (doc 2 §2, doc 1 §2.4). */
@Module({ controllers: [ActivationsController, SalesReportsController], providers: SALES_COMMAND_HANDLERS })
export class SalesModule {}
