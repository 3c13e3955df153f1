import { Controller, HttpCode, Inject, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AnswerRmaOrderBody, ExportAnswer, ExportDownloadQuery, ExportFormat, RmaDeviceListQuery, RmaOrderDocumentParams, RmaOrderReceivedBody, RmaOrdersListQuery, SubmitRmaOrderBody } from '@portal/contracts';
import { rmaDeviceStatusReport, rmaDevices, rmaOrderDocumentFacts, rmaOrders } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import type { IntegrationClient } from '../auth/api-keys.store';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser, IntegrationCaller } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import { devices } from '../inventory/answers';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { IdempotencyKey } from '../platform/http/idempotency-key';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AnswerRmaOrder } from './answer-rma-order.command';
import { ReceiveRmaOrder } from './receive-rma-order.command';
import { checkRmaDocumentSignature, documentFileName, documentsOf, renderRmaOrderDocument, withDocumentLinks } from './rma-order-documents';
import { rmaDeviceStatusExport, rmaOrdersExport } from './rma-exports';
import { ShipRmaOrder } from './ship-rma-order.command';
import { SubmitRmaOrder } from './submit-rma-order.command';

type Exported<Query> = Query & { readonly format: ExportFormat };
const orderFilters = ({ keyword, status, ibo_marketer_id, rma_id, filter, sort_by, sort }: RmaOrdersListQuery) => ({ keyword, status, ibo_marketer_id, rma_id, filter, sort_by, sort });
const deviceFilters = ({ keyword, status, device_status, office_id, sort_by, sort }: RmaDeviceListQuery) => ({ keyword, status, device_status, office_id, sort_by, sort });

/** RMA orders (doc 2 §2 Submit RMA, RMA Status, RMA device Status report; docs/RMA.md): submit, answer, ship, receive, and their PDFs. */
@Controller()
export class RmaOrdersController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/manager/get_rma_devices_to_submit')
  async devicesToSubmit(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await rmaDevices(this.platform.database.db, user.scope, 'to_submit', query) };
  }

  @Serves('POST /api/v1/manager/submit_rma_order')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async submit(@RouteBody() body: SubmitRmaOrderBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string; rma_prefix: string }>> {
    const result = await this.commands.execute(new SubmitRmaOrder(body, user.scope, context));
    return { position: result.position, body: { message: `RMA order ${result.rma_prefix} submitted for ${devices(result.count)}`, id: result.id, rma_prefix: result.rma_prefix } };
  }

  @Serves('GET /api/v1/manager/get_rma_orders_list')
  async list(@RouteQuery() query: RmaOrdersListQuery, @CurrentUser() user: AuthenticatedUser) {
    const page = await rmaOrders(this.platform.database.db, user.scope, query);
    const secret = await signingSecret(this.platform.database.db);
    const base = this.platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? '';
    return { items: { ...page, data: page.data.map((order) => withDocumentLinks(order, secret, base)) } };
  }

  @Serves('GET /api/v1/manager/get_rma_orders_export')
  async listExport(@RouteQuery() query: Exported<RmaOrdersListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(rmaOrdersExport, query.format, user, orderFilters(query));
  }

  @Serves('POST /api/v1/manager/approve_reject_rma_order/:id')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async answer(@RouteParams() { id }: { id: string }, @RouteBody() body: AnswerRmaOrderBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const status = body.status as 2 | 3;
    const result = await this.commands.execute(new AnswerRmaOrder(id, { status, comments: body.comments }, user.scope, context));
    // doc 2 §8's words for an answered order.
    return { position: result.position, body: { message: status === 2 ? 'Success order Accepted' : 'Rejected' } };
  }

  @Serves('GET /api/v1/manager/update_rma_order_to_shipped_status/:id')
  @ReadYourWrites('rma')
  async ship(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new ShipRmaOrder(id, user.scope, context));
    return { position: result.position, body: { message: 'item shipped' } };
  }

  @Serves('GET /api/v1/manager/rma_device_status_report')
  async deviceStatusReport(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await rmaDeviceStatusReport(this.platform.database.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/rma_device_status_report_export')
  async deviceStatusExport(@RouteQuery() query: Exported<RmaDeviceListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(rmaDeviceStatusExport, query.format, user, deviceFilters(query));
  }

  /** Public: the signature over (order, document, expiry) is the credential; a bad link and an unknown order answer alike. */
  @Serves('GET /api/v1/rma_orders/:id/documents/:document')
  async document(@RouteParams() { id, document }: RmaOrderDocumentParams, @RouteQuery() query: ExportDownloadQuery): Promise<StreamableFile> {
    const secret = await signingSecret(this.platform.database.db);
    const check = checkRmaDocumentSignature(secret, id, document, query.expires, query.signature);
    if (check === 'invalid') throw new DomainError('This document link is not valid. Open it again from RMA Status.', 403);
    if (check === 'expired') throw new DomainError('This document link has expired. Open it again from RMA Status.', 403);
    const order = await rmaOrderDocumentFacts(this.platform.database.db, id);
    if (!order) throw new DomainError('That RMA order was not found.', 404);
    if (!documentsOf(order).includes(document)) throw new DomainError(`${order.rma_prefix} has no shipping label: it is made when the order is approved.`, 404);
    const bytes = await renderRmaOrderDocument(order, document, this.platform.config);
    return new StreamableFile(Buffer.from(bytes), { type: 'application/pdf', disposition: `inline; filename="${documentFileName(order, document)}"` });
  }

  @Serves('POST /api/integration/v1/rma_orders/:rma_prefix/received')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async received(
    @RouteParams() { rma_prefix }: { rma_prefix: string },
    @RouteBody() body: RmaOrderReceivedBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<CommandAnswer<{ message: string; received: number; missing: readonly string[] }>> {
    const result = await this.commands.execute(new ReceiveRmaOrder(rma_prefix, body.imei, { kind: 'retailer', retailerIds: [caller.retailer_id] }, context, idempotencyKey));
    // The message names the first few missing IMEIs; `missing` lists them all.
    const named = result.missing.slice(0, 10).join(', ') + (result.missing.length > 10 ? ` and ${result.missing.length - 10} more` : '');
    const missing = result.missing.length > 0 ? `; missing: ${named}` : '';
    return { position: result.position, body: { message: `${rma_prefix} completed: ${devices(result.received)} received${missing}`, received: result.received, missing: result.missing } };
  }
}
