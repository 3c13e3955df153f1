import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { rmaReasons } from './rma.codes';
import type { RmaDeviceCustodyEvent, RmaDeviceEvent, RmaOrderEvent, RmaOrderNumberEvent } from './rma.events';

/** The event data of RMA (rma.events.ts), as stored: one zod schema per event type. */

const openedBy = z.enum(['agent', 'manager']).describe("Who opened it: an agent's request awaits the manager; a manager's initiation awaits approval.");
/** An RMA order's number as users read it (rmaPrefixOf): RMA-000123. */
const rmaPrefix = z
  .string()
  .regex(/^RMA-\d{6,}$/)
  .describe("The RMA order's number as users read it: RMA- and at least six digits.");
const answer = z.union([z.literal(2), z.literal(3)]);
const rmaReason = z
  .number()
  .int()
  .describe(`An RMA reason (${rmaReasons.map((reason) => `${reason.id} ${reason.name}`).join(', ')}).`);

/** The device-stream side of RMA: status changes only; the holder never changes but for a swap. */
export const RMA_DEVICE_CUSTODY_EVENT_SCHEMAS = {
  DeviceRmaOpened: z
    .object({ imei: z.string(), rma_device_id: z.uuid(), opened_by: openedBy, office_id: z.string(), agent_id: z.string().nullable() })
    .describe("An RMA opened for the device (an agent's request or a manager's initiation): Pending RMA (11)."),
  DeviceRmaRequestDeclined: z.object({ imei: z.string(), rma_device_id: z.uuid() }).describe("The manager declined the agent's RMA request: RMA Request Declined (19)."),
  DeviceRmaRequestAccepted: z.object({ imei: z.string(), rma_device_id: z.uuid() }).describe("The manager accepted the agent's RMA request: still Pending RMA (11), now awaiting Approve RMA."),
  DeviceRmaApproved: z.object({ imei: z.string(), rma_device_id: z.uuid() }).describe('Approve RMA approved the return: RMA (10).'),
  DeviceRmaRejected: z.object({ imei: z.string(), rma_device_id: z.uuid() }).describe('Approve RMA rejected the return: RMA Rejected (21).'),
  DeviceMarkedOutOfService: z
    .object({ imei: z.string(), status: z.union([z.literal(16), z.literal(18)]).describe('16 Lost, 18 Defective.'), notes: z.string().nullable() })
    .describe('A manager marked the device lost (16) or defective (18).'),
  DeviceReturnedToStock: z.object({ imei: z.string() }).describe("The device is back in its holder's stock from 15, 16, 18, 19 or 21: Agent Received (5) with an agent, else Manager Received (3)."),
  DeviceSwappedOut: z
    .object({ imei: z.string(), replacement_imei: z.string(), office_id: z.string(), agent_id: z.string().nullable(), reason: z.string() })
    .describe('A sold device brought back by its customer: Device Swap (15), held by the swapping holder.'),
  DeviceSwappedIn: z
    .object({
      imei: z.string(),
      sold_imei: z.string().describe('The sold device this one replaces.'),
      activation_date: z.string().describe("The original sale's business date, ISO 8601 date (YYYY-MM-DD)."),
      plan_name: z.string().nullable(),
      order_id: z.string().nullable().describe("Upstream's activation order of the original sale."),
      reason: z.string(),
    })
    .describe('The replacement handed over in place of a swapped device: Sold (8), carrying the original activation.'),
  DeviceRmaSubmitted: z
    .object({ imei: z.string(), rma_device_id: z.uuid(), rma_order_id: z.uuid(), rma_prefix: rmaPrefix })
    .describe("The device was submitted on an RMA order (Submit RMA): still RMA (10), now in the order's box."),
  DeviceRmaOrderRejected: z
    .object({ imei: z.string(), rma_order_id: z.uuid(), rma_prefix: rmaPrefix })
    .describe('The RMA order was rejected: RMA Rejected (21), off the order (it may be initiated again).'),
  DeviceRmaReturned: z
    .object({ imei: z.string(), rma_order_id: z.uuid(), rma_prefix: rmaPrefix })
    .describe("The returns desk found the device in the RMA order's boxes: Returned (17), out of the business's stock."),
} satisfies EventSchemas<RmaDeviceCustodyEvent>;

