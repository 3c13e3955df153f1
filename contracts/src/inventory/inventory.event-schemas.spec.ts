import { AGENT_JOB_EVENT_SCHEMAS, DEVICE_EVENT_SCHEMAS, INVENTORY_EVENT_SCHEMAS, RECEIVE_JOB_EVENT_SCHEMAS, TRANSFER_REQUEST_EVENT_SCHEMAS } from './inventory.event-schemas';
import type { AgentJobEvent, DeviceEvent, ReceiveJobEvent, TransferRequestEvent } from './inventory.events';

type DataOf<Event extends { type: string; data: unknown }, Type extends Event['type']> = Extract<Event, { type: Type }>['data'];

const JOB_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c21';
const AGENT_JOB_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c22';
const OFFICE_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c23';
const AGENT_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c24';
const MANAGER_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c25';

describe('inventory event schemas', () => {
  const received: DataOf<DeviceEvent, 'DeviceReceived'> = {
    imei: '356938035643809',
    esn: null,
    make: 'Acme',
    model: 'A1',
    device_type: 'FREEPHONE_SMART',
    pallet: null,
    carton_number: 'CT000010',
    enroll_id: null,
    enroll_type: null,
    etc_code: null,
    job_id: JOB_ID,
    office_id: OFFICE_ID,
    source: 1,
    order_id: 'PO-100000',
  };
  const created: DataOf<ReceiveJobEvent, 'ReceiveJobCreated'> = {
    job_id: JOB_ID,
    office_id: OFFICE_ID,
    source: 3,
    order_id: null,
    order_date: null,
    from_office_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c26',
    cartons: [{ carton_number: 'CT000010', device_type: 'PHONE', imei_count: 2 }],
    total_device_count: 2,
  };

  it('take the device events as the deciders append them, RMA and sales ones included', () => {
    const sent: DataOf<DeviceEvent, 'DeviceSentToOffice'> = { imei: '356938035643809', from_office_id: OFFICE_ID, office_id: created.from_office_id!, job_id: null, agent_id: AGENT_ID, agent_job_id: AGENT_JOB_ID, manager_id: MANAGER_ID };
    const swappedOut: DataOf<DeviceEvent, 'DeviceSwappedOut'> = { imei: '356938035643809', replacement_imei: '356938035643810', office_id: OFFICE_ID, agent_id: null, reason: 'Customer swap' };
    const reversed: DataOf<DeviceEvent, 'ActivationReversed'> = { imei: '356938035643809', restored_status: 3, office_id: OFFICE_ID, agent_id: null, reason: 'Cancelled' };
    expect(DEVICE_EVENT_SCHEMAS.DeviceReceived.safeParse(received).success).toBe(true);
    expect(DEVICE_EVENT_SCHEMAS.DeviceSentToOffice.safeParse(sent).success).toBe(true);
    expect(DEVICE_EVENT_SCHEMAS.DeviceSwappedOut.safeParse(swappedOut).success).toBe(true);
    expect(DEVICE_EVENT_SCHEMAS.ActivationReversed.safeParse(reversed).success).toBe(true);
  });

  it('take the receive job, agent job and transfer records, with or without the device order a job fulfils', () => {
    const answered: DataOf<AgentJobEvent, 'AgentJobAnswered'> = { agent_job_id: AGENT_JOB_ID, accepted: ['356938035643809'], returned: [] };
    const transfer: DataOf<TransferRequestEvent, 'TransferAnswered'> = { transfer_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c27', accepted: false };
    expect(RECEIVE_JOB_EVENT_SCHEMAS.ReceiveJobCreated.safeParse(created).success).toBe(true);
    expect(RECEIVE_JOB_EVENT_SCHEMAS.ReceiveJobCreated.safeParse({ ...created, inventory_order_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c28' }).success).toBe(true);
    expect(AGENT_JOB_EVENT_SCHEMAS.AgentJobAnswered.safeParse(answered).success).toBe(true);
    expect(TRANSFER_REQUEST_EVENT_SCHEMAS.TransferAnswered.safeParse(transfer).success).toBe(true);
  });

  it('refuse a wrong device type, a job id that is no UUID and a missing field', () => {
    expect(DEVICE_EVENT_SCHEMAS.DeviceReceived.safeParse({ ...received, device_type: 'phone' }).success).toBe(false);
    expect(DEVICE_EVENT_SCHEMAS.DeviceReceived.safeParse({ ...received, job_id: 'job-1' }).success).toBe(false);
    const { carton_number: _carton, ...withoutCarton } = received;
    expect(DEVICE_EVENT_SCHEMAS.DeviceReceived.safeParse(withoutCarton).success).toBe(false);
    expect(RECEIVE_JOB_EVENT_SCHEMAS.ReceiveJobCreated.safeParse({ ...created, cartons: [{ carton_number: 'CT000010', device_type: 'PHONE' }] }).success).toBe(false);
  });

  it('describe every event', () => {
    expect(Object.entries(INVENTORY_EVENT_SCHEMAS).filter(([, schema]) => !schema.description).map(([type]) => type)).toEqual([]);
  });
});
