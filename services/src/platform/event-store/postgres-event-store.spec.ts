import { createTestDatabase } from '../testing/test-database';
import { eventStoreContract } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

describe('PostgreSQL event store (contract)', () => {
  eventStoreContract(async () => {
    const test = await createTestDatabase();
    const store = new PostgresEventStore(test.database, 50);
    return {
      store,
      async holdAppend(appends) {
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let appended!: () => void;
        const ready = new Promise<void>((resolve) => (appended = resolve));
        const transaction = test.database.db.transaction().execute(async (trx) => {
          await store.appendInTransaction(trx, appends);
          appended();
          await gate;
        });
        await Promise.race([ready, transaction]);
        return {
          async commit() {
            release();
            await transaction;
          },
        };
      },
      close: () => test.drop(),
    };
  });
});
