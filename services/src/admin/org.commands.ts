import { type OrgEvent, type Position, type UserProfile, comparePositions, START } from '@portal/contracts';
import { type Scope, isOfficeInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type PasswordHashing, deleteCredentials, hashPassword, insertCredentials } from '../auth/credentials.store';
import { appendWithRecords } from '../platform/commands/append-with-records';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Database } from '../platform/db/database';
import type { EventStore } from '../platform/event-store/event-store';
import { decideAssignManagers, decideChangeOffice, decideCreateUser, decideRegister, decideUnitCreated, evolveUser, initialUserState } from './org.decider';

export interface CommandResult<Id = string> {
  readonly id: Id;
  readonly position: Position;
}

export const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** The organisation's commands: load what the rules need, decide, append. */
export class OrgCommands {
  constructor(
    private readonly database: Database,
    private readonly store: EventStore,
    private readonly hashing: PasswordHashing,
  ) {}

  private async appendNew(streamId: string, events: OrgEvent[] | DomainError, context: CommandContext): Promise<Position> {
    if (events instanceof DomainError) throw events;
    const metadata = eventMetadata(context);
    const result = await this.store.append([{ streamId, expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
    return result.position;
  }

  async registerMasterAgent(name: string, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const events = decideUnitCreated('Master agent name', name, (checked) => ({ type: 'MasterAgentRegistered', data: { master_agent_id: id, name: checked } }) as const);
    return { id, position: await this.appendNew(`master-${id}`, events, context) };
  }

  async registerDistributor(name: string, masterAgentId: string, context: CommandContext): Promise<CommandResult> {
    await this.requireStream(`master-${masterAgentId}`, 'That master agent does not exist');
    const id = uuidv7();
    const events = decideUnitCreated('Distributor name', name, (checked) => ({ type: 'DistributorRegistered', data: { distributor_id: id, name: checked, master_agent_id: masterAgentId } }) as const);
    return { id, position: await this.appendNew(`distributor-${id}`, events, context) };
  }

  async registerRetailer(name: string, distributorId: string, context: CommandContext): Promise<CommandResult> {
    await this.requireStream(`distributor-${distributorId}`, 'That distributor does not exist');
    const id = uuidv7();
    const events = decideUnitCreated('Retailer name', name, (checked) => ({ type: 'RetailerRegistered', data: { retailer_id: id, name: checked, distributor_id: distributorId } }) as const);
    return { id, position: await this.appendNew(`retailer-${id}`, events, context) };
  }

  async createIboMarket(name: string, retailerId: string, context: CommandContext): Promise<CommandResult> {
    await this.requireStream(`retailer-${retailerId}`, 'That retailer does not exist');
    const id = uuidv7();
    const events = decideUnitCreated('IBO/Market name', name, (checked) => ({ type: 'IboMarketCreated', data: { ibo_marketer_id: id, name: checked, retailer_id: retailerId } }) as const);
    return { id, position: await this.appendNew(`market-${id}`, events, context) };
  }

  async createOffice(
    office: { name: string; office_number: string; state_short_name: string; ibo_marketer_id: string },
    context: CommandContext,
  ): Promise<CommandResult> {
    await this.requireStream(`market-${office.ibo_marketer_id}`, 'That IBO/Market does not exist');
    const id = uuidv7();
    const events = decideUnitCreated('Office name', office.name, (checked) => ({ type: 'OfficeCreated', data: { ...office, office_id: id, name: checked } }) as const);
    return { id, position: await this.appendNew(`office-${id}`, events, context) };
  }

  async assignManagers(
    unit: { kind: 'office'; office_id: string } | { kind: 'market'; ibo_marketer_id: string },
    managerIds: readonly string[],
    supervisorIds: readonly string[],
    context: CommandContext,
  ): Promise<Position> {
    const streamId = unit.kind === 'office' ? `office-${unit.office_id}` : `market-${unit.ibo_marketer_id}`;
    const version = await this.requireStream(streamId, unit.kind === 'office' ? 'That office does not exist' : 'That IBO/Market does not exist');
    const unknownUsers: string[] = [];
    for (const userId of new Set([...managerIds, ...supervisorIds])) {
      if ((await this.store.readStream(`user-${userId}`, { maxCount: 1 })).length === 0) unknownUsers.push(userId);
    }
    const events = decideAssignManagers(unit, managerIds, supervisorIds, { unknownUsers });
    if (events instanceof DomainError) throw events;
    const metadata = eventMetadata(context);
    const result = await this.store.append([{ streamId, expectedVersion: version, events: events.map((event) => ({ ...event, metadata })) }]);
    return result.position;
  }

  /** A user with roles and an initial password (they must change it at first login). */
  async createUser(profile: UserProfile, roleIds: readonly number[], password: string, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const officeExists = profile.office_id ? (await this.store.readStream(`office-${profile.office_id}`, { maxCount: 1 })).length > 0 : undefined;
    const events = decideCreateUser({ user_id: id, profile, role_ids: roleIds }, { officeExists });
    if (events instanceof DomainError) throw events;
    const passwordHash = await hashPassword(password, this.hashing);
    return { id, position: await this.appendUserWithCredentials(id, events, profile.email.trim(), passwordHash, context) };
  }

  /** Sign-up: an account with no role, which logs in only once an administrator gives it one. */
  async register(email: string, password: string, context: CommandContext): Promise<CommandResult> {
    const id = uuidv7();
    const events = decideRegister(id, email);
    if (events instanceof DomainError) throw events;
    const passwordHash = await hashPassword(password, this.hashing);
    return { id, position: await this.appendUserWithCredentials(id, events, email.trim(), passwordHash, context) };
  }

  async changeRoles(userId: string, roleIds: readonly number[], context: CommandContext): Promise<Position> {
    const version = await this.requireStream(`user-${userId}`, 'That user does not exist');
    const metadata = eventMetadata(context);
    const result = await this.store.append([
      { streamId: `user-${userId}`, expectedVersion: version, events: [{ type: 'UserRolesChanged', data: { user_id: userId, role_ids: [...new Set(roleIds)] }, metadata }] },
    ]);
    return result.position;
  }

  /** Agent Office Transfer, within the caller's scope. */
  async changeAgentOffice(agentId: string, officeId: string, scope: Scope, context: CommandContext): Promise<Position> {
    return withConcurrencyRetry(async () => {
      const history = await this.store.readStream(`user-${agentId}`);
      const agent = history.reduce((state, recorded) => evolveUser(state, { type: recorded.type, data: recorded.data } as OrgEvent), initialUserState);
      const db = this.database.db;
      const events = decideChangeOffice({ agent_id: agentId, office_id: officeId }, agent, {
        officeExists: (await this.store.readStream(`office-${officeId}`, { maxCount: 1 })).length > 0,
        agentInScope: agent.officeId !== undefined && (await isOfficeInScope(db, scope, agent.officeId)),
        officeInScope: await isOfficeInScope(db, scope, officeId),
      });
      if (events instanceof DomainError) throw events;
      const metadata = eventMetadata(context);
      const result = await this.store.append([{ streamId: `user-${agentId}`, expectedVersion: history.length, events: events.map((event) => ({ ...event, metadata })) }]);
      return result.position;
    });
  }

  private async appendUserWithCredentials(userId: string, events: OrgEvent[], email: string, passwordHash: string, context: CommandContext): Promise<Position> {
    const metadata = eventMetadata(context);
    try {
      const result = await appendWithRecords(
        this.database,
        this.store,
        [{ streamId: `user-${userId}`, expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }],
        {
          write: (trx) => insertCredentials(trx, userId, email, passwordHash),
          undo: (db) => deleteCredentials(db, userId),
        },
      );
      return result.position;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('Email already exists', 409);
      throw error;
    }
  }

  /** The stream's version; a refusal when it does not exist. */
  private async requireStream(streamId: string, missing: string): Promise<number> {
    const events = await this.store.readStream(streamId);
    if (events.length === 0) throw new DomainError(missing, 404);
    return events[events.length - 1]!.streamPosition;
  }
}

/** The later of two positions: a command made of several appends answers the last. */
export function latest(...positions: Position[]): Position {
  return positions.reduce((last, position) => (comparePositions(position, last) > 0 ? position : last), START);
}
