import type { Position, RecordedEvent } from '@portal/contracts';
import type { Kysely } from 'kysely';

/** What the runner needs from the event store (the services' EventStore satisfies it). */
export interface EventFeed {
  readAll(options: { after: Position; maxCount: number }): Promise<RecordedEvent[]>;
  head(): Promise<Position>;
}

/** What the runner needs from the database (the services' Database satisfies it). */
export interface ProjectionDatabase {
  readonly db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- projections type their own tables
  tryLock(key: string): Promise<{ release(): Promise<void> } | null>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/** A kysely handle (database or transaction) used with raw `sql` templates: no table types needed. */
export type SqlDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- raw SQL carries its own row types
