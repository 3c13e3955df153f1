import { type DeviceEvent, type DeviceState, type RmaDeviceEvent, evolveDevice, evolveRmaDevice, initialRmaDeviceState } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { DomainError } from '../platform/commands/command-errors';
import { IMEI, acceptedByAgent, acceptedByManager, activated, assigned, deviceWith, expectRefusal, received } from '../platform/testing/device-history';
import { refuseOutOfService } from '../inventory/device.decider';
import { type RmaEntry, decideAnswerRequest, decideAnswerRma, decideDeviceSwap, decideMarkOutOfService, decideOpenRma, decideReplaceRmaImage, decideReturnToStock } from './rma-device.decider';

/** A device in the agent's hands (5) and one in the manager's stock (3). */
const withAgent = () => deviceWith(received(), acceptedByManager(), assigned(), acceptedByAgent());
const inManagerStock = () => deviceWith(received(), acceptedByManager());
const entry = (imei = IMEI, rma = 'rma-1'): RmaEntry => ({ imei, reason: 2, reason_two: null, notes: 'Cracked', rma_device_id: rma });
const devicesOf = (...states: DeviceState[]) => new Map(states.map((state) => [state.imei, state]));

/** The device and RMA device states after a decision is applied. */
function applied(decision: BatchDecision | DomainError, device: DeviceState, rma = initialRmaDeviceState('rma-1')) {
  if (decision instanceof DomainError) throw decision;
  const deviceAfter = (decision.devices.get(device.imei) ?? []).reduce(evolveDevice, device);
  const rmaAfter = decision.records.flatMap((record) => record.events as RmaDeviceEvent[]).reduce(evolveRmaDevice, rma);
  return { device: deviceAfter, rma: rmaAfter };
}

describe('RMA: an agent requests a return', () => {
  it('sets 11 Pending RMA on the device, the holder unchanged, and opens an RMA device awaiting the manager', () => {
    const device = withAgent();
    const decision = decideOpenRma({ entries: [entry()], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(device) });
    expect(decision).toEqual({
      devices: new Map([[IMEI, [{ type: 'DeviceRmaOpened', data: { imei: IMEI, rma_device_id: 'rma-1', opened_by: 'agent', office_id: 'office-7', agent_id: 'agent-3' } }]]]),
      records: [
        {
          streamId: 'rma-device-rma-1',
          events: [{ type: 'RmaDeviceOpened', data: { rma_device_id: 'rma-1', imei: IMEI, opened_by: 'agent', office_id: 'office-7', agent_id: 'agent-3', manager_id: null, reason: 2, reason_two: null, notes: 'Cracked', image_file: null } }],
        },
      ],
    });
    const after = applied(decision, device);
    expect(after.device).toMatchObject({ status: 11, office_id: 'office-7', agent_id: 'agent-3' });
    expect(after.rma.stage).toBe('requested');
  });

  it("refuses another agent's device as not found, and a device already in an RMA", () => {
    const device = withAgent();
    expectRefusal(decideOpenRma({ entries: [entry()], opened_by: 'agent', user_id: 'agent-9' }, { devices: devicesOf(device) }), `IMEI ${IMEI} was not found.`, 404);
    const requested = applied(decideOpenRma({ entries: [entry()], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(device) }), device).device;
    expectRefusal(decideOpenRma({ entries: [entry(IMEI, 'rma-2')], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(requested) }), `IMEI ${IMEI} is already in an RMA (Pending RMA).`);
  });
});

