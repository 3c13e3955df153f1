import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CandidateActor, CustomEmailBody, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { sendCustomEmail } from './candidate-notifications';
import { changeCandidate } from './candidate-stream';
import { decideCustomEmail } from './candidate.decider';

/** SendCustomEmail (doc 3 §5 Custom e-mail): recorded (and shown as a comment), then mailed. */
export class SendCustomEmail extends Command<{ readonly position: Position | null }> {
  constructor(
    readonly candidateId: string,
    readonly body: CustomEmailBody,
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SendCustomEmail)
export class SendCustomEmailHandler implements ICommandHandler<SendCustomEmail> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ candidateId, body, scope, by, context }: SendCustomEmail): Promise<{ position: Position | null }> {
    const outcome = await changeCandidate(this.platform, candidateId, scope, (state) => decideCustomEmail(state, body.onboarding_status, body.email_text, by), context);
    await sendCustomEmail(this.platform, outcome.state, body.onboarding_status, body.email_text);
    return { position: outcome.position };
  }
}
