import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ASSIGN_SOURCE } from '@portal/contracts';
import type { Scope } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { DomainError } from '../platform/commands/command-errors';
import { BatchRefusal, type BatchResult } from '../platform/commands/device-batch';
import { problemsByRow, readManifest } from './manifest';
import { ReceiveCarton } from './receive-carton.command';

const MANIFEST_REQUIRED = 'Please choose a manifest file (CSV or XLSX)';

/**
 * ReceiveManifest: a shipment manifest uploaded in the console (CSV or XLSX, one device per row)
 * for an office of the caller's scope. Every row is checked first, and a refusal names each bad
 * row; nothing is received unless every row is good: one ReceiveCarton however many rows.
 */
export class ReceiveManifest extends Command<BatchResult> {
  constructor(
    readonly file: { readonly buffer: Buffer; readonly originalname: string } | undefined,
    readonly shipment: { readonly office_id: string; readonly order_id: string | null; readonly inventory_request_order_id?: string | null },
    readonly scope: Scope,
    readonly context: CommandContext,
  ) {
    super();
  }
}

const rows = (count: number, one: string, many: string) => `${count} row${count === 1 ? ` ${one}` : `s ${many}`}`;

@CommandHandler(ReceiveManifest)
export class ReceiveManifestHandler implements ICommandHandler<ReceiveManifest> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ file, shipment, scope, context }: ReceiveManifest): Promise<BatchResult> {
    if (!file) throw new DomainError(MANIFEST_REQUIRED, 400, { file: MANIFEST_REQUIRED });
    const manifest = await readManifest(file.buffer, file.originalname);
    if (manifest.problems.size > 0) throw new DomainError(`${rows(manifest.problems.size, 'has', 'have')} problems; nothing was received.`, 400, problemsByRow(manifest.problems));
    try {
      return await this.commands.execute(
        new ReceiveCarton(
          { office_id: shipment.office_id, source: ASSIGN_SOURCE.UPSTREAM_ALLOCATION, order_id: shipment.order_id, order_date: null, inventory_request_order_id: shipment.inventory_request_order_id ?? null, devices: manifest.devices },
          context,
          { scope },
        ),
      );
    } catch (error) {
      if (!(error instanceof BatchRefusal)) throw error;
      const byRow = new Map<number, string[]>();
      for (const problem of error.problems) {
        const row = manifest.rowOf.get(problem.imei) ?? 0;
        byRow.set(row, [...(byRow.get(row) ?? []), problem.message]);
      }
      throw new DomainError(`${rows(byRow.size, 'is', 'are')} refused; nothing was received.`, 409, problemsByRow(byRow));
    }
  }
}
