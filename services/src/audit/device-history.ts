import {
  type AsOf,
  type AuditEvent,
  type DeviceEvent,
  type DeviceHistoryAnswer,
  type DeviceStateAsOf,
  type InventoryEvent,
  type RecordedEvent,
  agentJobStream,
  comparePositions,
  deviceStream,
  formatPosition,
  inventoryOrderStream,
  inventoryStatusName,
  receiveJobStream,
  rmaDeviceStream,
  rmaOrderStream,
  transferStream,
} from '@portal/contracts';
import { type SqlDb, businessDate, getBusinessTimeZone, isDeviceEvent, logLine, namesOf } from '@portal/projections';
import type { EventStore } from '../platform/event-store/event-store';
import { ageInDays, eventTime, foldDeviceAsOf } from './device-as-of';

/** The records a device's events name, by the key that names them, and the stream of each. */
const RELATED: readonly [key: string, stream: (id: string) => string][] = [
  ['job_id', receiveJobStream],
  ['agent_job_id', agentJobStream],
  ['transfer_id', transferStream],
  ['rma_device_id', rmaDeviceStream],
  ['rma_order_id', rmaOrderStream],
  ['order_id', inventoryOrderStream],
];

/** The device's own stream, then the related records' streams, every event once, in the store's order. */
export async function deviceHistoryEvents(store: EventStore, imei: string): Promise<{ own: RecordedEvent[]; all: RecordedEvent[] }> {
  const own = await store.readStream(deviceStream(imei));
  const streams = new Set<string>();
  for (const recorded of own) {
    const data = recorded.data as Record<string, unknown>;
    for (const [key, stream] of RELATED) if (typeof data[key] === 'string' && data[key]) streams.add(stream(data[key]));
  }
  const related = (await Promise.all([...streams].map((streamId) => store.readStream(streamId)))).flat();
  const all = [...own, ...related].sort((a, b) => comparePositions(a.position, b.position));
  return { own, all };
}

/** An event type in words, for a related record's event ("RmaOrderSubmitted" → "Rma order submitted"). */
function typeInWords(type: string): string {
  const spaced = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function wordsOf(recorded: RecordedEvent, own: boolean): string {
  const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
  if (own && isDeviceEvent(event)) return logLine(event as DeviceEvent).short_description;
  return `${typeInWords(recorded.type)} (${recorded.streamId.replace(/-[0-9a-f-]{36}$/, '')})`;
}

/** The history with its envelopes and the actors' names now. */
export async function deviceHistory(db: SqlDb, store: EventStore, imei: string): Promise<DeviceHistoryAnswer> {
  const { own, all } = await deviceHistoryEvents(store, imei);
  const ownIds = new Set(own.map((recorded) => recorded.eventId));
  const names = await namesOf(db, { users: [...new Set(all.flatMap((recorded) => (recorded.metadata.user_id ? [recorded.metadata.user_id] : [])))], offices: [] });
  const events = all.map((recorded): AuditEvent => {
    const meta = recorded.metadata;
    const isOwn = ownIds.has(recorded.eventId);
    return {
      position: formatPosition(recorded.position),
      event_id: recorded.eventId,
      stream_id: recorded.streamId,
      stream_version: recorded.streamPosition,
      type: recorded.type,
      schema_version: recorded.schemaVersion,
      recorded_at: recorded.recordedAt.toISOString(),
      data: recorded.data,
      actor: {
        user_id: meta.user_id ?? null,
        user_name: meta.user_id ? (names.users.get(meta.user_id) ?? null) : null,
        roles: meta.roles ?? [],
        scope: meta.scope ?? null,
        command_id: meta.command_id ?? null,
        correlation_id: meta.correlation_id ?? null,
        causation_id: meta.causation_id ?? null,
        occurred_at: meta.occurred_at ?? null,
      },
      words: wordsOf(recorded, isOwn),
      own: isOwn,
    };
  });
  return { imei, events };
}

/** The last instant of a business date (an as-of date means the end of that day where the business is). */
export function endOfBusinessDay(date: string): string {
  const naive = Date.parse(`${date}T23:59:59.999Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: getBusinessTimeZone(), hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(naive));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  const localAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return new Date(naive - (localAsUtc - Math.floor(naive / 1000) * 1000)).toISOString();
}

/** The device as of the moment asked (now when none), with its holder's names. */
export async function deviceStateAsOf(db: SqlDb, store: EventStore, imei: string, asOf: AsOf | undefined, now: Date): Promise<DeviceStateAsOf> {
  const own = await store.readStream(deviceStream(imei));
  const { row, applied, last } = foldDeviceAsOf(own, asOf, endOfBusinessDay);
  const moment = !asOf ? now.toISOString() : asOf.kind === 'instant' ? asOf.at : asOf.kind === 'date' ? endOfBusinessDay(asOf.date) : last ? eventTime(last) : now.toISOString();
  const names = await namesOf(db, { users: row?.agent_id ? [row.agent_id] : [], offices: row?.office_id ? [row.office_id] : [] });
  const status = row?.status ?? 0;
  return {
    imei,
    as_of: moment,
    position: last ? formatPosition(last.position) : null,
    events_applied: applied,
    status,
    status_name: row ? inventoryStatusName(status) : 'Not received',
    holder: !row ? 'none' : row.agent_id ? 'agent' : 'office',
    office_id: row?.office_id ?? null,
    office_name: row?.office_id ? (names.offices.get(row.office_id) ?? null) : null,
    agent_id: row?.agent_id ?? null,
    agent_name: row?.agent_id ? (names.users.get(row.agent_id) ?? null) : null,
    carton_number: row?.carton_number ?? null,
    device_type: row?.device_type ?? null,
    aged_from: row?.aged_from ?? null,
    age_days: row ? ageInDays(row.aged_from, moment, businessDate) : null,
  };
}
