import type { ChildProcess } from 'node:child_process';
import { QUEUE_UNAVAILABLE_MESSAGE, type ExportAnswer, type ExportProgress } from '@portal/contracts';
import { sql } from 'kysely';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { exited, freePort, startRedis, waitFor } from '../support/processes';

/**
 * Redis is the job queue and the live channel, never the record: while it is down, commands
 * still succeed (they only need PostgreSQL) and an export is refused at once with a clear 503
 * (nothing is queued, so nothing is silently lost); once Redis is back, exports work again.
 */
describe('with Redis down', () => {
  let port: number;
  let redis: ChildProcess;
  let service: SeededService;
  let token: string;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    service = await startSeededService({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `redis-down-${process.pid}` });
    const answer = await login(service.baseUrl, 'super@demo.test');
    expect(answer.status).toBe(200);
    token = answer.body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    if (redis && redis.exitCode === null) {
      redis.kill('SIGTERM');
      await exited(redis);
    }
  });

  it('still runs commands, refuses exports with a clear message, and exports again once Redis is back', async () => {
    const exportOffices = () => call<ExportAnswer>(service.baseUrl, 'GET', '/api/v1/office_export', { token });
    expect((await exportOffices()).status).toBe(200);

    redis.kill('SIGKILL');
    await exited(redis);
    const ready = await waitFor(() => call<{ checks: Record<string, { ok: boolean }> }>(service.baseUrl, 'GET', '/health/ready'), (answer) => answer.status === 503, 10_000, 'readiness to notice Redis is down');
    expect(JSON.stringify(ready.body)).toMatch(/redis/i);

    // A command: move an agent to another office. PostgreSQL only; answered as usual.
    const db = service.test.database.db;
    const agent = (await sql<{ id: string; office_id: string }>`select id, office_id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!;
    const target = (await sql<{ id: string }>`select id from rm.org_offices where id <> ${agent.office_id} order by name limit 1`.execute(db)).rows[0]!;
    const moved = await call(service.baseUrl, 'POST', '/api/v1/change_office', { token, body: { agent_id: agent.id, office_id: target.id } });
    expect(moved.status).toBe(200);
    const after = (await sql<{ office_id: string }>`select office_id from rm.org_users where id = ${agent.id}`.execute(db)).rows[0]!;
    expect(after.office_id).toBe(target.id);

    const started = Date.now();
    const refused = await exportOffices();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'Service Unavailable', message: QUEUE_UNAVAILABLE_MESSAGE });

    redis = await startRedis(port);
    const answer = await waitFor(exportOffices, (result) => result.status === 200, 30_000, 'an export once Redis is back');
    const id = answer.body.export_id!;
    const done = await waitFor(
      () => call<ExportProgress>(service.baseUrl, 'GET', `/api/v1/exports/${id}`, { token }),
      (progress) => progress.body.status === 'done',
      30_000,
      `export ${id} after Redis came back`,
    );
    expect(done.body.rows_written).toBe(12);
    expect((await fetch(new URL(done.body.url!, service.baseUrl))).status).toBe(200);
  });
});
