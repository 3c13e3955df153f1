import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideMarkOutOfService, decideReturnToStock } from './rma-device.decider';

/** MarkDevices (mark_devices, ours; docs/RMA.md): lost (16) or defective (18), or back to the holder's stock, all or none. */
export class MarkDevices extends Command<BatchResult> {
  constructor(
    readonly change: { readonly imeis: readonly string[]; readonly to: 16 | 18 | 'stock'; readonly notes: string | null },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(MarkDevices)
export class MarkDevicesHandler implements ICommandHandler<MarkDevices> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ change, scope, context }: MarkDevices): Promise<BatchResult> {
    const imeis = [...new Set(change.imeis)];
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy(scope, imeis);
      const decision =
        change.to === 'stock'
          ? decideReturnToStock({ devices: statesOf(devices) })
          : decideMarkOutOfService({ status: change.to, notes: change.notes }, { devices: statesOf(devices) });
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count: imeis.length };
  }
}
