import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Scope, cartonStockImeis, isActiveAgentOfOffice, isOfficeInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideAssignDevice } from './agent-job.decider';

/** AssignDevice (doc 1 §2.6): cartons or IMEIs of an office's manager stock to one of its agents, on a new agent job. */
export class AssignDevice extends Command<BatchResult> {
  constructor(
    readonly request: { readonly office_id: string; readonly agent_id: string; readonly cartons?: readonly string[]; readonly imeis?: readonly string[] },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AssignDevice)
export class AssignDeviceHandler implements ICommandHandler<AssignDevice> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, scope, context }: AssignDevice): Promise<BatchResult> {
    const db = this.batch.db;
    const facts = { officeInScope: await isOfficeInScope(db, scope, request.office_id), agentWorksAtOffice: await isActiveAgentOfOffice(db, request.agent_id, request.office_id) };
    const agentJobId = uuidv7();
    let count = 0;
    const position = await this.batch.run(async () => {
      const imeis = request.imeis ? [...new Set(request.imeis)] : facts.officeInScope ? await cartonStockImeis(db, request.cartons ?? [], [request.office_id]) : [];
      count = imeis.length;
      const devices = await this.batch.loadSeenBy(scope, imeis);
      const decision = decideAssignDevice(
        { office_id: request.office_id, agent_id: request.agent_id, agent_job_id: agentJobId, manager_id: context.actor.user_id, imeis },
        { devices: statesOf(devices) },
        facts,
      );
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count, id: agentJobId };
  }
}
