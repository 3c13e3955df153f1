import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Migration } from '../platform/db/migrations';

/** Which waiting steps were reminded: rows kept outside the event log (like export records). */
export const orderReminderMigrations: readonly Migration[] = [
  {
    name: '0008_order_reminders',
    async up(db) {
      await sql`
        create table order_reminders (
          order_id text not null,
          -- The step the order has been waiting on since (its last change): one reminder each.
          step_at timestamptz not null,
          sent_at timestamptz not null default now(),
          primary key (order_id, step_at)
        )`.execute(db);
    },
  },
];

/** Claims the reminder of one waiting step; false when it was already sent (or claimed). */
export async function claimReminder(db: SqlDb, orderId: string, stepAt: string): Promise<boolean> {
  const claimed = await sql`insert into order_reminders (order_id, step_at) values (${orderId}, ${stepAt}::timestamptz) on conflict do nothing`.execute(db);
  return Number(claimed.numAffectedRows ?? 0) > 0;
}

/** Releases a claim whose mail could not be queued, so the next run tries again. */
export async function releaseReminder(db: SqlDb, orderId: string, stepAt: string): Promise<void> {
  await sql`delete from order_reminders where order_id = ${orderId} and step_at = ${stepAt}::timestamptz`.execute(db);
}
