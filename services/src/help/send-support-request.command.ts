import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Position, type SupportRequestBody, type SupportRequestEvent, supportRequestStream } from '@portal/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { enqueueMail } from '../platform/mail/mail-sender';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';

/**
 * SendSupportRequest (the Help centre's request form, instead of the spec's chat widget): the
 * message is recorded as an event, then mailed to SUPPORT_EMAIL through the mail queue (so a slow
 * mail server never holds the request, and a failed send is retried).
 */
export class SendSupportRequest extends Command<{ readonly id: string; readonly position: Position }> {
  constructor(
    readonly body: SupportRequestBody,
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SendSupportRequest)
export class SendSupportRequestHandler implements ICommandHandler<SendSupportRequest> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, userId, context }: SendSupportRequest): Promise<{ id: string; position: Position }> {
    const id = uuidv7();
    const to = this.platform.config.SUPPORT_EMAIL;
    const event: SupportRequestEvent = { type: 'SupportRequestSent', data: { request_id: id, user_id: userId, name: body.name, email: body.email, subject: body.subject, message: body.message, sent_to: to } };
    const result = await this.platform.eventStore.append([{ streamId: supportRequestStream(id), expectedVersion: 'no_stream', events: [{ ...event, metadata: eventMetadata(context) }] }]);
    await enqueueMail(this.platform.jobs, {
      to,
      subject: `[Support] ${body.subject}`,
      replyTo: body.email,
      text: `From: ${body.name} <${body.email}>\nUser: ${userId}\nRequest: ${id}\n\n${body.message}\n\nReply to ${body.email}.`,
    });
    return { id, position: result.position };
  }
}
