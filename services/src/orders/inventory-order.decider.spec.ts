import {
  type InventoryOrderEvent,
  type InventoryOrderState,
  type OrderQuantities,
  ROLE,
  evolveInventoryOrder,
  initialInventoryOrderState,
} from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { expectRefusal } from '../platform/testing/device-history';
import { APPROVERS, RESUBMITTABLE, approverLevel, decideAnswerOrder, decideOrderFulfilled, decideOrderShipped, decideRequestOrder, decideResubmitOrder, quantitiesOfTypes } from './inventory-order.decider';

const shipping = { ship_to_name: 'Dallas Office', company_name: null, address: '2100 Commerce St', address2: null, address3: null, city: 'Dallas', state: 'TX', zip: '75201', contact_phone_number: '2145550100', email: 'dallas@example.com' };
const quantities = (devices: number, tablets: number, sims: number): OrderQuantities => ({ devices, tablets, sims });
const CA = { id: 'office-ca', state_short_name: 'CA' };
const TX = { id: 'office-tx', state_short_name: 'TX' };

function accepted(decision: BatchDecision | DomainError): BatchDecision {
  if (decision instanceof DomainError) throw decision;
  return decision;
}
const eventsOf = (decision: BatchDecision) => decision.records.filter((record) => record.streamId.startsWith('inventory-order-o')).flatMap((record) => record.events as InventoryOrderEvent[]);
const after = (order: InventoryOrderState, decision: BatchDecision) => eventsOf(decision).reduce(evolveInventoryOrder, order);

/** An order of 10 phones, 5 tablets, 20 SIMs for the CA office, requested by the office manager. */
const requested = () => after(initialInventoryOrderState('o1'), accepted(decideRequestOrder({ order_id: 'o1', number: 42, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(10, 5, 20) }, { office: CA })));
const visible = { visible: true, officeState: 'CA' };
const answer = (order: InventoryOrderState, roles: number[], req_action: 2 | 3 = 2, approved = order.approved) =>
  decideAnswerOrder({ req_action, approved, shipping, admin_comments: 'ok', answered_by: `user-${roles.join('-')}`, roles }, { order }, visible);
/** The order after a chain of answers, each by one role, approving (2) or rejecting (3). */
const answeredBy = (...steps: [number, 2 | 3][]) => steps.reduce((order, [role, action]) => after(order, accepted(answer(order, [role], action))), requested());

describe('device order request', () => {
  it('numbers the order from the counter, status 1 awaiting the IBO manager', () => {
    const decision = accepted(decideRequestOrder({ order_id: 'o1', number: 42, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(10, 5, 20) }, { office: CA }));
    expect(decision.records.map((record) => record.streamId)).toEqual(['inventory-order-o1', 'inventory-order-numbers']);
    expect(after(initialInventoryOrderState('o1'), decision)).toMatchObject({ status: 1, approval_status: 1, order_prefix: 'ORD-000042', office_id: 'office-ca', version: 1, requested: quantities(10, 5, 20) });
  });

  it('says "nothing ordered" in words that fit the office: the spec\'s sentence in CA, "at least one SIM" where only SIMs may be ordered', () => {
    const nothing = (office: typeof CA) => decideRequestOrder({ order_id: 'o1', number: 1, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(0, 0, 0) }, { office });
    expectRefusal(nothing(CA), 'You must request at least one Phone or Tablet.', 400);
    expectRefusal(nothing(TX), 'You must request at least one SIM.', 400);
    expect((nothing(TX) as DomainError).fields).toEqual({ sims_requested: 'You must request at least one SIM.' });
    // The same on resubmit and on approving nothing, by the order's office.
    const rejected = answeredBy([ROLE.IBO_MANAGER, 3]);
    const resubmitNothing = (officeState: string) => decideResubmitOrder({ comments: 'again', requested: quantities(0, 0, 0), shipping, resubmitted_by: 'om' }, { order: rejected }, { visible: true, officeState });
    expectRefusal(resubmitNothing('CA'), 'You must request at least one Phone or Tablet.', 400);
    expectRefusal(resubmitNothing('TX'), 'You must request at least one SIM.', 400);
    const approveNothing = decideAnswerOrder({ req_action: 2, approved: quantities(0, 0, 0), shipping, admin_comments: null, answered_by: 'ibo', roles: [ROLE.IBO_MANAGER] }, { order: requested() }, { visible: true, officeState: 'TX' });
    expectRefusal(approveNothing, 'You must request at least one SIM. To approve nothing, reject the order.', 400);
  });

  it('refuses phones or tablets for an office outside CA, naming the fields; nothing at all; an office out of scope', () => {
    const outsideCa = decideRequestOrder({ order_id: 'o1', number: 1, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(1, 2, 5) }, { office: TX });
    expectRefusal(outsideCa, 'Phones and tablets are ordered only for offices in CA; order SIMs for this office.', 400);
    expect((outsideCa as DomainError).fields).toEqual({ devices_requested: 'Phones are ordered only for offices in CA', tablets_requested: 'Tablets are ordered only for offices in CA' });
    expect(decideRequestOrder({ order_id: 'o1', number: 1, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(0, 0, 5) }, { office: TX })).not.toBeInstanceOf(DomainError);
    expectRefusal(decideRequestOrder({ order_id: 'o1', number: 1, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(0, 0, 0) }, { office: CA }), 'You must request at least one Phone or Tablet.', 400);
    expectRefusal(decideRequestOrder({ order_id: 'o1', number: 1, requested_by: 'om', delivery_method: 3, shipping, requested: quantities(0, 0, 1) }, { office: undefined }), 'Please select office', 404);
  });
});

