import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { changeCandidate } from './candidate-stream';
import { decideDelete } from './candidate.decider';

/** DeleteCandidate (doc 3 §4: only while invited): the candidate leaves every list; its stream keeps the history, its link stops working. */
export class DeleteCandidate extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeleteCandidate)
export class DeleteCandidateHandler implements ICommandHandler<DeleteCandidate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, scope, by, context }: DeleteCandidate): Promise<{ position: Position | null }> {
    return { position: (await changeCandidate(this.platform, candidateId, scope, (state) => decideDelete(state, by), context)).position };
  }
}
