import { z } from 'zod';
import { text } from '../platform/input';
import { deviceIdParam } from './inventory.schemas';
import { LABEL_LAYOUTS, MAX_LABELS } from './labels.codes';

// The two requests for printable labels (issue 27, docs/SCANNING.md "Labels"); the layouts are labels.codes'.

const LAYOUT_MESSAGE = `Please choose a label layout: ${LABEL_LAYOUTS.join(', ')}`;
const layout = z.enum(LABEL_LAYOUTS, { error: LAYOUT_MESSAGE });

/**
 * A list of what to label: at least one, at most MAX_LABELS — counted before any item is read,
 * so 100,000 items answer one message, not one per item — then each item by its own schema.
 */
const labelList = <Item extends z.ZodType>(item: Item, message: string) =>
  z
    .array(z.unknown(), { error: message })
    .min(1, message)
    .max(MAX_LABELS, `At most ${MAX_LABELS.toLocaleString('en-US')} labels at once`)
    .pipe(z.array(item));

const cartonNumber = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value),
    text(message).trim().min(1, message).max(60, 'A carton number is at most 60 characters'),
  );

/** POST /api/v1/manager/carton_labels: one label per carton (per office holding it), in the order asked. */
export const cartonLabelsBody = z.object({ carton_numbers: labelList(cartonNumber('Please select cartons'), 'Please select cartons'), layout });
export type CartonLabelsBody = z.infer<typeof cartonLabelsBody>;

/** POST /api/v1/manager/device_labels: one label per IMEI (or ICCID), in the order asked. */
export const deviceLabelsBody = z.object({ imeis: labelList(deviceIdParam('Please select IMEIs'), 'Please select IMEIs'), layout });
export type DeviceLabelsBody = z.infer<typeof deviceLabelsBody>;
