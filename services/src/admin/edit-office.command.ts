import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EditOfficeBody, type OrgEvent, type Position, START } from '@portal/contracts';
import { type Scope, officeForChange, usersOfRetailer } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideEditOffice } from './unit-admin.decider';
import { foldUnitManagers } from './user-admin.decider';

/** EditOffice (Edit Office, doc 3 §2, §4): its managers and Send Invite setting. */
export class EditOffice extends Command<{ readonly position: Position }> {
  constructor(
    readonly officeId: string,
    readonly body: EditOfficeBody,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(EditOffice)
export class EditOfficeHandler implements ICommandHandler<EditOffice> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ officeId, body, viewerRoles, scope, context }: EditOffice): Promise<{ position: Position }> {
    const db = this.platform.database.db;
    return withConcurrencyRetry(async () => {
      const found = await officeForChange(db, scope, officeId);
      const history = found ? await this.platform.eventStore.readStream(`office-${officeId}`) : [];
      const managers = foldUnitManagers(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as OrgEvent));
      const people = found ? await usersOfRetailer(db, found.retailer_id, [...body.manager_id, ...body.supervisor_id]) : new Map<string, readonly number[]>();
      const events = decideEditOffice(viewerRoles, body, found && { ...found, ...managers }, people);
      if (events instanceof DomainError) throw events;
      if (events.length === 0) return { position: START };
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([
        { streamId: `office-${officeId}`, expectedVersion: history.at(-1)?.streamPosition ?? 0, events: events.map((event) => ({ ...event, metadata })) },
      ]);
      return { position: result.position };
    });
  }
}
