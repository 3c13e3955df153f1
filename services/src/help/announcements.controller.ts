import { Controller, Get, Inject, Query } from '@nestjs/common';
import { type AnnouncementListQuery, type ExportAnswer, type ExportFormatQuery, announcementListQuery, exportFormatQuery } from '@portal/contracts';
import { hasNewAnnouncement, listAnnouncements } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { ExportStarter } from '../exports/export-starter';
import { ZodValidation } from '../platform/http/zod-body';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AnnouncementCommands } from './announcement.commands';
import { announcementExport } from './announcement-export';

/** Announcements (doc 3 §7 Documents and announcements; doc 1 §7 Auth): the list, the prompt flag, marking as seen. */
@Controller('api/v1')
export class AnnouncementsController {
  private readonly announcements: AnnouncementCommands;
  private readonly exports: ExportStarter;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {
    this.announcements = new AnnouncementCommands(platform.database, platform.eventStore);
    this.exports = new ExportStarter(platform);
  }

  @Get('announcements')
  async list(@Query(new ZodValidation(announcementListQuery)) query: AnnouncementListQuery) {
    return { items: await listAnnouncements(this.platform.database.db, query.page, query.results) };
  }

  /** view_flag 1 prompts the IMPORTANT ANNOUNCEMENTS dialog: something was published after the caller last marked them seen. */
  @Get('announcements/check_new')
  async checkNew(@CurrentUser() user: AuthenticatedUser): Promise<{ data: { view_flag: 1 | 0 } }> {
    return { data: { view_flag: (await hasNewAnnouncement(this.platform.database.db, user.user_id)) ? 1 : 0 } };
  }

  /** A GET that records (the spec's client calls it so); idempotent, and check_new answers 0 right after. */
  @Get('announcements/update_as_viewed')
  @ReadYourWrites('announcements')
  async updateAsViewed(@CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const position = await this.announcements.markViewed(user.user_id, context);
    return { position, body: { message: 'Announcements marked as viewed' } };
  }

  /** GET /api/v1/announcement_export (ours: the spec names no export for this list): the Announcements table as CSV or XLSX. */
  @Get('announcement_export')
  async export(@Query(new ZodValidation(exportFormatQuery)) query: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(announcementExport, query.format, user, {});
  }
}
