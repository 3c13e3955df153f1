import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  type ActivationBody,
  type AgentAcceptBody,
  type AgentTransferBody,
  type AnswerCartonsBody,
  type AnswerTransferBody,
  type AssignDeviceBody,
  type ExportAnswer,
  type ReassignBody,
  type ReassignListQuery,
  type ReceiveJobsQuery,
  type ReceiveShipmentBody,
  type StockListQuery,
  type TransferToOfficeBody,
  ASSIGN_SOURCE,
  activationBody,
  deviceImageBody,
  deviceLogParams,
  manifestUploadBody,
  agentAcceptBody,
  agentTransferBody,
  answerCartonsBody,
  answerTransferBody,
  assignDeviceBody,
  exportQuery,
  jobCartonsBody,
  officeAgentsBody,
  reassignBody,
  reassignListQuery,
  receiveJobsQuery,
  receiveShipmentBody,
  stockListQuery,
  transferRequestsQuery,
  transferToOfficeBody,
} from '@portal/contracts';
import {
  agentCounts,
  agentDevices,
  agentPendingJobs,
  agentsInScope,
  agentsOfOffice,
  deviceLog,
  isOfficeInScope,
  jobCartons,
  managedOffices,
  managerCounts,
  reassignableDevices,
  receiveJobOffice,
  receiveJobs,
  stockCartons,
  transferRequests,
  transferTargetOffices,
} from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import type { IntegrationClient } from '../auth/api-keys';
import { Command, CurrentUser, IntegrationCaller } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { ApiError } from '../platform/http/error-filter';
import { IdempotencyKey } from '../platform/http/idempotency-key';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { agentInventoryExport, myInventoryExport, reassignExport, receiveJobsExport, transferRequestsExport } from './inventory-exports';
import { BatchRefusal, InventoryCommands, NO_SUCH_OFFICE } from './inventory.commands';
import { DEVICE_IMAGE_MAX_BYTES, imageTypeOf } from './device-image';
import { UploadStorage } from '../platform/storage/uploads';
import { problemsByRow, readManifest } from './manifest';

/** What an uploaded file looks like to a handler (multer's memory storage). */
interface UploadedManifest {
  readonly originalname: string;
  readonly buffer: Buffer;
  readonly size: number;
}

const MANIFEST_MAX_BYTES = 20_000_000;

type Message = CommandAnswer<{ message: string }>;
const devices = (count: number) => `${count} device${count === 1 ? '' : 's'}`;

/**
 * Device inventory over HTTP (doc 1 §7 "Inventory, manager base", the agent base and the
 * upstream calls): thin — validate, call a command or a query in the caller's scope, answer
 * the spec's shape. Commands wait for the inventory read model (read-your-writes).
 */
@Controller('api')
export class InventoryController {
  private readonly commands: InventoryCommands;
  private readonly exports: ExportStarter;
  private readonly uploads: UploadStorage;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.commands = new InventoryCommands(platform.database, platform.eventStore);
    this.exports = new ExportStarter(platform);
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  private get db() {
    return this.platform.database.db;
  }

  // ----- Receive Inventory (doc 1 §2.5) -----

