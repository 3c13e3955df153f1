import type { DeviceState, TransferRequestEvent } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { IMEI, acceptedByAgent, acceptedByManager, assigned, deviceWith, expectRefusal, received, transferRequested } from '../platform/testing/device-history';
import { decideAnswerTransfer, decideRequestTransfer, foldTransfer } from './transfer.decider';

const SECOND = '356938035643817';
const devices = (...states: DeviceState[]) => new Map(states.map((state) => [state.imei, state]));
const withAgent = (imei: string, office = 'office-7') =>
  deviceWith(received(office, 'job-1', imei), acceptedByManager(office, 'job-1', imei), assigned('agent-3', 'aj-1', office, imei), acceptedByAgent('agent-3', 'aj-1', imei));
const request = { agent_id: 'agent-3', transfer_id: 't-1', imeis: [IMEI, SECOND], reason: 'Back' };

describe("the agent sending devices back (RequestTransfer)", () => {
  it('puts every device on one transfer to the manager', () => {
    const decision = decideRequestTransfer(request, { devices: devices(withAgent(IMEI), withAgent(SECOND)) }, { managerId: 'manager-1' }) as BatchDecision;
    expect(decision.devices.get(IMEI)).toEqual([transferRequested()]);
    expect(decision.records).toEqual([{ streamId: 'transfer-t-1', events: [{ type: 'TransferRequested', data: { transfer_id: 't-1', agent_id: 'agent-3', manager_id: 'manager-1', office_id: 'office-7', imeis: [IMEI, SECOND], reason: 'Back' } }] }]);
  });
  it('refuses a device not in the stock first, then devices of two offices', () => {
    expectRefusal(decideRequestTransfer(request, { devices: devices(withAgent(IMEI), deviceWith(received('office-7', 'job-1', SECOND))) }, { managerId: 'm' }), `IMEI ${SECOND} is not in your stock.`);
    expectRefusal(decideRequestTransfer(request, { devices: devices(withAgent(IMEI), withAgent(SECOND, 'office-8')) }, { managerId: 'm' }), 'Transfer devices of one office at a time.', 422);
  });
});

describe("the manager answering a transfer (AnswerTransfer)", () => {
  const requested: TransferRequestEvent = { type: 'TransferRequested', data: { transfer_id: 't-1', agent_id: 'agent-3', manager_id: 'manager-1', office_id: 'office-7', imeis: [IMEI], reason: 'Back' } };
  const waiting = devices(deviceWith(received(), acceptedByManager(), assigned(), acceptedByAgent(), transferRequested()));
  it('takes the devices back into stock, once', () => {
    const decision = decideAnswerTransfer({ transfer_id: 't-1', accept: true }, { transfer: foldTransfer([requested]), devices: waiting }, { officeInScope: true }) as BatchDecision;
    expect(decision.devices.get(IMEI)![0]!.type).toBe('DeviceTransferAccepted');
    expect(decision.records[0]!.events).toEqual([{ type: 'TransferAnswered', data: { transfer_id: 't-1', accepted: true } }]);
    const answered = foldTransfer([requested, { type: 'TransferAnswered', data: { transfer_id: 't-1', accepted: true } }]);
    expectRefusal(decideAnswerTransfer({ transfer_id: 't-1', accept: false }, { transfer: answered, devices: waiting }, { officeInScope: true }), 'This transfer was already answered.');
  });
  it('answers a transfer of another office as one that does not exist', () => {
    expectRefusal(decideAnswerTransfer({ transfer_id: 't-1', accept: true }, { transfer: foldTransfer([requested]), devices: waiting }, { officeInScope: false }), 'That transfer does not exist.', 404);
    expectRefusal(decideAnswerTransfer({ transfer_id: 't-2', accept: true }, { transfer: null, devices: devices() }, { officeInScope: true }), 'That transfer does not exist.', 404);
  });
});