describe('the approval chain: every role at every approval status', () => {
  // The orders at each approval status the chain reaches, with how they got there.
  const at: Record<string, InventoryOrderState> = {
    '1 (requested)': requested(),
    '2 (IBO approved)': answeredBy([ROLE.IBO_MANAGER, 2]),
    '3 (IBO rejected)': answeredBy([ROLE.IBO_MANAGER, 3]),
    '4 (retailer approved)': answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 2]),
    '5 (retailer rejected)': answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 3]),
    '6 (admin approved)': answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 2], [ROLE.SUPER_ADMIN, 2]),
    '7 (admin rejected)': answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 2], [ROLE.SUPER_ADMIN, 3]),
  };
  // Expected: the status approve / reject set, or the refusal's status code.
  const expected: Record<string, Record<number, [number, number] | 403 | 409>> = {
    '1 (requested)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: [2, 3], [ROLE.RETAILER_MANAGER]: [4, 5], [ROLE.SUPER_ADMIN]: 409 },
    '2 (IBO approved)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: [4, 5], [ROLE.SUPER_ADMIN]: 409 },
    '3 (IBO rejected)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: 409, [ROLE.SUPER_ADMIN]: 409 },
    '4 (retailer approved)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: 409, [ROLE.SUPER_ADMIN]: [6, 7] },
    '5 (retailer rejected)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: 409, [ROLE.SUPER_ADMIN]: 409 },
    '6 (admin approved)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: 409, [ROLE.SUPER_ADMIN]: 409 },
    '7 (admin rejected)': { [ROLE.OFFICE_MANAGER]: 403, [ROLE.IBO_MANAGER]: 409, [ROLE.RETAILER_MANAGER]: 409, [ROLE.SUPER_ADMIN]: 409 },
  };
  for (const [label, order] of Object.entries(at)) {
    for (const [role, outcome] of Object.entries(expected[label]!)) {
      it(`approval status ${label}, role ${role}: ${Array.isArray(outcome) ? `approve → ${outcome[0]}, reject → ${outcome[1]}` : `refused ${outcome}`}`, () => {
        expect(order.approval_status).toBe(Number(label[0]));
        if (Array.isArray(outcome)) {
          expect(after(order, accepted(answer(order, [Number(role)], 2)))).toMatchObject({ status: outcome[0], approval_status: outcome[0] });
          expect(after(order, accepted(answer(order, [Number(role)], 3)))).toMatchObject({ status: outcome[1], approval_status: outcome[1] });
        } else {
          expect((answer(order, [Number(role)], 2) as DomainError).status).toBe(outcome);
          expect((answer(order, [Number(role)], 3) as DomainError).status).toBe(outcome);
        }
      });
    }
  }

  it('says in words whom a refused order awaits', () => {
    expectRefusal(answer(at['2 (IBO approved)']!, [ROLE.IBO_MANAGER]), "ORD-000042 awaits the retailer manager's approval.");
    expectRefusal(answer(at['4 (retailer approved)']!, [ROLE.RETAILER_MANAGER]), "ORD-000042 awaits the admin's approval.");
    expectRefusal(answer(at['3 (IBO rejected)']!, [ROLE.RETAILER_MANAGER]), 'ORD-000042 was Rejected by IBO Manager: it can be resubmitted, not approved.');
    expectRefusal(answer(at['6 (admin approved)']!, [ROLE.SUPER_ADMIN]), 'ORD-000042 is Approved by Admin: it no longer awaits an approval.');
    expectRefusal(answer(at['1 (requested)']!, [ROLE.OFFICE_MANAGER]), 'Only an IBO manager, a retailer manager or an admin approves or rejects device orders.', 403);
  });

  it('acts at the highest level a caller with several roles may take there', () => {
    expect(approverLevel([ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER], 1)?.level).toBe('retailer');
    expect(approverLevel([ROLE.IBO_MANAGER, ROLE.SUPER_ADMIN], 1)?.level).toBe('ibo');
    expect(approverLevel([ROLE.SUPER_ADMIN], 4)?.level).toBe('admin');
    expect(APPROVERS.map((approver) => [approver.approve, approver.reject])).toEqual([[2, 3], [4, 5], [6, 7]]);
  });

  it('lets an approver lower a quantity, never raise one above what was requested; a rejection keeps the approved quantities', () => {
    const lowered = after(requested(), accepted(answer(requested(), [ROLE.IBO_MANAGER], 2, quantities(8, 5, 20))));
    expect(lowered.approved).toEqual(quantities(8, 5, 20));
    // The retailer lowers again; the IBO manager's lower approval stands in the log, not invalidated.
    expect(after(lowered, accepted(answer(lowered, [ROLE.RETAILER_MANAGER], 2, quantities(8, 5, 10)))).approved).toEqual(quantities(8, 5, 10));
    const raised = answer(lowered, [ROLE.RETAILER_MANAGER], 2, quantities(11, 5, 20));
    expectRefusal(raised, 'An approver cannot raise Phones above the 10 requested.');
    expect((raised as DomainError).fields).toEqual({ devices_approved: 'At most 10' });
    expectRefusal(answer(lowered, [ROLE.RETAILER_MANAGER], 2, quantities(0, 0, 0)), 'You must request at least one Phone or Tablet. To approve nothing, reject the order.', 400);
    expect(after(lowered, accepted(answer(lowered, [ROLE.RETAILER_MANAGER], 3, quantities(0, 0, 0)))).approved).toEqual(quantities(8, 5, 20));
  });

  it('answers an order out of scope as not found', () => {
    expectRefusal(decideAnswerOrder({ req_action: 2, approved: quantities(1, 0, 0), shipping, admin_comments: null, answered_by: 'x', roles: [ROLE.IBO_MANAGER] }, { order: requested() }, { visible: false, officeState: 'CA' }), 'That order was not found.', 404);
  });
});

