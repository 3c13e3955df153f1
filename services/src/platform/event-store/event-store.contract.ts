import { randomUUID } from 'node:crypto';
import { type Position, type RecordedEvent, START, comparePositions } from '@portal/contracts';
import { type AppendResult, ConcurrencyError, type EventStore, type StreamAppend } from './event-store';

/** An append whose transaction stays open until `commit()`: how the out-of-order test makes late commits. */
export interface HeldAppend {
  commit(): Promise<void>;
}

export interface ContractSubject {
  readonly store: EventStore;
  /** Adapters where several writers commit independently (PostgreSQL) can hold an append open. */
  readonly holdAppend?: (appends: readonly StreamAppend[]) => Promise<HeldAppend>;
  close(): Promise<void>;
}

const event = (type: string, data: Record<string, unknown> = {}) => ({ type, data, metadata: { user_id: 'contract-test' } });

/** Reads the whole feed from the start and keeps the events of the streams this test owns. */
async function readAllOnce(store: EventStore, prefix: string, batch: number): Promise<RecordedEvent[]> {
  const mine: RecordedEvent[] = [];
  let after: Position = START;
  for (;;) {
    const events = await store.readAll({ after, maxCount: batch });
    if (events.length === 0) return mine;
    mine.push(...events.filter((recorded) => recorded.streamId.startsWith(prefix)));
    after = events[events.length - 1]!.position;
  }
}

/**
 * The feed shows a committed event once no older transaction is still open anywhere on the
 * server (DESIGN.md §4), and other test files write in parallel: read until `atLeast` are seen.
 */
async function readAllOf(store: EventStore, prefix: string, options: { atLeast: number; batch?: number }): Promise<RecordedEvent[]> {
  return eventually(() => readAllOnce(store, prefix, options.batch ?? 1000), (events) => events.length >= options.atLeast);
}

