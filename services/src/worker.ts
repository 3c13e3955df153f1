import type { RecordedEvent } from '@portal/contracts';
import { ProjectionRunner, messageRecipientsOf, messagesProjection, projections } from '@portal/projections';
import { processExports } from './exports/export-processor';
import { enqueueMail, processMail } from './platform/mail/mail-sender';
import { processSms } from './platform/sms/sms-sender';
import { sendOrderReminders } from './orders/order-reminders';
import { expireCandidates } from './onboarding/expire-candidates';
import type { Platform } from './platform/platform';
import { runInBackground } from './platform/db/database';
import { scheduleCheckpoints } from './platform/event-store/checkpoints';
import { startWebhooks } from './subscriptions/webhook-dispatcher';
import type { LiveBus, LiveMessage } from './platform/realtime/live-bus';
import { LIVE_PROJECTIONS, scopeLookups, scopesTouchedByBatch } from './platform/realtime/scopes-touched';

export interface RunningWorker {
  stop(): Promise<void>;
}

/** The worker process: projections (checkpointed, exactly once) and the job processors. */
export function startWorker(platform: Platform, live?: LiveBus): RunningWorker {
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
    // Live dashboard (DESIGN.md §7): after a batch commits, tell the api processes which scopes changed.
    onBatchCommitted: live ? publishScopeChanges(platform, live) : undefined,
    // A batch committed by a worker that died before publishing it: count every room again.
    onLeadership: live
      ? (projection) => {
          if (LIVE_PROJECTIONS.has(projection)) void live.publish({ kind: 'resync' }).catch((error: unknown) => logger.warn({ err: error, projection }, 'live: publishing a resync failed'));
        }
      : undefined,
  });
  // Behind the requests on the embedded database's one connection (pglite-dialect.ts).
  runInBackground(() => runner.start());
  processMail(platform.jobs, platform.mail);
  processSms(platform.jobs, platform.sms);
  processExports(platform, live);
  // Device order reminders (docs/ORDERS.md): a timer, each run a short step behind the requests.
  const reminders = setInterval(() => {
    const baseUrl = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`;
    runInBackground(() =>
      sendOrderReminders({ db: platform.database.db, enqueue: (message) => enqueueMail(platform.jobs, message), thresholdHours: config.ORDER_REMINDER_HOURS, baseUrl, logger }, new Date()).catch((error: unknown) =>
        logger.error({ err: error }, 'device order reminders failed'),
      ),
    );
  }, config.ORDER_REMINDER_EVERY_MINUTES * 60_000);
  reminders.unref();
  // Onboarding invites whose window passed become Expired (docs/ONBOARDING.md): a timer, short steps behind the requests.
  const expiry = setInterval(() => {
    void expireCandidates(platform, new Date(), (work) => runInBackground(work)).catch((error: unknown) => logger.error({ err: error }, 'onboarding expiry failed'));
  }, config.ONBOARDING_EXPIRY_EVERY_MINUTES * 60_000);
  expiry.unref();
  // Signed audit checkpoints (docs/AUDIT.md): daily by default, one process at a time.
  const stopCheckpoints = scheduleCheckpoints(platform);
  // Webhooks (docs/SUBSCRIPTIONS.md): the feed handed to each endpoint, deliveries sent as jobs.
  const stopWebhooks = startWebhooks(platform);
  logger.info({ projections: projections.map((projection) => projection.name) }, 'worker started');
  return {
    stop: () => {
      clearInterval(reminders);
      clearInterval(expiry);
      stopCheckpoints();
      stopWebhooks();
      return runner.stop();
    },
  };
}

function publishScopeChanges(platform: Platform, live: LiveBus) {
  const lookups = scopeLookups(platform.database.db, platform.eventStore);
  // Fault tests kill the worker between a batch's commit and its push (LIVE_PUBLISH_DELAY_MS).
  const delayMs = platform.config.LIVE_PUBLISH_DELAY_MS;
  const publish = (message: LiveMessage) => (delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => live.publish(message)) : live.publish(message));
  return (projection: string, events: readonly RecordedEvent[]) => {
    if (projection === messagesProjection.name) {
      void messageRecipientsOf(platform.database.db, events)
        .then((userIds) => publish({ kind: 'messages', user_ids: userIds }))
        .catch((error: unknown) => platform.logger.warn({ err: error, projection }, 'live: publishing new messages failed'));
      return;
    }
    if (!LIVE_PROJECTIONS.has(projection)) return;
    // Off the projection's path: the next batch never waits for the live push.
    void scopesTouchedByBatch(events, lookups)
      .then((rooms) => publish({ kind: 'scopes', rooms }))
      .catch((error: unknown) => platform.logger.warn({ err: error, projection }, 'live: publishing the scopes of a batch failed'));
  };
}
