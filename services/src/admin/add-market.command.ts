import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddMarketBody, type Position, ROLE } from '@portal/contracts';
import { type Scope, marketNameTaken, retailerPlacement, usersOfRetailer } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideAddMarket } from './unit-admin.decider';

/** AddMarket (Add IBO/Market, doc 3 §5): in the caller's retailer (role 12) or a retailer the super role names. */
export class AddMarket extends Command<{ readonly id: string; readonly position: Position }> {
  constructor(
    readonly body: AddMarketBody,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AddMarket)
export class AddMarketHandler implements ICommandHandler<AddMarket> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, viewerRoles, scope, context }: AddMarket): Promise<{ id: string; position: Position }> {
    const db = this.platform.database.db;
    // Role 12's form has no Retailer field (doc 3 §6): the market goes to their own retailer.
    const ownRetailer = viewerRoles.includes(ROLE.RETAILER_MANAGER) && scope.kind === 'retailer' ? scope.retailerIds[0] : undefined;
    const retailerId = ownRetailer ?? (body.retailer_id ? (await retailerPlacement(db, scope, body.retailer_id))?.id : undefined);
    const id = uuidv7();
    const events = decideAddMarket(
      { ibo_marketer_id: id, body },
      {
        retailerId,
        nameTaken: retailerId ? await marketNameTaken(db, retailerId, body.name) : false,
        people: retailerId ? await usersOfRetailer(db, retailerId, [...body.manager_id, ...body.supervisor_id]) : new Map(),
      },
    );
    if (events instanceof DomainError) throw events;
    const metadata = eventMetadata(context);
    const result = await this.platform.eventStore.append([{ streamId: `market-${id}`, expectedVersion: 'no_stream', events: events.map((event) => ({ ...event, metadata })) }]);
    return { id, position: result.position };
  }
}
