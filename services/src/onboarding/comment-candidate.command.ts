import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { changeCandidate } from './candidate-stream';
import { decideComment } from './candidate.decider';

/** CommentOnCandidate (ours: the comments modal's Add comment box). */
export class CommentOnCandidate extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly comment: string,
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CommentOnCandidate)
export class CommentOnCandidateHandler implements ICommandHandler<CommentOnCandidate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, comment, scope, by, context }: CommentOnCandidate): Promise<{ position: Position | null }> {
    return { position: (await changeCandidate(this.platform, candidateId, scope, (state) => decideComment(state, comment, by), context)).position };
  }
}
