import { RoomThrottle } from './room-throttle';

describe('RoomThrottle (live counts debounce)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('coalesces 20 changes in one second into at most 4 pushes, the last with the final counts', async () => {
    let counts = 0;
    const pushes: { room: string; counts: number; at: number }[] = [];
    const started = Date.now();
    const throttle = new RoomThrottle(async (room) => void pushes.push({ room, counts, at: Date.now() - started }), 250);
    for (let change = 1; change <= 20; change++) {
      counts = change;
      throttle.touch('office:1');
      await jest.advanceTimersByTimeAsync(50);
    }
    // Let any trailing push run.
    await jest.advanceTimersByTimeAsync(1000);
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.length).toBeLessThanOrEqual(4);
    expect(pushes[pushes.length - 1]!.counts).toBe(20);
    for (let index = 1; index < pushes.length; index++) expect(pushes[index]!.at - pushes[index - 1]!.at).toBeGreaterThanOrEqual(250);
    throttle.close();
  });

  it('keeps rooms apart and folds changes made while a push is running into one more push', async () => {
    const pushes: string[] = [];
    let release: () => void = () => undefined;
    const throttle = new RoomThrottle(async (room) => {
      pushes.push(room);
      if (room === 'office:slow') await new Promise<void>((resolve) => (release = resolve));
    }, 250);
    throttle.touch('office:slow');
    throttle.touch('market:1');
    await jest.advanceTimersByTimeAsync(250);
    expect(pushes.sort()).toEqual(['market:1', 'office:slow']);
    throttle.touch('office:slow');
    throttle.touch('office:slow');
    await jest.advanceTimersByTimeAsync(1000);
    expect(pushes).toHaveLength(2);
    release();
    await jest.advanceTimersByTimeAsync(250);
    expect(pushes.filter((room) => room === 'office:slow')).toHaveLength(2);
    throttle.close();
  });
});
