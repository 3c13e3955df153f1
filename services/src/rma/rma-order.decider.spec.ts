import {
  type DeviceState,
  type RmaDeviceEvent,
  type RmaDeviceState,
  type RmaOrderEvent,
  type RmaOrderState,
  evolveDevice,
  evolveRmaDevice,
  evolveRmaOrder,
  initialRmaOrderState,
} from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { acceptedByManager, deviceWith, expectRefusal, received } from '../platform/testing/device-history';
import { decideAnswerRmaOrder, decideReceiveRmaOrder, decideShipRmaOrder, decideSubmitRmaOrder } from './rma-order.decider';

const A = '356938035643809';
const B = '356938035643817';
const shipment = { address: '1 Main St', city: 'Dallas', state: 'TX', zip: '75001', no_of_boxes: 2, box_length: 12, box_width: null, box_height: null, box_weight: 3.5 };

/** A device of `office` whose RMA was approved (10), and its RMA device answered 2. */
function approved(imei: string, office = 'office-7'): { device: DeviceState; rma: RmaDeviceState } {
  const rmaId = `rma-${imei}`;
  const device = deviceWith(
    received(office, 'job-1', imei),
    acceptedByManager(office, 'job-1', imei),
    { type: 'DeviceRmaOpened', data: { imei, rma_device_id: rmaId, opened_by: 'manager', office_id: office, agent_id: null } },
    { type: 'DeviceRmaApproved', data: { imei, rma_device_id: rmaId } },
  );
  const rma = [
    { type: 'RmaDeviceOpened', data: { rma_device_id: rmaId, imei, opened_by: 'manager', office_id: office, agent_id: null, manager_id: 'm-1', reason: 2, reason_two: null, notes: null, image_file: null } },
    { type: 'RmaDeviceAnswered', data: { rma_device_id: rmaId, imei, status: 2, comments: null, manager_id: 'm-1' } },
  ].reduce((state, event) => evolveRmaDevice(state, event as RmaDeviceEvent), { rma_device_id: rmaId, imei: '', stage: 'none', office_id: null, agent_id: null } as RmaDeviceState);
  return { device, rma };
}

const submit = (items: { device: DeviceState; rma: RmaDeviceState }[], number = 7, ids = items.map((item) => item.rma.rma_device_id)) =>
  decideSubmitRmaOrder(
    { rma_order_id: 'order-1', number, submitted_by: 'office-manager', rma_device_ids: ids, shipment },
    { rmas: items.map((item) => item.rma), devices: new Map(items.map((item) => [item.device.imei, item.device])) },
  );

function accepted(decision: BatchDecision | DomainError): BatchDecision {
  if (decision instanceof DomainError) throw decision;
  return decision;
}

/** Devices and order after a decision. */
function after(decision: BatchDecision, devices: readonly DeviceState[], order: RmaOrderState = initialRmaOrderState('order-1')) {
  const deviceStates = new Map(devices.map((device) => [device.imei, (decision.devices.get(device.imei) ?? []).reduce(evolveDevice, device)]));
  const orderEvents = decision.records.filter((record) => record.streamId === 'rma-order-order-1').flatMap((record) => record.events as RmaOrderEvent[]);
  return { devices: deviceStates, order: orderEvents.reduce(evolveRmaOrder, order) };
}

/** An order submitted with A and B, then moved by the given events. */
function orderWith(...later: RmaOrderEvent[]) {
  const items = [approved(A), approved(B)];
  const decision = accepted(submit(items));
  const state = after(decision, items.map((item) => item.device));
  return { order: later.reduce(evolveRmaOrder, state.order), devices: state.devices };
}
const approvedEvent: RmaOrderEvent = { type: 'RmaOrderAnswered', data: { rma_order_id: 'order-1', status: 2, comments: 'ok', answered_by: 'ibo' } };
const shippedEvent: RmaOrderEvent = { type: 'RmaOrderShipped', data: { rma_order_id: 'order-1', shipped_by: 'office-manager' } };
const visible = { visible: true };

