import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AgentJobEvent, agentJobStream } from '@portal/contracts';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { type AnswerAgentJobCommand, decideAnswerAgentJob, foldAgentJob } from './agent-job.decider';

/** AnswerAgentJob (doc 1 §2.14): the agent accepts devices of their job, or returns the rest of a partially accepted one. */
export class AnswerAgentJob extends Command<BatchResult> {
  constructor(
    readonly answer: AnswerAgentJobCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerAgentJob)
export class AnswerAgentJobHandler implements ICommandHandler<AnswerAgentJob> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ answer, context }: AnswerAgentJob): Promise<BatchResult> {
    const stream = agentJobStream(answer.agent_job_id);
    const imeis = [...new Set([...answer.accepted, ...answer.returned])];
    const position = await this.batch.run(async () => {
      const job = await this.batch.loadRecord<AgentJobEvent>(stream);
      const devices = await this.batch.loadSeenBy({ kind: 'agent', agentId: answer.agent_id }, imeis);
      const decision = decideAnswerAgentJob(answer, { job: foldAgentJob(job.events), devices: statesOf(devices) });
      return this.batch.append(decision, { devices, records: new Map([[stream, job.version]]) }, context);
    });
    return { position, count: answer.accepted.length + answer.returned.length };
  }
}
