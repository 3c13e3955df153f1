import { type DeviceDescription, type DeviceEvent, type DeviceState, foldDevice } from '@portal/contracts';
import { DomainError } from '../commands/command-errors';

/**
 * A device's history in business words, and given/when/then over it, for the deciders' specs
 * (inventory, sales, RMA...): `given(received(), acceptedByManager()).when(decide).then([...])`.
 */

export const IMEI = '356938035643809';
export const description: DeviceDescription = {
  imei: IMEI, esn: null, make: 'Acme', model: 'A1', device_type: 'PHONE', pallet: null, carton_number: 'C-1', enroll_id: null, enroll_type: null, etc_code: null,
};

export const received = (office = 'office-7', job = 'job-1', imei = IMEI): DeviceEvent => ({ type: 'DeviceReceived', data: { ...description, imei, job_id: job, office_id: office, source: 1, order_id: null } });
export const acceptedByManager = (office = 'office-7', job = 'job-1', imei = IMEI): DeviceEvent => ({ type: 'DeviceAcceptedByManager', data: { imei, job_id: job, office_id: office } });
export const declinedByManager = (): DeviceEvent => ({ type: 'DeviceDeclinedByManager', data: { imei: IMEI, job_id: 'job-1', office_id: 'office-7', reason: 'Damaged' } });
export const assigned = (agent = 'agent-3', job = 'aj-1', office = 'office-7', imei = IMEI): DeviceEvent => ({
  type: 'DeviceAssigned', data: { imei, office_id: office, agent_id: agent, agent_job_id: job, manager_id: 'manager-1', previous_agent_id: null },
});
export const acceptedByAgent = (agent = 'agent-3', job = 'aj-1', imei = IMEI): DeviceEvent => ({ type: 'DeviceAcceptedByAgent', data: { imei, office_id: 'office-7', agent_id: agent, agent_job_id: job } });
export const transferRequested = (): DeviceEvent => ({ type: 'DeviceTransferRequested', data: { imei: IMEI, office_id: 'office-7', agent_id: 'agent-3', transfer_id: 't-1', manager_id: 'manager-1', reason: 'Back' } });
export const activated = (): DeviceEvent => ({
  type: 'DeviceActivated', data: { imei: IMEI, activation_date: '2026-11-20', order_id: null, plan_name: null, subscriber_state: null, subscriber_zip: null, previous_status: 5, was_in_stock: true, office_id: 'office-7', agent_id: 'agent-3' },
});

/** RMA steps (docs/RMA.md): an RMA opened for the device (11), marked lost (16). */
export const rmaOpened = (openedBy: 'agent' | 'manager' = 'manager', agent: string | null = null): DeviceEvent => ({
  type: 'DeviceRmaOpened', data: { imei: IMEI, rma_device_id: 'rma-1', opened_by: openedBy, office_id: 'office-7', agent_id: agent },
});
export const markedLost = (): DeviceEvent => ({ type: 'DeviceMarkedOutOfService', data: { imei: IMEI, status: 16, notes: null } });

/** The state of a device with this history (its imei taken from the history, else IMEI). */
export const deviceWith = (...history: DeviceEvent[]): DeviceState => foldDevice((history[0]?.data as { imei?: string } | undefined)?.imei ?? IMEI, history);

/** A refusal's message and status, as a spec checks them. */
export function expectRefusal(decision: unknown, message: string | RegExp, status = 409): void {
  expect(decision).toBeInstanceOf(DomainError);
  expect((decision as DomainError).message).toMatch(message);
  expect((decision as DomainError).status).toBe(status);
}

/** given(history).when(decide).then(events) — or .refused(message, status). */
export function given(...history: DeviceEvent[]) {
  const state = deviceWith(...history);
  return {
    state,
    when(decide: (state: DeviceState) => DeviceEvent[] | DomainError) {
      const decision = decide(state);
      return {
        then(events: DeviceEvent[]) {
          expect(decision).toEqual(events);
        },
        refused(message: string | RegExp, status = 409) {
          expectRefusal(decision, message, status);
        },
      };
    },
  };
}
