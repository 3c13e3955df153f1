import { ProjectionRunner, projections } from '@portal/projections';
import { processMail } from './platform/mail/mail-sender';
import type { Platform } from './platform/platform';

export interface RunningWorker {
  stop(): Promise<void>;
}

/** The worker process: projections (checkpointed, exactly once) and the job processors. */
export function startWorker(platform: Platform): RunningWorker {
  const { config, logger } = platform;
  const eventStore = platform.eventStore;
  const feed = {
    readAll: eventStore.readAll.bind(eventStore),
    head: eventStore.head.bind(eventStore),
    onAppended: 'onAppended' in eventStore ? (eventStore.onAppended as (listener: () => void) => Promise<() => Promise<void>>).bind(eventStore) : undefined,
  };
  const runner = new ProjectionRunner(platform.database, feed, projections, {
    batchSize: config.PROJECTION_BATCH_SIZE,
    batchDelayMs: config.PROJECTION_BATCH_DELAY_MS,
    logger: logger.child({ component: 'projections' }),
  });
  runner.start();
  processMail(platform.jobs, platform.mail);
  logger.info({ projections: projections.map((projection) => projection.name) }, 'worker started');
  return {
    stop: () => runner.stop(),
  };
}
