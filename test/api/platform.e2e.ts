import { projections } from '@portal/projections';
import { PostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { type TestDatabase, createTestDatabase, testRedisPrefix, testRedisUrl } from '../../services/src/platform/testing/test-database';
import { builtMain, exited, startNode, startService, waitFor } from '../support/processes';

/** The api and worker as separate processes on PostgreSQL and Redis, as production runs them. */
describe('api and worker on PostgreSQL and Redis', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('serves health, readiness with projection lag, request ids and the one error shape', async () => {
    const env = { DATABASE_URL: test.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix() };
    const api = await startService(['api'], env);
    const worker = startNode(builtMain, ['worker'], { ...env, LOG_LEVEL: 'warn' });
    try {
      const store = new PostgresEventStore(test.database);
      // An event no projection but the stream catalog handles (a real inventory event must carry its data)
      await store.append([{ streamId: 'test-readiness-1', expectedVersion: 'no_stream', events: [{ type: 'TestEventRecorded', data: {} }] }]);

      const ready = await waitFor(
        async () => (await fetch(`${api.baseUrl}/health/ready`)).json() as Promise<{ projections: { projection: string; caughtUp: boolean; behind: number }[] }>,
        (body) => body.projections.length === projections.length && body.projections.every((projection) => projection.caughtUp),
        20_000,
        'the worker to catch up',
      );
      expect(ready).toMatchObject({
        ready: true,
        database: { ok: true, kind: 'postgres' },
        redis: { ok: true },
        projections: expect.arrayContaining([
          expect.objectContaining({ projection: 'stream_catalog', status: 'live', behind: 0, caughtUp: true }),
          expect.objectContaining({ projection: 'org', status: 'live', behind: 0, caughtUp: true }),
        ]),
      });

      const missing = await fetch(`${api.baseUrl}/api/v1/no_such_route`, { headers: { 'x-request-id': 'req-123' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-request-id')).toBe('req-123');
      expect(await missing.json()).toEqual({ error: 'Not Found', message: 'Cannot GET /api/v1/no_such_route' });
      expect((await fetch(`${api.baseUrl}/health`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      worker.kill('SIGTERM');
      api.child.kill('SIGTERM');
      await Promise.all([exited(worker), exited(api.child)]);
    }
  }, 120_000);

  it('refuses to start with a clear message for each bad variable', async () => {
    const child = startNode(builtMain, ['api'], { DATABASE_URL: 'mysql://nope', PORT: 'eighty', REDIS_URL: 'localhost:6379' });
    expect(await exited(child)).toBe(2);
    const output = child.output();
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(output).toMatch(/PORT: /);
    expect(output).toMatch(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
  });
});
