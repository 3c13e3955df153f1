import { AppendGroups, type PreparedAppend } from './append-groups';
import { ConcurrencyError, type AppendResult } from './event-store';

/**
 * The grouping rules, with an in-memory executor standing in for the one SQL statement (the
 * statement itself is the event store contract's business, against PostgreSQL and PGlite).
 */
class Executor {
  readonly statements: string[][] = [];
  private readonly versions = new Map<string, number>();
  private position = 0;
  private readonly gates: (() => void)[] = [];
  held = false;

  readonly execute = async ({ appends }: PreparedAppend): Promise<AppendResult> => {
    this.statements.push(appends.map((append) => append.streamId));
    if (this.held) await new Promise<void>((resolve) => this.gates.push(resolve));
    const conflicts = appends.filter((append) => typeof append.expectedVersion === 'number' && append.expectedVersion !== (this.versions.get(append.streamId) ?? 0));
    if (conflicts.length > 0) throw new ConcurrencyError(conflicts.map((append) => ({ streamId: append.streamId, expected: append.expectedVersion })));
    for (const append of appends) this.versions.set(append.streamId, (this.versions.get(append.streamId) ?? 0) + append.events.length);
    this.position += appends.reduce((sum, append) => sum + append.events.length, 0);
    return {
      position: { transactionId: this.position, globalPosition: this.position },
      streams: appends.map((append) => ({ streamId: append.streamId, version: this.versions.get(append.streamId)! })).sort((a, b) => a.streamId.localeCompare(b.streamId)),
      duplicate: false,
    };
  };

  release(): void {
    this.held = false;
    for (const open of this.gates.splice(0)) open();
  }
}

const one = (streamId: string, expectedVersion: number | 'any' = 'any', events = 1): PreparedAppend => ({
  appends: [{ streamId, expectedVersion, events: Array.from({ length: events }, () => ({ type: 'DeviceAssigned', data: {} })) }],
  eventIds: Array.from({ length: events }, (_, index) => `${streamId}-${index}`),
});

describe('AppendGroups', () => {
  it('runs a lone append at once, in a statement of its own', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 1, maxEventsToGroup: 10, maxGroupEvents: 100 });
    const result = await groups.submit(one('device-a'));
    expect(executor.statements).toEqual([['device-a']]);
    expect(result.streams).toEqual([{ streamId: 'device-a', version: 1 }]);
  });

  it('sends the appends that arrive while a statement runs together in the next one, each answered its own streams', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 1, maxEventsToGroup: 10, maxGroupEvents: 100 });
    executor.held = true;
    const first = groups.submit(one('device-a'));
    const later = ['device-b', 'device-c', 'device-d'].map((stream) => groups.submit(one(stream)));
    executor.release();
    await first;
    const answers = await Promise.all(later);
    expect(executor.statements).toEqual([['device-a'], ['device-b', 'device-c', 'device-d']]);
    expect(answers.map((answer) => answer.streams)).toEqual([[{ streamId: 'device-b', version: 1 }], [{ streamId: 'device-c', version: 1 }], [{ streamId: 'device-d', version: 1 }]]);
    // One transaction: every member is answered the group's position, at or after its own events.
    expect(new Set(answers.map((answer) => answer.position.globalPosition))).toEqual(new Set([4]));
  });

  it('never puts one stream twice in a statement: the second append to it waits for the next', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 1, maxEventsToGroup: 10, maxGroupEvents: 100 });
    executor.held = true;
    const first = groups.submit(one('device-z'));
    const rest = [groups.submit(one('device-a', 0)), groups.submit(one('device-a', 1)), groups.submit(one('device-b'))];
    executor.release();
    await Promise.all([first, ...rest]);
    expect(executor.statements).toEqual([['device-z'], ['device-a', 'device-b'], ['device-a']]);
  });

  it('runs each member alone when the group fails, so only the conflicting append is refused', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 1, maxEventsToGroup: 10, maxGroupEvents: 100 });
    executor.held = true;
    const first = groups.submit(one('device-z'));
    const good = groups.submit(one('device-a', 0));
    const stale = groups.submit(one('device-b', 7));
    const alsoGood = groups.submit(one('device-c', 0));
    executor.release();
    await first;
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await good).streams).toEqual([{ streamId: 'device-a', version: 1 }]);
    expect((await alsoGood).streams).toEqual([{ streamId: 'device-c', version: 1 }]);
    expect(executor.statements).toEqual([['device-z'], ['device-a', 'device-b', 'device-c'], ['device-a'], ['device-b'], ['device-c']]);
  });

  it('runs a large append alone and at once, and keeps a group within its size', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 1, maxEventsToGroup: 5, maxGroupEvents: 6 });
    executor.held = true;
    const first = groups.submit(one('device-z'));
    const large = groups.submit(one('carton-big', 'any', 20));
    const small = [groups.submit(one('device-a', 'any', 4)), groups.submit(one('device-b', 'any', 4)), groups.submit(one('device-c', 'any', 2))];
    executor.release();
    await Promise.all([first, large, ...small]);
    expect(executor.statements).toEqual([['device-z'], ['carton-big'], ['device-a', 'device-c'], ['device-b']]);
  });

  it('never has more statements on their way than allowed', async () => {
    const executor = new Executor();
    const groups = new AppendGroups(executor.execute, { inFlight: 2, maxEventsToGroup: 10, maxGroupEvents: 100 });
    executor.held = true;
    const all = Array.from({ length: 6 }, (_, index) => groups.submit(one(`device-${index}`)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(executor.statements).toEqual([['device-0'], ['device-1']]);
    executor.release();
    await Promise.all(all);
    expect(executor.statements).toEqual([['device-0'], ['device-1'], ['device-2', 'device-3', 'device-4', 'device-5']]);
  });
});