describe('Submit RMA', () => {
  it('puts approved RMA devices of one office on a new order numbered by the counter, each device still 10 and carrying the prefix', () => {
    const items = [approved(A), approved(B)];
    const decision = accepted(submit(items, 123));
    expect(decision.records.map((record) => record.streamId)).toEqual(['rma-order-order-1', 'rma-order-numbers', `rma-device-rma-${A}`, `rma-device-rma-${B}`]);
    expect(decision.records[1]!.events).toEqual([{ type: 'RmaOrderNumberTaken', data: { number: 123, rma_order_id: 'order-1' } }]);
    const { devices, order } = after(decision, items.map((item) => item.device));
    expect(order).toMatchObject({ status: 1, rma_prefix: 'RMA-000123', office_id: 'office-7', submitted_by: 'office-manager', imeis: [A, B] });
    expect(devices.get(A)).toMatchObject({ status: 10, rma_prefix: 'RMA-000123', office_id: 'office-7' });
    expect(decision.records[0]!.events[0]).toMatchObject({ data: { shipment } });
  });

  it('never submits a device twice: one already on an order is refused, naming the order', () => {
    const items = [approved(A)];
    const onOrder = after(accepted(submit(items)), [items[0]!.device]).devices.get(A)!;
    const rmaAfter = accepted(submit(items)).records.flatMap((record) => (record.streamId.startsWith('rma-device-') ? (record.events as RmaDeviceEvent[]) : [])).reduce(evolveRmaDevice, items[0]!.rma);
    expectRefusal(submit([{ device: onOrder, rma: rmaAfter }]), `IMEI ${A} is already on RMA order RMA-000007.`);
    // The same RMA device after its order was rejected (device 21, off the order): still never again.
    const rejected = evolveDevice(onOrder, { type: 'DeviceRmaOrderRejected', data: { imei: A, rma_order_id: 'order-1', rma_prefix: 'RMA-000007' } });
    expectRefusal(submit([{ device: rejected, rma: rmaAfter }]), `This RMA of IMEI ${A} was already submitted on an RMA order.`);
  });

  it('takes only approved RMA devices (10), naming each other one, and refuses the whole list', () => {
    const pending = approved(B);
    const notApproved = { device: evolveDevice(pending.device, { type: 'DeviceRmaRejected', data: { imei: B, rma_device_id: `rma-${B}` } }), rma: { ...pending.rma, stage: 'initiated' as const } };
    const refusal = submit([approved(A), notApproved]);
    expectRefusal(refusal, `IMEI ${B} is not an approved RMA (RMA Rejected).`);
    expect((refusal as DomainError).fields).toEqual({ [B]: `IMEI ${B} is not an approved RMA (RMA Rejected).` });
  });

  it('refuses devices of two offices in one order, an unknown or out-of-scope RMA device (404), a repeated id and an empty list', () => {
    expectRefusal(submit([approved(A, 'office-7'), approved(B, 'office-8')]), 'An RMA order holds the devices of one office: choose the devices of one office.', 400);
    const unknown = { device: deviceWith(), rma: { rma_device_id: 'nope', imei: '', stage: 'none' as const, office_id: null, agent_id: null } };
    expectRefusal(submit([unknown]), 'That RMA device was not found.', 404);
    const outOfScope = { ...approved(A), device: deviceWith() };
    expectRefusal(submit([outOfScope]), 'That RMA device was not found.', 404);
    const item = approved(A);
    expectRefusal(submit([item], 7, [item.rma.rma_device_id, item.rma.rma_device_id]), 'An RMA device is listed twice.', 400);
    expectRefusal(submit([], 7, []), 'Please select the RMA devices', 400);
  });
});

