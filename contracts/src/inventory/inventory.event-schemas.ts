import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { RMA_DEVICE_CUSTODY_EVENT_SCHEMAS } from '../rma/rma.event-schemas';
import { SALES_DEVICE_EVENT_SCHEMAS } from '../sales/sales.event-schemas';
import { type DeviceTypeCode, assignSources, deviceTypes } from './inventory.codes';
import type { AgentJobEvent, DeviceEvent, InventoryEvent, ReceiveJobEvent, TransferRequestEvent } from './inventory.events';

/** The event data of inventory (inventory.events.ts), as stored: one zod schema per event type. */

const deviceType = z.enum(deviceTypes.map((type) => type.code) as [DeviceTypeCode, ...DeviceTypeCode[]]).describe('The device type code.');
const source = z
  .number()
  .int()
  .describe(`How the devices came to the office (${assignSources.map((item) => `${item.id} ${item.name}`).join(', ')}); upstream may send another whole number.`);
const shipmentOrderId = z.string().nullable().describe("The order the shipment fulfils: upstream's order reference, or a device order's number (ORD-…).");

/** DeviceDescription: what upstream says about a device when it ships it. */
const deviceDescription = z.object({
  imei: z.string(),
  esn: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  device_type: deviceType,
  pallet: z.string().nullable(),
  carton_number: z.string(),
  enroll_id: z.string().nullable(),
  enroll_type: z.string().nullable(),
  etc_code: z.string().nullable().describe('The ETC code (`excess_code` in the device row).'),
});

/** The agent's own devices on an agent job (accept, partial accept). */
const agentJobDevice = z.object({ imei: z.string(), office_id: z.string(), agent_id: z.string(), agent_job_id: z.uuid() });
/** A device on an agent's transfer back to the manager, answered. */
const transferDevice = z.object({ imei: z.string(), office_id: z.string(), agent_id: z.string(), transfer_id: z.uuid() });

/** The device stream `device-<imei>`: its custody and audit trail, RMA's steps and sales included. */
export const DEVICE_EVENT_SCHEMAS = {
  ...RMA_DEVICE_CUSTODY_EVENT_SCHEMAS,
  ...SALES_DEVICE_EVENT_SCHEMAS,
  DeviceReceived: deviceDescription
    .extend({ job_id: z.uuid(), office_id: z.string(), source, order_id: shipmentOrderId })
    .describe('A device shipped to an office on a receive job: Manager Pending (9); also a re-shipment after a decline.'),
  DeviceAcceptedByManager: z
    .object({ imei: z.string(), job_id: z.uuid(), office_id: z.string() })
    .describe("The manager accepted the device's carton: Manager Received (3); its age counts from here."),
  DeviceDeclinedByManager: z
    .object({ imei: z.string(), job_id: z.uuid(), office_id: z.string(), reason: z.string() })
    .describe("The manager declined the device's carton with a reason: Manager Declined (12) until shipped again."),
  DeviceAssigned: z
    .object({
      imei: z.string(),
      office_id: z.string(),
      agent_id: z.string(),
      agent_job_id: z.uuid(),
      manager_id: z.string(),
      previous_agent_id: z.string().nullable().describe('The agent who held it before a reassign; null when it came from the manager.'),
    })
    .describe('The device was handed to an agent on an agent job (assign, reassign): Agent Pending (4).'),
  DeviceAcceptedByAgent: agentJobDevice.describe('The agent accepted the device: Agent Received (5).'),
  DeviceReturnedByAgent: agentJobDevice.describe("The agent did not accept the device in a partial accept: straight back in the manager's stock (3)."),
  DeviceTransferRequested: z
    .object({ imei: z.string(), office_id: z.string(), agent_id: z.string(), transfer_id: z.uuid(), manager_id: z.string(), reason: z.string() })
    .describe('The agent sends the device back to the manager: Agent Transfer (6) until the manager decides.'),
  DeviceTransferAccepted: transferDevice.describe("The manager accepted the agent's transfer: back in the manager's stock (3)."),
  DeviceTransferRejected: transferDevice.describe("The manager rejected the agent's transfer: back with the agent, Agent Received (5)."),
  DeviceSentToOffice: z
    .object({
      imei: z.string(),
      from_office_id: z.string(),
      office_id: z.string(),
      job_id: z.uuid().nullable().describe('The receive job at the new office when sent to its manager; null when sent to an agent.'),
      agent_id: z.string().nullable(),
      agent_job_id: z.uuid().nullable().describe('The agent job when sent to an agent of the new office; null otherwise.'),
      manager_id: z.string(),
    })
    .describe('The device was sent to another office of the same retailer: Manager Pending (9) on a receive job there, or Agent Pending (4) for an agent there.'),
  DeviceReassignedToManager: z
    .object({ imei: z.string(), from_office_id: z.string(), office_id: z.string(), previous_agent_id: z.string().nullable() })
    .describe("The device was reassigned with no agent chosen: in the chosen office's manager stock (3)."),
  DeviceImageUploaded: z
    .object({
      imei: z.string(),
      file: z.string().describe('Where the photo lives in file storage.'),
      content_type: z.string(),
      size: z.number().int().nonnegative().describe('Bytes.'),
    })
    .describe('A photo of the device was uploaded.'),
} satisfies EventSchemas<DeviceEvent>;

