import { type AsOf, type DeviceEvent, type InventoryEvent, type Position, type RecordedEvent, comparePositions, parsePosition } from '@portal/contracts';
import { type DeviceRow, evolveRow, isDeviceEvent } from '@portal/projections';

/**
 * A device as of a moment (docs/AUDIT.md), pure: its own stream's events up to that moment folded
 * with the inventory projection's own `evolveRow` (custody from contracts' `evolveDevice`), so the
 * answer is the row the projection had then. A moment is a position of the store, or an instant
 * compared with each event's business time (`occurred_at`, as the projection dates it; a
 * backdated event counts when it happened), or a date: the end of that business day.
 */

/** When an event happened, as the projection reads it. */
export const eventTime = (recorded: RecordedEvent) => recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();

export interface DeviceAsOf {
  readonly row: DeviceRow | undefined;
  readonly applied: number;
  readonly last: RecordedEvent | undefined;
}

/** Does the event fall on or before the moment? `endOfDay` turns a date into its last instant (the caller knows the business time zone). */
export function happenedBy(recorded: RecordedEvent, asOf: AsOf | undefined, endOfDay: (date: string) => string): boolean {
  if (!asOf) return true;
  if (asOf.kind === 'position') return comparePositions(recorded.position, parsePosition(asOf.position) as Position) <= 0;
  const limit = asOf.kind === 'instant' ? asOf.at : endOfDay(asOf.date);
  return new Date(eventTime(recorded)).getTime() <= new Date(limit).getTime();
}

export function foldDeviceAsOf(history: readonly RecordedEvent[], asOf: AsOf | undefined, endOfDay: (date: string) => string): DeviceAsOf {
  let row: DeviceRow | undefined;
  let applied = 0;
  let last: RecordedEvent | undefined;
  for (const recorded of history) {
    if (!happenedBy(recorded, asOf, endOfDay)) break;
    const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
    if (!isDeviceEvent(event)) continue;
    row = evolveRow(row, event as DeviceEvent, eventTime(recorded), recorded.metadata.user_id ?? 'system') ?? row;
    applied++;
    last = recorded;
  }
  return { row, applied, last };
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `at` counted on business dates (an age as the reports count it). */
export function ageInDays(from: string, at: string, businessDate: (instant: Date) => string): number {
  const start = Date.parse(`${businessDate(new Date(from))}T00:00:00Z`);
  const end = Date.parse(`${businessDate(new Date(at))}T00:00:00Z`);
  return Math.max(0, Math.round((end - start) / DAY_MS));
}
