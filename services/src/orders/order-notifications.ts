import { type InventoryOrderEvent, type InventoryOrderState, evolveInventoryOrder, inventoryOrderStatuses, inventoryOrderStream } from '@portal/contracts';
import { type OrderAudience, orderAudienceEmails } from '@portal/projections';
import { DomainError } from '../platform/commands/command-errors';
import type { BatchDecision } from '../platform/commands/device-batch';
import { enqueueMail } from '../platform/mail/mail-sender';
import type { Platform } from '../platform/platform';
import { APPROVERS } from './inventory-order.decider';

/**
 * Who hears of a step of a device order, and in which words (docs/ORDERS.md): a request or a
 * resubmit goes to the office's IBO manager(s); each approval to the next level of the chain; a
 * decision that ends the chain (a rejection, the admin's approval) and the shipment's arrival to
 * the requester. Pure: the step and the order in, the audience and the message out.
 */
export interface OrderNotice {
  readonly audience: OrderAudience;
  readonly subject: string;
  readonly text: string;
}

const statusName = (status: number) => inventoryOrderStatuses.find((item) => item.id === status)?.name ?? `status ${status}`;

export function noticeFor(event: InventoryOrderEvent, order: InventoryOrderState, link: string): OrderNotice | undefined {
  const officeId = order.office_id ?? '';
  const requester = { userId: order.requested_by ?? '' };
  const quantities = `${order.approved.devices} phone(s), ${order.approved.tablets} tablet(s), ${order.approved.sims} SIM(s)`;
  const awaiting = (level: 'ibo' | 'retailer' | 'admin'): OrderNotice => ({
    audience: { level, officeId },
    subject: `Device order ${order.order_prefix} awaits your approval`,
    text: `Device order ${order.order_prefix} (${quantities}) awaits your approval.\n\nOpen it in Order Devices:\n${link}`,
  });
  switch (event.type) {
    case 'InventoryOrderRequested':
    case 'InventoryOrderResubmitted':
      return awaiting('ibo');
    case 'InventoryOrderAnswered': {
      const next = APPROVERS[APPROVERS.findIndex((approver) => approver.level === event.data.level) + 1];
      if (event.data.req_action === 2 && next) return awaiting(next.level);
      return {
        audience: requester,
        subject: `Device order ${order.order_prefix}: ${statusName(event.data.status)}`,
        text: `Your device order ${order.order_prefix} is now ${statusName(event.data.status)}.${event.data.admin_comments ? `\n\nComment: ${event.data.admin_comments}` : ''}\n\nOpen it in Order Devices:\n${link}`,
      };
    }
    case 'InventoryOrderShipped':
      return {
        audience: requester,
        subject: `Device order ${order.order_prefix}: ${statusName(event.data.status)}`,
        text: `The shipment of your device order ${order.order_prefix} has arrived as a receive job${event.data.tracking_number ? ` (tracking ${event.data.tracking_number})` : ''}: accept its cartons in Receive Inventory.\n\n${link}`,
      };
    case 'InventoryOrderFulfilled':
      return undefined;
  }
}

/**
 * Sends the notices of an order's new events as mail jobs (the queue retries a failing mail
 * server). Called after the append: a queue that is down loses the notice, never the decision —
 * the failure is logged with the order's number.
 */
export async function notifyOrderSteps(platform: Pick<Platform, 'database' | 'jobs' | 'config' | 'logger'>, order: InventoryOrderState, events: readonly InventoryOrderEvent[]): Promise<void> {
  const base = platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${platform.config.PORT}`;
  const link = `${base}/orderinventory?order_id=${encodeURIComponent(order.order_prefix)}`;
  for (const event of events) {
    const notice = noticeFor(event, order, link);
    if (!notice) continue;
    try {
      for (const to of await orderAudienceEmails(platform.database.db, notice.audience)) await enqueueMail(platform.jobs, { to, subject: notice.subject, text: notice.text });
    } catch (error) {
      platform.logger.error({ err: error, order: order.order_prefix, event: event.type }, 'device order notice not sent');
    }
  }
}

/** The notices of a decision that wrote to an order's stream (`before`: the order as loaded; a new order starts from nothing). */
export async function notifyDecidedOrder(platform: Pick<Platform, 'database' | 'jobs' | 'config' | 'logger'>, decision: BatchDecision | DomainError, before: InventoryOrderState): Promise<void> {
  if (decision instanceof DomainError) return;
  const stream = inventoryOrderStream(before.order_id);
  const events = decision.records.filter((record) => record.streamId === stream).flatMap((record) => record.events as InventoryOrderEvent[]);
  if (events.length === 0) return;
  await notifyOrderSteps(platform, events.reduce(evolveInventoryOrder, before), events);
}
