import type { DeviceEvent, DeviceState } from '@portal/contracts';
import { IMEI, acceptedByAgent, acceptedByManager, activated, assigned, declinedByManager, description, given, markedLost, received, rmaOpened, transferRequested } from '../platform/testing/device-history';
import { decideAgentAnswer, decideAssign, decideImage, decideManagerAnswer, decideReassign, decideReceive, decideSendToOffice, decideTransferAnswer, decideTransferRequest } from './device.decider';

const receive = (state: DeviceState) => decideReceive({ device: description, job_id: 'job-2', office_id: 'office-8', source: 1, order_id: 'PO-9' }, state);

describe('a device: receiving', () => {
  it('makes a new device manager pending on its job', () => {
    given().when(receive).then([{ type: 'DeviceReceived', data: { ...description, job_id: 'job-2', office_id: 'office-8', source: 1, order_id: 'PO-9' } }]);
    expect(given(received()).state).toMatchObject({ status: 9, office_id: 'office-7', job_id: 'job-1', carton_number: 'C-1' });
  });
  it('takes a declined device shipped again, and refuses one already in inventory', () => {
    given(received(), declinedByManager()).when(receive).then([expect.objectContaining({ type: 'DeviceReceived' }) as DeviceEvent]);
    given(received()).when(receive).refused(`IMEI ${IMEI} is already in inventory (Manager Pending).`);
    given(received(), acceptedByManager(), assigned(), acceptedByAgent(), activated()).when(receive).refused(/already in inventory \(Sold\)/);
  });
});

describe('a device: the manager accepts or declines its carton', () => {
  it('accepts into the manager stock (3) or declines (12) with a reason', () => {
    given(received()).when((state) => decideManagerAnswer({ job_id: 'job-1', accept: true }, state)).then([acceptedByManager()]);
    given(received()).when((state) => decideManagerAnswer({ job_id: 'job-1', accept: false, reason: ' Damaged ' }, state)).then([declinedByManager()]);
    expect(given(received(), acceptedByManager()).state.status).toBe(3);
    expect(given(received(), declinedByManager()).state.status).toBe(12);
  });
  it('refuses a second answer, another job, and a decline without a reason', () => {
    given(received(), acceptedByManager()).when((state) => decideManagerAnswer({ job_id: 'job-1', accept: true }, state)).refused('Carton C-1 of this job was already accepted.');
    given(received(), declinedByManager()).when((state) => decideManagerAnswer({ job_id: 'job-1', accept: true }, state)).refused('Carton C-1 of this job was already declined.');
    given(received()).when((state) => decideManagerAnswer({ job_id: 'job-9', accept: true }, state)).refused(`IMEI ${IMEI} is not on this job.`);
    given(received()).when((state) => decideManagerAnswer({ job_id: 'job-1', accept: false, reason: '  ' }, state)).refused('Please provide a reason', 400);
  });
});

