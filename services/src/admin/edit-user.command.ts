import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EditUserBody, Position } from '@portal/contracts';
import { type Scope, userPlaceInScope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideEditUser, membershipOf } from './user-admin.decider';
import { loadPlacementFacts, userDecisionAppends } from './user-placement';

/** EditUser (Edit User, doc 3 §2, §5): a user in the caller's scope, below their level. */
export class EditUser extends Command<{ readonly position: Position }> {
  constructor(
    readonly userId: string,
    readonly body: EditUserBody,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EditUser)
export class EditUserHandler implements ICommandHandler<EditUser> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ userId, body, viewerRoles, scope, context }: EditUser): Promise<{ position: Position }> {
    const { database, eventStore } = this.platform;
    const position = await withConcurrencyRetry(async () => {
      const target = await userPlaceInScope(database.db, scope, userId);
      const history = target ? await eventStore.readStream(`user-${userId}`) : [];
      const roles = body.role_id ?? target?.roles ?? [];
      const facts = await loadPlacementFacts(this.platform, scope, roles, body, target && membershipOf(target.roles, target));
      const decision = decideEditUser(viewerRoles, { body }, target, facts);
      if (decision instanceof DomainError) throw decision;
      const appends = userDecisionAppends({ streamId: `user-${userId}`, expectedVersion: history.at(-1)?.streamPosition ?? 0 }, decision, context);
      return (await eventStore.append(appends)).position;
    });
    return { position };
  }
}