  @Get('v1/manager/managerjob_v2')
  async receiveJobs(@Query(new ZodValidation(receiveJobsQuery)) query: ReceiveJobsQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await receiveJobs(this.db, user.scope, query) };
  }

  @Get('v1/manager/manager_jobs_export')
  async receiveJobsExport(@Query(new ZodValidation(exportQuery(receiveJobsQuery))) query: ReceiveJobsQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { keyword, assign_source, date_range_start, date_range_end, sort_by, sort } = query;
    return this.exports.start(receiveJobsExport, query.format, user, { keyword, assign_source, date_range_start, date_range_end, sort_by, sort });
  }

  @Post('v1/manager/managerdevicelist')
  @HttpCode(200)
  async jobCartons(@Body(new ZodValidation(jobCartonsBody)) body: { job_id: string }, @CurrentUser() user: AuthenticatedUser) {
    if (!(await receiveJobOffice(this.db, user.scope, body.job_id))) throw new ApiError(404, 'That receive job does not exist.');
    const data = await jobCartons(this.db, body.job_id);
    return { items: { data, total: data.length, current_page: 1 } };
  }

  @Post('v1/manager/manager_accept_selected_cartons')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async answerCartons(@Body(new ZodValidation(answerCartonsBody)) body: AnswerCartonsBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.answerCartons(body, user.scope, context);
    const cartons = `${result.count} carton${result.count === 1 ? '' : 's'}`;
    return { position: result.position, body: { message: body.status === 1 ? `${cartons} accepted successfully` : `${cartons} declined` } };
  }

  /** Upstream shipment (integration key of a retailer): the office must belong to that retailer. */
  @Post('integration/v1/shipments')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  async receiveShipment(
    @Body(new ZodValidation(receiveShipmentBody)) body: ReceiveShipmentBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<CommandAnswer<{ message: string; job_id: string }>> {
    const result = await this.commands.receiveShipment(body, context, { scope: { kind: 'retailer', retailerIds: [caller.retailer_id] }, idempotencyKey });
    return { position: result.position, body: { message: `Received ${devices(result.count)}`, job_id: result.id! } };
  }

  /**
   * A shipment manifest uploaded in the console (CSV or XLSX, one device per row) for an office
   * of the caller's scope: every row is checked first, and a refusal names each bad row;
   * nothing is received unless every row is good. One atomic command however many rows.
   */
  @Post('v1/manager/receive_manifest')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MANIFEST_MAX_BYTES, files: 1 } }))
  async receiveManifest(
    @UploadedFile() file: UploadedManifest | undefined,
    @Body(new ZodValidation(manifestUploadBody)) body: { office_id: string; order_id: string | null },
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<CommandAnswer<{ message: string; job_id: string }>> {
    if (!file) throw new ApiError(400, 'Please choose a manifest file (CSV or XLSX)', { file: 'Please choose a manifest file (CSV or XLSX)' });
    const manifest = await readManifest(file.buffer, file.originalname);
    if (manifest.problems.size > 0) {
      throw new ApiError(400, `${manifest.problems.size} row${manifest.problems.size === 1 ? ' has' : 's have'} problems; nothing was received.`, problemsByRow(manifest.problems));
    }
    try {
      const result = await this.commands.receiveShipment(
        { office_id: body.office_id, source: ASSIGN_SOURCE.UPSTREAM_ALLOCATION, order_id: body.order_id, order_date: null, devices: manifest.devices },
        context,
        { scope: user.scope },
      );
      return { position: result.position, body: { message: `Received ${devices(result.count)}`, job_id: result.id! } };
    } catch (error) {
      if (!(error instanceof BatchRefusal)) throw error;
      const byRow = new Map<number, string[]>();
      for (const problem of error.problems) {
        const row = manifest.rowOf.get(problem.imei) ?? 0;
        byRow.set(row, [...(byRow.get(row) ?? []), problem.message]);
      }
      throw new ApiError(409, `${byRow.size} row${byRow.size === 1 ? ' is' : 's are'} refused; nothing was received.`, problemsByRow(byRow));
    }
  }

  // ----- Assign, transfer, accept transfer (doc 1 §2.6, §2.7) -----

  @Get('v1/manager/agentassignlist')
  async assignableCartons(@Query(new ZodValidation(stockListQuery)) query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await stockCartons(this.db, user.scope, query) };
  }

  @Post('v1/manager/assigndevice')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async assign(@Body(new ZodValidation(assignDeviceBody)) body: AssignDeviceBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.assign(
      { office_id: body.office_id, agent_id: body.agent_id, ...(body.devicestatus === 0 ? { cartons: body.carton_number ?? [] } : { imeis: body.imei ?? [] }) },
      user.scope,
      context,
    );
    return { position: result.position, body: { message: `${devices(result.count)} assigned successfully` } };
  }

  @Post(['v1/manager/transfer_device', 'v1/manager/transfer_devices_to_other_office'])
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async sendToOffice(@Body(new ZodValidation(transferToOfficeBody)) body: TransferToOfficeBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.sendToOffice(
      { office_id: body.office_id, agent_id: body.agent_id, ...(body.devicestatus === 0 ? { cartons: body.carton_number ?? [] } : { imeis: body.imei ?? [] }) },
      user.scope,
      context,
    );
    return { position: result.position, body: { message: `${devices(result.count)} transferred successfully` } };
  }

  @Get('v1/manager/transfer_request')
  async transferRequests(@Query(new ZodValidation(transferRequestsQuery)) query: { page: number; results: number; keyword?: string }, @CurrentUser() user: AuthenticatedUser) {
    return { items: await transferRequests(this.db, user.scope, query) };
  }

  @Get('v1/manager/accept_transfer_request_list_export')
  async transferRequestsExport(@Query(new ZodValidation(exportQuery(transferRequestsQuery))) query: { keyword?: string; format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(transferRequestsExport, query.format, user, { keyword: query.keyword });
  }

  @Post('v1/manager/accept_transfer')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async answerTransfer(@Body(new ZodValidation(answerTransferBody)) body: AnswerTransferBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.answerTransfer({ transfer_id: body.transfer_job_id, accept: body.status === 1 }, user.scope, context);
    return { position: result.position, body: { message: body.status === 1 ? `Transfer of ${devices(result.count)} accepted` : `Transfer of ${devices(result.count)} rejected` } };
  }

  @Get('v1/manager/get_other_office_list')
  async transferTargets(@CurrentUser() user: AuthenticatedUser) {
    return { items: await transferTargetOffices(this.db, user.scope) };
  }

  @Get('v1/manager/get_manager_office_list')
  async managedOffices(@CurrentUser() user: AuthenticatedUser) {
    return { items: await managedOffices(this.db, user.scope) };
  }

  /** Agents of one office: the caller's own offices, or a transfer target of the same retailer. */
  @Post('v1/manager/agent_list_for_office')
  @HttpCode(200)
  async agentsOfOffice(@Body(new ZodValidation(officeAgentsBody)) body: { office_id: string }, @CurrentUser() user: AuthenticatedUser) {
    const reachable = (await isOfficeInScope(this.db, user.scope, body.office_id)) || (await transferTargetOffices(this.db, user.scope)).some((office) => office.id === body.office_id);
    if (!reachable) throw new ApiError(404, NO_SUCH_OFFICE);
    return { items: await agentsOfOffice(this.db, body.office_id) };
  }

  @Get('v1/manager/manager_agents_list')
  async agentsInScope(@CurrentUser() user: AuthenticatedUser) {
    return { items: await agentsInScope(this.db, user.scope) };
  }

  // ----- My Inventory (doc 1 §2.9) -----

  @Get('v1/manager/managerinventorylist_optimisation')
  async myInventory(@Query(new ZodValidation(stockListQuery)) query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await stockCartons(this.db, user.scope, query) };
  }

  @Get('v1/manager/manager_inventory_list_export')
  async myInventoryExport(@Query(new ZodValidation(exportQuery(stockListQuery))) query: StockListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(myInventoryExport, query.format, user, { keyword: query.keyword, office_id: query.office_id });
  }

  // ----- Reassign (doc 1 §2.8) -----

  @Get('v1/manager/reassign_inventory_list')
  async reassignList(@Query(new ZodValidation(reassignListQuery)) query: ReassignListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await reassignableDevices(this.db, user.scope, query) };
  }

  @Get('v1/manager/reassign_inventory_list_export')
  async reassignExport(@Query(new ZodValidation(exportQuery(reassignListQuery))) query: ReassignListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { keyword, office_id, agent_id, carton, imei, status } = query;
    return this.exports.start(reassignExport, query.format, user, { keyword, office_id, agent_id, carton, imei, status });
  }

  @Post('v1/manager/reassign_inventory')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async reassign(@Body(new ZodValidation(reassignBody)) body: ReassignBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.reassign({ imeis: body.imei, office_id: body.office_id, agent_id: body.agent_id }, user.scope, context);
    return { position: result.position, body: { message: `${devices(result.count)} reassigned successfully` } };
  }

  /** One image of a device (manager IMEI and agent-IMEI screens): images only, by their bytes; at most 50,000,000 bytes. */
  @Post('v1/manager/device_image')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: DEVICE_IMAGE_MAX_BYTES, files: 1 } }))
  async deviceImage(
    @UploadedFile() file: UploadedManifest | undefined,
    @Body(new ZodValidation(deviceImageBody)) body: { imei: string },
    @CurrentUser() user: AuthenticatedUser,
    @Command() context: CommandContext,
  ): Promise<Message> {
    if (!file) throw new ApiError(400, 'Please choose an image', { file: 'Please choose an image' });
    const type = imageTypeOf(file.buffer);
    if (!type) throw new ApiError(400, 'Only images can be uploaded', { file: 'Only images can be uploaded' });
    const image = this.uploads.pending('device-images', { bytes: file.buffer, contentType: type.contentType, extension: type.extension });
    const result = await this.commands.recordImage(body.imei, image, user.scope, context);
    return { position: result.position, body: { message: 'Image uploaded successfully' } };
  }

  // ----- Device log, dashboards -----

  @Get('v1/device_log/:id')
  async deviceLog(@Param(new ZodValidation(deviceLogParams)) { id: imei }: { id: string }, @CurrentUser() user: AuthenticatedUser) {
    const log = await deviceLog(this.db, user.scope, imei);
    if (!log) throw new ApiError(404, `IMEI ${imei} is not in your inventory.`);
    return { items: log };
  }

  @Get('v1/dashboard_count')
  async managerDashboard(@CurrentUser() user: AuthenticatedUser) {
    return { data: { data: await managerCounts(this.db, user.scope) } };
  }

  // ----- Agent base (doc 1 §2.14, §2.4 agent dashboard) -----

  @Get('v1/agent/agentdashboard')
  async agentDashboard(@CurrentUser() user: AuthenticatedUser) {
    return { data: await agentCounts(this.db, user.user_id) };
  }

  @Get('v1/agent/agentassignlist')
  async agentJobs(@Query(new ZodValidation(stockListQuery)) query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await agentPendingJobs(this.db, user.user_id, query) };
  }

  @Get('v1/agent/agentinventorylistv1')
  async agentInventory(@Query(new ZodValidation(stockListQuery)) query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await agentDevices(this.db, user.user_id, query) };
  }

  @Get('v1/agent/agent_inventory_list_export')
  async agentInventoryExport(@Query(new ZodValidation(exportQuery(stockListQuery))) query: StockListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(agentInventoryExport, query.format, { ...user, scope: { kind: 'agent', agentId: user.user_id } }, { keyword: query.keyword });
  }

  /** Accept (whole job, or the chosen IMEIs of a partial accept). */
  @Post('v1/agent/accept')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async agentAccept(@Body(new ZodValidation(agentAcceptBody)) body: AgentAcceptBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.answerAgentJob({ agent_id: user.user_id, agent_job_id: body.agent_job_id, accepted: body.imei, returned: [] }, context);
    return { position: result.position, body: { message: `${devices(result.count)} accepted successfully` } };
  }

  /** accept_transfer_status 1: send devices back (waits for the manager); 0: return the rest of a partially accepted job. */
  @Post('v1/agent/transfer_device')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async agentTransfer(@Body(new ZodValidation(agentTransferBody)) body: AgentTransferBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    if (body.accept_transfer_status === 0) {
      if (!body.agent_job_id) throw new ApiError(400, 'agent_job_id is required', { agent_job_id: 'agent_job_id is required' });
      const result = await this.commands.answerAgentJob({ agent_id: user.user_id, agent_job_id: body.agent_job_id, accepted: [], returned: body.imei }, context);
      return { position: result.position, body: { message: `${devices(result.count)} returned to the manager` } };
    }
    const result = await this.commands.requestTransfer({ agent_id: user.user_id, imeis: body.imei, manager_id: body.manager_id, reason: body.reason || 'Transfer to manager' }, context);
    return { position: result.position, body: { message: `Transfer of ${devices(result.count)} sent to the manager` } };
  }

  // ----- Upstream activations (ours; doc 2 sales come from these) -----

  @Post('integration/v1/activations')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  async recordActivation(
    @Body(new ZodValidation(activationBody)) body: ActivationBody,
    @IntegrationCaller() caller: IntegrationClient,
    @Command() context: CommandContext,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ): Promise<Message> {
    const result = await this.commands.recordActivation(body, caller.retailer_id, context, idempotencyKey);
    return { position: result.position, body: { message: `IMEI ${body.imei} activated` } };
  }
}