describe('resubmit', () => {
  const resubmit = (order: InventoryOrderState, requestedQuantities = quantities(6, 0, 20), officeState = 'CA') =>
    decideResubmitOrder({ comments: 'Fewer phones', requested: requestedQuantities, shipping, resubmitted_by: 'om' }, { order }, { visible: true, officeState });

  it('takes a rejected order (approval status 3, 5 or 7) back to 1 as a new version, and the chain starts again', () => {
    expect(RESUBMITTABLE).toEqual([3, 5, 7]);
    for (const rejected of [answeredBy([ROLE.IBO_MANAGER, 3]), answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 3]), answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 2], [ROLE.SUPER_ADMIN, 3])]) {
      const again = after(rejected, accepted(resubmit(rejected)));
      expect(again).toMatchObject({ status: 1, approval_status: 1, version: 2, requested: quantities(6, 0, 20), approved: quantities(6, 0, 20) });
      expect(after(again, accepted(answer(again, [ROLE.IBO_MANAGER], 2)))).toMatchObject({ status: 2, approval_status: 2 });
    }
  });

  it('refuses any order not rejected, and phones or tablets outside CA', () => {
    expectRefusal(resubmit(requested()), 'ORD-000042 is Pending Approval: only a rejected order can be resubmitted.');
    expectRefusal(resubmit(answeredBy([ROLE.IBO_MANAGER, 2])), 'ORD-000042 is Approved by IBO Manager: only a rejected order can be resubmitted.');
    expectRefusal(resubmit(answeredBy([ROLE.IBO_MANAGER, 3]), quantities(1, 0, 0), 'TX'), 'Phones and tablets are ordered only for offices in CA; order SIMs for this office.', 400);
  });
});

