import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';

/**
 * Tells listeners (projection runners, feeds, in every process) that events were appended, after
 * the append committed. A NOTIFY inside the append would hold PostgreSQL's cluster-wide notify
 * lock across the commit's WAL flush and serialise every concurrent append; a NOTIFY alone
 * writes no WAL. Announcements coalesce: while one is on its way, any number of appends cost one
 * more. A lost one (the process dies between commit and NOTIFY) costs a poll interval, not an event.
 */
export class AppendAnnouncer {
  private sending: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: SqlDb,
    private readonly channel: string,
  ) {}

  announce(): void {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = this.send().finally(() => {
      this.sending = undefined;
    });
  }

  /** Resolves when no announcement is on its way (before the database closes). */
  async settled(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private async send(): Promise<void> {
    do {
      this.again = false;
      // Listeners also poll: a failed NOTIFY (database restarting) only delays them.
      await sql`select pg_notify(${this.channel}, '')`.execute(this.db).catch(() => undefined);
    } while (this.again);
  }
}
