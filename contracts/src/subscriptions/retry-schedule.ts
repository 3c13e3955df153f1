/**
 * The webhook retry schedule's words (docs/SUBSCRIPTIONS.md "Retries"): the configuration reads
 * WEBHOOK_RETRY_SCHEDULE with it, the worker walks it.
 */

/** The default retry schedule: after the first try, 8 more over about 3.3 days. */
export const DEFAULT_RETRY_SCHEDULE = '30s,2m,10m,1h,6h,24h,24h,24h';
/** An endpoint failing without a single success for this long is disabled (5 days). */
export const DEFAULT_DISABLE_AFTER_MS = 5 * 86_400_000;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `30s,2m,1h` → [30000, 120000, 3600000]; undefined when any step is not `<whole number><ms|s|m|h|d>` or the list is empty or longer than 50. */
export function parseRetrySchedule(text: string): number[] | undefined {
  const steps = text.split(',').map((step) => step.trim());
  if (steps.length === 0 || steps.length > 50) return undefined;
  const delays: number[] = [];
  for (const step of steps) {
    const match = /^(\d{1,9})(ms|s|m|h|d)$/.exec(step);
    if (!match) return undefined;
    const delay = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
    if (delay > 30 * 86_400_000) return undefined;
    delays.push(delay);
  }
  return delays;
}

