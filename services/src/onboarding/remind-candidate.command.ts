import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { issueCandidateLink } from './candidate-links';
import { sendReminder } from './candidate-notifications';
import { changeCandidate } from './candidate-stream';
import { decideReminder } from './candidate.decider';

/** RemindCandidate (Email Reminder, SMS Reminder; doc 3 §4): with a fresh link while the profile is not complete. */
export class RemindCandidate extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly channel: 'email' | 'sms',
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemindCandidate)
export class RemindCandidateHandler implements ICommandHandler<RemindCandidate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, channel, scope, by, context }: RemindCandidate): Promise<{ position: Position | null }> {
    const link = issueCandidateLink(this.platform, new Date());
    const outcome = await changeCandidate(this.platform, candidateId, scope, (state) => decideReminder(state, channel, link, by), context);
    const renewed = outcome.events.some((event) => event.type === 'CandidateInviteRenewed');
    await sendReminder(this.platform, outcome.state, channel, outcome.state.status, renewed ? link : undefined);
    return { position: outcome.position };
  }
}