async function eventually<T>(probe: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The contract every event store adapter keeps. Each adapter's spec calls this with a way
 * to open it; the same assertions run against PostgreSQL, PGlite and KurrentDB.
 */
export function eventStoreContract(open: () => Promise<ContractSubject>): void {
  let subject: ContractSubject;
  let store: EventStore;
  let prefix: string;

  beforeAll(async () => {
    subject = await open();
    store = subject.store;
  });
  afterAll(async () => {
    await subject?.close();
  });
  beforeEach(() => {
    // Unique stream ids per test: a shared server (KurrentDB) keeps other runs' streams.
    prefix = `device-${randomUUID().slice(0, 8)}`;
  });

  it('appends to a stream and reads it back in order, with 1-based versions', async () => {
    const stream = `${prefix}-1`;
    const first = await store.append([{ streamId: stream, expectedVersion: 'no_stream', events: [event('DeviceReceived', { imei: '1' }), event('DeviceAccepted')] }]);
    expect(first.streams).toEqual([{ streamId: stream, version: 2 }]);
    expect(first.duplicate).toBe(false);
    const second = await store.append([{ streamId: stream, expectedVersion: 2, events: [event('DeviceAssigned', { agent: 'a-1' })] }]);
    expect(second.streams).toEqual([{ streamId: stream, version: 3 }]);
    expect(comparePositions(second.position, first.position)).toBeGreaterThan(0);

    const events = await store.readStream(stream);
    expect(events.map((recorded) => [recorded.type, recorded.streamPosition])).toEqual([
      ['DeviceReceived', 1],
      ['DeviceAccepted', 2],
      ['DeviceAssigned', 3],
    ]);
    expect(events[0]!.data).toEqual({ imei: '1' });
    expect(events[0]!.metadata).toEqual({ user_id: 'contract-test' });
    expect(events[2]!.position).toEqual(second.position);
    expect((await store.readStream(stream, { fromVersion: 3 })).map((recorded) => recorded.type)).toEqual(['DeviceAssigned']);
    expect(await store.readStream(`${prefix}-missing`)).toEqual([]);

    const many = await store.readStreams([stream, `${prefix}-missing`]);
    expect([...many.keys()]).toEqual([stream, `${prefix}-missing`]);
    expect(many.get(stream)!.map((recorded) => recorded.type)).toEqual(['DeviceReceived', 'DeviceAccepted', 'DeviceAssigned']);
    expect(many.get(`${prefix}-missing`)).toEqual([]);

    // By place, in the order asked; a place with no event is left out.
    const placed = await store.readAt([
      { streamId: stream, streamPosition: 3 },
      { streamId: `${prefix}-missing`, streamPosition: 1 },
      { streamId: stream, streamPosition: 1 },
      { streamId: stream, streamPosition: 9 },
    ]);
    expect(placed.map((recorded) => [recorded.type, recorded.streamPosition])).toEqual([
      ['DeviceAssigned', 3],
      ['DeviceReceived', 1],
    ]);
    expect(placed[0]).toEqual(events[2]);
    expect(await store.readAt([])).toEqual([]);
  });

  it('keeps the expected-version rules: no_stream, stream_exists, any, exact', async () => {
    const stream = `${prefix}-rules`;
    await expect(store.append([{ streamId: stream, expectedVersion: 'stream_exists', events: [event('A')] }])).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append([{ streamId: stream, expectedVersion: 3, events: [event('A')] }])).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append([{ streamId: stream, expectedVersion: 'any', events: [event('A')] }]);
    await expect(store.append([{ streamId: stream, expectedVersion: 'no_stream', events: [event('B')] }])).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append([{ streamId: stream, expectedVersion: 'stream_exists', events: [event('B')] }]);
    const result = await store.append([{ streamId: stream, expectedVersion: 'any', events: [event('C')] }]);
    expect(result.streams).toEqual([{ streamId: stream, version: 3 }]);
    expect((await store.readStream(stream)).map((recorded) => recorded.type)).toEqual(['A', 'B', 'C']);
  });

  it('lets exactly one of 20 racing appends with the same expected version through', async () => {
    const stream = `${prefix}-race`;
    await store.append([{ streamId: stream, expectedVersion: 'no_stream', events: [event('DeviceReceived')] }]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, racer) => store.append([{ streamId: stream, expectedVersion: 1, events: [event('DeviceAssigned', { racer })] }])),
    );
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const loser of losers) expect(loser.reason).toBeInstanceOf(ConcurrencyError);
    const events = await store.readStream(stream);
    expect(events).toHaveLength(2);
  });

  it('answers each of 40 appends made at once with its own streams, and refuses only the stale one among them', async () => {
    const streams = Array.from({ length: 40 }, (_, index) => `${prefix}-many-${String(index).padStart(2, '0')}`);
    await store.append([{ streamId: streams[7]!, expectedVersion: 'no_stream', events: [event('DeviceReceived')] }]);
    const outcomes = await Promise.allSettled(
      streams.map((streamId, index) =>
        store.append([{ streamId, expectedVersion: index === 7 ? 5 : 'no_stream', events: [event('DeviceReceived', { index }), event('DeviceAssigned', { index })] }]),
      ),
    );
    outcomes.forEach((outcome, index) => {
      if (index === 7) {
        expect(outcome.status).toBe('rejected');
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      } else {
        expect(outcome.status).toBe('fulfilled');
        expect((outcome as PromiseFulfilledResult<AppendResult>).value.streams).toEqual([{ streamId: streams[index], version: 2 }]);
      }
    });
    expect(await store.readStream(streams[7]!)).toHaveLength(1);
    const fed = await readAllOf(store, `${prefix}-many-`, { atLeast: 79 });
    expect(fed).toHaveLength(79);
    for (const [index, streamId] of streams.entries()) {
      if (index === 7) continue;
      const recorded = await store.readStream(streamId);
      expect(recorded.map((one) => [one.type, (one.data as { index: number }).index])).toEqual([['DeviceReceived', index], ['DeviceAssigned', index]]);
      // Each caller's answered position is at or after its own last event: what read-your-writes waits for.
      const answered = (outcomes[index] as PromiseFulfilledResult<AppendResult>).value.position;
      expect(comparePositions(answered, recorded[1]!.position)).toBeGreaterThanOrEqual(0);
    }
  });

  it('lets exactly one of 20 racing creators of a new stream through', async () => {
    const stream = `${prefix}-new`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, racer) => store.append([{ streamId: stream, expectedVersion: 'no_stream', events: [event('DeviceReceived', { racer })] }])),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('writes nothing to any stream when one stream of a multi-stream append conflicts', async () => {
    const [a, b, c] = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];
    await store.append([{ streamId: b, expectedVersion: 'no_stream', events: [event('DeviceReceived')] }]);
    const attempt = store.append([
      { streamId: a, expectedVersion: 'no_stream', events: [event('DeviceReceived')] },
      { streamId: b, expectedVersion: 5, events: [event('DeviceAssigned')] },
      { streamId: c, expectedVersion: 'no_stream', events: [event('DeviceReceived')] },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    await attempt.catch((error: ConcurrencyError) => expect(error.conflicts.map((conflict) => conflict.streamId)).toContain(b));
    expect(await store.readStream(a)).toEqual([]);
    expect(await store.readStream(b)).toHaveLength(1);
    expect(await store.readStream(c)).toEqual([]);
    expect(await readAllOf(store, prefix, { atLeast: 1 })).toHaveLength(1);
  });

  it('appends to 2,000 streams in one atomic append, all readable in one order', async () => {
    const appends = Array.from({ length: 2000 }, (_, index) => ({
      streamId: `${prefix}-${String(index).padStart(5, '0')}`,
      expectedVersion: 'no_stream' as const,
      events: [event('DeviceReceived', { index })],
    }));
    const result = await store.append(appends);
    expect(result.streams).toHaveLength(2000);
    const events = await readAllOf(store, prefix, { atLeast: 2000, batch: 700 });
    expect(events).toHaveLength(2000);
    expect(events.map((recorded) => (recorded.data as { index: number }).index)).toEqual(appends.map((_, index) => index));
    expect(events[events.length - 1]!.position).toEqual(result.position);
  });

  it('appends once when a command is retried with the same idempotency key', async () => {
    const stream = `${prefix}-idem`;
    const key = `receive-${randomUUID()}`;
    const request = [{ streamId: stream, expectedVersion: 'no_stream' as const, events: [event('DeviceReceived'), event('DeviceAccepted')] }];
    const first = await store.append(request, { idempotencyKey: key });
    const retry = await store.append(request, { idempotencyKey: key });
    expect(retry.duplicate).toBe(true);
    expect(retry.position).toEqual(first.position);
    expect(retry.streams).toEqual(first.streams);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => store.append(request, { idempotencyKey: key })));
    for (const answer of concurrent) expect(answer.position).toEqual(first.position);
    expect(await store.readStream(stream)).toHaveLength(2);

    // Racing first attempts: one appends, the others answer with its result.
    const raced = `${prefix}-idem-race`;
    const raceKey = `receive-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => store.append([{ streamId: raced, expectedVersion: 'no_stream', events: [event('DeviceReceived')] }], { idempotencyKey: raceKey })),
    );
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.position))).size).toBe(1);
    expect(await store.readStream(raced)).toHaveLength(1);
  });

  it('has a subscriber catch up on earlier events, then receive live ones', async () => {
    const stream = `${prefix}-live`;
    await store.append([{ streamId: stream, expectedVersion: 'no_stream', events: [event('DeviceReceived'), event('DeviceAccepted')] }]);
    const received: RecordedEvent[] = [];
    const controller = new AbortController();
    const subscription = store.subscribe({ after: START, batchSize: 100, signal: controller.signal }, async (events) => {
      received.push(...events.filter((recorded) => recorded.streamId.startsWith(prefix)));
    });
    await eventually(() => received.length, (count) => count >= 2);
    await store.append([{ streamId: stream, expectedVersion: 2, events: [event('DeviceAssigned')] }]);
    await eventually(() => received.length, (count) => count >= 3);
    controller.abort();
    await subscription.done;
    expect(received.map((recorded) => recorded.type)).toEqual(['DeviceReceived', 'DeviceAccepted', 'DeviceAssigned']);
  });

  it('delivers transactions that commit in the reverse order of their positions: none lost, one order for every reader', async () => {
    if (!subject.holdAppend) {
      // A single-writer log (KurrentDB) commits in log order: there is no late commit to make.
      return;
    }
    const early = `${prefix}-early`;
    const late = `${prefix}-late`;
    const received: RecordedEvent[] = [];
    const controller = new AbortController();
    const head = await store.head();
    const subscription = store.subscribe({ after: head, batchSize: 10, signal: controller.signal }, async (events) => {
      received.push(...events.filter((recorded) => recorded.streamId.startsWith(prefix)));
    });

    // T1 takes the lower positions and stays open; T2 takes higher positions and commits first.
    const t1 = await subject.holdAppend([{ streamId: early, expectedVersion: 'no_stream', events: [event('DeviceReceived', { t: 1 }), event('DeviceAccepted', { t: 1 })] }]);
    const t2 = await store.append([{ streamId: late, expectedVersion: 'no_stream', events: [event('DeviceReceived', { t: 2 })] }]);
    const whileOpen = await readAllOnce(store, prefix, 1000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Nobody may see T2 yet: a reader that did would later skip T1's lower positions.
    expect(whileOpen).toEqual([]);
    expect(received).toEqual([]);
    // The visible head stays before T2; the last committed position is T2's (what read models must reach to hold it).
    expect(comparePositions(await store.head(), t2.position)).toBeLessThan(0);
    expect(await store.lastCommitted()).toEqual(t2.position);

    await t1.commit();
    await eventually(() => received.length, (count) => count >= 3);
    controller.abort();
    await subscription.done;

    const readerA = await readAllOf(store, prefix, { atLeast: 3 });
    const readerB = await readAllOf(store, prefix, { atLeast: 3, batch: 1 });
    const order = (events: RecordedEvent[]) => events.map((recorded) => `${recorded.streamId}:${recorded.streamPosition}`);
    expect(order(received)).toEqual([`${early}:1`, `${early}:2`, `${late}:1`]);
    expect(order(readerA)).toEqual(order(received));
    expect(order(readerB)).toEqual(order(received));
    // T2's positions are higher, yet it is ordered after T1 because the order is (transaction id, position).
    expect(readerA[2]!.position).toEqual(t2.position);
    expect(readerA[0]!.position.globalPosition).toBeLessThan(t2.position.globalPosition);
    for (let index = 1; index < readerA.length; index++) {
      expect(comparePositions(readerA[index - 1]!.position, readerA[index]!.position)).toBeLessThan(0);
    }
  });
}
