import { RMA_DEVICE_CUSTODY_EVENT_SCHEMAS, RMA_DEVICE_EVENT_SCHEMAS, RMA_ORDER_EVENT_SCHEMAS, RMA_ORDER_NUMBER_EVENT_SCHEMAS } from './rma.event-schemas';
import type { RmaDeviceCustodyEvent, RmaDeviceEvent, RmaOrderEvent, RmaOrderNumberEvent } from './rma.events';

type DataOf<Event extends { type: string; data: unknown }, Type extends Event['type']> = Extract<Event, { type: Type }>['data'];

const RMA_DEVICE_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c01';
const RMA_ORDER_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c02';
const OFFICE_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c03';
const MANAGER_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c04';

describe('RMA event schemas', () => {
  const opened: DataOf<RmaDeviceEvent, 'RmaDeviceOpened'> = {
    rma_device_id: RMA_DEVICE_ID,
    imei: '356938035643809',
    opened_by: 'manager',
    office_id: OFFICE_ID,
    agent_id: null,
    manager_id: MANAGER_ID,
    reason: 2,
    reason_two: null,
    notes: 'Cracked screen',
    image_file: 'rma-images/0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c05.png',
  };
  const submitted: DataOf<RmaOrderEvent, 'RmaOrderSubmitted'> = {
    rma_order_id: RMA_ORDER_ID,
    rma_prefix: 'RMA-000001',
    office_id: OFFICE_ID,
    submitted_by: MANAGER_ID,
    devices: [{ rma_device_id: RMA_DEVICE_ID, imei: '356938035643809' }],
    shipment: { address: '100 Main St', city: 'Dallas', state: 'TX', zip: '75201', no_of_boxes: 2, box_length: 12, box_width: null, box_height: null, box_weight: 15.5 },
  };

  it('take the device-stream and RMA device events as the deciders append them', () => {
    const marked: DataOf<RmaDeviceCustodyEvent, 'DeviceMarkedOutOfService'> = { imei: '356938035643809', status: 18, notes: null };
    const swappedIn: DataOf<RmaDeviceCustodyEvent, 'DeviceSwappedIn'> = { imei: '356938035643810', sold_imei: '356938035643809', activation_date: '2026-11-20', plan_name: null, order_id: null, reason: 'Customer swap' };
    const rmaSubmitted: DataOf<RmaDeviceCustodyEvent, 'DeviceRmaSubmitted'> = { imei: '356938035643809', rma_device_id: RMA_DEVICE_ID, rma_order_id: RMA_ORDER_ID, rma_prefix: 'RMA-000001' };
    const answered: DataOf<RmaDeviceEvent, 'RmaDeviceAnswered'> = { rma_device_id: RMA_DEVICE_ID, imei: '356938035643809', status: 3, comments: null, manager_id: MANAGER_ID };
    expect(RMA_DEVICE_CUSTODY_EVENT_SCHEMAS.DeviceMarkedOutOfService.safeParse(marked).success).toBe(true);
    expect(RMA_DEVICE_CUSTODY_EVENT_SCHEMAS.DeviceSwappedIn.safeParse(swappedIn).success).toBe(true);
    expect(RMA_DEVICE_CUSTODY_EVENT_SCHEMAS.DeviceRmaSubmitted.safeParse(rmaSubmitted).success).toBe(true);
    expect(RMA_DEVICE_EVENT_SCHEMAS.RmaDeviceOpened.safeParse(opened).success).toBe(true);
    expect(RMA_DEVICE_EVENT_SCHEMAS.RmaDeviceAnswered.safeParse(answered).success).toBe(true);
  });

  it('take the RMA order and its number', () => {
    const numberTaken: DataOf<RmaOrderNumberEvent, 'RmaOrderNumberTaken'> = { number: 1, rma_order_id: RMA_ORDER_ID };
    const received: DataOf<RmaOrderEvent, 'RmaOrderReceived'> = { rma_order_id: RMA_ORDER_ID, received: ['356938035643809'], missing: [] };
    expect(RMA_ORDER_EVENT_SCHEMAS.RmaOrderSubmitted.safeParse(submitted).success).toBe(true);
    expect(RMA_ORDER_EVENT_SCHEMAS.RmaOrderReceived.safeParse(received).success).toBe(true);
    expect(RMA_ORDER_NUMBER_EVENT_SCHEMAS.RmaOrderNumberTaken.safeParse(numberTaken).success).toBe(true);
  });

  it('refuse a wrong code, a wrong prefix, an id that is no UUID and a missing field', () => {
    expect(RMA_DEVICE_CUSTODY_EVENT_SCHEMAS.DeviceMarkedOutOfService.safeParse({ imei: '356938035643809', status: 17, notes: null }).success).toBe(false);
    expect(RMA_DEVICE_EVENT_SCHEMAS.RmaDeviceOpened.safeParse({ ...opened, opened_by: 'agent-7' }).success).toBe(false);
    expect(RMA_DEVICE_EVENT_SCHEMAS.RmaDeviceOpened.safeParse({ ...opened, rma_device_id: 'rma-1' }).success).toBe(false);
    expect(RMA_ORDER_EVENT_SCHEMAS.RmaOrderSubmitted.safeParse({ ...submitted, rma_prefix: 'RMA-12' }).success).toBe(false);
    const { shipment: _shipment, ...withoutShipment } = submitted;
    expect(RMA_ORDER_EVENT_SCHEMAS.RmaOrderSubmitted.safeParse(withoutShipment).success).toBe(false);
  });

  it('describe every event', () => {
    const all = { ...RMA_DEVICE_CUSTODY_EVENT_SCHEMAS, ...RMA_DEVICE_EVENT_SCHEMAS, ...RMA_ORDER_EVENT_SCHEMAS, ...RMA_ORDER_NUMBER_EVENT_SCHEMAS };
    expect(Object.entries(all).filter(([, schema]) => !schema.description).map(([type]) => type)).toEqual([]);
  });
});
