import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase } from '../testing/test-database';
import { eventStoreContract } from './event-store.contract';
import { PostgresEventStore, leanChainAppend } from './postgres-event-store';

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

describe('PostgreSQL event store: small appends made at once', () => {
  it('commits them in shared statements (fewer transactions than appends), without grouping them when asked not to', async () => {
    const test = await createTestDatabase();
    try {
      const transactionsOf = async (store: PostgresEventStore, prefix: string): Promise<number> => {
        await Promise.all(
          Array.from({ length: 30 }, (_, index) => store.append([{ streamId: `${prefix}-${index}`, expectedVersion: 'no_stream', events: [{ type: 'DeviceReceived', data: { index } }] }])),
        );
        const { rows } = await sql<{ transactions: number; events: number }>`
          select count(distinct transaction_id)::int as transactions, count(*)::int as events from es_events where stream_id like ${`${prefix}-%`}`.execute(test.database.db);
        expect(rows[0]!.events).toBe(30);
        return rows[0]!.transactions;
      };
      expect(await transactionsOf(new PostgresEventStore(test.database, 50), 'device-grouped')).toBeLessThan(30);
      expect(await transactionsOf(new PostgresEventStore(test.database, 50, { groupAppends: false }), 'device-alone')).toBe(30);
    } finally {
      await test.drop();
    }
  });
});

describe('the released es_append texts', () => {
  // Migrations 0011 and 0012 run leanChainAppend's text; a deployment that applied them must get
  // the same function as a fresh one, so the text may not change (the bench's chain: false aside).
  it('are exactly what migrations 0011 and 0012 applied when they were released', () => {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(digest(leanChainAppend({ notifyInside: true }))).toBe('6704e9dd636b11dbedc35e51a9e0c2d77b9b4b9a6c0a6aa3eeea90caece89b8c');
    expect(digest(leanChainAppend({ notifyInside: false }))).toBe('0d59b8ecd4c15a22bd89b24afa9ce59a7cfb2b69afb8534c22d7e71ad19712b1');
    expect(leanChainAppend({ notifyInside: false, chain: false })).not.toMatch(/sha256|es_envelope/);
  });
});
