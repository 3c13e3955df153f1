import { auditDeviceParams } from '@portal/contracts/audit/audit.schemas';
import type { AuditEvent, DeviceHistoryAnswer, DeviceStateAsOf } from '@portal/contracts/audit/audit.views';
import { agentJobStream, receiveJobStream, transferStream } from '@portal/contracts/inventory/inventory.events';
import { inventoryOrderStream } from '@portal/contracts/orders/orders.events';
import { START, comparePositions, formatPosition, parsePosition } from '@portal/contracts/platform/event-envelope';
import { rmaDeviceStream, rmaOrderStream } from '@portal/contracts/rma/rma.events';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey, route } from '../../app/api-client';

export const auditRoutes = {
  history: route('GET', '/api/v1/audit/devices/:imei/history'),
  stateAsOf: route('GET', '/api/v1/audit/devices/:imei'),
};

/** What keeps a typed IMEI from being asked about, in the server's words (the same contracts schema decides); none when it may be. */
export function imeiProblem(imei: string | null | undefined): string | undefined {
  const checked = auditDeviceParams.shape.imei.safeParse(imei ?? undefined);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** The device's history, every event with its envelope, in the store's order. */
export function useDeviceHistory(imei: string | undefined) {
  const options = { params: { imei: imei ?? '' } };
  return useQuery({
    queryKey: queryKey(auditRoutes.history, options),
    queryFn: () => call<DeviceHistoryAnswer>(auditRoutes.history, options),
    enabled: imei !== undefined,
  });
}

/** The device as of `asOf` (an instant, a date or a position; none: now). */
export function useDeviceStateAsOf(imei: string, asOf: string | undefined, enabled: boolean) {
  const options = { params: { imei }, query: { as_of: asOf } };
  return useQuery({
    queryKey: queryKey(auditRoutes.stateAsOf, options),
    queryFn: () => call<DeviceStateAsOf>(auditRoutes.stateAsOf, options),
    enabled,
    // Moving the slider back and forth keeps the last card on screen while the next one loads.
    placeholderData: (previous) => previous,
  });
}

/** "As of before the first event": the store's first position, before any event. */
export const BEFORE_EVERYTHING = formatPosition(START);

/** Whether an event comes after a position in the store's order (both "<transaction>.<global>"). */
export function isAfter(event: AuditEvent, position: string): boolean {
  const mine = parsePosition(event.position);
  const other = parsePosition(position);
  return mine !== null && other !== null && comparePositions(mine, other) > 0;
}

/** The records a device takes part in, by the prefix of their stream (contracts' stream names), and what the timeline calls each. */
const RECORD_KINDS: readonly (readonly [prefix: string, name: string])[] = [
  [receiveJobStream(''), 'Receive job'],
  [agentJobStream(''), 'Assignment'],
  [transferStream(''), 'Transfer'],
  [rmaDeviceStream(''), 'RMA request'],
  [rmaOrderStream(''), 'RMA order'],
  [inventoryOrderStream(''), 'Device order'],
];

/** The kind of record a related event belongs to ("RMA order"); the stream's own prefix for one the list does not know. */
export function recordKind(streamId: string): string {
  const known = RECORD_KINDS.find(([prefix]) => streamId.startsWith(prefix));
  if (known) return known[1];
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}
