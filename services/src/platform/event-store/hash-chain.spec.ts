import { sql } from 'kysely';
import { backfillHashChains, PostgresEventStore } from './postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { sha256, verifyAll, verifyStream } from './hash-chain';

/** The event store's hash chains on a real PostgreSQL (docs/AUDIT.md "Tamper evidence"). */
describe('hash chains', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  const event = (n: number) => ({ type: 'DeviceImageUploaded', data: { imei: `35693803564380${n % 10}`, file: `f-${n}`, content_type: 'image/png', size: n }, metadata: { user_id: 'u-1', correlation_id: 'c-1' } });

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new PostgresEventStore(test.database, 50);
    // One stream appended to in several appends, one batch of many streams, a stream with several events in one append.
    for (let n = 0; n < 3; n++) await store.append([{ streamId: 'device-a', expectedVersion: n === 0 ? 'no_stream' : n, events: [event(n)] }]);
    await store.append(Array.from({ length: 20 }, (_, index) => ({ streamId: `device-b${index}`, expectedVersion: 'no_stream' as const, events: [event(index), event(index + 1)] })));
    await store.append([{ streamId: 'device-a', expectedVersion: 'any', events: [event(7), event(8), event(9)] }]);
  }, 60_000);
  afterAll(async () => {
    await test?.drop();
  });

  it('chains every event to the one before it in its stream, inside the append: SHA-256(previous hash ‖ envelope), recomputed here in Node', async () => {
    const rows = (await sql<{ hash: Buffer; envelope: Buffer }>`
      select hash, es_envelope(stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at) as envelope
      from es_events where stream_id = 'device-a' order by stream_position`.execute(test.database.db)).rows;
    expect(rows).toHaveLength(6);
    let previous: Buffer = Buffer.alloc(0);
    for (const row of rows) {
      expect(row.hash.equals(sha256(Buffer.concat([previous, row.envelope])))).toBe(true);
      previous = row.hash;
    }
    const head = (await sql<{ head_hash: Buffer }>`select head_hash from es_streams where stream_id = 'device-a'`.execute(test.database.db)).rows[0]!;
    expect(head.head_hash.equals(previous)).toBe(true);
    expect(await verifyAll(test.database.db)).toMatchObject({ streams: 21, events: 46, breaks: [] });
  });

  it('names the first event whose data was edited directly in PostgreSQL, and a forged hash breaks the next link', async () => {
    const db = test.database.db;
    await sql`update es_events set data = jsonb_set(data, '{size}', '999') where stream_id = 'device-a' and stream_position = 4`.execute(db);
    const edited = await verifyStream(db, 'device-a');
    expect(edited.break).toMatchObject({ stream_id: 'device-a', stream_position: 4, reason: 'data changed' });
    expect((await verifyAll(db)).breaks.map((found) => `${found.stream_id}@${found.stream_position}`)).toEqual(['device-a@4']);
    // Whoever edits also rewrites that event's hash: the next event no longer follows from it.
    await sql`
      update es_events e set hash = sha256(p.hash || es_envelope(e.stream_id, e.stream_position, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.recorded_at))
      from es_events p where e.stream_id = 'device-a' and e.stream_position = 4 and p.stream_id = 'device-a' and p.stream_position = 3`.execute(db);
    expect((await verifyStream(db, 'device-a')).break).toMatchObject({ stream_position: 5 });
  });

  it('chains events stored before the chain existed, a batch of streams at a time, to the hashes the append would have given', async () => {
    const db = test.database.db;
    const before = (await sql<{ stream_id: string; stream_position: number; hash: Buffer }>`select stream_id, stream_position::float8 as stream_position, hash from es_events where stream_id like 'device-b%' order by stream_id, stream_position`.execute(db)).rows;
    await sql`update es_events set hash = null where stream_id like 'device-b%'`.execute(db);
    await sql`update es_streams set head_hash = null where stream_id like 'device-b%'`.execute(db);
    expect((await verifyStream(db, 'device-b3')).break).toMatchObject({ reason: 'not chained' });
    expect(await backfillHashChains(db)).toBe(21);
    const after = (await sql<{ stream_id: string; stream_position: number; hash: Buffer }>`select stream_id, stream_position::float8 as stream_position, hash from es_events where stream_id like 'device-b%' order by stream_id, stream_position`.execute(db)).rows;
    expect(after.map((row) => row.hash.toString('hex'))).toEqual(before.map((row) => row.hash.toString('hex')));
    // And an append after the backfill continues the chain.
    await store.append([{ streamId: 'device-b3', expectedVersion: 2, events: [event(42)] }]);
    expect((await verifyStream(db, 'device-b3')).break).toBeNull();
  });
});
