import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import { inventoryOrderStatuses, orderDeliveryMethods } from './orders.codes';
import type { InventoryOrderEvent, InventoryOrderNumberEvent } from './orders.events';

/** The event data of device orders (orders.events.ts), as stored: one zod schema per event type. */

/** OrderQuantities: how many of each kind. */
const orderQuantities = z
  .object({
    devices: z.number().int().nonnegative().describe('Phones (a free smartphone counts as a phone).'),
    tablets: z.number().int().nonnegative(),
    sims: z.number().int().nonnegative(),
  })
  .describe('How many phones, tablets and SIMs.');

/** OrderShipping: where an order goes and who takes it. */
const orderShipping = z
  .object({
    ship_to_name: z.string(),
    company_name: z.string().nullable(),
    address: z.string(),
    address2: z.string().nullable(),
    address3: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    contact_phone_number: z.string(),
    email: z.string(),
  })
  .describe('Where the order goes and who takes it.');

/** An order's number as users read it (orderPrefixOf): ORD-000123. */
const orderPrefix = z
  .string()
  .regex(/^ORD-\d{6,}$/)
  .describe("The order's number as users read it: ORD- and at least six digits.");

const codes = (items: readonly { readonly id: number; readonly name: string }[]) => items.map((item) => `${item.id} ${item.name}`).join(', ');

/** The device order stream `inventory-order-<id>`: every step names who took it. */
export const INVENTORY_ORDER_EVENT_SCHEMAS = {
  InventoryOrderRequested: z
    .object({
      order_id: z.uuid(),
      order_prefix: orderPrefix,
      office_id: z.string(),
      requested_by: z.string(),
      delivery_method: z
        .union([z.literal(2), z.literal(3), z.literal(4)])
        .describe(`How the order is delivered (${codes(orderDeliveryMethods)}).`),
      shipping: orderShipping,
      requested: orderQuantities,
    })
    .describe('An office requested a device order: Pending Approval (1), awaiting the IBO manager.'),
  InventoryOrderAnswered: z
    .object({
      order_id: z.uuid(),
      level: z.enum(['ibo', 'retailer', 'admin']).describe('The approval chain level the approver acted at: the IBO manager, the retailer manager or the admin.'),
      req_action: z.union([z.literal(2), z.literal(3)]).describe('2 approve, 3 reject.'),
      status: z
        .number()
        .int()
        .describe(`The order's status and approval status after the answer (${codes(inventoryOrderStatuses.filter((status) => status.id >= 2 && status.id <= 7))}).`),
      approved: orderQuantities.describe('What the approver approved; on a rejection, what the order held.'),
      shipping: orderShipping.describe('The shipping as the approver left it.'),
      admin_comments: z.string().nullable(),
      answered_by: z.string(),
    })
    .describe("An approver's decision on a device order, with what they approved and the shipping as they left it."),
  InventoryOrderResubmitted: z
    .object({
      order_id: z.uuid(),
      version: z.number().int().positive().describe("The order's new version (1 is the first request)."),
      comments: z.string(),
      requested: orderQuantities,
      shipping: orderShipping,
      resubmitted_by: z.string(),
    })
    .describe("The requester's new version of a rejected device order: the approval chain starts again at 1."),
  InventoryOrderShipped: z
    .object({
      order_id: z.uuid(),
      job_id: z.uuid().describe('The receive job the shipment arrived as.'),
      status: z.union([z.literal(9), z.literal(10)]).describe('9 Shipped, 10 Ready for Pickup (delivery method 2).'),
      shipped: orderQuantities,
      tracking_number: z.string().nullable(),
    })
    .describe("The device order's shipment arrived as a receive job: Shipped (9), or Ready for Pickup (10) for pickup."),
  InventoryOrderFulfilled: z
    .object({ order_id: z.uuid(), job_id: z.uuid(), received: orderQuantities.describe("What was received: the accepted cartons' devices.") })
    .describe("The shipment's receive job had its last carton answered: Fulfilled (8)."),
} satisfies EventSchemas<InventoryOrderEvent>;

/** The counter stream `inventory-order-numbers`. */
export const INVENTORY_ORDER_NUMBER_EVENT_SCHEMAS = {
  InventoryOrderNumberTaken: z
    .object({ number: z.number().int().positive(), order_id: z.uuid() })
    .describe('A device order took the next order number (ORD-000001 upward), so two orders never share one.'),
} satisfies EventSchemas<InventoryOrderNumberEvent>;
