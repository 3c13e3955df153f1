import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ANSWER, type AnswerTransferBody, type AssignDeviceBody, DEVICE_CHOICE, type ExportAnswer, type StockListQuery, type TransferToOfficeBody } from '@portal/contracts';
import { agentsInScope, agentsOfOffice, canReceiveTransfer, managedOffices, stockCartons, transferRequests, transferTargetOffices } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { type Message, answered, devices } from './answers';
import { AnswerTransfer } from './answer-transfer.command';
import { AssignDevice } from './assign-device.command';
import { transferRequestsExport } from './inventory-exports';
import { NO_SUCH_OFFICE } from './receive-job.decider';
import { TransferDevice } from './transfer-device.command';

/** Assign, Transfer Inventory and Accept Transfer (doc 1 §2.6, §2.7), with the office and agent pickers their drawers use. */
@Controller()
export class AssignController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  @Serves('GET /api/v1/manager/agentassignlist')
  async assignableCartons(@RouteQuery() query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await stockCartons(this.db, user.scope, query) };
  }

  @Serves('POST /api/v1/manager/assigndevice')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async assign(@RouteBody() body: AssignDeviceBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const chosen = body.devicestatus === DEVICE_CHOICE.CARTONS ? { cartons: body.carton_number ?? [] } : { imeis: body.imei ?? [] };
    const result = await this.commands.execute(new AssignDevice({ office_id: body.office_id, agent_id: body.agent_id, ...chosen }, user.scope, context));
    return answered(result, `${devices(result.count)} assigned successfully`);
  }

  @Serves('POST /api/v1/manager/transfer_device', 'POST /api/v1/manager/transfer_devices_to_other_office')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async transfer(@RouteBody() body: TransferToOfficeBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const chosen = body.devicestatus === DEVICE_CHOICE.CARTONS ? { cartons: body.carton_number ?? [] } : { imeis: body.imei ?? [] };
    const result = await this.commands.execute(new TransferDevice({ office_id: body.office_id, agent_id: body.agent_id, ...chosen }, user.scope, context));
    return answered(result, `${devices(result.count)} transferred successfully`);
  }

  @Serves('GET /api/v1/manager/transfer_request')
  async transferRequests(@RouteQuery() query: { page: number; results: number; keyword?: string }, @CurrentUser() user: AuthenticatedUser) {
    return { items: await transferRequests(this.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/accept_transfer_request_list_export')
  async transferRequestsExport(@RouteQuery() query: { keyword?: string; format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(transferRequestsExport, query.format, user, { keyword: query.keyword });
  }

  @Serves('POST /api/v1/manager/accept_transfer')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async answerTransfer(@RouteBody() body: AnswerTransferBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const accept = body.status === ANSWER.ACCEPT;
    const result = await this.commands.execute(new AnswerTransfer({ transfer_id: body.transfer_job_id, accept }, user.scope, context));
    return answered(result, `Transfer of ${devices(result.count)} ${accept ? 'accepted' : 'rejected'}`);
  }

  @Serves('GET /api/v1/manager/get_other_office_list')
  async transferTargets(@CurrentUser() user: AuthenticatedUser) {
    return { items: await transferTargetOffices(this.db, user.scope) };
  }

  @Serves('GET /api/v1/manager/get_manager_office_list')
  async managedOffices(@CurrentUser() user: AuthenticatedUser) {
    return { items: await managedOffices(this.db, user.scope) };
  }

  /** Agents of one office: the caller's own offices, or a transfer target of the same retailer. */
  @Serves('POST /api/v1/manager/agent_list_for_office')
  @HttpCode(200)
  async agentsOfOffice(@RouteBody() body: { office_id: string }, @CurrentUser() user: AuthenticatedUser) {
    if (!(await canReceiveTransfer(this.db, user.scope, body.office_id))) throw new DomainError(NO_SUCH_OFFICE, 404);
    return { items: await agentsOfOffice(this.db, body.office_id) };
  }

  @Serves('GET /api/v1/manager/manager_agents_list')
  async agentsInScope(@CurrentUser() user: AuthenticatedUser) {
    return { items: await agentsInScope(this.db, user.scope) };
  }
}