describe('RMA order approval', () => {
  const answer = (status: 2 | 3, by = 'ibo-manager', order = orderWith()) =>
    decideAnswerRmaOrder({ status, comments: 'Checked', answered_by: by }, { order: order.order, devices: order.devices }, visible);

  it('approves a submitted order (2): devices stay 10 in the box', () => {
    const order = orderWith();
    const decision = accepted(answer(2, 'ibo-manager', order));
    expect(decision.devices.size).toBe(0);
    expect(after(decision, [...order.devices.values()], order.order).order.status).toBe(2);
  });

  it('rejects (order 5): its devices go to 21 RMA Rejected and off the order', () => {
    const order = orderWith();
    const decision = accepted(answer(3, 'ibo-manager', order));
    const { devices, order: state } = after(decision, [...order.devices.values()], order.order);
    expect(state.status).toBe(5);
    expect(devices.get(A)).toMatchObject({ status: 21, rma_prefix: null });
    expect(devices.get(B)).toMatchObject({ status: 21, rma_prefix: null });
  });

  it('is never given by the submitter, only at 1, and an order out of scope is not found', () => {
    expectRefusal(answer(2, 'office-manager'), 'You submitted RMA-000007: another manager approves or rejects it.', 403);
    expectRefusal(answer(2, 'ibo-manager', orderWith(approvedEvent)), 'RMA-000007 was already answered: it is Approved.');
    const order = orderWith();
    expectRefusal(decideAnswerRmaOrder({ status: 2, comments: 'x', answered_by: 'ibo' }, order, { visible: false }), 'That RMA order was not found.', 404);
    expectRefusal(decideAnswerRmaOrder({ status: 2, comments: 'x', answered_by: 'ibo' }, { order: initialRmaOrderState('x'), devices: new Map() }, visible), 'That RMA order was not found.', 404);
  });
});

describe('RMA order shipped', () => {
  it('moves an approved order (2) to 3, and refuses it at any other status in words', () => {
    const decision = accepted(decideShipRmaOrder({ shipped_by: 'm' }, { order: orderWith(approvedEvent).order }, visible));
    expect(decision.records[0]!.events).toEqual([{ type: 'RmaOrderShipped', data: { rma_order_id: 'order-1', shipped_by: 'm' } }]);
    expectRefusal(decideShipRmaOrder({ shipped_by: 'm' }, { order: orderWith(approvedEvent, shippedEvent).order }, visible), 'RMA-000007 is already Shipped.');
    expectRefusal(decideShipRmaOrder({ shipped_by: 'm' }, { order: orderWith().order }, visible), 'RMA-000007 is Submitted: only an approved RMA order can be shipped.');
    expectRefusal(decideShipRmaOrder({ shipped_by: 'm' }, { order: orderWith(approvedEvent).order }, { visible: false }), 'That RMA order was not found.', 404);
  });
});

describe('RMA order received by the returns desk', () => {
  const receive = (imeis: string[], order = orderWith(approvedEvent, shippedEvent)) => decideReceiveRmaOrder({ imeis }, order, visible);

  it('completes a shipped order: received devices become 17 Returned, a missing one stays 10 and is named on the order', () => {
    const order = orderWith(approvedEvent, shippedEvent);
    const decision = accepted(receive([A, A], order));
    const { devices, order: state } = after(decision, [...order.devices.values()], order.order);
    expect(state.status).toBe(4);
    expect(decision.records[0]!.events).toEqual([{ type: 'RmaOrderReceived', data: { rma_order_id: 'order-1', received: [A], missing: [B] } }]);
    expect(devices.get(A)).toMatchObject({ status: 17, rma_prefix: 'RMA-000007' });
    expect(devices.get(B)).toMatchObject({ status: 10, rma_prefix: 'RMA-000007' });
  });

  it('only at 3, once; an IMEI the order does not list is refused', () => {
    expectRefusal(receive([A], orderWith(approvedEvent)), 'RMA-000007 is Approved: only a shipped RMA order can be received.');
    const completed: RmaOrderEvent = { type: 'RmaOrderReceived', data: { rma_order_id: 'order-1', received: [A], missing: [B] } };
    expectRefusal(receive([A], orderWith(approvedEvent, shippedEvent, completed)), 'RMA-000007 was already received.');
    expectRefusal(receive([A, '111111111111111']), 'IMEI 111111111111111 is not on RMA-000007.', 400);
  });
});

