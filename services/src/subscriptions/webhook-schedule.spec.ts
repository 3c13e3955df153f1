import { DEFAULT_DISABLE_AFTER_MS, DEFAULT_RETRY_SCHEDULE, afterAttempt, parseRetrySchedule } from './webhook-schedule';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);

describe('webhook retries', () => {
  it('reads a schedule of whole numbers with units, and refuses anything else', () => {
    expect(parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)).toEqual([30_000, 120_000, 600_000, 3_600_000, 21_600_000, 86_400_000, 86_400_000, 86_400_000]);
    expect(parseRetrySchedule('50ms, 1s')).toEqual([50, 1000]);
    for (const bad of ['', '1', '1.5s', '-1s', '1w', '1s,,2s', '31d', 'x'.repeat(10), Array(51).fill('1s').join(',')]) expect(parseRetrySchedule(bad)).toBeUndefined();
  });

  it('the default schedule spends about 3.3 days before giving up', () => {
    const total = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE)!.reduce((sum, delay) => sum + delay, 0);
    expect(total / 86_400_000).toBeCloseTo(3.3, 1);
  });

  it('walks the schedule on a fixed clock: retry after each delay, then give up; a success ends it and clears the failure streak', () => {
    const schedule = [100, 200];
    let state = { tries: 0, failingSince: null as Date | null };
    const first = afterAttempt(state, false, at(0), schedule, DEFAULT_DISABLE_AFTER_MS);
    expect(first).toEqual({ status: 'retrying', tries: 1, nextAttemptAt: at(100), failingSince: at(0), disableEndpoint: false });
    state = { tries: first.tries, failingSince: first.failingSince };
    const second = afterAttempt(state, false, at(100), schedule, DEFAULT_DISABLE_AFTER_MS);
    expect(second).toMatchObject({ status: 'retrying', tries: 2, nextAttemptAt: at(300), failingSince: at(0) });
    const third = afterAttempt({ tries: 2, failingSince: at(0) }, false, at(300), schedule, DEFAULT_DISABLE_AFTER_MS);
    expect(third).toMatchObject({ status: 'failed', tries: 3, nextAttemptAt: null, failingSince: at(0), disableEndpoint: false });
    expect(afterAttempt({ tries: 1, failingSince: at(0) }, true, at(100), schedule, DEFAULT_DISABLE_AFTER_MS)).toEqual({ status: 'delivered', tries: 2, nextAttemptAt: null, failingSince: null, disableEndpoint: false });
  });

  it('disables the endpoint once it has failed without a success for the whole window, not a millisecond before', () => {
    const window = 1000;
    expect(afterAttempt({ tries: 0, failingSince: at(0) }, false, at(999), [10], window).disableEndpoint).toBe(false);
    expect(afterAttempt({ tries: 0, failingSince: at(0) }, false, at(1000), [10], window).disableEndpoint).toBe(true);
    expect(afterAttempt({ tries: 0, failingSince: at(0) }, true, at(5000), [10], window).disableEndpoint).toBe(false);
  });
});
