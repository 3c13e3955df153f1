import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Position } from '@portal/contracts';
import { type Scope, activeAgentsIn, devicesHeldBy, marketForChange, officeForChange } from '@portal/projections';
import { type CommandContext, eventMetadata } from '../platform/commands/command-context';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { decideUnitStatus } from './unit-admin.decider';

/** SetUnitStatus (the IBO/Market and Office lists' activate/deactivate, doc 3 §4). */
export class SetUnitStatus extends Command<{ readonly position: Position }> {
  constructor(
    readonly unit: { readonly kind: 'market' | 'office'; readonly id: string },
    readonly status: 0 | 1,
    readonly viewerRoles: readonly number[],
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SetUnitStatus)
export class SetUnitStatusHandler implements ICommandHandler<SetUnitStatus> {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async execute({ unit, status, viewerRoles, scope, context }: SetUnitStatus): Promise<{ position: Position }> {
    const db = this.platform.database.db;
    return withConcurrencyRetry(async () => {
      const found =
        unit.kind === 'market'
          ? await marketForChange(db, scope, unit.id)
          : await officeForChange(db, scope, unit.id).then((office) => office && { ...office, office_ids: [office.id] });
      const offices = found?.office_ids ?? [];
      const holdings = status === 0 ? { devices: await devicesHeldBy(db, offices), activeAgents: await activeAgentsIn(db, offices) } : { devices: 0, activeAgents: 0 };
      const events = decideUnitStatus(viewerRoles, unit.kind, found && { id: found.id, name: found.name, status: found.status }, status, holdings);
      if (events instanceof DomainError) throw events;
      const streamId = `${unit.kind}-${unit.id}`;
      const history = await this.platform.eventStore.readStream(streamId);
      const metadata = eventMetadata(context);
      const result = await this.platform.eventStore.append([{ streamId, expectedVersion: history.at(-1)?.streamPosition ?? 0, events: events.map((event) => ({ ...event, metadata })) }]);
      return { position: result.position };
    });
  }
}