/** JobCarton: one carton of a receive job. */
const jobCarton = z.object({
  carton_number: z.string(),
  device_type: deviceType.describe('The type of the carton’s first device.'),
  imei_count: z.number().int().positive(),
});

/** The receive job stream `receive-job-<id>`: created with its cartons, then cartons accepted or declined. */
export const RECEIVE_JOB_EVENT_SCHEMAS = {
  ReceiveJobCreated: z
    .object({
      job_id: z.uuid(),
      office_id: z.string(),
      source,
      order_id: shipmentOrderId,
      order_date: z.string().nullable().describe("The shipment order's date, ISO 8601 date (YYYY-MM-DD)."),
      from_office_id: z.string().nullable().describe('The office the devices came from, on an office transfer; null otherwise.'),
      cartons: z.array(jobCarton),
      total_device_count: z.number().int().positive(),
      inventory_order_id: z.uuid().nullable().optional().describe('The device order this shipment fulfils; absent on jobs that fulfil none.'),
    })
    .describe('A receive job was created for a shipment of cartons to an office.'),
  ReceiveJobCartonsAccepted: z.object({ job_id: z.uuid(), carton_numbers: z.array(z.string()) }).describe('The manager accepted cartons of the receive job.'),
  ReceiveJobCartonsDeclined: z.object({ job_id: z.uuid(), carton_numbers: z.array(z.string()), reason: z.string() }).describe('The manager declined cartons of the receive job, with a reason.'),
} satisfies EventSchemas<ReceiveJobEvent>;

/** The agent job stream `agent-job-<id>`: devices handed to an agent to accept. */
export const AGENT_JOB_EVENT_SCHEMAS = {
  AgentJobCreated: z
    .object({ agent_job_id: z.uuid(), agent_id: z.string(), office_id: z.string(), manager_id: z.string(), imeis: z.array(z.string()) })
    .describe('Devices were handed to an agent to accept (assign, reassign, transfer to an agent of another office).'),
  AgentJobAnswered: z
    .object({
      agent_job_id: z.uuid(),
      accepted: z.array(z.string()).describe('The IMEIs now the agent’s.'),
      returned: z.array(z.string()).describe("The IMEIs back in the manager's stock (partial accept)."),
    })
    .describe('The agent answered their agent job.'),
} satisfies EventSchemas<AgentJobEvent>;

/** The transfer stream `transfer-<id>`: devices an agent sends back to their manager. */
export const TRANSFER_REQUEST_EVENT_SCHEMAS = {
  TransferRequested: z
    .object({ transfer_id: z.uuid(), agent_id: z.string(), manager_id: z.string(), office_id: z.string(), imeis: z.array(z.string()), reason: z.string() })
    .describe('An agent sent devices back to their manager, waiting for Accept or Reject.'),
  TransferAnswered: z.object({ transfer_id: z.uuid(), accepted: z.boolean() }).describe("The manager accepted or rejected an agent's transfer."),
} satisfies EventSchemas<TransferRequestEvent>;

/** Every inventory event: the four streams' schemas together. */
export const INVENTORY_EVENT_SCHEMAS = {
  ...DEVICE_EVENT_SCHEMAS,
  ...RECEIVE_JOB_EVENT_SCHEMAS,
  ...AGENT_JOB_EVENT_SCHEMAS,
  ...TRANSFER_REQUEST_EVENT_SCHEMAS,
} satisfies EventSchemas<InventoryEvent>;
