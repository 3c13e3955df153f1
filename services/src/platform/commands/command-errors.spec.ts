import { ConcurrencyError } from '../event-store/event-store';
import { DomainError, withConcurrencyRetry } from './command-errors';

describe('withConcurrencyRetry', () => {
  it('tries again after a concurrency conflict and answers the retry', async () => {
    let tries = 0;
    const answer = await withConcurrencyRetry(async () => {
      tries++;
      if (tries < 3) throw new ConcurrencyError([{ streamId: 'device-1', expected: 1, actual: 2 }]);
      return 'appended';
    });
    expect(answer).toBe('appended');
    expect(tries).toBe(3);
  });

  it('gives up after the last try with the conflict', async () => {
    let tries = 0;
    const attempt = withConcurrencyRetry(async () => {
      tries++;
      throw new ConcurrencyError([{ streamId: 'device-1', expected: 1 }]);
    }, 2);
    await expect(attempt).rejects.toBeInstanceOf(ConcurrencyError);
    expect(tries).toBe(2);
  });

  it('never retries a refusal of the decider', async () => {
    let tries = 0;
    const attempt = withConcurrencyRetry(async () => {
      tries++;
      throw new DomainError('356938035643809 is no longer in your stock');
    });
    await expect(attempt).rejects.toThrow('no longer in your stock');
    expect(tries).toBe(1);
  });
});
