import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { AnswerRmaDevicesBody, AnswerRmaRequestBody, DeviceSwapBody, ExportAnswer, ExportFormat, MarkDevicesBody, ReturnToStockBody, RmaCandidatesQuery, RmaDeviceListQuery, RmaInitiationBody } from '@portal/contracts';
import { type RmaDeviceList, rmaCandidateDevices, rmaDeviceStatusReport, rmaDevices } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { ExportStarter } from '../exports/export-starter';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import type { CommandAnswer } from '../platform/http/read-your-writes';
import { ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AnswerRmaDevices } from './answer-rma-devices.command';
import { devices } from '../inventory/answers';
import { InitiateRma } from './initiate-rma.command';
import { MarkDevices } from './mark-devices.command';
import { SwapDevice } from './swap-device.command';
import { agentRmaStatusExport, approvedRmaRequestsExport, pendingRmaRequestsExport, rmaCandidatesExport } from './rma-exports';

type Exported<Query> = Query & { readonly format: ExportFormat };
/** The list's filters without its paging: what an export reads. */
const listFilters = ({ keyword, status, device_status, office_id, sort_by, sort }: RmaDeviceListQuery) => ({ keyword, status, device_status, office_id, sort_by, sort });
const candidateFilters = ({ keyword, office_id, carton, imei, status }: RmaCandidatesQuery) => ({ keyword, office_id, carton, imei, status });


/** RMA's device-level calls (doc 2 §2, §4, §7; docs/RMA.md): initiate or request, and the manager's answers. */
@Controller()
export class RmaDevicesController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  /** The caller as an agent: their own devices and requests, whatever other roles they hold. */
  private asAgent(user: AuthenticatedUser): AuthenticatedUser {
    return { ...user, scope: { kind: 'agent', agentId: user.user_id } };
  }

  private list(list: RmaDeviceList, query: RmaDeviceListQuery, user: AuthenticatedUser) {
    return rmaDevices(this.platform.database.db, user.scope, list, query);
  }

  @Serves('GET /api/v1/manager/get_device_list_to_initiate_rma_v2')
  async candidates(@RouteQuery() query: RmaCandidatesQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await rmaCandidateDevices(this.platform.database.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/device_list_to_initiate_rma_export_v2')
  async candidatesExport(@RouteQuery() query: Exported<RmaCandidatesQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(rmaCandidatesExport, query.format, user, candidateFilters(query));
  }

  @Serves('GET /api/v1/agent/get_device_list_to_initiate_rma')
  async agentCandidates(@RouteQuery() query: RmaCandidatesQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await rmaCandidateDevices(this.platform.database.db, this.asAgent(user).scope, query) };
  }

  @Serves('GET /api/v1/manager/pending_rma_device_list_export')
  async pendingRequestsExport(@RouteQuery() query: Exported<RmaDeviceListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(pendingRmaRequestsExport, query.format, user, listFilters(query));
  }

  @Serves('GET /api/v1/manager/approved_rma_device_list_export_v2')
  async acceptedRequestsExport(@RouteQuery() query: Exported<RmaDeviceListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(approvedRmaRequestsExport, query.format, user, listFilters(query));
  }

  @Serves('GET /api/v1/agent/agent_rma_request_status_export')
  async agentRmaDevicesExport(@RouteQuery() query: Exported<RmaDeviceListQuery>, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(agentRmaStatusExport, query.format, this.asAgent(user), listFilters(query));
  }

  @Serves('GET /api/v1/manager/get_pending_rma_device_list')
  async pendingRequests(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await this.list('pending_requests', query, user) };
  }

  @Serves('GET /api/v1/manager/get_approved_rma_device_list_v2')
  async acceptedRequests(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await this.list('accepted_requests', query, user) };
  }

  @Serves('GET /api/v1/manager/get_rma_devices_for_approval')
  async awaitingApproval(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await this.list('awaiting_approval', query, user) };
  }

  /** Each request with its device's one status now (`status_name`), the one the agent's other screens show (issue 42). */
  @Serves('GET /api/v1/agent/get_rma_device_list')
  async agentRmaDevices(@RouteQuery() query: RmaDeviceListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await rmaDeviceStatusReport(this.platform.database.db, this.asAgent(user).scope, query) };
  }

  @Serves('POST /api/v1/manager/rma_device_request_v2')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async initiate(@RouteBody() body: RmaInitiationBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; rma_device_ids: readonly string[] }>> {
    const result = await this.commands.execute(new InitiateRma(body, 'manager', user.scope, context));
    return { position: result.position, body: { message: `RMA initiated for ${devices(result.count)}`, rma_device_ids: result.rma_device_ids } };
  }

  @Serves('POST /api/v1/agent/rma_device_request')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async request(@RouteBody() body: RmaInitiationBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; rma_device_ids: readonly string[] }>> {
    const result = await this.commands.execute(new InitiateRma(body, 'agent', this.asAgent(user).scope, context));
    return { position: result.position, body: { message: `Return requested for ${devices(result.count)}`, rma_device_ids: result.rma_device_ids } };
  }

  @Serves('POST /api/v1/manager/accept_reject_rma_device')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async answerRequest(@RouteBody() body: AnswerRmaRequestBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const status = body.status as 2 | 3;
    const result = await this.commands.execute(new AnswerRmaDevices('request', { status, devices: [{ rma_device_id: body.rma_device_id, comments: null }] }, user.scope, context));
    return { position: result.position, body: { message: status === 2 ? 'RMA request accepted' : 'RMA request declined' } };
  }

  @Serves('POST /api/v1/manager/mark_devices')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async mark(@RouteBody() body: MarkDevicesBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const to = body.status as 16 | 18;
    const result = await this.commands.execute(new MarkDevices({ imeis: body.imei, to, notes: body.notes ?? null }, user.scope, context));
    return { position: result.position, body: { message: `${devices(result.count)} marked ${to === 16 ? 'lost' : 'defective'}` } };
  }

  @Serves('POST /api/v1/manager/return_to_stock')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async returnToStock(@RouteBody() body: ReturnToStockBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new MarkDevices({ imeis: body.imei, to: 'stock', notes: null }, user.scope, context));
    return { position: result.position, body: { message: `${devices(result.count)} returned to stock` } };
  }

  @Serves('POST /api/v1/manager/device_swap')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async swapAsManager(@RouteBody() body: DeviceSwapBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SwapDevice(body, user.scope, context));
    return { position: result.position, body: { message: `IMEI ${body.sold_imei} swapped for ${body.replacement_imei}` } };
  }

  @Serves('POST /api/v1/agent/device_swap')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async swapAsAgent(@RouteBody() body: DeviceSwapBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SwapDevice(body, this.asAgent(user).scope, context));
    return { position: result.position, body: { message: `IMEI ${body.sold_imei} swapped for ${body.replacement_imei}` } };
  }

  @Serves('POST /api/v1/manager/approve_reject_rma_devices')
  @HttpCode(200)
  @ReadYourWrites('inventory', 'rma')
  async answerRma(@RouteBody() body: AnswerRmaDevicesBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const status = body.status as 2 | 3;
    const answer = { status, devices: body.rma_devices_list.map((item) => ({ rma_device_id: item.rma_device_id, comments: item.comments ?? null })) };
    const result = await this.commands.execute(new AnswerRmaDevices('approval', answer, user.scope, context));
    return { position: result.position, body: { message: `${devices(result.count)} ${status === 2 ? 'approved' : 'rejected'}` } };
  }
}
