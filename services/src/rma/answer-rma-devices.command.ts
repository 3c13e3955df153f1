import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEVER_RECEIVED, type RmaDeviceEvent, evolveRmaDevice, initialRmaDeviceState, rmaDeviceStream } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { type BatchDecision, type BatchResult, DeviceBatch } from '../platform/commands/device-batch';
import { decideAnswerRequest, decideAnswerRma } from './rma-device.decider';

/** Which answer: the office manager's to an agent's request (Pending RMA Request), or Approve RMA's. */
export type RmaAnswerKind = 'request' | 'approval';

/**
 * AnswerRmaDevices (doc 2 §4): accept/decline agents' requests, or approve/reject initiated RMA
 * devices, all or none. An RMA device whose device lies outside the caller's scope does not exist
 * for them (docs/adr/0001). Two racing answers: the second finds the stream moved on and is
 * refused by the decider (409).
 */
export class AnswerRmaDevices extends Command<BatchResult> {
  constructor(
    readonly kind: RmaAnswerKind,
    readonly answer: { readonly status: 2 | 3; readonly devices: readonly { readonly rma_device_id: string; readonly comments: string | null }[] },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AnswerRmaDevices)
export class AnswerRmaDevicesHandler implements ICommandHandler<AnswerRmaDevices> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ kind, answer, scope, context }: AnswerRmaDevices): Promise<BatchResult> {
    const ids = [...new Set(answer.devices.map((device) => device.rma_device_id))];
    const position = await this.batch.run(async () => {
      const loaded = await this.batch.loadRecords<RmaDeviceEvent>(ids.map(rmaDeviceStream));
      const records = new Map([...loaded].map(([streamId, record]) => [streamId, record.version]));
      const rmas = ids.map((id) => loaded.get(rmaDeviceStream(id))!.events.reduce(evolveRmaDevice, initialRmaDeviceState(id)));
      const loadedDevices = await this.batch.loadSeenBy(scope, [...new Set(rmas.filter((rma) => rma.imei).map((rma) => rma.imei))]);
      const decisions: BatchDecision[] = [];
      for (const rma of rmas) {
        const device = loadedDevices.get(rma.imei)?.state;
        // Unknown, or outside the caller's scope: not found, alike.
        const seen = device !== undefined && device.status !== NEVER_RECEIVED ? rma : initialRmaDeviceState(rma.rma_device_id);
        const comments = answer.devices.find((item) => item.rma_device_id === rma.rma_device_id)?.comments ?? null;
        const decision =
          kind === 'request'
            ? decideAnswerRequest({ status: answer.status, manager_id: context.actor.user_id }, { rma: seen, device: device! })
            : decideAnswerRma({ status: answer.status, comments, manager_id: context.actor.user_id }, { rma: seen, device: device! });
        if (decision instanceof DomainError) throw decision;
        decisions.push(decision);
      }
      const combined: BatchDecision = {
        devices: new Map(decisions.flatMap((decision) => [...decision.devices])),
        records: decisions.flatMap((decision) => decision.records),
      };
      return this.batch.append(combined, { devices: loadedDevices, records }, context);
    });
    return { position, count: ids.length };
  }
}
