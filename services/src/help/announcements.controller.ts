import { Controller, HttpCode, Inject, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ANNOUNCEMENT_FILE_MAX_BYTES,
  type AnnouncementListQuery,
  type ExportAnswer,
  type ExportDownloadQuery,
  type ExportFormatQuery,
  HELP_MESSAGES,
  type HelpFileParams,
  type PublishAnnouncementBody,
} from '@portal/contracts';
import { announcementFileIn, hasNewAnnouncement, listAnnouncements } from '@portal/projections';
import type { Response } from 'express';
import type { AuthenticatedUser } from '../auth/auth.service';
import { signingSecret } from '../auth/credentials.store';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteParams, RouteQuery, Serves } from '../platform/http/serves';
import { sendStoredFile } from '../platform/http/stored-file';
import { ExportStarter } from '../exports/export-starter';
import type { Platform } from '../platform/platform';
import { UploadStorage } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import { AnnouncementCommands } from './announcement.commands';
import { announcementExport } from './announcement-export';
import { checkHelpFileSignature, helpContentTypeOf, pendingHelpFile, requireGoodLink, signedHelpFilePath } from './help-files';
import { PublishAnnouncement } from './publish-announcement.command';
import { publisherOf } from './publisher';

type UploadedHelpFile = { readonly buffer: Buffer } | undefined;
const oneFile = FileInterceptor('file', { limits: { fileSize: ANNOUNCEMENT_FILE_MAX_BYTES, files: 1 } });
/** Our storage's announcement files, as documents' urls hold them: `/files/announcement-files/<uuid>.<ext>`. */
const OWN_FILE = /^\/files\/announcement-files\/([0-9a-f-]{36}\.[a-z0-9]{1,5})$/;

/** Announcements (doc 3 §7 Documents and announcements; doc 1 §7 Auth): the list, the prompt flag, marking as seen, publishing, files. */
@Controller()
export class AnnouncementsController {
  private readonly announcements: AnnouncementCommands;
  private readonly uploads: UploadStorage;
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
    private readonly commands: CommandBus,
  ) {
    this.announcements = new AnnouncementCommands(platform.database, platform.eventStore);
    this.uploads = UploadStorage.underDataDirectory(platform.config.dataDirectory);
  }

  /** The announcements for the caller (their roles, their retailer); a file of ours as a signed link, a link elsewhere as given. */
  @Serves('GET /api/v1/announcements')
  async list(@RouteQuery() query: AnnouncementListQuery, @CurrentUser() user: AuthenticatedUser) {
    const page = await listAnnouncements(this.platform.database.db, { user_id: user.user_id, roles: user.roles }, query.page, query.results);
    const secret = await signingSecret(this.platform.database.db);
    const signed = (url: string) => {
      const own = OWN_FILE.exec(url);
      return own ? signedHelpFilePath(secret, 'announcement', own[1]!) : url;
    };
    return { items: { ...page, data: page.data.map((row) => ({ ...row, documents: row.documents.map((document) => ({ ...document, aws_document_url: signed(document.aws_document_url) })) })) } };
  }

  /** view_flag 1 prompts the IMPORTANT ANNOUNCEMENTS dialog: something for the caller was published after they last marked them seen. */
  @Serves('GET /api/v1/announcements/check_new')
  async checkNew(@CurrentUser() user: AuthenticatedUser): Promise<{ data: { view_flag: 1 | 0 } }> {
    return { data: { view_flag: (await hasNewAnnouncement(this.platform.database.db, { user_id: user.user_id, roles: user.roles })) ? 1 : 0 } };
  }

  /** A GET that records (the spec's client calls it so); idempotent, and check_new answers 0 right after. */
  @Serves('GET /api/v1/announcements/update_as_viewed')
  @ReadYourWrites('announcements')
  async updateAsViewed(@CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const position = await this.announcements.markViewed(user.user_id, context);
    return { position, body: { message: 'Announcements marked as viewed' } };
  }

  /** The publishing screen (roles 1 and 12): the file is recognised by its bytes first and written only if the announcement is accepted. */
  @Serves('POST /api/v1/announcements')
  @HttpCode(201)
  @ReadYourWrites('announcements')
  @UseInterceptors(oneFile)
  async publish(@UploadedFile() upload: UploadedHelpFile, @RouteBody() body: PublishAnnouncementBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string; id: string }>> {
    const file = pendingHelpFile(this.uploads, 'announcement-files', upload?.buffer, ['pdf', 'png', 'jpg'], HELP_MESSAGES.announcementFile, ANNOUNCEMENT_FILE_MAX_BYTES);
    const result = await this.commands.execute(new PublishAnnouncement(body, publisherOf(user), file, context));
    return { position: result.position, body: { message: HELP_MESSAGES.announcementPublished, id: result.id } };
  }

  /** Public: the signature over the file's name is the credential; a file no announcement names answers as a missing one. */
  @Serves('GET /api/v1/announcements/files/:id')
  async file(@RouteParams() { id }: HelpFileParams, @RouteQuery() query: ExportDownloadQuery, @Res() response: Response): Promise<void> {
    const secret = await signingSecret(this.platform.database.db);
    requireGoodLink(checkHelpFileSignature(secret, 'announcement', id, query.expires, query.signature), 'Announcements');
    const missing = 'That file is no longer available.';
    const key = `announcement-files/${id}`;
    const document = await announcementFileIn(this.platform.database.db, `/files/${key}`);
    if (!document) throw new DomainError(missing, 404);
    await sendStoredFile(response, this.uploads, key, helpContentTypeOf(key), `inline; filename="${document.name.replace(/[^\w .-]+/g, '').trim() || 'file'}"`, missing);
  }

  /** GET /api/v1/announcement_export (ours: the spec names no export for this list): the caller's Announcements table as CSV or XLSX. */
  @Serves('GET /api/v1/announcement_export')
  async export(@RouteQuery() query: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(announcementExport, query.format, user, { reader: { user_id: user.user_id, roles: user.roles } });
  }
}
