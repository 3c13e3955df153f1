import { type RecordedEvent, readAsOf } from '@portal/contracts';
import { ageInDays, foldDeviceAsOf } from './device-as-of';
import { endOfBusinessDay } from './device-history';

const recorded = (n: number, type: string, data: Record<string, unknown>, occurredAt: string): RecordedEvent => ({
  position: { transactionId: n, globalPosition: n },
  streamId: 'device-356938035643809',
  streamPosition: n,
  eventId: `e-${n}`,
  type,
  schemaVersion: 1,
  data,
  metadata: { user_id: 'u-1', occurred_at: occurredAt },
  recordedAt: new Date('2026-11-26T12:00:00Z'),
});

const imei = '356938035643809';
const history = [
  recorded(1, 'DeviceReceived', { imei, job_id: 'j-1', office_id: 'o-1', source: 1, order_id: null, device_type: 'PHONE', carton_number: 'C-1' }, '2026-03-01T15:00:00Z'),
  recorded(2, 'DeviceAcceptedByManager', { imei, job_id: 'j-1', office_id: 'o-1' }, '2026-03-02T15:00:00Z'),
  recorded(3, 'DeviceAssigned', { imei, office_id: 'o-1', agent_id: 'a-1', agent_job_id: 'aj-1', manager_id: 'm-1', previous_agent_id: null }, '2026-03-05T15:00:00Z'),
];
const endOfDay = (date: string) => `${date}T23:59:59.999Z`;

describe('a device as of a moment', () => {
  it('folds its stream up to a position, an instant (its business time) or the end of a date', () => {
    expect(foldDeviceAsOf(history, readAsOf('2.2'), endOfDay)).toMatchObject({ applied: 2, row: { status: 3, office_id: 'o-1', agent_id: null } });
    expect(foldDeviceAsOf(history, readAsOf('2026-03-04T00:00:00Z'), endOfDay)).toMatchObject({ applied: 2 });
    expect(foldDeviceAsOf(history, readAsOf('03-05-2026'), endOfDay)).toMatchObject({ applied: 3, row: { agent_id: 'a-1' } });
    expect(foldDeviceAsOf(history, readAsOf('2026-02-01'), endOfDay)).toMatchObject({ applied: 0, row: undefined });
    expect(foldDeviceAsOf(history, undefined, endOfDay).last?.eventId).toBe('e-3');
  });

  it('reads as_of as a position, an instant or a date, and nothing else', () => {
    expect(readAsOf('12.34')).toEqual({ kind: 'position', position: '12.34' });
    expect(readAsOf('2026-03-04T10:00:00+02:00')).toEqual({ kind: 'instant', at: '2026-03-04T08:00:00.000Z' });
    expect(readAsOf('03-04-2026')).toEqual({ kind: 'date', date: '2026-03-04' });
    for (const bad of ['yesterday', '02-30-2026', '1999-12-31', '3000-01-01T00:00:00Z', '1.2.3', '']) expect(readAsOf(bad)).toBeUndefined();
  });

  it('counts its age in business days and ends a business day where the business is (America/Chicago by default)', () => {
    expect(ageInDays('2026-03-01T15:00:00Z', '2026-03-05T15:00:00Z', (instant) => instant.toISOString().slice(0, 10))).toBe(4);
    expect(endOfBusinessDay('2026-03-04')).toBe('2026-03-05T05:59:59.999Z');
    expect(endOfBusinessDay('2026-07-04')).toBe('2026-07-05T04:59:59.999Z');
  });
});
