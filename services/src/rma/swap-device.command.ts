import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Scope, activationOf } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideDeviceSwap } from './rma-device.decider';

/**
 * SwapDevice (device_swap, ours; docs/RMA.md): a sold device brought back by its customer (15,
 * with the swapping holder) and the replacement from that holder's stock (8, carrying the
 * activation), in one atomic append. An agent swaps from their own stock; a manager from the
 * manager stock of the replacement's office.
 */
export class SwapDevice extends Command<BatchResult> {
  constructor(
    readonly swap: { readonly sold_imei: string; readonly replacement_imei: string; readonly reason: string },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SwapDevice)
export class SwapDeviceHandler implements ICommandHandler<SwapDevice> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ swap, scope, context }: SwapDevice): Promise<BatchResult> {
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy(scope, [...new Set([swap.sold_imei, swap.replacement_imei])]);
      const sold = devices.get(swap.sold_imei)!.state;
      const replacement = devices.get(swap.replacement_imei)!.state;
      const holder = scope.kind === 'agent' ? { office_id: replacement.office_id ?? '', agent_id: scope.agentId } : { office_id: replacement.office_id ?? '', agent_id: null };
      const decision = decideDeviceSwap({ reason: swap.reason, ...holder }, { sold, replacement }, { activation: await activationOf(this.batch.db, sold.imei) });
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count: 2 };
  }
}
