import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on the embedded default when no database is configured', () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.dataDirectory).toMatch(/\.data$/);
  });

  it('treats empty variables as unset and reads numbers', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal', REDIS_URL: '', PROJECTION_BATCH_SIZE: '250' });
    expect(config.embedded).toBe(false);
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PROJECTION_BATCH_SIZE).toBe(250);
  });

  it('re-checks live sockets every minute unless told otherwise, within sane bounds', () => {
    expect(loadConfig({}).SOCKET_RECHECK_MS).toBe(60_000);
    expect(loadConfig({ SOCKET_RECHECK_MS: '300' }).SOCKET_RECHECK_MS).toBe(300);
    for (const bad of ['0', '50', 'soon', '3600001']) expect(() => loadConfig({ SOCKET_RECHECK_MS: bad })).toThrow(/SOCKET_RECHECK_MS: /);
  });

  it("believes a balancer's X-Forwarded-For only when told which proxies to trust", () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    for (const good of ['loopback', 'uniquelocal', '1', '10.0.0.0/8, 127.0.0.1', 'loopback,::1']) expect(loadConfig({ TRUST_PROXY: good }).TRUST_PROXY).toBe(good);
    for (const bad of ['yes please', 'loopback;rm', '*']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: /);
    // Fault-test knobs are off unless set; a job's lock defaults to BullMQ's 30 s.
    expect(loadConfig({})).toMatchObject({ LIVE_PUBLISH_DELAY_MS: 0, EXPORT_PAGE_DELAY_MS: 0, JOB_LOCK_MS: 30_000 });
    expect(() => loadConfig({ JOB_LOCK_MS: '10' })).toThrow(/JOB_LOCK_MS: /);
  });

  it('names every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: '70000', EVENTSTORE_URL: 'http://kurrent', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: .*\(got "70000"\)/m);
    expect(problems).toMatch(/^EVENTSTORE_URL: must be a kurrentdb:\/\/ or esdb:\/\/ connection string/m);
    expect(problems).toMatch(/^LOG_LEVEL: /m);
  });
});
