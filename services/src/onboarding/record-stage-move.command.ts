import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CandidateActor, type CandidateEvent, type ManualStageMoveBody, type Position, STAGE, candidateStream } from '@portal/contracts';
import { type Scope, candidateInScope } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { appendOnboarding, welcomeNewUser } from './candidate-becomes-user';
import { decideManualStageMove, foldCandidate } from './candidate.decider';

/**
 * RecordStageMove (POST /api/v1/candidate/move_stage/{id}, ours): a retailer manager or the super
 * admin records a candidate's stage move by hand while the upstream integration is down, with a
 * reason — the integration's moves only (the decider). The candidate must be in the person's
 * scope (otherwise it reads as missing). To Onboarded it makes the user, as an upstream move does.
 */
export class RecordStageMove extends Command<{ readonly position: Position; readonly user_id: string | null }> {
  constructor(
    readonly candidateId: string,
    readonly body: ManualStageMoveBody,
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RecordStageMove)
export class RecordStageMoveHandler implements ICommandHandler<RecordStageMove> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, body, scope, by, context }: RecordStageMove): Promise<{ position: Position; user_id: string | null }> {
    const { eventStore } = this.platform;
    const streamId = candidateStream(candidateId);
    const outcome = await withConcurrencyRetry(async () => {
      if (!(await candidateInScope(this.platform.database.db, scope, candidateId))) throw new DomainError('That candidate was not found.', 404);
      const history = await eventStore.readStream(streamId);
      const state = foldCandidate(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as CandidateEvent));
      const events = decideManualStageMove(state, body, by);
      if (events instanceof DomainError) throw events;
      if (body.status !== STAGE.ONBOARDED) {
        const metadata = eventMetadata(context);
        const result = await eventStore.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
        return { position: result.position, user: undefined };
      }
      return appendOnboarding(this.platform, scope, candidateId, history.length, events, context, { telgoo_id: body.telgoo_id });
    });
    await welcomeNewUser(this.platform, outcome.user);
    return { position: outcome.position, user_id: outcome.user?.user_id ?? null };
  }
}
