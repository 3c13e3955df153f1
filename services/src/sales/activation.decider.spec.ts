import { type DeviceEvent, type DeviceState, type SoldDevice, foldDevice } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { IMEI, acceptedByAgent, acceptedByManager, activated, assigned, declinedByManager, deviceWith, expectRefusal, given, received } from '../platform/testing/device-history';
import { decideActivation, decideRecordActivation, decideReverseActivation } from './activation.decider';

const soldDevice: SoldDevice = {
  device_type: 'PHONE', make: 'Acme', model: 'A1', esn: null, pallet: 'PAL-1', carton_number: 'C-1', enroll_id: 'ENR-1', enroll_type: null, etc_code: null,
  allocated_office_id: 'office-7', order_id: 'PO-1', order_date: '2026-11-01', received_at: '2026-11-02T15:00:00.000Z', allocation_date: '2026-11-03T15:00:00.000Z',
};
const activation = { activation_date: '2026-11-20', order_id: null, plan_name: null, subscriber_state: null, subscriber_zip: null };
const system = { callerRetailer: null, deviceRetailer: undefined };
const swappedIn: DeviceEvent = { type: 'DeviceSwappedIn', data: { imei: IMEI, sold_imei: '490154203237518', activation_date: '2026-11-20', plan_name: null, order_id: null, reason: 'Broken screen' } };

describe('a device: activation and its reversal', () => {
  const activate = (state: DeviceState) => decideActivation(activation, state, soldDevice);

  it('records an activation from any status but sold, flagging one not in stock, with what was sold', () => {
    given(received(), acceptedByManager(), assigned(), acceptedByAgent()).when(activate).then([{ ...activated(), data: { ...activated().data, device: soldDevice } } as DeviceEvent]);
    const fromDeclined = activate(given(received(), declinedByManager()).state) as DeviceEvent[];
    expect(fromDeclined[0]).toMatchObject({ data: { previous_status: 12, was_in_stock: true } });
    given(received(), acceptedByManager(), assigned(), acceptedByAgent(), activated()).when(activate).refused(`IMEI ${IMEI} is already activated.`);
    given().when(activate).refused(`IMEI ${IMEI} is not in inventory.`, 404);
  });

  it('reads another retailer\'s device as one not in inventory', () => {
    const device = deviceWith(received(), acceptedByManager());
    expectRefusal(decideRecordActivation({ imei: IMEI, ...activation }, { device }, { callerRetailer: 'r-1', deviceRetailer: 'r-2', soldDevice }), `IMEI ${IMEI} is not in inventory.`, 404);
    expectRefusal(decideReverseActivation({ imei: IMEI, reason: null }, { device: deviceWith(received(), acceptedByManager(), activated()) }, { callerRetailer: 'r-1', deviceRetailer: 'r-2' }), `IMEI ${IMEI} is not in inventory.`, 404);
  });

  it('a reversal takes the device back to the status and holder it had before the sale', () => {
    const history = [received(), acceptedByManager(), assigned(), acceptedByAgent()];
    const sold = deviceWith(...history, activated());
    expect(sold).toMatchObject({ status: 8, sold_from_status: 5 });
    const decision = decideReverseActivation({ imei: IMEI, reason: 'Cancelled' }, { device: sold }, system) as BatchDecision;
    const events = decision.devices.get(IMEI)!;
    expect(events).toEqual([{ type: 'ActivationReversed', data: { imei: IMEI, restored_status: 5, office_id: 'office-7', agent_id: 'agent-3', reason: 'Cancelled' } }]);
    const after = foldDevice(IMEI, [...history, activated(), ...events]);
    expect(after).toEqual(deviceWith(...history));
    // Sold again after the reversal, then reversed again: each sale its own.
    expect(decideActivation(activation, after, soldDevice)).toHaveLength(1);
  });

  it('refuses a reversal of a device that is not sold, or whose sale came with a device swap', () => {
    expectRefusal(decideReverseActivation({ imei: IMEI, reason: null }, { device: deviceWith(received(), acceptedByManager()) }, system), `IMEI ${IMEI} is not activated.`, 409);
    expectRefusal(decideReverseActivation({ imei: IMEI, reason: null }, { device: deviceWith() }, system), `IMEI ${IMEI} is not in inventory.`, 404);
    expectRefusal(decideReverseActivation({ imei: IMEI, reason: null }, { device: deviceWith(received(), acceptedByManager(), swappedIn) }, system), /device swap/, 409);
  });
});
