import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type MessageEvent, type Position, START, messagesReadStream } from '@portal/contracts';
import { newestMessageTime } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideMarkRead, readMarkOf } from './manager-message.decider';

/**
 * MarkMessagesRead (the Message History opened): the read mark moves to the newest message the
 * person has now, so one arriving meanwhile stays unread. Nothing is appended when it is already there.
 */
export class MarkMessagesRead extends Command<{ readonly position: Position }> {
  constructor(
    readonly reader: { readonly user_id: string; readonly roles: readonly number[] },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(MarkMessagesRead)
export class MarkMessagesReadHandler implements ICommandHandler<MarkMessagesRead> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ reader, context }: MarkMessagesRead): Promise<{ position: Position }> {
    return withConcurrencyRetry(async () => {
      const streamId = messagesReadStream(reader.user_id);
      const history = await this.platform.eventStore.readStream(streamId);
      const current = readMarkOf(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as MessageEvent));
      const events = decideMarkRead(reader.user_id, await newestMessageTime(this.platform.database.db, reader), current);
      if (events.length === 0) return { position: history[history.length - 1]?.position ?? START };
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId, expectedVersion: history.length === 0 ? 'no_stream' : history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return { position: result.position };
    });
  }
}
