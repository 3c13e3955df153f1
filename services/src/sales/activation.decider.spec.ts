import type { DeviceEvent, DeviceState } from '@portal/contracts';
import { IMEI, acceptedByAgent, acceptedByManager, activated, assigned, declinedByManager, given, received } from '../platform/testing/device-history';
import { decideActivation } from './activation.decider';

describe('a device: activation and images', () => {
  const activate = (state: DeviceState) => decideActivation({ activation_date: '2026-11-20', order_id: null, plan_name: null, subscriber_state: null, subscriber_zip: null }, state);
  it('records an activation from any status but sold, flagging one not in stock', () => {
    given(received(), acceptedByManager(), assigned(), acceptedByAgent()).when(activate).then([activated()]);
    const fromDeclined = activate(given(received(), declinedByManager()).state) as DeviceEvent[];
    expect(fromDeclined[0]).toMatchObject({ data: { previous_status: 12, was_in_stock: true } });
    given(received(), acceptedByManager(), assigned(), acceptedByAgent(), activated()).when(activate).refused(`IMEI ${IMEI} is already activated.`);
    given().when(activate).refused(`IMEI ${IMEI} is not in inventory.`, 404);
  });
});
