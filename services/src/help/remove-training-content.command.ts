import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Position, trainingContentStream } from '@portal/contracts';
import { type Scope, managedTrainingContent } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import type { HelpPublisher } from './publisher';
import { decideRemoveTrainingContent } from './training.decider';

/** RemoveTrainingContent: the trees stop offering it; its stream (and file) keep its history. */
export class RemoveTrainingContent extends Command<{ readonly position: Position }> {
  constructor(
    readonly contentId: string,
    readonly publisher: HelpPublisher,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveTrainingContent)
export class RemoveTrainingContentHandler implements ICommandHandler<RemoveTrainingContent> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  execute({ contentId, publisher, scope, context }: RemoveTrainingContent): Promise<{ position: Position }> {
    return withConcurrencyRetry(async () => {
      const content = await managedTrainingContent(this.platform.database.db, scope, contentId);
      const events = decideRemoveTrainingContent(content, publisher);
      if (events instanceof DomainError) throw events;
      const streamId = trainingContentStream(contentId);
      const history = await this.platform.eventStore.readStream(streamId);
      // Removed already (the read model not caught up yet): nothing more to record.
      if (history.some((recorded) => recorded.type === 'TrainingContentRemoved')) throw new DomainError('That training content was not found.', 404);
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return { position: result.position };
    });
  }
}
