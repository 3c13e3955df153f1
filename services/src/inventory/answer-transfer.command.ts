import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type TransferRequestEvent, transferStream } from '@portal/contracts';
import { type Scope, isOfficeInScope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideAnswerTransfer, foldTransfer } from './transfer.decider';

/** AnswerTransfer (doc 1 §2.7 Accept Transfer): the manager accepts (back in stock) or rejects (back with the agent) an agent's transfer. */
export class AnswerTransfer extends Command<BatchResult> {
  constructor(
    readonly answer: { readonly transfer_id: string; readonly accept: boolean },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerTransfer)
export class AnswerTransferHandler implements ICommandHandler<AnswerTransfer> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ answer, scope, context }: AnswerTransfer): Promise<BatchResult> {
    const stream = transferStream(answer.transfer_id);
    let count = 0;
    const position = await this.batch.run(async () => {
      const record = await this.batch.loadRecord<TransferRequestEvent>(stream);
      const transfer = foldTransfer(record.events);
      const officeInScope = transfer !== null && (await isOfficeInScope(this.batch.db, scope, transfer.office_id));
      count = transfer?.imeis.length ?? 0;
      const devices = await this.batch.load(officeInScope && !transfer.answered ? transfer.imeis : []);
      const decision = decideAnswerTransfer(answer, { transfer, devices: statesOf(devices) }, { officeInScope });
      return this.batch.append(decision, { devices, records: new Map([[stream, record.version]]) }, context);
    });
    return { position, count };
  }
}
