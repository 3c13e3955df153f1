import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReceiveShipmentBody } from '@portal/contracts';
import { type Scope, isOfficeInScope, officeExists } from '@portal/projections';
import { v7 as uuidv7 } from 'uuid';
import type { CommandContext } from '../platform/commands/command-context';
import { type BatchResult, DeviceBatch, statesOf } from '../platform/commands/device-batch';
import { decideReceiveCarton } from './receive-job.decider';

/**
 * ReceiveCarton: one upstream shipment of cartons to one office (the integration API, a
 * manifest upload, the seed), all or nothing. Devices become manager pending (9) on a new
 * receive job. `scope`: the caller's, when the office must be in it.
 */
export class ReceiveCarton extends Command<BatchResult> {
  constructor(
    readonly shipment: ReceiveShipmentBody,
    readonly context: CommandContext,
    readonly options: { readonly scope?: Scope; readonly idempotencyKey?: string } = {},
  ) {
    super();
  }
}

@CommandHandler(ReceiveCarton)
export class ReceiveCartonHandler implements ICommandHandler<ReceiveCarton> {
  constructor(private readonly batch: DeviceBatch) {}

  async execute({ shipment, context, options }: ReceiveCarton): Promise<BatchResult> {
    const db = this.batch.db;
    const jobId = uuidv7();
    const imeis = [...new Set(shipment.devices.map((device) => device.imei))];
    const exists = await officeExists(db, shipment.office_id);
    const facts = { officeExists: exists, officeInScope: !exists || !options.scope || (await isOfficeInScope(db, options.scope, shipment.office_id)) };
    const position = await this.batch.run(async () => {
      const devices = await this.batch.load(imeis);
      const decision = decideReceiveCarton({ ...shipment, job_id: jobId }, { devices: statesOf(devices) }, facts);
      return this.batch.append(decision, { devices }, context, options.idempotencyKey);
    });
    return { position, count: shipment.devices.length, id: jobId };
  }
}
