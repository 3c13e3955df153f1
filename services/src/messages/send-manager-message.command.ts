import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Position, type SendMessageBody, managerMessageStream } from '@portal/contracts';
import { type Scope, activeAgentIdsOfOffice, isOfficeInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideSendMessage } from './manager-message.decider';

/** SendManagerMessage (Send Message on the Message History, managers): to agents of an office in the sender's scope. */
export class SendManagerMessage extends Command<{ readonly position: Position; readonly recipients: number }> {
  constructor(
    readonly body: SendMessageBody,
    readonly sender: { readonly user_id: string; readonly scope: Scope },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SendManagerMessage)
export class SendManagerMessageHandler implements ICommandHandler<SendManagerMessage> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, sender, context }: SendManagerMessage): Promise<{ position: Position; recipients: number }> {
    const db = this.platform.database.db;
    const inScope = await isOfficeInScope(db, sender.scope, body.office_id);
    const id = uuidv7();
    const decision = decideSendMessage(
      { message_id: id, sender_id: sender.user_id, office_id: body.office_id, agent_ids: body.agent_ids, message: body.message },
      { office_in_scope: inScope, active_agent_ids: inScope ? await activeAgentIdsOfOffice(db, body.office_id) : [] },
    );
    if (decision instanceof DomainError) throw decision;
    const metadata = eventMetadata(context);
    const result = await this.platform.eventStore.append([{ streamId: managerMessageStream(id), expectedVersion: 'no_stream', events: decision.map((event) => ({ ...event, metadata })) }]);
    const sent = decision[0]!;
    return { position: result.position, recipients: sent.type === 'ManagerMessageSent' ? sent.data.recipient_ids.length : 0 };
  }
}
