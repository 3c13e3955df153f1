import { type DeviceState, initialDeviceState } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { IMEI, acceptedByManager, description, deviceWith, expectRefusal, received } from '../platform/testing/device-history';
import { NO_SUCH_OFFICE, OFFICE_INACTIVE, cartonsOf, decideAnswerCartons, decideReceiveCarton, foldReceiveJob } from './receive-job.decider';

const OTHER = '356938035643817';
const devices = (...states: DeviceState[]) => new Map(states.map((state) => [state.imei, state]));
const shipment = { job_id: 'job-1', office_id: 'office-7', source: 1, order_id: 'PO-1', order_date: null, devices: [description, { ...description, imei: OTHER, carton_number: 'C-2', device_type: 'SIM' as const }] };
const inScope = { officeExists: true, officeActive: true, officeInScope: true };

describe('receiving cartons (ReceiveCarton)', () => {
  it('receives every device on a new job with its cartons', () => {
    const decision = decideReceiveCarton(shipment, { devices: devices(deviceWith(), initialDeviceState(OTHER)) }, inScope) as BatchDecision;
    expect([...decision.devices.keys()]).toEqual([IMEI, OTHER]);
    expect(decision.records).toEqual([
      {
        streamId: 'receive-job-job-1',
        events: [{ type: 'ReceiveJobCreated', data: { job_id: 'job-1', office_id: 'office-7', source: 1, order_id: 'PO-1', order_date: null, from_office_id: null, total_device_count: 2, cartons: [
          { carton_number: 'C-1', device_type: 'PHONE', imei_count: 1 }, { carton_number: 'C-2', device_type: 'SIM', imei_count: 1 }] } }],
      },
    ]);
  });
  it('refuses the whole shipment when one device is already in inventory, naming it', () => {
    const decision = decideReceiveCarton(shipment, { devices: devices(deviceWith(received()), initialDeviceState(OTHER)) }, inScope);
    expectRefusal(decision, `IMEI ${IMEI} is already in inventory (Manager Pending).`);
  });
  it('answers an unknown office and one outside the scope alike', () => {
    expectRefusal(decideReceiveCarton(shipment, { devices: devices() }, { officeExists: false, officeActive: false, officeInScope: true }), NO_SUCH_OFFICE, 404);
    expectRefusal(decideReceiveCarton(shipment, { devices: devices() }, { officeExists: true, officeActive: true, officeInScope: false }), NO_SUCH_OFFICE, 404);
    // A deactivated office receives no shipments.
    expectRefusal(decideReceiveCarton(shipment, { devices: devices() }, { ...inScope, officeActive: false }), OFFICE_INACTIVE, 409);
  });
  it('counts a carton by its devices, typed by its first', () => {
    expect(cartonsOf([{ carton_number: 'C', device_type: 'PHONE' }, { carton_number: 'C', device_type: 'SIM' }])).toEqual([{ carton_number: 'C', device_type: 'PHONE', imei_count: 2 }]);
  });
});

describe('answering cartons of a receive job (AnswerCartons)', () => {
  const job = foldReceiveJob([{ type: 'ReceiveJobCreated', data: { job_id: 'job-1', office_id: 'office-7', source: 1, order_id: null, order_date: null, from_office_id: null, total_device_count: 1, cartons: [{ carton_number: 'C-1', device_type: 'PHONE', imei_count: 1 }] } }]);
  const accept = { job_id: 'job-1', carton_numbers: ['C-1'], accept: true };
  it('accepts the devices of the cartons and records the answer on the job', () => {
    const decision = decideAnswerCartons(accept, { job, devices: devices(deviceWith(received())) }, { jobInScope: true }) as BatchDecision;
    expect(decision.devices.get(IMEI)).toEqual([acceptedByManager()]);
    expect(decision.records[0]!.events).toEqual([{ type: 'ReceiveJobCartonsAccepted', data: { job_id: 'job-1', carton_numbers: ['C-1'] } }]);
  });
  it('records a decline with its reason', () => {
    const decision = decideAnswerCartons({ ...accept, accept: false, reason: 'Damaged' }, { job, devices: devices(deviceWith(received())) }, { jobInScope: true }) as BatchDecision;
    expect(decision.records[0]!.events).toEqual([{ type: 'ReceiveJobCartonsDeclined', data: { job_id: 'job-1', carton_numbers: ['C-1'], reason: 'Damaged' } }]);
  });
  it('refuses a job it cannot see, a carton not on the job, and a second answer', () => {
    expectRefusal(decideAnswerCartons(accept, { job: null, devices: devices() }, { jobInScope: true }), 'That receive job does not exist.', 404);
    expectRefusal(decideAnswerCartons(accept, { job, devices: devices() }, { jobInScope: false }), 'That receive job does not exist.', 404);
    expectRefusal(decideAnswerCartons({ ...accept, carton_numbers: ['C-1', 'C-9'] }, { job, devices: devices() }, { jobInScope: true }), 'Carton C-9 is not on this job.', 422);
    expectRefusal(decideAnswerCartons(accept, { job, devices: devices(deviceWith(received(), acceptedByManager())) }, { jobInScope: true }), 'Carton C-1 of this job was already accepted.');
  });
});
