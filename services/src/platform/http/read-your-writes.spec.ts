import { Controller, Headers, type INestApplication, Module, Param, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ProjectionRunner, type Projection, streamCatalogProjection } from '@portal/projections';
import { sql } from 'kysely';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '../config/config';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { DomainError } from '../commands/command-errors';
import type { Platform } from '../platform';
import { InProcessJobQueue } from '../queue/in-process-job-queue';
import { MailSender } from '../mail/mail-sender';
import { SmsSender } from '../sms/sms-sender';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { PLATFORM } from '../tokens';
import { ErrorFilter } from './error-filter';
import { IdempotencyKey } from './idempotency-key';
import { type CommandAnswer, ReadYourWrites } from './read-your-writes';

describe('read-your-writes on a command route', () => {
  let test: TestDatabase;
  let app: INestApplication;
  let runner: ProjectionRunner | undefined;
  let store: PostgresEventStore;
  let counter = 0;
  const streamOfKey = new Map<string, string>();

  @Controller('devices')
  class DevicesController {
    @Post()
    @ReadYourWrites('stream_catalog')
    async receive(@IdempotencyKey() idempotencyKey: string | undefined, @Headers('x-device') device?: string): Promise<CommandAnswer<{ message: string }>> {
      // A retry is the same request: the same device as its first attempt (unless the test names another).
      const streamId = device ?? ((idempotencyKey && streamOfKey.get(idempotencyKey)) || `device-35000000000${String(counter + 1).padStart(4, '0')}`);
      if (idempotencyKey) streamOfKey.set(idempotencyKey, streamId);
      const result = await store.append([{ streamId, expectedVersion: 'no_stream', events: [{ type: 'DeviceReceived', data: {} }] }], { idempotencyKey });
      if (!result.duplicate) counter++;
      return { position: result.position, body: { message: result.duplicate ? 'Received (retry)' : 'Received' } };
    }

    /** A command deciding on a read-model fact: refused while the catalogue does not show the device. */
    @Post(':streamId/accept')
    @ReadYourWrites('stream_catalog')
    async accept(@Param('streamId') streamId: string): Promise<CommandAnswer<{ message: string }>> {
      decisions.push(streamId);
      const known = await sql`select 1 from rm.audit_streams where stream_id = ${streamId}`.execute(test.database.db);
      if (known.rows.length === 0) throw new DomainError('That device does not exist.', 404);
      const result = await store.append([{ streamId, expectedVersion: 'any', events: [{ type: 'DeviceAcceptedByManager', data: {} }] }]);
      return { position: result.position, body: { message: 'Accepted' } };
    }
  }
  const decisions: string[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new PostgresEventStore(test.database, 50);
    const config = loadConfig({ DATABASE_URL: test.url, READ_YOUR_WRITES_TIMEOUT_MS: '1500' });
    const platform: Platform = {
      config,
      logger: pino({ level: 'silent' }),
      database: test.database,
      eventStore: store,
      jobs: new InProcessJobQueue(),
      mail: new MailSender('x@y.z', undefined, '/tmp'),
      sms: new SmsSender(undefined, undefined, '/tmp'),
      close: async () => undefined,
    };
    @Module({ controllers: [DevicesController], providers: [{ provide: PLATFORM, useValue: platform }] })
    class TestModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestModule] }).compile();
    app = moduleRef.createNestApplication();
    app.useGlobalFilters(new ErrorFilter(platform.logger));
    await app.init();
  });
  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await test?.drop();
  });

  it('answers only once the named projection shows the change', async () => {
    runner = new ProjectionRunner(test.database, store, [streamCatalogProjection as Projection], { batchSize: 100, pollIntervalMs: 1000 });
    runner.start();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await request(app.getHttpServer()).post('/devices').expect(201);
      expect(response.body).toEqual({ message: 'Received' });
      expect(response.headers['x-position']).toMatch(/^\d+\.\d+$/);
      expect(response.headers['x-projections-behind']).toBeUndefined();
      // The very next read sees the write.
      const rows = await sql<{ count: string }>`select count(*)::text as count from rm.audit_streams`.execute(test.database.db);
      expect(Number(rows.rows[0]!.count)).toBe(counter);
    }
  });

  it('answers a retried command with the same Idempotency-Key from the first attempt, appending nothing', async () => {
    const first = await request(app.getHttpServer()).post('/devices').set('Idempotency-Key', 'receive-job-0001').expect(201);
    const retry = await request(app.getHttpServer()).post('/devices').set('Idempotency-Key', 'receive-job-0001').expect(201);
    expect(first.body).toEqual({ message: 'Received' });
    expect(retry.body).toEqual({ message: 'Received (retry)' });
    expect(retry.headers['x-position']).toBe(first.headers['x-position']);
    const rows = await sql<{ count: string }>`select count(*)::text as count from es_events`.execute(test.database.db);
    expect(Number(rows.rows[0]!.count)).toBe(counter);

    // The same key for another device: another request, refused — never answered as the first.
    const reused = await request(app.getHttpServer()).post('/devices').set('Idempotency-Key', 'receive-job-0001').set('x-device', 'device-350000000009999').expect(422);
    expect(reused.body).toEqual({
      error: 'Unprocessable Entity',
      message: 'This Idempotency-Key was already used for another request; send a new key with a new request.',
      fields: { 'Idempotency-Key': 'Used for another request' },
    });

    const malformed = await request(app.getHttpServer()).post('/devices').set('Idempotency-Key', 'bad key!').expect(400);
    expect(malformed.body).toEqual({ error: 'Bad Request', message: 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -', fields: { 'Idempotency-Key': 'Invalid Idempotency-Key' } });
  });

  it('decides a refused command once more when the read model it read was behind the store, and refuses at once when it was not', async () => {
    await runner?.stop();
    // Another writer's event the catalogue has not applied yet: the first decision cannot see it.
    const streamId = 'device-350000000007777';
    await store.append([{ streamId, expectedVersion: 'no_stream', events: [{ type: 'DeviceReceived', data: {} }] }]);
    decisions.length = 0;
    const catchingUp = setTimeout(() => {
      runner = new ProjectionRunner(test.database, store, [streamCatalogProjection as Projection], { batchSize: 100, pollIntervalMs: 1000 });
      runner.start();
    }, 300);
    try {
      const accepted = await request(app.getHttpServer()).post(`/devices/${streamId}/accept`).expect(201);
      expect(accepted.body).toEqual({ message: 'Accepted' });
      expect(decisions).toEqual([streamId, streamId]);
    } finally {
      clearTimeout(catchingUp);
    }

    // Caught up, and the device is unknown: one decision, refused without waiting.
    decisions.length = 0;
    const started = Date.now();
    const refused = await request(app.getHttpServer()).post('/devices/device-350000000008888/accept').expect(404);
    expect(refused.body).toEqual({ error: 'Not Found', message: 'That device does not exist.' });
    expect(decisions).toEqual(['device-350000000008888']);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('gives up at its bound and says so when the projection is not running', async () => {
    await runner?.stop();
    runner = undefined;
    const started = Date.now();
    const response = await request(app.getHttpServer()).post('/devices').expect(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(response.headers['x-projections-behind']).toBe('1');
  });
});
