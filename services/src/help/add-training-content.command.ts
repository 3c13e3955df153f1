import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddTrainingContentBody, type Position, trainingContentStream } from '@portal/contracts';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import type { PendingUpload } from '../platform/storage/uploads';
import { PLATFORM } from '../platform/tokens';
import type { HelpPublisher } from './publisher';
import { decideAddTrainingContent } from './training.decider';

/** AddTrainingContent (the Training Content screen, roles 1 and 12): a document or a video, uploaded or linked. */
export class AddTrainingContent extends Command<{ readonly id: string; readonly position: Position }> {
  constructor(
    readonly body: AddTrainingContentBody,
    readonly publisher: HelpPublisher,
    /** The file, already recognised by its bytes; written only if the content is accepted. */
    readonly file: PendingUpload | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AddTrainingContent)
export class AddTrainingContentHandler implements ICommandHandler<AddTrainingContent> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, publisher, file, context }: AddTrainingContent): Promise<{ id: string; position: Position }> {
    const id = uuidv7();
    const decision = decideAddTrainingContent({ content_id: id, body, file: file && { key: file.key, content_type: file.contentType, size: file.size } }, publisher);
    const append = async (events: Exclude<typeof decision, DomainError>) => {
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId: trainingContentStream(id), expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
      return { id, position: result.position };
    };
    if (file) return file.keepIfAccepted(decision, append);
    if (decision instanceof DomainError) throw decision;
    return append(decision);
  }
}
