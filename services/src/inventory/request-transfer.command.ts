import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { managerOfOffice, managerWhoHandedOver } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideRequestTransfer, officesOf } from './transfer.decider';

/** RequestTransfer (doc 1 §2.14): the agent sends devices of their stock back to their manager, who accepts or rejects. */
export class RequestTransfer extends Command<BatchResult> {
  constructor(
    readonly request: { readonly agent_id: string; readonly imeis: readonly string[]; readonly manager_id?: string; readonly reason: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestTransfer)
export class RequestTransferHandler implements ICommandHandler<RequestTransfer> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, context }: RequestTransfer): Promise<BatchResult> {
    const db = this.batch.db;
    const transferId = uuidv7();
    const imeis = [...new Set(request.imeis)];
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy({ kind: 'agent', agentId: request.agent_id }, imeis);
      const states = statesOf(devices);
      // Who handed these devices to the agent (read model), else a manager of their office.
      const managerId = request.manager_id ?? (await managerWhoHandedOver(db, imeis)) ?? (await managerOfOffice(db, officesOf(states)[0] ?? ''));
      const decision = decideRequestTransfer({ agent_id: request.agent_id, transfer_id: transferId, imeis, reason: request.reason }, { devices: states }, { managerId });
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count: imeis.length, id: transferId };
  }
}