describe('a device: assigning and the agent answering', () => {
  const assign = (state: DeviceState) => decideAssign({ office_id: 'office-7', agent_id: 'agent-3', agent_job_id: 'aj-1', manager_id: 'manager-1' }, state);
  it('assigns the manager stock to an agent (4)', () => {
    given(received(), acceptedByManager()).when(assign).then([assigned()]);
    expect(given(received(), acceptedByManager(), assigned()).state).toMatchObject({ status: 4, agent_id: 'agent-3', agent_job_id: 'aj-1' });
  });
  it('refuses a device not in the manager stock of that office', () => {
    given(received()).when(assign).refused(`IMEI ${IMEI} is no longer in the manager's stock of this office.`);
    given(received('office-8'), acceptedByManager('office-8')).when(assign).refused(/no longer in the manager's stock/);
    given(received(), acceptedByManager(), assigned()).when(assign).refused(/no longer in the manager's stock/);
  });
  it('lets the agent accept (5) or return (3) a device of their job, once', () => {
    const history = [received(), acceptedByManager(), assigned()];
    given(...history).when((state) => decideAgentAnswer({ agent_id: 'agent-3', agent_job_id: 'aj-1', accept: true }, state)).then([acceptedByAgent()]);
    given(...history)
      .when((state) => decideAgentAnswer({ agent_id: 'agent-3', agent_job_id: 'aj-1', accept: false }, state))
      .then([{ type: 'DeviceReturnedByAgent', data: { imei: IMEI, office_id: 'office-7', agent_id: 'agent-3', agent_job_id: 'aj-1' } }]);
    given(...history, acceptedByAgent()).when((state) => decideAgentAnswer({ agent_id: 'agent-3', agent_job_id: 'aj-1', accept: true }, state)).refused(`IMEI ${IMEI} is not waiting for you on this job.`);
    given(...history).when((state) => decideAgentAnswer({ agent_id: 'agent-4', agent_job_id: 'aj-1', accept: true }, state)).refused(/not waiting for you/);
    given(...history).when((state) => decideAgentAnswer({ agent_id: 'agent-3', agent_job_id: 'aj-2', accept: true }, state)).refused(/not waiting for you/);
  });
});

describe('a device: the agent sends it back', () => {
  const inAgentStock = [received(), acceptedByManager(), assigned(), acceptedByAgent()];
  const request = (agent: string) => (state: DeviceState) => decideTransferRequest({ agent_id: agent, transfer_id: 't-1', manager_id: 'manager-1', reason: 'Back' }, state);
  it('puts it in agent transfer (6); the manager accepts (3) or rejects (5)', () => {
    given(...inAgentStock).when(request('agent-3')).then([transferRequested()]);
    given(...inAgentStock, transferRequested())
      .when((state) => decideTransferAnswer({ transfer_id: 't-1', accept: true }, state))
      .then([{ type: 'DeviceTransferAccepted', data: { imei: IMEI, office_id: 'office-7', agent_id: 'agent-3', transfer_id: 't-1' } }]);
    given(...inAgentStock, transferRequested())
      .when((state) => decideTransferAnswer({ transfer_id: 't-1', accept: false }, state))
      .then([{ type: 'DeviceTransferRejected', data: { imei: IMEI, office_id: 'office-7', agent_id: 'agent-3', transfer_id: 't-1' } }]);
  });
  it("refuses someone else's device, one not received, and a transfer answered twice", () => {
    given(...inAgentStock).when(request('agent-4')).refused(`IMEI ${IMEI} is not in your stock.`);
    given(received(), acceptedByManager(), assigned()).when(request('agent-3')).refused(/not in your stock/);
    given(...inAgentStock, transferRequested(), { type: 'DeviceTransferAccepted', data: { imei: IMEI, office_id: 'office-7', agent_id: 'agent-3', transfer_id: 't-1' } })
      .when((state) => decideTransferAnswer({ transfer_id: 't-1', accept: false }, state))
      .refused(`IMEI ${IMEI} is not waiting on this transfer.`);
  });
});

describe('a device: to another office, and reassigned', () => {
  const inStock = [received(), acceptedByManager()];
  it('arrives at the other office as manager pending (9) on a job there, or agent pending (4) for an agent there', () => {
    const send = (agent: string | null) => (state: DeviceState) =>
      decideSendToOffice({ office_id: 'office-8', job_id: agent ? null : 'job-8', agent_id: agent, agent_job_id: agent ? 'aj-8' : null, manager_id: 'manager-1' }, state);
    given(...inStock).when(send(null)).then([{ type: 'DeviceSentToOffice', data: { imei: IMEI, from_office_id: 'office-7', office_id: 'office-8', job_id: 'job-8', agent_id: null, agent_job_id: null, manager_id: 'manager-1' } }]);
    const sent = send(null)(given(...inStock).state) as DeviceEvent[];
    expect(given(...inStock, ...sent).state).toMatchObject({ status: 9, office_id: 'office-8', job_id: 'job-8' });
    const toAgent = send('agent-8')(given(...inStock).state) as DeviceEvent[];
    expect(given(...inStock, ...toAgent).state).toMatchObject({ status: 4, office_id: 'office-8', agent_id: 'agent-8', agent_job_id: 'aj-8', job_id: 'job-1' });
    given(received()).when(send(null)).refused(`IMEI ${IMEI} is not in the manager's stock.`);
    given(...inStock).when((state) => decideSendToOffice({ office_id: 'office-7', job_id: 'j', agent_id: null, agent_job_id: null, manager_id: 'm' }, state)).refused(/already at that office/);
  });
  it('reassigns statuses 3, 4 and 5 to another agent or to an office stock; refuses the rest', () => {
    const toAgent = (state: DeviceState) => decideReassign({ office_id: 'office-7', agent_id: 'agent-5', agent_job_id: 'aj-5', manager_id: 'manager-1' }, state);
    const toOffice = (state: DeviceState) => decideReassign({ office_id: 'office-8', agent_id: null, agent_job_id: null, manager_id: 'manager-1' }, state);
    for (const history of [inStock, [...inStock, assigned()], [...inStock, assigned(), acceptedByAgent()]]) {
      const reassigned = toAgent(given(...history).state) as DeviceEvent[];
      expect(reassigned[0]).toMatchObject({ type: 'DeviceAssigned', data: { agent_id: 'agent-5', agent_job_id: 'aj-5' } });
      expect(given(...history, ...reassigned).state).toMatchObject({ status: 4, agent_id: 'agent-5' });
      const toStock = toOffice(given(...history).state) as DeviceEvent[];
      expect(given(...history, ...toStock).state).toMatchObject({ status: 3, office_id: 'office-8', agent_id: null });
    }
    given(received()).when(toAgent).refused(`IMEI ${IMEI} cannot be reassigned: it is Manager Pending.`);
    given(...inStock, assigned(), acceptedByAgent(), transferRequested()).when(toAgent).refused(/cannot be reassigned/);
    given(...inStock, assigned('agent-5', 'aj-1')).when(toAgent).refused(/already with that agent/);
    given(...inStock).when((state) => decideReassign({ office_id: 'office-7', agent_id: null, agent_job_id: null, manager_id: 'm' }, state)).refused(/already in that office's stock/);
  });
});

describe('a device: images', () => {
  it('stores an image of a known device only', () => {
    given(received()).when((state) => decideImage({ file: 'f.png', content_type: 'image/png', size: 10 }, state)).then([{ type: 'DeviceImageUploaded', data: { imei: IMEI, file: 'f.png', content_type: 'image/png', size: 10 } }]);
    given().when((state) => decideImage({ file: 'f.png', content_type: 'image/png', size: 10 }, state)).refused(/not in inventory/, 404);
  });
});

describe('a device out of service (docs/RMA.md)', () => {
  it('is refused by assign, transfer between offices, reassign and the agent\'s transfer back, naming its status', () => {
    const assign = (state: DeviceState) => decideAssign({ office_id: 'office-7', agent_id: 'agent-3', agent_job_id: 'aj-2', manager_id: 'manager-1' }, state);
    given(received(), acceptedByManager(), rmaOpened()).when(assign).refused(`IMEI ${IMEI} is out of service (Pending RMA).`);
    given(received(), acceptedByManager(), markedLost()).when(assign).refused(`IMEI ${IMEI} is out of service (Lost).`);
    given(received(), acceptedByManager(), markedLost())
      .when((state) => decideSendToOffice({ office_id: 'office-8', job_id: 'job-3', agent_id: null, agent_job_id: null, manager_id: 'manager-1' }, state))
      .refused(`IMEI ${IMEI} is out of service (Lost).`);
    given(received(), acceptedByManager(), rmaOpened())
      .when((state) => decideReassign({ office_id: 'office-7', agent_id: 'agent-4', agent_job_id: 'aj-3', manager_id: 'manager-1' }, state))
      .refused(`IMEI ${IMEI} is out of service (Pending RMA).`);
    given(received(), acceptedByManager(), assigned(), acceptedByAgent(), rmaOpened('agent', 'agent-3'))
      .when((state) => decideTransferRequest({ agent_id: 'agent-3', transfer_id: 't-2', manager_id: 'manager-1', reason: 'Back' }, state))
      .refused(`IMEI ${IMEI} is out of service (Pending RMA).`);
  });
});
