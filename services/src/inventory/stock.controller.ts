import { Controller, HttpCode, Inject, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import type { ExportAnswer, ReassignBody, ReassignListQuery, StockListQuery } from '@portal/contracts';
import { deviceLog, reassignableDevices, stockCartons } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import { ExportStarter } from '../exports/export-starter';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { IMAGE_MAX_BYTES } from '../platform/storage/images';
import { PLATFORM } from '../platform/tokens';
import { type Message, answered, devices } from './answers';
import { myInventoryExport, reassignExport } from './inventory-exports';
import { ReassignDevice } from './reassign-device.command';
import { UploadDeviceImage } from './upload-device-image.command';

/** The manager's stock (doc 1 §2.8 Reassign, §2.9 My Inventory), a device's image and its log. */
@Controller()
export class StockController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
    private readonly exports: ExportStarter,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  @Serves('GET /api/v1/manager/managerinventorylist_optimisation')
  async myInventory(@RouteQuery() query: StockListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await stockCartons(this.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/manager_inventory_list_export')
  async myInventoryExport(@RouteQuery() query: StockListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(myInventoryExport, query.format, user, { keyword: query.keyword, office_id: query.office_id });
  }

  @Serves('GET /api/v1/manager/reassign_inventory_list')
  async reassignList(@RouteQuery() query: ReassignListQuery, @CurrentUser() user: AuthenticatedUser) {
    return { items: await reassignableDevices(this.db, user.scope, query) };
  }

  @Serves('GET /api/v1/manager/reassign_inventory_list_export')
  async reassignExport(@RouteQuery() query: ReassignListQuery & { format: 'csv' | 'xlsx' }, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    const { keyword, office_id, agent_id, carton, imei, status } = query;
    return this.exports.start(reassignExport, query.format, user, { keyword, office_id, agent_id, carton, imei, status });
  }

  @Serves('POST /api/v1/manager/reassign_inventory')
  @HttpCode(200)
  @ReadYourWrites('inventory')
  async reassign(@RouteBody() body: ReassignBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const result = await this.commands.execute(new ReassignDevice({ imeis: body.imei, office_id: body.office_id, agent_id: body.agent_id }, user.scope, context));
    return answered(result, `${devices(result.count)} reassigned successfully`);
  }

  /**
   * One image of a device (manager IMEI and agent-IMEI screens): images only, by their bytes; at
   * most 50,000,000 bytes. The file comes as `file` (our console) or `imei_image` (the spec's name).
   */
  @Serves('POST /api/v1/manager/device_image')
  @HttpCode(201)
  @ReadYourWrites('inventory')
  @UseInterceptors(FileFieldsInterceptor([{ name: 'file', maxCount: 1 }, { name: 'imei_image', maxCount: 1 }], { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } }))
  async deviceImage(@UploadedFiles() files: Partial<Record<'file' | 'imei_image', readonly { readonly buffer: Buffer }[]>> | undefined, @RouteBody() body: { imei: string }, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<Message> {
    const file = files?.file?.[0] ?? files?.imei_image?.[0];
    const result = await this.commands.execute(new UploadDeviceImage(body.imei, file?.buffer, user.scope, context));
    return answered(result, 'Image uploaded successfully');
  }

  @Serves('GET /api/v1/device_log/:id')
  async deviceLog(@RouteParams() { id: imei }: { id: string }, @CurrentUser() user: AuthenticatedUser) {
    const log = await deviceLog(this.db, user.scope, imei);
    if (!log) throw new DomainError(`IMEI ${imei} is not in your inventory.`, 404);
    return { items: log };
  }
}