/** The RMA device stream: one return of one device, from request or initiation to its answer. */
export const RMA_DEVICE_EVENT_SCHEMAS = {
  RmaDeviceOpened: z
    .object({
      rma_device_id: z.uuid(),
      imei: z.string(),
      opened_by: openedBy,
      office_id: z.string(),
      agent_id: z.string().nullable(),
      manager_id: z.string().nullable().describe('The initiating manager; null on an agent’s request.'),
      reason: rmaReason,
      reason_two: rmaReason.nullable(),
      notes: z.string().nullable(),
      image_file: z.string().nullable().describe("The stored photo's file key, if one was sent."),
    })
    .describe("An RMA opened for a device: an agent's request or a manager's initiation."),
  RmaDeviceRequestAnswered: z
    .object({ rma_device_id: z.uuid(), imei: z.string(), status: answer.describe('2 accepted (now initiated), 3 declined.'), manager_id: z.string() })
    .describe("The manager's answer to an agent's RMA request."),
  RmaDeviceAnswered: z
    .object({ rma_device_id: z.uuid(), imei: z.string(), status: answer.describe('2 approved, 3 rejected.'), comments: z.string().nullable(), manager_id: z.string() })
    .describe("Approve RMA's answer to an initiated RMA."),
  RmaDeviceImageReplaced: z.object({ rma_device_id: z.uuid(), image_file: z.string().describe("The new photo's file key.") }).describe("A new photo replaces the RMA device's image."),
  RmaDeviceSubmitted: z
    .object({ rma_device_id: z.uuid(), imei: z.string(), rma_order_id: z.uuid(), rma_prefix: rmaPrefix })
    .describe('The RMA device was put on an RMA order (Submit RMA): it cannot be submitted again.'),
} satisfies EventSchemas<RmaDeviceEvent>;

/** RmaShipment: where the boxes ship from, and how many. */
const rmaShipment = z
  .object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    no_of_boxes: z.number().int(),
    box_length: z.number().nullable().describe('Inches, decimals allowed.'),
    box_width: z.number().nullable().describe('Inches, decimals allowed.'),
    box_height: z.number().nullable().describe('Inches, decimals allowed.'),
    box_weight: z.number().nullable().describe('Pounds, decimals allowed.'),
  })
  .describe('Where the boxes ship from, and how many.');

/** The RMA order stream: one order of approved RMA devices of one office. */
export const RMA_ORDER_EVENT_SCHEMAS = {
  RmaOrderSubmitted: z
    .object({
      rma_order_id: z.uuid(),
      rma_prefix: rmaPrefix,
      office_id: z.string(),
      submitted_by: z.string(),
      devices: z.array(z.object({ rma_device_id: z.uuid(), imei: z.string() })),
      shipment: rmaShipment,
    })
    .describe("Approved RMA devices of one office submitted as one RMA order (Submit RMA): Submitted (1)."),
  RmaOrderAnswered: z
    .object({ rma_order_id: z.uuid(), status: answer.describe('2 approved (the shipping label is made from here), 3 rejected (order status 5).'), comments: z.string(), answered_by: z.string() })
    .describe("The IBO or retailer manager's answer to a submitted RMA order."),
  RmaOrderShipped: z.object({ rma_order_id: z.uuid(), shipped_by: z.string() }).describe('An approved RMA order was shipped: Shipped (3).'),
  RmaOrderReceived: z
    .object({
      rma_order_id: z.uuid(),
      received: z.array(z.string()).describe('The IMEIs found in the boxes.'),
      missing: z.array(z.string()).describe('The IMEIs the order listed but the boxes lacked.'),
    })
    .describe("The returns desk's receipt of a shipped RMA order: Completed (4)."),
} satisfies EventSchemas<RmaOrderEvent>;

/** The counter stream `rma-order-numbers`. */
export const RMA_ORDER_NUMBER_EVENT_SCHEMAS = {
  RmaOrderNumberTaken: z
    .object({ number: z.number().int().positive(), rma_order_id: z.uuid() })
    .describe('An RMA order took the next order number (RMA-000001 upward), so two orders never share one.'),
} satisfies EventSchemas<RmaOrderNumberEvent>;