describe('RMA: the manager answers a request', () => {
  const requestedState = () => {
    const device = withAgent();
    return applied(decideOpenRma({ entries: [entry()], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(device) }), device);
  };

  it('accept (2): still 11, now initiated and awaiting Approve RMA; approve then sets 10', () => {
    const accepted = applied(decideAnswerRequest({ status: 2, manager_id: 'manager-1' }, requestedState()), requestedState().device, requestedState().rma);
    expect(accepted.device.status).toBe(11);
    expect(accepted.rma.stage).toBe('initiated');
    const approved = applied(decideAnswerRma({ status: 2, comments: null, manager_id: 'manager-1' }, accepted), accepted.device, accepted.rma);
    expect(approved.device).toMatchObject({ status: 10, agent_id: 'agent-3' });
    expect(approved.rma.stage).toBe('approved');
  });

  it('decline (3): 19 RMA Request Declined, and the device may be requested again', () => {
    const declined = applied(decideAnswerRequest({ status: 3, manager_id: 'manager-1' }, requestedState()), requestedState().device, requestedState().rma);
    expect(declined.device.status).toBe(19);
    expect(declined.rma.stage).toBe('declined');
    const again = decideOpenRma({ entries: [entry(IMEI, 'rma-2')], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(declined.device) });
    expect(again).not.toBeInstanceOf(DomainError);
  });

  it('refuses a second answer, and approval of a request the manager has not accepted', () => {
    const declined = applied(decideAnswerRequest({ status: 3, manager_id: 'manager-1' }, requestedState()), requestedState().device, requestedState().rma);
    expectRefusal(decideAnswerRequest({ status: 2, manager_id: 'manager-1' }, declined), 'This RMA request was already answered.');
    expectRefusal(decideAnswerRma({ status: 2, comments: null, manager_id: 'manager-1' }, requestedState()), /awaits the office manager's answer first/);
    expectRefusal(decideAnswerRequest({ status: 2, manager_id: 'm' }, { rma: initialRmaDeviceState('rma-x'), device: withAgent() }), 'That RMA request was not found.', 404);
  });
});

describe('RMA: the manager initiates, approves or rejects', () => {
  it('initiates a list all or none: one ineligible device refuses the whole request, naming it', () => {
    const ok = inManagerStock();
    const sold = deviceWith(received('office-7', 'job-1', '490154203237518'), acceptedByManager('office-7', 'job-1', '490154203237518'), assigned('agent-3', 'aj-1', 'office-7', '490154203237518'), { ...activated(), data: { ...activated().data, imei: '490154203237518' } } as DeviceEvent);
    const refused = decideOpenRma({ entries: [entry(), entry('490154203237518', 'rma-2')], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(ok, sold) });
    expectRefusal(refused, /IMEI 490154203237518 cannot be returned: it is Sold\./);
    expectRefusal(decideOpenRma({ entries: [entry(), entry()], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(ok) }), `IMEI ${IMEI} is listed twice.`, 400);
    expectRefusal(decideOpenRma({ entries: [entry('111111111111111')], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(ok) }), 'IMEI 111111111111111 was not found.', 404);
    expectRefusal(decideOpenRma({ entries: [], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf() }), 'Please input imei', 400);
  });

  it('initiated: 11 awaiting approval; reject sets 21, which may be initiated again; a double initiate is refused', () => {
    const device = inManagerStock();
    const initiated = applied(decideOpenRma({ entries: [entry()], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(device) }), device);
    expect(initiated.device).toMatchObject({ status: 11, agent_id: null });
    expect(initiated.rma.stage).toBe('initiated');
    expectRefusal(decideOpenRma({ entries: [entry(IMEI, 'rma-2')], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(initiated.device) }), /already in an RMA \(Pending RMA\)/);
    const rejected = applied(decideAnswerRma({ status: 3, comments: 'Works fine', manager_id: 'manager-1' }, initiated), initiated.device, initiated.rma);
    expect(rejected.device.status).toBe(21);
    expectRefusal(decideAnswerRma({ status: 2, comments: null, manager_id: 'manager-1' }, rejected), /already answered/);
    expect(decideOpenRma({ entries: [entry(IMEI, 'rma-3')], opened_by: 'manager', user_id: 'manager-1' }, { devices: devicesOf(rejected.device) })).not.toBeInstanceOf(DomainError);
  });
});

describe('RMA: out of service, lost, defective, back in stock', () => {
  it('marks lost (16) or defective (18), then returns to the holder\'s stock: 3 without an agent, 5 with one', () => {
    const manager = inManagerStock();
    const lost = applied(decideMarkOutOfService({ status: 16, notes: 'Left at a store' }, { devices: devicesOf(manager) }), manager).device;
    expect(lost.status).toBe(16);
    expect(applied(decideReturnToStock({ devices: devicesOf(lost) }), lost).device.status).toBe(3);
    const agent = withAgent();
    const defective = applied(decideMarkOutOfService({ status: 18, notes: null }, { devices: devicesOf(agent) }), agent).device;
    expect(applied(decideReturnToStock({ devices: devicesOf(defective) }), defective).device).toMatchObject({ status: 5, agent_id: 'agent-3' });
  });

  it('refuses to return a device in stock, and says why assign and transfers refuse an out-of-service device', () => {
    expectRefusal(decideReturnToStock({ devices: devicesOf(inManagerStock()) }), `IMEI ${IMEI} is not out of service (Manager Received).`);
    const lost = applied(decideMarkOutOfService({ status: 16, notes: null }, { devices: devicesOf(inManagerStock()) }), inManagerStock()).device;
    expect(refuseOutOfService(lost)?.message).toBe(`IMEI ${IMEI} is out of service (Lost).`);
    expect(refuseOutOfService(inManagerStock())).toBeUndefined();
  });
});

describe('RMA: device swap', () => {
  const SOLD = IMEI;
  const REPLACEMENT = '490154203237518';
  const sold = () => deviceWith(received(), acceptedByManager(), assigned(), acceptedByAgent(), activated());
  const replacement = () => deviceWith(received('office-7', 'job-1', REPLACEMENT), acceptedByManager('office-7', 'job-1', REPLACEMENT), assigned('agent-3', 'aj-1', 'office-7', REPLACEMENT), acceptedByAgent('agent-3', 'aj-1', REPLACEMENT));
  const activation = { activation_date: '2026-11-20', plan_name: 'Unlimited', order_id: 'SO-1' };

  it('the sold device becomes 15 with the swapping agent; the replacement from their stock becomes 8 with the original activation', () => {
    const decision = decideDeviceSwap({ reason: 'Screen dead', office_id: 'office-7', agent_id: 'agent-3' }, { sold: sold(), replacement: replacement() }, { activation });
    expect(decision).toEqual({
      devices: new Map([
        [SOLD, [{ type: 'DeviceSwappedOut', data: { imei: SOLD, replacement_imei: REPLACEMENT, office_id: 'office-7', agent_id: 'agent-3', reason: 'Screen dead' } }]],
        [REPLACEMENT, [{ type: 'DeviceSwappedIn', data: { imei: REPLACEMENT, sold_imei: SOLD, ...activation, reason: 'Screen dead' } }]],
      ]),
      records: [],
    });
    expect(applied(decision, sold()).device).toMatchObject({ status: 15, agent_id: 'agent-3' });
    expect(applied(decision, replacement()).device.status).toBe(8);
  });

  it('refuses the swap of an unsold device, a replacement not in the holder\'s stock, and a device for itself', () => {
    expectRefusal(decideDeviceSwap({ reason: 'x', office_id: 'office-7', agent_id: 'agent-3' }, { sold: replacement(), replacement: replacement() }, { activation }), 'The replacement must be another device.', 400);
    expectRefusal(decideDeviceSwap({ reason: 'x', office_id: 'office-7', agent_id: 'agent-3' }, { sold: withAgent(), replacement: replacement() }, { activation: null }), /cannot be swapped: it is Agent Received, not sold/);
    expectRefusal(decideDeviceSwap({ reason: 'x', office_id: 'office-7', agent_id: 'agent-9' }, { sold: sold(), replacement: replacement() }, { activation }), `IMEI ${REPLACEMENT} is not in your stock (Agent Received).`);
    expectRefusal(decideDeviceSwap({ reason: 'x', office_id: 'office-7', agent_id: null }, { sold: sold(), replacement: replacement() }, { activation }), /is not in your stock/);
  });
});

describe('RMA: photo evidence', () => {
  it('opens an RMA device with its photo, and a new photo replaces it on the RMA device only (the device does not change)', () => {
    const device = withAgent();
    const opened = decideOpenRma({ entries: [{ ...entry(), image_file: 'rma-images/0196f0aa-0000-7000-8000-000000000001.png' }], opened_by: 'agent', user_id: 'agent-3' }, { devices: devicesOf(device) });
    const { rma } = applied(opened, device);
    expect(opened instanceof DomainError ? undefined : opened.records[0]!.events[0]!.data).toMatchObject({ image_file: 'rma-images/0196f0aa-0000-7000-8000-000000000001.png' });
    const replaced = decideReplaceRmaImage({ image_file: 'rma-images/0196f0aa-0000-7000-8000-000000000002.jpg' }, { rma });
    expect(replaced).toEqual({
      devices: new Map(),
      records: [{ streamId: 'rma-device-rma-1', events: [{ type: 'RmaDeviceImageReplaced', data: { rma_device_id: 'rma-1', image_file: 'rma-images/0196f0aa-0000-7000-8000-000000000002.jpg' } }] }],
    });
    expect(applied(replaced, device, rma).rma).toEqual(rma);
  });

  it('refuses a photo for an RMA device it cannot see as not found', () => {
    expectRefusal(decideReplaceRmaImage({ image_file: 'rma-images/x.png' }, { rma: initialRmaDeviceState('rma-9') }), 'That RMA device was not found.', 404);
  });
});
