export { DEFAULT_DISABLE_AFTER_MS, DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '@portal/contracts';

/**
 * When a webhook delivery is tried again, and when an endpoint that keeps failing is disabled
 * (docs/SUBSCRIPTIONS.md "Retries"): pure functions of the attempt's outcome and an injected
 * `now`, so tests run the whole schedule in milliseconds on a fixed clock.
 */

export interface DeliveryState {
  /** Tries since the delivery was queued (or sent again by hand): the schedule's step. */
  readonly tries: number;
  /** Since when every attempt to the endpoint has failed; null while it succeeds. */
  readonly failingSince: Date | null;
}

export interface AttemptOutcome {
  readonly status: 'delivered' | 'retrying' | 'failed';
  readonly tries: number;
  readonly nextAttemptAt: Date | null;
  readonly failingSince: Date | null;
  /** The endpoint has failed for WEBHOOK_DISABLE_AFTER_MS: disable it (its owner enables it again). */
  readonly disableEndpoint: boolean;
}

/**
 * After one attempt: delivered on a 2xx; otherwise tried again after the schedule's next delay, or
 * given up ('failed') when the schedule is spent — the endpoint's other deliveries go on; and the
 * endpoint is disabled once it has failed, with no success between, for `disableAfterMs`.
 */
export function afterAttempt(state: DeliveryState, succeeded: boolean, now: Date, schedule: readonly number[], disableAfterMs: number): AttemptOutcome {
  const tries = state.tries + 1;
  if (succeeded) return { status: 'delivered', tries, nextAttemptAt: null, failingSince: null, disableEndpoint: false };
  const failingSince = state.failingSince ?? now;
  const disableEndpoint = now.getTime() - failingSince.getTime() >= disableAfterMs;
  const delay = schedule[tries - 1];
  if (delay === undefined) return { status: 'failed', tries, nextAttemptAt: null, failingSince, disableEndpoint };
  return { status: 'retrying', tries, nextAttemptAt: new Date(now.getTime() + delay), failingSince, disableEndpoint };
}
