import { ORDER_APPROVAL_CHAIN } from '@portal/contracts';
import { type SqlDb, orderAudienceEmails, ordersWaitingSince } from '@portal/projections';
import type { Logger } from '../platform/logger';
import type { MailMessage } from '../platform/mail/mail-sender';
import { claimReminder, releaseReminder } from './order-reminders.store';

/**
 * Reminders for device orders waiting on one approver longer than a threshold (docs/ORDERS.md):
 * one reminder per waiting step, to the level the order awaits. A function of an injected `now`
 * (tests pass a fixed clock and never wait); the worker calls it on a timer, a few orders at a
 * time, so that the embedded database's one connection is never held long.
 */

/** Orders reminded in one run at most: short steps. */
const REMINDERS_PER_RUN = 50;

export interface ReminderDependencies {
  readonly db: SqlDb;
  /** Puts a mail on the queue (production: enqueueMail on the job queue). */
  readonly enqueue: (message: MailMessage) => Promise<unknown>;
  readonly thresholdHours: number;
  /** Where links point (PUBLIC_URL). */
  readonly baseUrl: string;
  readonly logger?: Pick<Logger, 'error'>;
}

/** Sends the reminders due at `now`; answers how many orders were reminded. */
export async function sendOrderReminders(dependencies: ReminderDependencies, now: Date): Promise<number> {
  const { db, enqueue, thresholdHours, baseUrl } = dependencies;
  const since = new Date(now.getTime() - thresholdHours * 3_600_000).toISOString();
  let reminded = 0;
  for (const order of await ordersWaitingSince(db, since, REMINDERS_PER_RUN * 4)) {
    if (reminded >= REMINDERS_PER_RUN) break;
    // Claim the step first: a second run (or worker) never reminds it again.
    if (!(await claimReminder(db, order.id, order.waiting_since))) continue;
    const awaited = ORDER_APPROVAL_CHAIN.find((approver) => approver.actsAt.includes(order.approval_status));
    if (!awaited) continue;
    const hours = Math.floor((now.getTime() - new Date(order.waiting_since).getTime()) / 3_600_000);
    const link = `${baseUrl}/orderinventory?order_id=${encodeURIComponent(order.order_prefix)}`;
    try {
      for (const to of await orderAudienceEmails(db, { level: awaited.level, officeId: order.office_id })) {
        await enqueue({ to, subject: `Reminder: device order ${order.order_prefix} awaits your approval`, text: `Device order ${order.order_prefix} has waited ${hours} hours for ${awaited.name}'s approval.\n\nOpen it in Order Devices:\n${link}` });
      }
      reminded++;
    } catch (error) {
      // Not sent: release the claim so the next run tries again.
      await releaseReminder(db, order.id, order.waiting_since);
      dependencies.logger?.error({ err: error, order: order.order_prefix }, 'device order reminder not sent');
    }
  }
  return reminded;
}
