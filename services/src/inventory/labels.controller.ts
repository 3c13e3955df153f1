import { Controller, HttpCode, Inject, StreamableFile } from '@nestjs/common';
import { type CartonLabelsBody, type DeviceLabelsBody, MAX_LABELS, deviceTypeName, officeWithNumber } from '@portal/contracts';
import { type CartonLabelFacts, type DeviceLabelFacts, cartonLabelFacts, deviceLabelFacts } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import { CurrentUser } from '../auth/current-user';
import { formatExportDate } from '../exports/export-definition';
import { DomainError } from '../platform/commands/command-errors';
import { RouteBody, Serves } from '../platform/http/serves';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { type CartonLabel, type DeviceLabel, renderCartonLabels, renderDeviceLabels } from './labels/inventory-labels';

/** How many refused items a message names; `fields` names them all. */
const NAMED = 10;

/**
 * The items asked for that the scope does not hold, refused all at once (no PDF with gaps): each
 * named in the words the device log uses for a device out of reach, the same for one that does
 * not exist — a user learns nothing about what lies outside their scope.
 */
function refuseMissing(asked: readonly string[], found: ReadonlySet<string>, sentence: (item: string) => string, noun: string): void {
  const missing = [...new Set(asked.filter((item) => !found.has(item)))];
  if (missing.length === 0) return;
  const named = missing.slice(0, NAMED).join(', ') + (missing.length > NAMED ? ` and ${missing.length - NAMED} more` : '');
  const message = missing.length === 1 ? sentence(missing[0]!) : `${missing.length} ${noun} are not in your inventory: ${named}.`;
  throw new DomainError(message, 404, Object.fromEntries(missing.map((item) => [item, sentence(item)])));
}

const cartonLabel = (facts: CartonLabelFacts): CartonLabel => ({
  carton_number: facts.carton_number,
  // The one office form ("Dallas Office (OF001)"), as every screen names it.
  office: officeWithNumber(facts.office_name, facts.office_number),
  device_count: facts.device_count,
  device_type: deviceTypeName(facts.device_types),
  received: formatExportDate(facts.received_on) ?? '',
});

const deviceLabel = (facts: DeviceLabelFacts): DeviceLabel => ({
  imei: facts.imei,
  model: [facts.make, facts.model].filter(Boolean).join(' ') || deviceTypeName(facts.device_type),
  carton_number: facts.carton_number,
});

const pdf = (bytes: Uint8Array, fileName: string) => new StreamableFile(Buffer.from(bytes), { type: 'application/pdf', disposition: `attachment; filename="${fileName}"`, length: bytes.length });

/**
 * Printable labels (issue 27, docs/SCANNING.md "Labels"): carton and device labels as one PDF,
 * for the caller's scope only. Read only: no command, no event.
 */
@Controller()
export class LabelsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db() {
    return this.platform.database.db;
  }

  @Serves('POST /api/v1/manager/carton_labels')
  @HttpCode(200)
  async cartonLabels(@RouteBody() body: CartonLabelsBody, @CurrentUser() user: AuthenticatedUser): Promise<StreamableFile> {
    const facts = await cartonLabelFacts(this.db, user.scope, body.carton_numbers);
    refuseMissing(body.carton_numbers, new Set(facts.map((carton) => carton.carton_number)), (carton) => `Carton ${carton} is not in your inventory.`, 'cartons');
    // A carton whose devices several offices hold has a label per office: the bound is on labels, not on numbers.
    if (facts.length > MAX_LABELS) throw new DomainError(`These cartons make ${facts.length.toLocaleString('en-US')} labels (some are held by several offices): at most ${MAX_LABELS.toLocaleString('en-US')} at once.`, 422);
    return pdf(await renderCartonLabels(facts.map(cartonLabel), body.layout), `carton-labels-${body.layout}.pdf`);
  }

  @Serves('POST /api/v1/manager/device_labels')
  @HttpCode(200)
  async deviceLabels(@RouteBody() body: DeviceLabelsBody, @CurrentUser() user: AuthenticatedUser): Promise<StreamableFile> {
    const facts = await deviceLabelFacts(this.db, user.scope, body.imeis);
    refuseMissing(body.imeis, new Set(facts.map((device) => device.imei)), (imei) => `IMEI ${imei} is not in your inventory.`, 'IMEIs');
    return pdf(await renderDeviceLabels(facts.map(deviceLabel), body.layout), `device-labels-${body.layout}.pdf`);
  }
}
