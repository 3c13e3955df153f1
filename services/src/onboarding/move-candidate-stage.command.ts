import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddUserBody, type CandidateActor, type CandidateEvent, type OnboardingStageBody, type Position, STAGE, candidateStream } from '@portal/contracts';
import { type Scope, candidateInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { appendNewUser } from '../admin/add-user.command';
import { placeNewUser } from '../admin/user-admin.decider';
import { loadPlacementFacts } from '../admin/user-placement';
import { mailPasswordLink } from '../auth/password-links';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideStageMove, foldCandidate } from './candidate.decider';

/**
 * MoveCandidateStage (POST /api/integration/v1/onboarding_stages): an upstream system of the
 * retailer reports a move. Onboarded (13) makes the candidate a user of their office with the
 * invited role, in the same atomic append (the user's stream, the manager lists they join, the
 * candidate's move and CandidateBecameUser); the user then chooses a password from the e-mailed link.
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
      const metadata = eventMetadata(context);
      if (body.status !== STAGE.ONBOARDED) {
        const result = await eventStore.append([{ streamId, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
        return { position: result.position, user: undefined };
      }
      const scope: Scope = { kind: 'retailer', retailerIds: [retailerId] };
      const candidate = await candidateInScope(this.platform.database.db, scope, body.candidate_id);
      if (!candidate) throw new DomainError('That candidate was not found.', 404);
      const userId = uuidv7();
      const userBody: AddUserBody = {
        first_name: candidate.first_name,
        middle_name: candidate.middle_name ?? undefined,
        last_name: candidate.last_name,
        email: candidate.email,
        mobile_number: candidate.mobile_number,
        role_id: [candidate.role_id],
        ibo_marketer_id: candidate.ibo_marketer_id,
        office_id: candidate.office_id,
        rad: body.rad_id ?? candidate.rad_id ?? undefined,
        // The ETC code is the user's excess_code (the Users list's "ETC Code").
        excess_code: body.telgoo_id ?? candidate.telgoo_id ?? undefined,
        dob: candidate.dob ?? undefined,
        address: [candidate.street_address1, candidate.street_address2].filter(Boolean).join(', ') || undefined,
        city: candidate.city ?? undefined,
        state: candidate.state ?? undefined,
        zip: candidate.zip ?? undefined,
      };
      const facts = await loadPlacementFacts(this.platform, scope, [candidate.role_id], userBody);
      const decision = placeNewUser({ user_id: userId, body: userBody, roles: [candidate.role_id] }, facts);
      if (decision instanceof DomainError) throw new DomainError(`The candidate cannot become a user: ${decision.message}`, 409, decision.fields);
      const moved: CandidateEvent[] = [...events, { type: 'CandidateBecameUser', data: { candidate_id: body.candidate_id, user_id: userId } }];
      const position = await appendNewUser(this.platform, userId, candidate.email, decision, context, [
        { streamId, expectedVersion: history.length, events: moved.map((event) => ({ ...event, metadata })) },
      ]);
      return { position, user: { user_id: userId, email: candidate.email, first_name: candidate.first_name } };
    });
    if (outcome.user) await mailPasswordLink(this.platform, outcome.user, 'welcome');
    return { position: outcome.position, user_id: outcome.user?.user_id ?? null };
  }
}
