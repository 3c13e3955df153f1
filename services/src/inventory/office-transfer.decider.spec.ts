import type { DeviceState } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { IMEI, acceptedByManager, deviceWith, expectRefusal, received } from '../platform/testing/device-history';
import { decideTransferDevice } from './office-transfer.decider';
import { NO_SUCH_OFFICE } from './receive-job.decider';

const devices = (...states: DeviceState[]) => new Map(states.map((state) => [state.imei, state]));
const inStock = devices(deviceWith(received(), acceptedByManager()));
const toOffice = { office_id: 'office-8', imeis: [IMEI], manager_id: 'manager-1', agent_id: null, job_id: 'job-2', agent_job_id: null };
const facts = { officeInScope: true, retailerOf: new Map([['office-7', 'r-1'], ['office-8', 'r-1'], ['office-9', 'r-2']]), deviceTypes: new Map([[IMEI, 'PHONE' as const]]) };

describe('transferring devices to another office (TransferDevice)', () => {
  it('without an agent: a receive job at the other office, source Office Transfer', () => {
    const decision = decideTransferDevice(toOffice, { devices: inStock }, facts) as BatchDecision;
    expect(decision.devices.get(IMEI)![0]).toMatchObject({ type: 'DeviceSentToOffice', data: { from_office_id: 'office-7', office_id: 'office-8', job_id: 'job-2', agent_id: null } });
    expect(decision.records).toEqual([
      {
        streamId: 'receive-job-job-2',
        events: [{ type: 'ReceiveJobCreated', data: { job_id: 'job-2', office_id: 'office-8', source: 3, order_id: null, order_date: null, from_office_id: 'office-7', total_device_count: 1, cartons: [{ carton_number: 'C-1', device_type: 'PHONE', imei_count: 1 }] } }],
      },
    ]);
  });
  it('with an agent of that office: an agent job for them', () => {
    const decision = decideTransferDevice({ ...toOffice, agent_id: 'agent-8', job_id: null, agent_job_id: 'aj-8' }, { devices: inStock }, { ...facts, agentWorksAtOffice: true }) as BatchDecision;
    expect(decision.records.map((record) => record.streamId)).toEqual(['agent-job-aj-8']);
  });
  it("refuses another retailer's office, an office it cannot reach, an agent of another office, and the same office", () => {
    expectRefusal(decideTransferDevice({ ...toOffice, office_id: 'office-9' }, { devices: inStock }, facts), 'Devices can only be transferred to an office of the same retailer.', 422);
    expectRefusal(decideTransferDevice(toOffice, { devices: inStock }, { ...facts, officeInScope: false }), NO_SUCH_OFFICE, 404);
    expectRefusal(decideTransferDevice({ ...toOffice, agent_id: 'agent-1', job_id: null, agent_job_id: 'aj-8' }, { devices: inStock }, { ...facts, agentWorksAtOffice: false }), /does not work at the chosen office/, 422);
    expectRefusal(decideTransferDevice({ ...toOffice, office_id: 'office-7' }, { devices: inStock }, facts), `IMEI ${IMEI} is already at that office.`);
  });
});
