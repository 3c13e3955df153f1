import type { DeviceState } from '@portal/contracts';
import type { BatchDecision } from '../platform/commands/device-batch';
import { IMEI, acceptedByAgent, acceptedByManager, assigned, deviceWith, expectRefusal, received } from '../platform/testing/device-history';
import { DONT_SELECT_ALL_IMEIS, decideAnswerAgentJob, decideAssignDevice, decidePartialAccept, decideReassignDevice, foldAgentJob } from './agent-job.decider';
import { NO_SUCH_OFFICE } from './receive-job.decider';

const SECOND = '356938035643817';
const THIRD = '356938035643825';
const devices = (...states: DeviceState[]) => new Map(states.map((state) => [state.imei, state]));
const inStock = (imei: string) => deviceWith(received('office-7', 'job-1', imei), acceptedByManager('office-7', 'job-1', imei));
const pending = (imei: string) => deviceWith(received('office-7', 'job-1', imei), acceptedByManager('office-7', 'job-1', imei), assigned('agent-3', 'aj-1', 'office-7', imei));
const assign = { office_id: 'office-7', agent_id: 'agent-3', agent_job_id: 'aj-1', manager_id: 'manager-1', imeis: [IMEI, SECOND] };
const assignee = { officeInScope: true, agentWorksAtOffice: true };

describe('assigning devices to an agent (AssignDevice)', () => {
  it('hands every device to the agent on a new agent job', () => {
    const decision = decideAssignDevice(assign, { devices: devices(inStock(IMEI), inStock(SECOND)) }, assignee) as BatchDecision;
    expect(decision.devices.get(IMEI)).toEqual([{ ...assigned(), data: { ...assigned().data } }]);
    expect(decision.records).toEqual([{ streamId: 'agent-job-aj-1', events: [{ type: 'AgentJobCreated', data: { agent_job_id: 'aj-1', agent_id: 'agent-3', office_id: 'office-7', manager_id: 'manager-1', imeis: [IMEI, SECOND] } }] }]);
  });
  it('refuses an office outside the scope (as unknown), an agent of another office, an empty carton choice, and a device not in stock', () => {
    expectRefusal(decideAssignDevice(assign, { devices: devices() }, { ...assignee, officeInScope: false }), NO_SUCH_OFFICE, 404);
    expectRefusal(decideAssignDevice(assign, { devices: devices() }, { ...assignee, agentWorksAtOffice: false }), 'That agent does not work at the chosen office.', 422);
    expectRefusal(decideAssignDevice({ ...assign, imeis: [] }, { devices: devices() }, assignee), 'Those cartons have no devices in your stock.');
    expectRefusal(decideAssignDevice(assign, { devices: devices(inStock(IMEI), pending(SECOND)) }, assignee), `IMEI ${SECOND} is no longer in the manager's stock of this office.`);
  });
});

describe('the agent answering a job (AnswerAgentJob)', () => {
  const job = foldAgentJob([{ type: 'AgentJobCreated', data: { agent_job_id: 'aj-1', agent_id: 'agent-3', office_id: 'office-7', manager_id: 'manager-1', imeis: [IMEI, SECOND] } }]);
  it('accepts some and returns the others, and records both on the job', () => {
    const decision = decideAnswerAgentJob({ agent_id: 'agent-3', agent_job_id: 'aj-1', accepted: [IMEI], returned: [SECOND] }, { job, devices: devices(pending(IMEI), pending(SECOND)) }) as BatchDecision;
    expect(decision.devices.get(IMEI)).toEqual([acceptedByAgent()]);
    expect(decision.devices.get(SECOND)![0]!.type).toBe('DeviceReturnedByAgent');
    expect(decision.records[0]!.events).toEqual([{ type: 'AgentJobAnswered', data: { agent_job_id: 'aj-1', accepted: [IMEI], returned: [SECOND] } }]);
  });
  it("refuses another agent's job and an unknown one alike", () => {
    expectRefusal(decideAnswerAgentJob({ agent_id: 'agent-4', agent_job_id: 'aj-1', accepted: [IMEI], returned: [] }, { job, devices: devices(pending(IMEI)) }), 'That job is not yours.', 404);
    expectRefusal(decideAnswerAgentJob({ agent_id: 'agent-3', agent_job_id: 'aj-9', accepted: [IMEI], returned: [] }, { job: null, devices: devices(pending(IMEI)) }), 'That job is not yours.', 404);
  });
});

