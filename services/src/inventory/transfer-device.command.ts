import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Scope, canReceiveTransfer, cartonStockImeis, deviceTypesOf, isActiveAgentOfOffice, officesHoldingCartons, retailersOfOffices } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideTransferDevice } from './office-transfer.decider';
import { officesOf } from './transfer.decider';

/**
 * TransferDevice (doc 1 §2.7 Transfer Inventory): cartons or IMEIs of the caller's manager stock
 * to another office of the same retailer: a receive job there, or an agent job for one of its agents.
 */
export class TransferDevice extends Command<BatchResult> {
  constructor(
    readonly request: { readonly office_id: string; readonly agent_id?: string; readonly cartons?: readonly string[]; readonly imeis?: readonly string[] },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(TransferDevice)
export class TransferDeviceHandler implements ICommandHandler<TransferDevice> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, scope, context }: TransferDevice): Promise<BatchResult> {
    const db = this.batch.db;
    const officeInScope = await canReceiveTransfer(db, scope, request.office_id);
    const agentWorksAtOffice = request.agent_id ? await isActiveAgentOfOffice(db, request.agent_id, request.office_id) : undefined;
    const myOffices = request.cartons && officeInScope ? await officesHoldingCartons(db, scope, request.cartons) : [];
    const jobId = request.agent_id ? null : uuidv7();
    const agentJobId = request.agent_id ? uuidv7() : null;
    let count = 0;
    const position = await this.batch.run(async () => {
      const imeis = request.imeis ? [...new Set(request.imeis)] : await cartonStockImeis(db, request.cartons ?? [], myOffices);
      count = imeis.length;
      const devices = await this.batch.loadSeenBy(scope, imeis);
      const states = statesOf(devices);
      const facts = {
        officeInScope,
        agentWorksAtOffice,
        retailerOf: await retailersOfOffices(db, [...officesOf(states), request.office_id]),
        deviceTypes: jobId ? await deviceTypesOf(db, imeis) : new Map(),
      };
      const decision = decideTransferDevice(
        { office_id: request.office_id, imeis, manager_id: context.actor.user_id, agent_id: request.agent_id ?? null, job_id: jobId, agent_job_id: agentJobId },
        { devices: states },
        facts,
      );
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count, id: jobId ?? agentJobId ?? undefined };
  }
}
