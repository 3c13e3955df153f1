import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AgentJobEvent, agentJobStream } from '@portal/contracts';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decidePartialAccept, foldAgentJob } from './agent-job.decider';

/**
 * PartiallyAcceptAgentJob (doc 1 §2.14, §5): the chosen IMEIs become the agent's and the job's
 * other pending devices go back to the manager, in one atomic command (the spec's client does it
 * in two calls, accept then transfer_device status 0; both keep working).
 */
export class PartiallyAcceptAgentJob extends Command<BatchResult & { readonly returned: number }> {
  constructor(
    readonly request: { readonly agent_id: string; readonly agent_job_id: string; readonly imeis: readonly string[] },
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(PartiallyAcceptAgentJob)
export class PartiallyAcceptAgentJobHandler implements ICommandHandler<PartiallyAcceptAgentJob> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, context }: PartiallyAcceptAgentJob): Promise<BatchResult & { returned: number }> {
    const stream = agentJobStream(request.agent_job_id);
    let returned = 0;
    const position = await this.batch.run(async () => {
      const job = await this.batch.loadRecord<AgentJobEvent>(stream);
      const state = foldAgentJob(job.events);
      // Every device of the job (to know which are still pending) and any chosen one that is not on it (refused by name).
      const devices = await this.batch.loadSeenBy({ kind: 'agent', agentId: request.agent_id }, [...new Set([...(state?.agent_id === request.agent_id ? state.imeis : []), ...request.imeis])]);
      const decision = decidePartialAccept(request, { job: state, devices: statesOf(devices) });
      returned = decision instanceof Error ? 0 : decision.devices.size - new Set(request.imeis).size;
      return this.batch.append(decision, { devices, records: new Map([[stream, job.version]]) }, context);
    });
    return { position, count: new Set(request.imeis).size, returned };
  }
}
