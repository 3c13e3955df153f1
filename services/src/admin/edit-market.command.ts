import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EditMarketBody, type OrgEvent, type Position, START } from '@portal/contracts';
import { type Scope, marketForChange, marketNameTaken, usersOfRetailer } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideEditMarket } from './unit-admin.decider';
import { foldUnitManagers } from './user-admin.decider';

/** EditMarket (Edit IBO/Market, doc 3 §5): its name and its IBO managers; the retailer does not change. */
export class EditMarket extends Command<{ readonly position: Position }> {
  constructor(
    readonly marketId: string,
    readonly body: EditMarketBody,
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EditMarket)
export class EditMarketHandler implements ICommandHandler<EditMarket> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ marketId, body, scope, context }: EditMarket): Promise<{ position: Position }> {
    const db = this.platform.database.db;
    return withConcurrencyRetry(async () => {
      const found = await marketForChange(db, scope, marketId);
      const history = found ? await this.platform.eventStore.readStream(`market-${marketId}`) : [];
      const managers = foldUnitManagers(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as OrgEvent));
      const events = decideEditMarket(body, found && { ...found, ...managers }, {
        nameTaken: found ? await marketNameTaken(db, found.retailer_id, body.name, found.id) : false,
        people: found ? await usersOfRetailer(db, found.retailer_id, [...body.manager_id, ...body.supervisor_id]) : new Map(),
      });
      if (events instanceof DomainError) throw events;
      // Nothing changed: nothing to append, nothing to wait for.
      if (events.length === 0) return { position: START };
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([
        { streamId: `market-${marketId}`, expectedVersion: history.at(-1)?.streamPosition ?? 0, events: events.map((event) => ({ ...event, metadata })) },
      ]);
      return { position: result.position };
    });
  }
}
