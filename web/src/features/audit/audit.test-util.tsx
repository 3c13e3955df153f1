import type { AuditActor, AuditEvent, DeviceHistoryAnswer, DeviceStateAsOf } from '@portal/contracts/audit/audit.views';

/** The device of the fixtures and the paths the timeline asks. */
export const IMEI = '356938035643809';
export const HISTORY_PATH = `/api/v1/audit/devices/${IMEI}/history`;
export const STATE_PATH = `/api/v1/audit/devices/${IMEI}`;

const actor = (change: Partial<AuditActor> = {}): AuditActor => ({
  user_id: 'u-rita',
  user_name: 'Rita Retail',
  roles: [12],
  scope: { retailer_id: 'r-1' },
  command_id: 'cmd-1',
  correlation_id: 'cor-1',
  causation_id: null,
  occurred_at: '2025-03-02T15:00:00.000Z',
  ...change,
});

export const auditEvent = (change: Partial<AuditEvent> & Pick<AuditEvent, 'position' | 'event_id' | 'words'>): AuditEvent => ({
  stream_id: `device-${IMEI}`,
  stream_version: 1,
  type: 'DeviceReceived',
  schema_version: 1,
  recorded_at: '2025-03-02T15:00:01.000Z',
  data: { imei: IMEI },
  actor: actor(),
  own: true,
  ...change,
});

/** Received by the office, its receive job accepted, assigned to an agent, then activated by the system; in the store's order. */
export const HISTORY: DeviceHistoryAnswer = {
  imei: IMEI,
  events: [
    auditEvent({ position: '100.100', event_id: 'e-1', words: 'Received by Austin South', data: { imei: IMEI, office_id: 'o-1', job_id: 'j-1' } }),
    auditEvent({
      position: '101.101',
      event_id: 'e-2',
      stream_id: 'receive-job-5f0c1a2e-1111-4222-8333-944455556666',
      stream_version: 2,
      type: 'ReceiveJobAccepted',
      words: 'Receive job accepted (receive-job)',
      own: false,
      actor: actor({ occurred_at: '2025-03-02T16:00:00.000Z' }),
    }),
    auditEvent({
      position: '102.102',
      event_id: 'e-3',
      stream_version: 2,
      type: 'DeviceAssigned',
      words: 'Assigned to Ann Agent',
      data: { imei: IMEI, agent_id: 'u-ann' },
      actor: actor({ user_id: 'u-oscar', user_name: 'Oscar Office', roles: [3], occurred_at: '2025-03-05T14:30:00.000Z', causation_id: 'e-2' }),
    }),
    auditEvent({
      position: '103.103',
      event_id: 'e-4',
      stream_version: 3,
      type: 'DeviceSold',
      words: 'Activated',
      recorded_at: '2025-03-09T10:00:00.000Z',
      actor: actor({ user_id: null, user_name: null, roles: [], scope: null, command_id: null, correlation_id: null, occurred_at: null }),
    }),
  ],
};

/** The device as of a moment; by default now, with an agent. */
export const stateAsOf = (change: Partial<DeviceStateAsOf> = {}): DeviceStateAsOf => ({
  imei: IMEI,
  as_of: '2025-03-10T12:00:00.000Z',
  position: '103.103',
  events_applied: 3,
  status: 7,
  status_name: 'Sold',
  holder: 'agent',
  office_id: 'o-1',
  office_name: 'Austin South',
  agent_id: 'u-ann',
  agent_name: 'Ann Agent',
  carton_number: 'C-100',
  device_type: 'PHONE',
  aged_from: '2025-03-02T15:00:00.000Z',
  age_days: 8,
  ...change,
});
