import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Scope, isActiveAgentOfOffice, isOfficeInScope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideReassignDevice } from './agent-job.decider';

/** ReassignDevice (doc 1 §2.8): devices in statuses 3, 4, 5 to another agent, or to the chosen office's manager stock. */
export class ReassignDevice extends Command<BatchResult> {
  constructor(
    readonly request: { readonly imeis: readonly string[]; readonly office_id: string; readonly agent_id?: string },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReassignDevice)
export class ReassignDeviceHandler implements ICommandHandler<ReassignDevice> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, scope, context }: ReassignDevice): Promise<BatchResult> {
    const db = this.batch.db;
    const facts = {
      officeInScope: await isOfficeInScope(db, scope, request.office_id),
      agentWorksAtOffice: request.agent_id ? await isActiveAgentOfOffice(db, request.agent_id, request.office_id) : undefined,
    };
    const imeis = [...new Set(request.imeis)];
    const agentJobId = request.agent_id ? uuidv7() : null;
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy(scope, imeis);
      const decision = decideReassignDevice(
        { imeis, office_id: request.office_id, agent_id: request.agent_id ?? null, agent_job_id: agentJobId, manager_id: context.actor.user_id },
        { devices: statesOf(devices) },
        facts,
      );
      return this.batch.append(decision, { devices }, context);
    });
    return { position, count: imeis.length, id: agentJobId ?? undefined };
  }
}
