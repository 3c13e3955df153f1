import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { type DeviceTypeCode, deviceTypes, inventoryStatuses } from '../inventory/inventory.codes';
import type { SalesDeviceEvent } from './sales.events';

/** The event data of sales (sales.events.ts) as stored on the device stream: one zod schema per event type. */

const deviceType = z.enum(deviceTypes.map((type) => type.code) as [DeviceTypeCode, ...DeviceTypeCode[]]).describe('The device type code.');
const inventoryStatus = (what: string) =>
  z
    .number()
    .int()
    .describe(`${what}: an inventory status (${inventoryStatuses.map((status) => `${status.id} ${status.name}`).join(', ')}).`);

/** SoldDevice: what the portal knew of the device when it recorded the sale. */
const soldDevice = z
  .object({
    device_type: deviceType,
    make: z.string().nullable(),
    model: z.string().nullable(),
    esn: z.string().nullable(),
    pallet: z.string().nullable(),
    carton_number: z.string().nullable(),
    enroll_id: z.string().nullable(),
    enroll_type: z.string().nullable(),
    etc_code: z.string().nullable().describe('The ETC code (`excess_code` in the device row).'),
    allocated_office_id: z.string().nullable().describe('The office that first received the device.'),
    order_id: z.string().nullable().describe('The order the device was shipped on (upstream order reference or a device order number ORD-…).'),
    order_date: z.string().nullable().describe("That order's date, ISO 8601 date (YYYY-MM-DD)."),
    received_at: z.string().nullable().describe('When the device reached its office, ISO 8601 instant (UTC).'),
    allocation_date: z.string().nullable().describe('When the device was allocated to its office, ISO 8601 instant (UTC).'),
  })
  .describe('What the portal knew of the device when it recorded the sale, kept as it was sold.');

export const SALES_DEVICE_EVENT_SCHEMAS = {
  DeviceActivated: z
    .object({
      imei: z.string(),
      activation_date: z.string().describe('The business date of the sale, ISO 8601 date (YYYY-MM-DD): the day it counts for.'),
      order_id: z.string().nullable().describe("Upstream's activation order (not the order the device was shipped on)."),
      plan_name: z.string().nullable(),
      subscriber_state: z.string().nullable(),
      subscriber_zip: z.string().nullable(),
      previous_status: inventoryStatus('The status the device had before the sale'),
      was_in_stock: z.boolean().describe('False flags an activation of a device that was not in stock.'),
      office_id: z.string().nullable().describe('The office that held the device when it was sold: its sale counts for that office.'),
      agent_id: z.string().nullable().describe('The agent who held the device when it was sold, if any.'),
      device: soldDevice.nullable().optional().describe('What was sold; absent on activations recorded before sales had its own projection, null when the read model had not placed the device.'),
    })
    .describe('A device sold (activated) upstream: it becomes Sold (8).'),
  ActivationReversed: z
    .object({
      imei: z.string(),
      restored_status: inventoryStatus('The status the device returns to (the one it had before the sale)'),
      office_id: z.string().nullable(),
      agent_id: z.string().nullable(),
      reason: z.string().nullable(),
    })
    .describe('Upstream took the activation back: the device returns to its status before the sale, with the same holder, and the sale leaves every count and report.'),
} satisfies EventSchemas<SalesDeviceEvent>;
