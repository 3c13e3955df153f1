import { isDatabaseUnavailable } from './database-unavailable';

/** Which failures answer 503 (the database cannot be reached) rather than 500 (a bug). */
describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it('knows a server stopping, starting or refusing, and a connection that broke or never came', () => {
    expect(isDatabaseUnavailable(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Wrapped: node's AggregateError of a dual-stack connect, and an error's cause.
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('57P01') }))).toBe(true);
  });

  it('leaves every other failure a 500: a wrong query, a broken rule, anything that is not an error', () => {
    expect(isDatabaseUnavailable(withCode('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    // A cycle of causes ends.
    const looping: Error & { cause?: unknown } = new Error('a');
    looping.cause = looping;
    expect(isDatabaseUnavailable(looping)).toBe(false);
  });
});
