import type { RecordedEvent } from '@portal/contracts';
import { attributeEvent, idsNamedBy, streamSubject } from './feed-attribution';

let position = 0;
const event = (streamId: string, type: string, data: Record<string, unknown>): RecordedEvent => {
  position++;
  return { position: { transactionId: position, globalPosition: position }, streamId, streamPosition: 1, eventId: `e${position}`, type, schemaVersion: 1, data, metadata: {}, recordedAt: new Date(0) };
};

const RETAILER = '11111111-1111-4111-8111-111111111111';
const MARKET = '22222222-2222-4222-8222-222222222222';
const OFFICE = '33333333-3333-4333-8333-333333333333';
const USER = '44444444-4444-4444-8444-444444444444';
const JOB = '55555555-5555-4555-8555-555555555555';

/** Attributes events in order, learning as the projection does; answers each event's retailer. */
function replay(events: readonly RecordedEvent[], known = new Map<string, string>()): (string | null)[] {
  return events.map((recorded) => {
    const attribution = attributeEvent(recorded, (id) => known.get(id));
    for (const [id, retailer] of attribution.learned) known.set(id, retailer);
    if (attribution.subject) known.set(attribution.subject.id, attribution.subject.retailerId);
    return attribution.retailerId;
  });
}

describe('whose feed carries an event', () => {
  it('names the record a stream is about: a UUID tail or a device IMEI, none for shared streams', () => {
    expect(streamSubject(`rma-device-${JOB}`)).toBe(JOB);
    expect(streamSubject('device-356938035643809')).toBe('356938035643809');
    expect(streamSubject('office-numbers')).toBeUndefined();
    expect(streamSubject('audit-checkpoints')).toBeUndefined();
    expect(idsNamedBy(event(`receive-job-${JOB}`, 'X', { office_id: OFFICE, imei: '1234' }))).toEqual([JOB, OFFICE, '1234']);
  });

  it('follows the organisation down, then a device from its arrival to steps that name only its IMEI, and a person by their office', () => {
    const retailers = replay([
      event('master_agent-1', 'MasterAgentRegistered', { master_agent_id: 'm', name: 'M' }),
      event(`retailer-${RETAILER}`, 'RetailerRegistered', { retailer_id: RETAILER, name: 'R', distributor_id: 'd' }),
      event(`market-${MARKET}`, 'IboMarketCreated', { ibo_marketer_id: MARKET, name: 'North', retailer_id: RETAILER }),
      event(`office-${OFFICE}`, 'OfficeCreated', { office_id: OFFICE, name: 'Dallas', office_number: 'OF001', state_short_name: 'TX', ibo_marketer_id: MARKET }),
      event(`user-${USER}`, 'UserCreated', { user_id: USER, email: 'a@x', office_id: OFFICE }),
      event(`user-${USER}`, 'UserPasswordChanged', { user_id: USER, reason: 'changed' }),
      event('device-356938035643809', 'DeviceReceived', { imei: '356938035643809', job_id: JOB, office_id: OFFICE }),
      event('device-356938035643809', 'DeviceRmaApproved', { imei: '356938035643809', rma_device_id: 'x' }),
      event('office-numbers', 'OfficeNumberTaken', { office_id: OFFICE, office_number: 'OF001' }),
      event('audit-checkpoints', 'AuditCheckpointRecorded', { position: '1.1' }),
    ]);
    expect(retailers).toEqual([null, RETAILER, RETAILER, RETAILER, RETAILER, RETAILER, RETAILER, RETAILER, RETAILER, null]);
  });

  it('places a manager the super role created without a unit once an office names them, and a record by the person it names', () => {
    const known = new Map([[OFFICE, RETAILER]]);
    const retailers = replay(
      [
        event(`user-${USER}`, 'UserCreated', { user_id: USER, email: 'm@x' }),
        event(`office-${OFFICE}`, 'OfficeManagersAssigned', { office_id: OFFICE, manager_ids: [USER], supervisor_ids: [] }),
        event(`user-${USER}`, 'UserPasswordChanged', { user_id: USER, reason: 'changed' }),
        event(`messages_read-${JOB}`, 'MessagesRead', { user_id: USER }),
      ],
      known,
    );
    expect(retailers).toEqual([null, RETAILER, RETAILER, RETAILER]);
  });

  it('moves a record to the retailer its event names, and never lets a shared stream carry one retailer to another', () => {
    const other = '66666666-6666-4666-8666-666666666666';
    const known = new Map([
      [OFFICE, RETAILER],
      ['77777777-7777-4777-8777-777777777777', other],
    ]);
    expect(
      replay(
        [
          event('device-1234', 'DeviceReceived', { imei: '1234', office_id: OFFICE }),
          event('device-1234', 'DeviceReceived', { imei: '1234', office_id: '77777777-7777-4777-8777-777777777777' }),
          event('device-1234', 'DeviceReturnedToStock', { imei: '1234' }),
          event('office-numbers', 'OfficeNumberTaken', { office_number: 'OF009' }),
        ],
        known,
      ),
    ).toEqual([RETAILER, other, other, null]);
  });
});
