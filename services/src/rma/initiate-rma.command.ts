import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RmaInitiationBody, RmaOpenedBy } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import type { PendingUpload } from '../platform/storage/uploads';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideOpenRma } from './rma-device.decider';

/**
 * InitiateRma (doc 2 §2 Initiate RMA, agent-Initiaterma): one RMA device per IMEI, all or none in
 * one atomic append. A manager's initiation awaits Approve RMA; an agent's request awaits the
 * office manager first.
 */
export class InitiateRma extends Command<BatchResult & { readonly rma_device_ids: readonly string[] }> {
  constructor(
    readonly request: RmaInitiationBody,
    readonly openedBy: RmaOpenedBy,
    readonly scope: Scope,
    readonly context: CommandContext,
    /** The photo of a one-IMEI request (create_rma), kept only if the request is accepted. */
    readonly image?: PendingUpload,
  ) {
    super();
  }
}

@CommandHandler(InitiateRma)
export class InitiateRmaHandler implements ICommandHandler<InitiateRma> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ request, openedBy, scope, context, image }: InitiateRma): Promise<BatchResult & { readonly rma_device_ids: readonly string[] }> {
    if (image && request.imei_list.length !== 1) throw new RangeError('a photo goes with a request of one IMEI');
    const entries = request.imei_list.map((entry) => ({
      imei: entry.imei,
      reason: entry.reason,
      reason_two: entry.reason_two ?? null,
      notes: entry.notes ?? null,
      rma_device_id: uuidv7(),
      image_file: image?.key ?? null,
    }));
    const position = await this.batch.run(async () => {
      const devices = await this.batch.loadSeenBy(scope, [...new Set(entries.map((entry) => entry.imei))]);
      const decision = decideOpenRma({ entries, opened_by: openedBy, user_id: context.actor.user_id }, { devices: statesOf(devices) });
      // A refused request never writes its photo; an accepted one keeps it (uploads.ts).
      return image ? image.keepIfAccepted(decision, (accepted) => this.batch.append(accepted, { devices }, context)) : this.batch.append(decision, { devices }, context);
    });
    return { position, count: entries.length, rma_device_ids: entries.map((entry) => entry.rma_device_id) };
  }
}
