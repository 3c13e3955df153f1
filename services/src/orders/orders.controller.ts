import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AnswerInventoryOrderBody, CreateInventoryOrderBody, ExportAnswer, ExportFormat, InventoryOrdersListQuery, ResubmitInventoryOrderBody } from '@portal/contracts';
import { inventoryOrderComments, inventoryOrderLog, inventoryOrders } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { ApproveOrder } from './approve-order.command';
import { inventoryOrdersExport } from './orders-exports';
import { RequestOrder } from './request-order.command';
import { ResubmitOrder } from './resubmit-order.command';

type Exported<Query> = Query & { readonly format: ExportFormat };
const listFilters = ({ page: _page, results: _results, ...filters }: InventoryOrdersListQuery) => filters;

/** Device orders (doc 2 §2 Order Devices, §7 Orders; docs/ORDERS.md): request, the approval chain, resubmit, the list, log and comments. */
@Controller()
export class OrdersController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/manager/get_inventory_request_order_list')
  async list(@RouteQuery() query: InventoryOrdersListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await inventoryOrders(this.platform.database.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/inventory_request_orders_export')
  async listExport(@RouteQuery() query: Exported<InventoryOrdersListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { format, ...filters } = query;
    return this.exports.start(inventoryOrdersExport, format, user, listFilters(filters));
  }

  @Serves('POST /api/v1/manager/create_inventory_request_order')
  @HttpCode(200)
  @ReadYourWrites('orders')
  async request(@RouteBody() body: CreateInventoryOrderBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string; order_prefix: string }>> {
    const result = await this.commands.execute(new RequestOrder(body, user.scope, context));
    return { position: result.position, body: { message: `Order ${result.order_prefix} requested`, id: result.id, order_prefix: result.order_prefix } };
  }

  @Serves('POST /api/v1/inventory_request_order_accept_reject/:id')
  @HttpCode(200)
  @ReadYourWrites('orders')
  async answer(@RouteParams() { id }: { id: string }, @RouteBody() body: AnswerInventoryOrderBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ApproveOrder(id, body, user.roles, user.scope, context));
    // doc 2 §8's words.
    return { position: result.position, body: { message: body.req_action === 2 ? 'Success order Accepted' : 'Rejected' } };
  }

  @Serves('POST /api/v1/resubmit_inventory_request_order/:id')
  @HttpCode(200)
  @ReadYourWrites('orders')
  async resubmit(@RouteParams() { id }: { id: string }, @RouteBody() body: ResubmitInventoryOrderBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ResubmitOrder(id, body, user.scope, context));
    return { position: result.position, body: { message: `Order ${result.order_prefix} resubmitted for approval` } };
  }

  @Serves('GET /api/v1/inventory_request_order_log/:id')
  async log(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser) {
    const items = await inventoryOrderLog(this.platform.database.db, user.scope, id);
    if (!items) throw new DomainError('That order was not found.', 404);
    return { data: { items } };
  }

  @Serves('GET /api/v1/inventory_order_comments_log/:id')
  async comments(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser) {
    const items = await inventoryOrderComments(this.platform.database.db, user.scope, id);
    if (!items) throw new DomainError('That order was not found.', 404);
    return { data: { items } };
  }
}
