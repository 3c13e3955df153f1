import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AddOfficeBody, OFFICE_NUMBERS_STREAM, type OrgEvent, type Position, ROLE } from '@portal/contracts';
import { type Scope, highestOfficeNumber, marketPlacement, usersOfRetailer } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideAddOffice } from './unit-admin.decider';

/** AddOffice (Add Office, doc 3 §5): numbered from the office-number counter, appended with it. */
export class AddOffice extends Command<{ readonly id: string; readonly office_number: string; readonly position: Position }> {
  constructor(
    readonly body: AddOfficeBody,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AddOffice)
export class AddOfficeHandler implements ICommandHandler<AddOffice> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ body, viewerRoles, scope, context }: AddOffice): Promise<{ id: string; office_number: string; position: Position }> {
    const db = this.platform.database.db;
    const store = this.platform.eventStore;
    // The IBO Name field is role 12's (doc 3 §2); an IBO manager adds to their own market.
    const ownMarket = !viewerRoles.includes(ROLE.RETAILER_MANAGER) && !viewerRoles.includes(ROLE.SUPER_ADMIN) && scope.kind === 'market' && scope.iboMarketerIds.length === 1 ? scope.iboMarketerIds[0] : undefined;
    const marketId = body.ibo_marketer_id ?? ownMarket;
    const id = uuidv7();
    return withConcurrencyRetry(async () => {
      const market = marketId ? await marketPlacement(db, scope, marketId) : undefined;
      // The counter stream is read whole (one small event per office made here): the next number follows both it and the offices made before it (the seed's).
      const counter = await store.readStream(OFFICE_NUMBERS_STREAM);
      const counted = counter.map((recorded) => Number(/^OF(\d+)$/.exec((recorded.data as { office_number: string }).office_number)?.[1] ?? 0));
      const number = Math.max(await highestOfficeNumber(db), ...counted) + 1;
      const decision = decideAddOffice(
        { office_id: id, number, body },
        { market, marketChosen: marketId !== undefined, people: market ? await usersOfRetailer(db, market.retailer_id, [...body.manager_id, ...body.supervisor_id]) : new Map() },
      );
      if (decision instanceof DomainError) throw decision;
      const metadata = eventMetadata(context);
      const withMetadata = (events: OrgEvent[]) => events.map((event) => ({ ...event, metadata }));
      const result = await store.append([
        { streamId: `office-${id}`, expectedVersion: 'no_stream', events: withMetadata(decision.office) },
        { streamId: OFFICE_NUMBERS_STREAM, expectedVersion: counter.at(-1)?.streamPosition ?? 'no_stream', events: withMetadata([decision.counter]) },
      ]);
      return { id, office_number: (decision.counter.data as { office_number: string }).office_number, position: result.position };
    });
  }
}
