import { CHECKPOINT_CHANNEL, feedIndexPage, feedProjection } from '@portal/projections';
import { Webhook } from 'standardwebhooks';
import { runInBackground } from '../platform/db/database';
import type { Platform } from '../platform/platform';
import { toCloudEvent } from './cloud-event';
import { afterAttempt, parseRetrySchedule } from './webhook-schedule';
import { type WebhookSender, createWebhookSender, failureReason } from './webhook-sender';
import { type DeliveryToSend, claimDue, deliveryToSend, enabledEndpoints, pruneDeliveryLog, queueDeliveries, recordAttempt, releaseStaleClaims } from './webhooks.store';

export const WEBHOOK_QUEUE = 'webhooks';
/** Events handed to one endpoint per intake page, and pages per endpoint per pass (short steps on the embedded database). */
const INTAKE_PAGE = 500;
const INTAKE_PAGES_PER_PASS = 4;
/** Deliveries claimed per pass. */
const CLAIMS_PER_PASS = 100;
/** How much of a receiver's answer the log keeps. */
const EXCERPT_CHARACTERS = 500;

interface DeliveryJob {
  readonly delivery_id: string;
}

/**
 * One attempt: the event read from the store by place, delivered as a CloudEvent (structured JSON)
 * signed per Standard Webhooks — `webhook-id` is the event's id, so a receiver de-duplicates a
 * retry or a replay —, and its outcome recorded with the endpoint's failure streak. A target that is
 * ours (unless allowed) is never sent to: the attempt fails with the reason in the log.
 */
export async function sendDelivery(platform: Platform, sender: WebhookSender, delivery: DeliveryToSend, now: () => Date): Promise<void> {
  const { config } = platform;
  const schedule = parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE)!;
  const [event] = await platform.eventStore.readAt([delivery.place]);
  const attemptedAt = now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  const started = performance.now();
  if (!event) {
    error = 'The event is no longer in the store';
  } else {
    const body = JSON.stringify(toCloudEvent(event, delivery.endpoint.retailer_id));
    const signature = new Webhook(delivery.endpoint.secret).sign(delivery.eventId, attemptedAt, body);
    const headers = {
      'content-type': 'application/cloudevents+json',
      'user-agent': 'distribution-portal-webhooks/1',
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    try {
      ({ statusCode, excerpt } = await sender.post(delivery.endpoint.url, headers, body));
    } catch (failure) {
      error = failureReason(failure);
    }
  }
  const latencyMs = Math.round(performance.now() - started);
  const succeeded = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const outcome = afterAttempt({ tries: delivery.tries, failingSince: delivery.endpoint.failing_since }, succeeded, attemptedAt, schedule, config.WEBHOOK_DISABLE_AFTER_MS);
  const since = outcome.failingSince?.toISOString() ?? attemptedAt.toISOString();
  await recordAttempt(platform.database.db, delivery, {
    attemptedAt,
    statusCode,
    latencyMs,
    responseExcerpt: excerpt,
    error: error?.slice(0, EXCERPT_CHARACTERS) ?? null,
    ...outcome,
    disabledReason: `Disabled by the portal: every delivery has failed since ${since}`,
  });
}

/**
 * The worker's webhook loop (docs/SUBSCRIPTIONS.md "Webhooks"): each pass hands every enabled
 * endpoint the new events of its retailer's feed (a delivery each), then claims the deliveries that
 * are due and first in their stream and queues a job for each; the jobs send. A pass runs when the
 * feed moves, when a job ends and every WEBHOOK_POLL_MS (retries fall due with time), in short steps
 * behind the requests.
 */
export function startWebhooks(platform: Platform, now: () => Date = () => new Date()): () => void {
  const { config, logger, database, jobs } = platform;
  const sender = createWebhookSender({ allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true', timeoutMs: config.WEBHOOK_TIMEOUT_MS, excerptCharacters: EXCERPT_CHARACTERS });
  let stopped = false;
  let running = false;
  let again = false;
  let lastSweep = 0;

  // Whether the last pass found an enabled endpoint: without one a pass is a single query, and the
  // feed's moves do not start passes (the embedded database's one connection is busy seeding then).
  let anyEnabled = true;

  const intake = async () => {
    const endpoints = await enabledEndpoints(database.db);
    anyEnabled = endpoints.length > 0;
    for (const endpoint of endpoints) {
      let from = endpoint.cursor;
      for (let page = 0; page < INTAKE_PAGES_PER_PASS; page++) {
        const index = await feedIndexPage(database.db, endpoint.retailer_id, from, INTAKE_PAGE, endpoint.event_types.length > 0 ? endpoint.event_types : undefined);
        if (index.places.length === 0 && index.next.globalPosition === from.globalPosition && index.next.transactionId === from.transactionId) break;
        // Another pass (or a replay) moved the cursor first: leave the rest to the next pass.
        if (!(await queueDeliveries(database.db, endpoint.id, from, index.places, index.next))) break;
        from = index.next;
        if (index.places.length < INTAKE_PAGE) break;
      }
    }
  };

  const dispatch = async () => {
    const at = now();
    if (at.getTime() - lastSweep > 60_000) {
      lastSweep = at.getTime();
      const released = await releaseStaleClaims(database.db, new Date(at.getTime() - config.WEBHOOK_TIMEOUT_MS - 30_000));
      if (released > 0) logger.warn({ released }, 'webhooks: deliveries claimed by a worker that went away are back in line');
      await pruneDeliveryLog(database.db, new Date(at.getTime() - config.WEBHOOK_LOG_DAYS * 86_400_000));
    }
    const claimed = await claimDue(database.db, at, CLAIMS_PER_PASS);
    for (const claim of claimed) {
      // One job per attempt (its id names the claim): BullMQ spreads them over the workers.
      await jobs.add<DeliveryJob>(WEBHOOK_QUEUE, 'deliver', { delivery_id: claim.id }, { attempts: 1, jobId: `webhook-${claim.id}-${claim.tries}-${at.getTime()}` }).catch((error: unknown) => {
        // Not queued (Redis away): the claim goes back in line at the next sweep.
        logger.warn({ err: error, delivery: claim.id }, 'webhooks: could not queue a delivery; it is tried again later');
      });
    }
    return claimed.length;
  };

  const pass = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await runInBackground(intake);
        if (!anyEnabled) break;
        const claimed = await runInBackground(dispatch);
        if (claimed === CLAIMS_PER_PASS) again = true;
      } while (again && !stopped);
    } catch (error) {
      logger.warn({ err: error }, 'webhooks: a pass failed; the next one tries again');
    } finally {
      running = false;
    }
  };

  jobs.process<DeliveryJob>(
    WEBHOOK_QUEUE,
    async (job) => {
      const delivery = await deliveryToSend(database.db, job.data.delivery_id);
      if (delivery) await sendDelivery(platform, sender, delivery, now);
      void pass();
    },
    { concurrency: 8 },
  );

  const timer = setInterval(() => void pass(), config.WEBHOOK_POLL_MS);
  timer.unref();
  let unlisten: (() => Promise<void>) | undefined;
  void database
    .listen(CHECKPOINT_CHANNEL, (projection) => {
      if (projection === feedProjection.name && anyEnabled) void pass();
    })
    .then((stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'webhooks: could not listen for the feed; passes run on the timer'));
  void pass();
  return () => {
    stopped = true;
    clearInterval(timer);
    // The sender is left open: a delivery in flight finishes and is recorded (idle kept-alive sockets hold no process open).
    void unlisten?.();
  };
}
