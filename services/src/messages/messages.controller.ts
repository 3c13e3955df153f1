import { Controller, HttpCode, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MESSAGE_TEXTS, type MessageListAnswer, type MessageListQuery, type SendMessageBody, type UnreadAnswer } from '@portal/contracts';
import { messagesOf, unreadMessageCount } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { Command, CurrentUser } from '../auth/current-user';
import type { CommandContext } from '../platform/commands/command-context';
import { type CommandAnswer, ReadYourWrites } from '../platform/http/read-your-writes';
import { RouteBody, RouteQuery, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { MarkMessagesRead } from './mark-messages-read.command';
import { SendManagerMessage } from './send-manager-message.command';

const readerOf = (user: AuthenticatedUser) => ({ user_id: user.user_id, roles: user.roles });

/** Each person's messages (doc 2 §2 Transaction / agent-Transaction, §7 transaction_history), the header bell, and a manager's message to agents. */
@Controller()
export class MessagesController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly commands: CommandBus,
  ) {}

  @Serves('GET /api/v1/manager/transaction_history')
  async list(@RouteQuery() query: MessageListQuery, @CurrentUser() user: AuthenticatedUser): Promise<MessageListAnswer> {
    const { unread, ...page } = await messagesOf(this.platform.database.db, readerOf(user), query.page, query.results);
    return {
      items: { data: page.data.map((row) => ({ id: row.id, kind: row.kind, created_date: row.created_at.toISOString(), message: row.message, read: row.read })), total: page.total, current_page: page.current_page },
      unread,
    };
  }

  @Serves('GET /api/v1/messages/unread')
  async unread(@CurrentUser() user: AuthenticatedUser): Promise<UnreadAnswer> {
    return { unread: await unreadMessageCount(this.platform.database.db, readerOf(user)) };
  }

  @Serves('POST /api/v1/messages/read')
  @HttpCode(200)
  @ReadYourWrites('messages')
  async read(@CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new MarkMessagesRead(readerOf(user), context));
    return { position: result.position, body: { message: 'Messages marked as read' } };
  }

  @Serves('POST /api/v1/messages')
  @HttpCode(201)
  @ReadYourWrites('messages')
  async send(@RouteBody() body: SendMessageBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext): Promise<CommandAnswer<{ message: string }>> {
    const result = await this.commands.execute(new SendManagerMessage(body, { user_id: user.user_id, scope: user.scope }, context));
    return { position: result.position, body: { message: `${MESSAGE_TEXTS.messageSent} to ${result.recipients} ${result.recipients === 1 ? 'agent' : 'agents'}` } };
  }
}