describe('fulfilment', () => {
  const approvedByAdmin = () => answeredBy([ROLE.IBO_MANAGER, 2], [ROLE.RETAILER_MANAGER, 2], [ROLE.SUPER_ADMIN, 2]);
  const shipment = { office_id: 'office-ca', job_id: 'job-9', shipped: quantities(3, 0, 30), tracking_number: 'T-1' };

  it('ships only an order the admin approved, for its own office, once; more or fewer than approved is taken as it is', () => {
    const shipped = decideOrderShipped(shipment, approvedByAdmin(), { visible: true });
    expect(shipped).toEqual({ type: 'InventoryOrderShipped', data: { order_id: 'o1', job_id: 'job-9', status: 9, shipped: quantities(3, 0, 30), tracking_number: 'T-1' } });
    const inTransit = evolveInventoryOrder(approvedByAdmin(), shipped as InventoryOrderEvent);
    expectRefusal(decideOrderShipped(shipment, inTransit, { visible: true }), 'ORD-000042 was already shipped; a second shipment cannot fulfil it.');
    expectRefusal(decideOrderShipped(shipment, answeredBy([ROLE.IBO_MANAGER, 2]), { visible: true }), 'ORD-000042 is Approved by IBO Manager: only an order approved by the admin can be fulfilled.');
    expectRefusal(decideOrderShipped({ ...shipment, office_id: 'office-tx' }, approvedByAdmin(), { visible: true }), 'ORD-000042 is an order of another office.');
    expectRefusal(decideOrderShipped(shipment, approvedByAdmin(), { visible: false }), 'That order was not found.', 404);
  });

  it('marks a pickup order Ready for Pickup (10), and fulfils the order of that job only once it is shipped', () => {
    const pickup = { ...approvedByAdmin(), delivery_method: 2 };
    const ready = decideOrderShipped(shipment, pickup, { visible: true }) as InventoryOrderEvent;
    expect(ready).toMatchObject({ data: { status: 10 } });
    const atPickup = evolveInventoryOrder(pickup, ready);
    expect(decideOrderFulfilled({ job_id: 'job-9', received: quantities(3, 0, 20) }, atPickup)).toEqual({ type: 'InventoryOrderFulfilled', data: { order_id: 'o1', job_id: 'job-9', received: quantities(3, 0, 20) } });
    expect(decideOrderFulfilled({ job_id: 'another-job', received: quantities(3, 0, 20) }, atPickup)).toBeUndefined();
    expect(decideOrderFulfilled({ job_id: 'job-9', received: quantities(3, 0, 20) }, approvedByAdmin())).toBeUndefined();
  });

  it('counts phones (free phones too), tablets and SIMs by device type', () => {
    expect(quantitiesOfTypes([{ device_type: 'PHONE', count: 2 }, { device_type: 'FREEPHONE_SMART', count: 1 }, { device_type: 'TABLET', count: 4 }, { device_type: 'SIM', count: 5 }])).toEqual(quantities(3, 4, 5));
  });
});
