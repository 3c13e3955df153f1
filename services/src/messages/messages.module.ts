import { Module } from '@nestjs/common';
import { MarkMessagesReadHandler } from './mark-messages-read.command';
import { MessagesController } from './messages.controller';
import { SendManagerMessageHandler } from './send-manager-message.command';

/** Messages over HTTP: the Message History, the bell's unread count, marking as read, a manager's message to agents. */
@Module({
  controllers: [MessagesController],
  providers: [MarkMessagesReadHandler, SendManagerMessageHandler],
})
export class MessagesModule {}
