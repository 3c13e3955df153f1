import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddUserBody, type OrgEvent, type Position, userPlacement } from '@portal/contracts';
import { type Scope, marketPlacement, officePlacement, retailerPlacement } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { passwordHashing } from '../auth/auth.module';
import { deleteCredentials, hashPassword, insertCredentials } from '../auth/credentials.store';
import { mailPasswordLink } from '../auth/password-links';
import { appendWithRecords } from '../platform/commands/append-with-records';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { StreamAppend } from '../platform/event-store/event-store';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { isUniqueViolation } from './org.commands';
import { type UnitManagers, decideAddUser, foldUnitManagers, rolesToGive } from './user-admin.decider';

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
    const { database, eventStore } = this.platform;
    const db = database.db;
    const userId = uuidv7();
    const placement = userPlacement(rolesToGive(viewerRoles, body.role_id) ?? []);
    const managersOf = async (streamId: string): Promise<UnitManagers> => {
      const history = await eventStore.readStream(streamId);
      return { version: history.at(-1)?.streamPosition ?? 0, ...foldUnitManagers(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as OrgEvent)) };
    };
    const position = await withConcurrencyRetry(async () => {
      const retailer = placement === 'retailer' && body.retailer_id ? await retailerPlacement(db, scope, body.retailer_id) : undefined;
      const market = (placement === 'market' || placement === 'office') && body.ibo_marketer_id ? await marketPlacement(db, scope, body.ibo_marketer_id) : undefined;
      const office = placement === 'office' && body.office_id ? await officePlacement(db, scope, body.office_id) : undefined;
      const decision = decideAddUser(viewerRoles, { user_id: userId, body }, {
        retailer,
        market: market && { ...market, managers: await managersOf(`market-${market.id}`) },
        office: office && { ...office, managers: await managersOf(`office-${office.id}`) },
      });
      if (decision instanceof DomainError) throw decision;
      const metadata = eventMetadata(context);
      const appends: StreamAppend[] = [{ streamId: `user-${userId}`, expectedVersion: 'no_stream', events: decision.user.map((event) => ({ ...event, metadata })) }];
      if (decision.unit) appends.push({ streamId: decision.unit.streamId, expectedVersion: decision.unit.expectedVersion, events: [{ ...decision.unit.event, metadata }] });
      // Nobody knows this password: the user chooses theirs from the e-mailed link.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'), passwordHashing(this.platform));
      try {
        const result = await appendWithRecords(database, eventStore, appends, {
          write: (trx) => insertCredentials(trx, userId, body.email, unusable),
          undo: (undoDb) => deleteCredentials(undoDb, userId),
        });
        return result.position;
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('Email already exists', 409, { email: 'Email already exists' });
        throw error;
      }
    });
    await mailPasswordLink(this.platform, { user_id: userId, email: body.email, first_name: body.first_name }, 'welcome');
    return { id: userId, position };
  }
}
