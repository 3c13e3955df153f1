import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AddUserBody, Position } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { passwordHashing } from '../auth/auth.module';
import { deleteCredentials, hashPassword, insertCredentials } from '../auth/credentials.store';
import { mailPasswordLink } from '../auth/password-links';
import { appendWithRecords } from '../platform/commands/append-with-records';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { StreamAppend } from '../platform/event-store/event-store';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { isUniqueViolation } from './org.commands';
import { type UserDecision, decideAddUser, rolesToGive } from './user-admin.decider';
import { loadPlacementFacts, userDecisionAppends } from './user-placement';

export interface AddUserResult {
  readonly id: string;
  readonly position: Position;
}

/** AddUser (Add User, doc 3 §2, §5): a user placed in the caller's organisation, who chooses their own password from an e-mailed link. */
export class AddUser extends Command<AddUserResult> {
  constructor(
    readonly body: AddUserBody,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AddUser)
export class AddUserHandler implements ICommandHandler<AddUser> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, viewerRoles, scope, context }: AddUser): Promise<AddUserResult> {
    const userId = uuidv7();
    const position = await withConcurrencyRetry(async () => {
      const facts = await loadPlacementFacts(this.platform, scope, rolesToGive(viewerRoles, body.role_id) ?? [], body);
      const decision = decideAddUser(viewerRoles, { user_id: userId, body }, facts);
      if (decision instanceof DomainError) throw decision;
      return appendNewUser(this.platform, userId, body.email, decision, context);
    });
    await mailPasswordLink(this.platform, { user_id: userId, email: body.email, first_name: body.first_name }, 'welcome');
    return { id: userId, position };
  }
}

/**
 * Appends a new user (their stream and the manager lists they join, with `alsoAppend` — e.g. the
 * candidate who became them — atomically) with credentials nobody knows: the user chooses their
 * password from the e-mailed link. An e-mail already in use is refused.
 */
export async function appendNewUser(platform: Platform, userId: string, email: string, decision: UserDecision, context: CommandContext, alsoAppend: readonly StreamAppend[] = []): Promise<Position> {
  const appends = [...userDecisionAppends({ streamId: `user-${userId}`, expectedVersion: 'no_stream' }, decision, context), ...alsoAppend];
  const unusable = await hashPassword(randomBytes(32).toString('base64url'), passwordHashing(platform));
  try {
    const result = await appendWithRecords(platform.database, platform.eventStore, appends, {
      write: (trx) => insertCredentials(trx, userId, email, unusable),
      undo: (undoDb) => deleteCredentials(undoDb, userId),
    });
    return result.position;
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('Email already exists', 409, { email: 'Email already exists' });
    throw error;
  }
}
