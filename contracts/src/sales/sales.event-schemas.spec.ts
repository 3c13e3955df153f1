import { SALES_DEVICE_EVENT_SCHEMAS } from './sales.event-schemas';
import type { SalesDeviceEvent } from './sales.events';

type DataOf<Type extends SalesDeviceEvent['type']> = Extract<SalesDeviceEvent, { type: Type }>['data'];

const activated: DataOf<'DeviceActivated'> = {
  imei: '356938035643809',
  activation_date: '2026-11-20',
  order_id: 'ACT-643809',
  plan_name: 'Unlimited',
  subscriber_state: 'TX',
  subscriber_zip: null,
  previous_status: 5,
  was_in_stock: true,
  office_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c0d',
  agent_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c0e',
  device: {
    device_type: 'PHONE',
    make: 'Acme',
    model: 'A1',
    esn: null,
    pallet: 'PL-1',
    carton_number: 'CT000010',
    enroll_id: null,
    enroll_type: null,
    etc_code: null,
    allocated_office_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c0d',
    order_id: 'PO-100000',
    order_date: '2026-10-01',
    received_at: '2026-10-04T15:12:00.000Z',
    allocation_date: '2026-10-04T15:12:00.000Z',
  },
};

describe('sales event schemas', () => {
  it('take a sale as the code records it, with or without what was sold', () => {
    expect(SALES_DEVICE_EVENT_SCHEMAS.DeviceActivated.safeParse(activated).success).toBe(true);
    const { device: _device, ...recordedBeforeSalesProjection } = activated;
    expect(SALES_DEVICE_EVENT_SCHEMAS.DeviceActivated.safeParse(recordedBeforeSalesProjection).success).toBe(true);
    expect(SALES_DEVICE_EVENT_SCHEMAS.DeviceActivated.safeParse({ ...activated, device: null }).success).toBe(true);
  });

  it('take a reversal', () => {
    const reversed: DataOf<'ActivationReversed'> = { imei: '356938035643809', restored_status: 5, office_id: null, agent_id: null, reason: null };
    expect(SALES_DEVICE_EVENT_SCHEMAS.ActivationReversed.safeParse(reversed).success).toBe(true);
  });

  it('refuse a wrong device type and a missing field', () => {
    expect(SALES_DEVICE_EVENT_SCHEMAS.DeviceActivated.safeParse({ ...activated, device: { ...activated.device, device_type: 'LAPTOP' } }).success).toBe(false);
    const { was_in_stock: _wasInStock, ...missing } = activated;
    expect(SALES_DEVICE_EVENT_SCHEMAS.DeviceActivated.safeParse(missing).success).toBe(false);
  });

  it('describe every event', () => {
    expect(Object.values(SALES_DEVICE_EVENT_SCHEMAS).filter((schema) => !schema.description)).toEqual([]);
  });
});
