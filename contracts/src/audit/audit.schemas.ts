import { z } from 'zod';
import { EARLIEST_DATE, LATEST_DATE, blankAsMissing, isoDateOf, text } from '../platform/input';
import { parsePosition } from '../platform/event-envelope';

/** A device's IMEI (or a SIM's ICCID) in an audit path: its digits. */
export const auditDeviceParams = z.object({
  imei: text('IMEI is required').trim().regex(/^\d{4,20}$/, 'An IMEI is 4 to 20 digits'),
});
export type AuditDeviceParams = z.infer<typeof auditDeviceParams>;

export const AS_OF_MESSAGE = 'as_of is an instant (2026-03-01T12:00:00Z), a date (MM-DD-YYYY or YYYY-MM-DD: the end of that day) or a position (1234.5678)';

/** When a question is asked "as of": an instant, the end of a business day, or a position of the store. */
export type AsOf = { readonly kind: 'instant'; readonly at: string } | { readonly kind: 'date'; readonly date: string } | { readonly kind: 'position'; readonly position: string };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Reads an as_of text; undefined when it is none of the three. */
export function readAsOf(value: string): AsOf | undefined {
  const trimmed = value.trim();
  if (parsePosition(trimmed)) return { kind: 'position', position: trimmed };
  if (INSTANT.test(trimmed)) {
    const at = new Date(trimmed);
    const year = at.getUTCFullYear();
    return Number.isNaN(at.getTime()) || year < 2000 || year > 2099 ? undefined : { kind: 'instant', at: at.toISOString() };
  }
  const date = isoDateOf(trimmed);
  return date && date >= EARLIEST_DATE && date <= LATEST_DATE ? { kind: 'date', date } : undefined;
}

const asOfValue = text(AS_OF_MESSAGE).max(40, AS_OF_MESSAGE).transform((value, context) => {
  const read = readAsOf(value);
  if (!read) {
    context.addIssue({ code: 'custom', message: AS_OF_MESSAGE });
    return z.NEVER;
  }
  return read;
});

/** An optional `as_of` parameter: absent means now. The fleet reports take it too (roles 1, 12, 15). */
export const asOfParam = z.preprocess(blankAsMissing, asOfValue.optional());

/** `?as_of=`: absent means now. */
export const asOfQuery = z.object({ as_of: asOfParam });

export const FLEET_AS_OF_REQUIRED = 'as_of is required: the past date (or instant, or position) the reports are to be read as of';

/** `GET /api/v1/audit/fleet?as_of=`: the fleet's read model as of a moment, built on demand. */
export const fleetAsOfQuery = z.object({ as_of: z.preprocess(blankAsMissing, z.unknown().refine((value) => value !== undefined, FLEET_AS_OF_REQUIRED).pipe(asOfValue)) });
export type FleetAsOfQuery = z.infer<typeof fleetAsOfQuery>;

/** The words of a moment as the key and the answers name it: `2026-10-01`, an ISO instant, or `1234.5678`. */
export const asOfText = (asOf: AsOf) => (asOf.kind === 'date' ? asOf.date : asOf.kind === 'instant' ? asOf.at : asOf.position);
export type AsOfQuery = z.infer<typeof asOfQuery>;

/** `GET /api/v1/audit/verify?stream=`: one stream's hash chain (a device's: `device-<imei>`). */
export const verifyStreamQuery = z.object({
  stream: text('stream is required').trim().min(1, 'stream is required').max(200, 'stream is at most 200 characters'),
});
export type VerifyStreamQuery = z.infer<typeof verifyStreamQuery>;
