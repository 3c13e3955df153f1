import type { SqlDb } from '@portal/projections';
import type { AppendResult, EventStore, StreamAppend } from '../event-store/event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { Database } from '../db/database';

/**
 * Appends events together with rows the command keeps outside the event log (credentials,
 * reset tokens). On the PostgreSQL event store both commit in ONE transaction. On KurrentDB the
 * rows commit first and are undone if the append fails.
 */
export async function appendWithRecords(
  database: Database,
  store: EventStore,
  appends: readonly StreamAppend[],
  records: { write(trx: SqlDb): Promise<void>; undo(db: SqlDb): Promise<void> },
): Promise<AppendResult> {
  if (store instanceof PostgresEventStore) {
    const result = await database.db.transaction().execute(async (trx) => {
      await records.write(trx);
      return store.appendInTransaction(trx, appends);
    });
    store.announceAppended();
    return result;
  }
  await database.db.transaction().execute((trx) => records.write(trx));
  try {
    return await store.append(appends);
  } catch (error) {
    await records.undo(database.db);
    throw error;
  }
}
