import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CandidateActor, type CandidateEvent, type OnboardingStageBody, type Position, STAGE, candidateStream } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { appendOnboarding, welcomeNewUser } from './candidate-becomes-user';
import { decideStageMove, foldCandidate } from './candidate.decider';

/**
 * MoveCandidateStage (POST /api/integration/v1/onboarding_stages): an upstream system of the
 * retailer reports a move. Onboarded (13) makes the candidate a user of their office with the
 * invited role, in the same atomic append (./candidate-becomes-user); the user then chooses a
 * password from the e-mailed link.
 */
export class MoveCandidateStage extends Command<{ readonly position: Position; readonly user_id: string | null }> {
  constructor(
    readonly body: OnboardingStageBody,
    readonly retailerId: string,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(MoveCandidateStage)
export class MoveCandidateStageHandler implements ICommandHandler<MoveCandidateStage> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, retailerId, by, context }: MoveCandidateStage): Promise<{ position: Position; user_id: string | null }> {
    const { eventStore } = this.platform;
    const streamId = candidateStream(body.candidate_id);
    const outcome = await withConcurrencyRetry(async () => {
      const history = await eventStore.readStream(streamId);
      const state = foldCandidate(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as CandidateEvent));
      const events = decideStageMove(state, body, retailerId, by);
      if (events instanceof DomainError) throw events;
      if (body.status !== STAGE.ONBOARDED) {
        const metadata = eventMetadata(context);
        const result = await eventStore.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
        return { position: result.position, user: undefined };
      }
      const scope: Scope = { kind: 'retailer', retailerIds: [retailerId] };
      return appendOnboarding(this.platform, scope, body.candidate_id, history.length, events, context, { rad_id: body.rad_id, telgoo_id: body.telgoo_id });
    });
    await welcomeNewUser(this.platform, outcome.user);
    return { position: outcome.position, user_id: outcome.user?.user_id ?? null };
  }
}