describe('partial accept in one command (PartiallyAcceptAgentJob)', () => {
  const job = foldAgentJob([{ type: 'AgentJobCreated', data: { agent_job_id: 'aj-1', agent_id: 'agent-3', office_id: 'office-7', manager_id: 'manager-1', imeis: [IMEI, SECOND, THIRD] } }]);
  const three = devices(pending(IMEI), pending(SECOND), pending(THIRD));
  it('accepts the chosen IMEIs and returns the rest of the job to the manager', () => {
    const decision = decidePartialAccept({ agent_id: 'agent-3', agent_job_id: 'aj-1', imeis: [SECOND] }, { job, devices: three }) as BatchDecision;
    expect(decision.records[0]!.events).toEqual([{ type: 'AgentJobAnswered', data: { agent_job_id: 'aj-1', accepted: [SECOND], returned: [IMEI, THIRD] } }]);
    expect([...decision.devices.values()].map((events) => events[0]!.type)).toEqual(['DeviceAcceptedByAgent', 'DeviceReturnedByAgent', 'DeviceReturnedByAgent']);
  });
  it("refuses no IMEI chosen, and every IMEI of the job chosen, in the spec's words", () => {
    expectRefusal(decidePartialAccept({ agent_id: 'agent-3', agent_job_id: 'aj-1', imeis: [] }, { job, devices: three }), 'This field is required', 400);
    expectRefusal(decidePartialAccept({ agent_id: 'agent-3', agent_job_id: 'aj-1', imeis: [IMEI, SECOND, THIRD] }, { job, devices: three }), DONT_SELECT_ALL_IMEIS, 422);
  });
  it('counts only what still waits: choosing all the job still pending after part of it was answered is refused too', () => {
    const answered = devices(deviceWith(received(), acceptedByManager(), assigned(), acceptedByAgent()), pending(SECOND), pending(THIRD));
    expectRefusal(decidePartialAccept({ agent_id: 'agent-3', agent_job_id: 'aj-1', imeis: [SECOND, THIRD] }, { job, devices: answered }), DONT_SELECT_ALL_IMEIS, 422);
  });
  it("refuses a chosen IMEI that is not on the job, and another agent's job", () => {
    expectRefusal(decidePartialAccept({ agent_id: 'agent-3', agent_job_id: 'aj-1', imeis: ['356938035643833'] }, { job, devices: three }), /not waiting for you on this job/);
    expectRefusal(decidePartialAccept({ agent_id: 'agent-4', agent_job_id: 'aj-1', imeis: [IMEI] }, { job, devices: three }), 'That job is not yours.', 404);
  });
});

describe('reassigning (ReassignDevice)', () => {
  it('to another agent on a new agent job, or to an office stock with no job', () => {
    const toAgent = decideReassignDevice({ imeis: [IMEI], office_id: 'office-7', agent_id: 'agent-5', agent_job_id: 'aj-2', manager_id: 'manager-1' }, { devices: devices(pending(IMEI)) }, assignee) as BatchDecision;
    expect(toAgent.records.map((record) => record.streamId)).toEqual(['agent-job-aj-2']);
    const toStock = decideReassignDevice({ imeis: [IMEI], office_id: 'office-8', agent_id: null, agent_job_id: null, manager_id: 'manager-1' }, { devices: devices(pending(IMEI)) }, { officeInScope: true }) as BatchDecision;
    expect(toStock.records).toEqual([]);
    expect(toStock.devices.get(IMEI)![0]!.type).toBe('DeviceReassignedToManager');
  });
  it('refuses an office outside the scope and an agent of another office', () => {
    expectRefusal(decideReassignDevice({ imeis: [IMEI], office_id: 'office-9', agent_id: null, agent_job_id: null, manager_id: 'm' }, { devices: devices(pending(IMEI)) }, { officeInScope: false }), NO_SUCH_OFFICE, 404);
    expectRefusal(decideReassignDevice({ imeis: [IMEI], office_id: 'office-7', agent_id: 'agent-9', agent_job_id: 'aj-3', manager_id: 'm' }, { devices: devices(pending(IMEI)) }, { officeInScope: true, agentWorksAtOffice: false }), /does not work at the chosen office/, 422);
  });
});
