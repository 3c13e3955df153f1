import { Module } from '@nestjs/common';
import { ApproveOrderHandler } from './approve-order.command';
import { OrdersController } from './orders.controller';
import { RequestOrderHandler } from './request-order.command';
import { ResubmitOrderHandler } from './resubmit-order.command';

/** Device orders' command handlers (the seed runs them without the HTTP controller). */
export const ORDER_COMMAND_HANDLERS = [RequestOrderHandler, ApproveOrderHandler, ResubmitOrderHandler];

/** Device orders (doc 2 Order Devices; docs/ORDERS.md). */
@Module({ controllers: [OrdersController], providers: ORDER_COMMAND_HANDLERS })
export class OrdersModule {}
