import { INVENTORY_ORDER_EVENT_SCHEMAS, INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS } from './orders.event-schemas';
import type { InventoryOrderEvent, InventoryOrderNumberEvent, OrderShipping } from './orders.events';

type DataOf<Type extends InventoryOrderEvent['type']> = Extract<InventoryOrderEvent, { type: Type }>['data'];

const ORDER_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c11';
const JOB_ID = '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c12';
const shipping: OrderShipping = {
  ship_to_name: 'Office receiving desk',
  company_name: null,
  address: '2100 Commerce St',
  address2: null,
  address3: null,
  city: 'Fresno',
  state: 'CA',
  zip: '93721',
  contact_phone_number: '2145550100',
  email: 'receiving@example.com',
};

describe('device order event schemas', () => {
  const requested: DataOf<'InventoryOrderRequested'> = {
    order_id: ORDER_ID,
    order_prefix: 'ORD-000042',
    office_id: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c13',
    requested_by: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c14',
    delivery_method: 4,
    shipping,
    requested: { devices: 10, tablets: 2, sims: 50 },
  };
  const answered: DataOf<'InventoryOrderAnswered'> = {
    order_id: ORDER_ID,
    level: 'retailer',
    req_action: 2,
    status: 4,
    approved: { devices: 8, tablets: 2, sims: 50 },
    shipping,
    admin_comments: null,
    answered_by: '0190f3a2-7c1e-7a3b-8c4d-5e6f7a8b9c15',
  };

  it('take the order steps as the decider appends them', () => {
    const shipped: DataOf<'InventoryOrderShipped'> = { order_id: ORDER_ID, job_id: JOB_ID, status: 10, shipped: { devices: 8, tablets: 2, sims: 50 }, tracking_number: null };
    const numberTaken: InventoryOrderNumberEvent['data'] = { number: 42, order_id: ORDER_ID };
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderRequested.safeParse(requested).success).toBe(true);
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderAnswered.safeParse(answered).success).toBe(true);
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderShipped.safeParse(shipped).success).toBe(true);
    expect(INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS.InventoryOrderNumberTaken.safeParse(numberTaken).success).toBe(true);
  });

  it('refuse a wrong code, a wrong level, a wrong number and a missing field', () => {
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderAnswered.safeParse({ ...answered, req_action: 1 }).success).toBe(false);
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderAnswered.safeParse({ ...answered, level: 'office' }).success).toBe(false);
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderRequested.safeParse({ ...requested, delivery_method: 1 }).success).toBe(false);
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderRequested.safeParse({ ...requested, order_prefix: 'ORD-42' }).success).toBe(false);
    const { email: _email, ...withoutEmail } = shipping;
    expect(INVENTORY_ORDER_EVENT_SCHEMAS.InventoryOrderRequested.safeParse({ ...requested, shipping: withoutEmail }).success).toBe(false);
  });

  it('describe every event', () => {
    const all = { ...INVENTORY_ORDER_EVENT_SCHEMAS, ...INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS };
    expect(Object.entries(all).filter(([, schema]) => !schema.description).map(([type]) => type)).toEqual([]);
  });
});
