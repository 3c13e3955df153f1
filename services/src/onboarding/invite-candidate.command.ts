import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CandidateActor, type Position, type SendInviteBody, candidateStream } from '@portal/contracts';
import { type Scope, officePlacement, openCandidateHasEmail } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { findCredentialsByEmail } from '../auth/credentials.store';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { issueCandidateLink } from './candidate-links';
import { sendInvite } from './candidate-notifications';
import { decideInvite } from './candidate.decider';

/** InviteCandidate (doc 3 Send Invite): a candidate stream opened, the link sent by e-mail and/or SMS. */
export class InviteCandidate extends Command<{ readonly id: string; readonly position: Position; readonly token: string }> {
  constructor(
    readonly body: SendInviteBody,
    readonly inviterRoles: readonly number[],
    readonly scope: Scope,
    readonly by: CandidateActor,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(InviteCandidate)
export class InviteCandidateHandler implements ICommandHandler<InviteCandidate> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, inviterRoles, scope, by, context }: InviteCandidate): Promise<{ id: string; position: Position; token: string }> {
    const db = this.platform.database.db;
    const id = uuidv7();
    const link = issueCandidateLink(this.platform, new Date());
    const placement = await officePlacement(db, scope, body.office_id);
    const emailTaken = (await findCredentialsByEmail(db, body.email)) ? 'user' : (await openCandidateHasEmail(db, body.email)) ? 'candidate' : undefined;
    const events = decideInvite(
      { candidate_id: id, body, by, token_hash: link.token_hash, expires_at: link.expires_at },
      {
        inviterRoles,
        office: placement && { id: placement.id, ibo_marketer_id: placement.ibo_marketer_id, retailer_id: placement.retailer_id, active: placement.status === 1, takes_invites: placement.lifeline_status === 1 },
        emailTaken,
      },
    );
    if (events instanceof DomainError) throw events;
    const metadata = eventMetadata(context);
    const result = await this.platform.eventStore.append([{ streamId: candidateStream(id), expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
    const invited = events[0]!.data as { delivery_method: 0 | 1 | 2; first_name: string; email: string; mobile_number: string };
    await sendInvite(this.platform, invited, invited.delivery_method, link, placement!.name);
    // The token goes to the candidate only (by e-mail/SMS); the controller answers the id, the demo seed follows the link as the candidate would.
    return { id, position: result.position, token: link.token };
  }
}
