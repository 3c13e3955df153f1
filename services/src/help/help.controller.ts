import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type FaqEntry, type FaqQuery, HELP_MESSAGES, type HelpContacts, type SupportRequestBody } from '@portal/contracts';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { searchFaq } from './faq.content';
import { SendSupportRequest } from './send-support-request.command';

/** The Help centre (doc 3 §2): its contacts, the support request form, the FAQ. */
@Controller()
export class HelpController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {}

  @Serves('GET /api/v1/help/contacts')
  contacts(): { data: HelpContacts } {
    return { data: { email: this.platform.config.SUPPORT_EMAIL, phone: this.platform.config.SUPPORT_PHONE } };
  }

  /** Recorded, then mailed to support through the mail queue; nothing for a read model to wait for. */
  @Serves('POST /api/v1/help/support_request')
  @HttpCode(201)
  async supportRequest(@RouteBody() body: SupportRequestBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<{ message: string }> {
    await this.commands.execute(new SendSupportRequest(body, user.user_id, context));
    return { message: HELP_MESSAGES.supportSent };
  }

  @Serves('GET /api/v1/faq')
  faq(@RouteQuery() query: FaqQuery): { data: FaqEntry[] } {
    return { data: searchFaq(query.search_text) };
  }
}
