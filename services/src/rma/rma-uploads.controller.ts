import { Controller, HttpCode, Inject, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import type { CreateRmaBody, UploadRmaDeviceImageBody } from '@portal/contracts';
import { rmaDeviceImageFile } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { CommandAnswer } from '../platform/http/read-your-writes';
import { ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { IMAGE_MAX_BYTES, imageContentTypeOf, pendingImage } from '../platform/storage/images';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { InitiateRma } from './initiate-rma.command';
import { ReplaceRmaDeviceImage } from './replace-rma-device-image.command';

/** The photo's form field (doc 2 §7: "multipart POST with device_image, reason, imei"). */
const IMAGE_FIELD = 'device_image';
const oneImage = FileInterceptor(IMAGE_FIELD, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
type UploadedImage = { readonly buffer: Buffer } | undefined;

/**
 * RMA with photo evidence (doc 2 §2 Create RMA form, agent-rmareport, the image viewers): a
 * request of one IMEI with its photo, a photo replaced, a photo shown. The photo is checked by its
 * bytes before any command runs and written only once the command accepts (platform/storage).
 */
@Controller()
export class RmaUploadsController {
  private readonly uploads: UploadStorage;

  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  private openWithPhoto(body: CreateRmaBody, file: UploadedImage, openedBy: 'manager' | 'agent', user: AuthenticatedUser, context: CommandContext) {
    const image = pendingImage(this.uploads, 'rma-images', file?.buffer, IMAGE_FIELD);
    const request = { imei_list: [{ imei: body.imei, reason: body.reason, notes: body.notes ?? undefined }] };
    const scope = openedBy === 'agent' ? { kind: 'agent' as const, agentId: user.user_id } : user.scope;
    return this.commands.execute(new InitiateRma(request, openedBy, scope, context, image));
  }

  @Serves('POST /api/v1/manager/create_rma')
  @HttpCode(201)
  @ReadYourWrites('inventory', 'rma')
  @UseInterceptors(oneImage)
  async createAsManager(@UploadedFile() file: UploadedImage, @RouteBody() body: CreateRmaBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; rma_device_id: string }>> {
    const result = await this.openWithPhoto(body, file, 'manager', user, context);
    return { position: result.position, body: { message: `RMA initiated for IMEI ${body.imei}`, rma_device_id: result.rma_device_ids[0]! } };
  }

  @Serves('POST /api/v1/agent/create_rma')
  @HttpCode(201)
  @ReadYourWrites('inventory', 'rma')
  @UseInterceptors(oneImage)
  async createAsAgent(@UploadedFile() file: UploadedImage, @RouteBody() body: CreateRmaBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; rma_device_id: string }>> {
    const result = await this.openWithPhoto(body, file, 'agent', user, context);
    return { position: result.position, body: { message: `Return requested for IMEI ${body.imei}`, rma_device_id: result.rma_device_ids[0]! } };
  }

  @Serves('POST /api/v1/manager/upload_rma_device_image')
  @HttpCode(201)
  @ReadYourWrites('rma')
  @UseInterceptors(oneImage)
  async replaceImage(@UploadedFile() file: UploadedImage, @RouteBody() body: UploadRmaDeviceImageBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const image = pendingImage(this.uploads, 'rma-images', file?.buffer, IMAGE_FIELD);
    const result = await this.commands.execute(new ReplaceRmaDeviceImage(body.rma_device_id, image, user.scope, context));
    return { position: result.position, body: { message: 'Image uploaded successfully' } };
  }

  /** The photo of an RMA device in scope; no photo, an unknown id and one outside the scope answer alike (docs/adr/0001). */
  @Serves('GET /api/v1/manager/rma_device_image/:id')
  async image(@RouteParams() { id }: { id: string }, @CurrentUser() user: AuthenticatedUser): Promise<StreamableFile> {
    const key = await rmaDeviceImageFile(this.platform.database.db, user.scope, id);
    const bytes = key ? await this.uploads.read(key) : undefined;
    if (!key || !bytes) throw new DomainError('That RMA device has no image.', 404);
    return new StreamableFile(bytes, { type: imageContentTypeOf(key), disposition: 'inline', length: bytes.length });
  }
}
