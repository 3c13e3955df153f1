import { Controller, Inject } from '@nestjs/common';
import { RouteQuery, Serves } from '../platform/http/serves';
import { type AnnouncementListQuery, type ExportAnswer, type ExportFormatQuery } from '@portal/contracts';
import { hasNewAnnouncement, listAnnouncements } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { ExportStarter } from '../exports/export-starter';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { AnnouncementCommands } from './announcement.commands';
import { announcementExport } from './announcement-export';

/** Announcements (doc 3 §7 Documents and announcements; doc 1 §7 Auth): the list, the prompt flag, marking as seen. */
@Controller()
export class AnnouncementsController {
  private readonly announcements: AnnouncementCommands;
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly exports: ExportStarter,
  ) {
    this.announcements = new AnnouncementCommands(platform.database, platform.eventStore);
  }

  @Serves('GET /api/v1/announcements')
  async list(@RouteQuery() query: AnnouncementListQuery) {
    return { items: await listAnnouncements(this.platform.database.db, query.page, query.results) };
  }

  /** view_flag 1 prompts the IMPORTANT ANNOUNCEMENTS dialog: something was published after the caller last marked them seen. */
  @Serves('GET /api/v1/announcements/check_new')
  async checkNew(@CurrentUser() user: AuthenticatedUser): Promise<{ data: { view_flag: 1 | 0 } }> {
    return { data: { view_flag: (await hasNewAnnouncement(this.platform.database.db, user.user_id)) ? 1 : 0 } };
  }

  /** A GET that records (the spec's client calls it so); idempotent, and check_new answers 0 right after. */
  @Serves('GET /api/v1/announcements/update_as_viewed')
  @ReadYourWrites('announcements')
  async updateAsViewed(@CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const position = await this.announcements.markViewed(user.user_id, context);
    return { position, body: { message: 'Announcements marked as viewed' } };
  }

  /** GET /api/v1/announcement_export (ours: the spec names no export for this list): the Announcements table as CSV or XLSX. */
  @Serves('GET /api/v1/announcement_export')
  async export(@RouteQuery() query: ExportFormatQuery, @CurrentUser() user: AuthenticatedUser): Promise<ExportAnswer> {
    return this.exports.start(announcementExport, query.format, user, {});
  }
}
