import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { issueCandidateLink } from './candidate-links';
import { sendInvite } from './candidate-notifications';
import { changeCandidate } from './candidate-stream';
import { decideResendInvite } from './candidate.decider';

/** ResendInvite (doc 3 §4): a fresh link by the invite's own delivery option; an expired invite is revived. */
export class ResendInvite extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ResendInvite)
export class ResendInviteHandler implements ICommandHandler<ResendInvite> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, scope, by, context }: ResendInvite): Promise<{ position: Position | null }> {
    const link = issueCandidateLink(this.platform, new Date());
    const outcome = await changeCandidate(this.platform, candidateId, scope, (state) => decideResendInvite(state, link, by), context);
    await sendInvite(this.platform, outcome.state, outcome.state.delivery_method, link, outcome.row?.office_name ?? 'your office');
    return { position: outcome.position };
  }
}
