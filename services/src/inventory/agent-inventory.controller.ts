import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AGENT_TRANSFER, type AgentAcceptBody, type AgentTransferBody, type ExportAnswer, type PartialAcceptBody, type StockListQuery } from '@portal/contracts';
import { agentDevices, agentPendingJobs } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AnswerAgentJob } from './answer-agent-job.command';
import { type Message, answered, devices } from './answers';
import { agentInventoryExport } from './inventory-exports';
import { PartiallyAcceptAgentJob } from './partially-accept-agent-job.command';
import { RequestTransfer } from './request-transfer.command';

/** The agent's inventory (doc 1 §2.14): jobs to accept (whole or in part), their devices, sending devices back. */
@Controller()
export class AgentInventoryController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/agent/agentassignlist')
  async agentJobs(@RouteQuery() query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await agentPendingJobs(this.platform.database.db, user.user_id, query) };
  }

  @Serves('GET /api/v1/agent/agentinventorylistv1')
  async agentInventory(@RouteQuery() query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await agentDevices(this.platform.database.db, user.user_id, query) };
  }

  @Serves('GET /api/v1/agent/agent_inventory_list_export')
  async agentInventoryExport(@RouteQuery() query: StockListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(agentInventoryExport, query.format, { ...user, scope: { kind: 'agent', agentId: user.user_id } }, { keyword: query.keyword });
  }

  /** Accept (the whole job, or the chosen IMEIs of the spec's two-call partial accept). */
  @Serves('POST /api/v1/agent/accept')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async accept(@RouteBody() body: AgentAcceptBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.execute(new AnswerAgentJob({ agent_id: user.user_id, agent_job_id: body.agent_job_id, accepted: body.imei, returned: [] }, context));
    return answered(result, `${devices(result.count)} accepted successfully`);
  }

  /** Partial accept in one call (ours): the chosen IMEIs are accepted, the job's other devices go back to the manager. */
  @Serves('POST /api/v1/agent/partial_accept')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async partialAccept(@RouteBody() body: PartialAcceptBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.execute(new PartiallyAcceptAgentJob({ agent_id: user.user_id, agent_job_id: body.agent_job_id, imeis: body.imei }, context));
    return answered(result, `${devices(result.count)} accepted successfully; ${devices(result.returned)} returned to the manager`);
  }

  /** accept_transfer_status 1: send devices back (waits for the manager); 0: return the rest of a partially accepted job. */
  @Serves('POST /api/v1/agent/transfer_device')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async transferBack(@RouteBody() body: AgentTransferBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    if (body.accept_transfer_status === AGENT_TRANSFER.RETURN_REST) {
      const result = await this.commands.execute(new AnswerAgentJob({ agent_id: user.user_id, agent_job_id: body.agent_job_id!, accepted: [], returned: body.imei }, context));
      return answered(result, `${devices(result.count)} returned to the manager`);
    }
    const result = await this.commands.execute(new RequestTransfer({ agent_id: user.user_id, imeis: body.imei, manager_id: body.manager_id, reason: body.reason }, context));
    return answered(result, `Transfer of ${devices(result.count)} sent to the manager`);
  }
}
