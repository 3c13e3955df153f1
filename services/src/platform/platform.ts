import path from 'node:path';
import type { Redis } from 'ioredis';
import { setBusinessTimeZone } from '@portal/projections';
import type { Config } from './config/config';
import { type Database, openDatabase } from './db/database';
import { allMigrations } from './db/all-migrations';
import { migrate } from './db/migrations';
import type { EventStore } from './event-store/event-store';
import { KurrentDbEventStore } from './event-store/kurrentdb-event-store';
import { PostgresEventStore } from './event-store/postgres-event-store';
import type { Logger } from './logger';
import { SmsSender } from './sms/sms-sender';
import { MailSender } from './mail/mail-sender';
import { BullMqJobQueue } from './queue/bullmq-job-queue';
import { InProcessJobQueue } from './queue/in-process-job-queue';
import type { JobQueue } from './queue/job-queue';

/** The stores and channels every part of the service stands on, opened once per process. */
export interface Platform {
  readonly config: Config;
  readonly logger: Logger;
  readonly database: Database;
  readonly eventStore: EventStore;
  readonly jobs: JobQueue;
  readonly mail: MailSender;
  readonly sms: SmsSender;
  /** Present when REDIS_URL is set. */
  readonly redis?: Redis;
  close(): Promise<void>;
}

export async function openPlatform(config: Config, logger: Logger): Promise<Platform> {
  setBusinessTimeZone(config.BUSINESS_TIME_ZONE);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDirectory: config.dataDirectory,
    poolSize: config.DATABASE_POOL_SIZE,
    // Which process holds a connection (and its advisory locks) shows in pg_stat_activity.
    applicationName: `portal:${process.pid}`,
  });
  const applied = await migrate(database.db, allMigrations);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

  const eventStore: EventStore = config.EVENTSTORE_URL ? KurrentDbEventStore.connect(config.EVENTSTORE_URL) : new PostgresEventStore(database);
  const bull = config.REDIS_URL ? new BullMqJobQueue(config.REDIS_URL, config.REDIS_PREFIX, { lockMs: config.JOB_LOCK_MS }) : undefined;
  const jobs: JobQueue = bull ?? new InProcessJobQueue();
  const mail = new MailSender(config.MAIL_FROM, config.MAIL_URL, path.join(config.dataDirectory, 'outbox'));
  const sms = new SmsSender(config.SMS_URL, config.SMS_API_KEY, path.join(config.dataDirectory, 'sms-outbox'));
  logger.info(
    { database: database.kind, eventStore: eventStore.name, jobs: jobs.kind, mail: config.MAIL_URL ? 'smtp' : 'outbox', sms: config.SMS_URL ? 'http' : 'outbox' },
    'platform open',
  );
  return {
    config,
    logger,
    database,
    eventStore,
    jobs,
    mail,
    sms,
    redis: bull?.redis,
    async close() {
      await jobs.close();
      await eventStore.close();
      await database.close();
    },
  };
}
