import { Controller, HttpCode, Inject, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ANSWER, type AnswerCartonsBody, type ExportAnswer, type ReceiveJobsQuery, type ReceiveShipmentBody } from '@portal/contracts';
import { jobCartons, receiveJobOffice, receiveJobs } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import type { IntegrationClient } from '../auth/api-keys.store';
import { Command, CurrentUser, IntegrationCaller } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { IdempotencyKey } from '../platform/http/idempotency-key';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { answered, devices } from './answers';
import { AnswerCartons } from './answer-cartons.command';
import { receiveJobsExport } from './inventory-exports';
import { ReceiveCarton } from './receive-carton.command';
import { ReceiveManifest } from './receive-manifest.command';

const MANIFEST_MAX_BYTES = 20_000_000;

/** Receive Inventory (doc 1 §2.5): receive jobs, their cartons, accept/decline, and how shipments arrive (upstream, manifest upload). */
@Controller()
export class ReceiveController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  @Serves('GET /api/v1/manager/managerjob_v2')
  async receiveJobs(@RouteQuery() query: ReceiveJobsQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await receiveJobs(this.platform.database.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/manager_jobs_export')
  async receiveJobsExport(@RouteQuery() query: ReceiveJobsQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { keyword, assign_source, date_range_start, date_range_end, sort_by, sort } = query;
    return this.exports.start(receiveJobsExport, query.format, user, { keyword, assign_source, date_range_start, date_range_end, sort_by, sort });
  }

  @Serves('POST /api/v1/manager/managerdevicelist')
  @HttpCode(200)
  async jobCartons(@RouteBody() body: { job_id: string }, @CurrentUser() user: AuthenticatedUser) {
    const db = this.platform.database.db;
    if (!(await receiveJobOffice(db, user.scope, body.job_id))) throw new DomainError('That receive job does not exist.', 404);
    const data = await jobCartons(db, body.job_id);
    return { items: { data, total: data.length, current_page: 1 } };
  }

  @Serves('POST /api/v1/manager/manager_accept_selected_cartons')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async answerCartons(@RouteBody() body: AnswerCartonsBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const accept = body.status === ANSWER.ACCEPT;
    const result = await this.commands.execute(new AnswerCartons({ job_id: body.job_id, carton_numbers: body.carton_numbers, accept, reason: body.decline_reason }, user.scope, context));
    const cartons = `${result.count} carton${result.count === 1 ? '' : 's'}`;
    return answered(result, accept ? `${cartons} accepted successfully` : `${cartons} declined`);
  }

  /** Upstream shipment (integration key of a retailer): the office must belong to that retailer. */
  @Serves('POST /api/integration/v1/shipments')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  async receiveShipment(
    @RouteBody() body: ReceiveShipmentBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<CommandAnswer<{ message: string; job_id: string }>> {
    const result = await this.commands.execute(new ReceiveCarton(body, context, { scope: { kind: 'retailer', retailerIds: [caller.retailer_id] }, idempotencyKey }));
    return { position: result.position, body: { message: `Received ${devices(result.count)}`, job_id: result.id! } };
  }

  /** A shipment manifest (CSV or XLSX) uploaded in the console for an office of the caller's scope: all rows or none. */
  @Serves('POST /api/v1/manager/receive_manifest')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MANIFEST_MAX_BYTES, files: 1 } }))
  async receiveManifest(
    @UploadedFile() file: { readonly originalname: string; readonly buffer: Buffer } | undefined,
    @RouteBody() body: { office_id: string; order_id: string | null },
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<CommandAnswer<{ message: string; job_id: string }>> {
    const result = await this.commands.execute(new ReceiveManifest(file, body, user.scope, context));
    return { position: result.position, body: { message: `Received ${devices(result.count)}`, job_id: result.id! } };
  }
}
