import { candidatesDueToExpire } from '@portal/projections';
import { systemContext } from '../platform/commands/command-context';
import type { Platform } from '../platform/platform';
import { changeCandidate } from './candidate-stream';
import { decideExpire } from './candidate.decider';

/** How many candidates one step expires: a short step, so that no request waits behind it on the embedded database's one connection. */
const STEP = 25;

/**
 * Expires the invites whose window has passed at `now` (1 or 2 → 20, by the portal), a step at a
 * time until none is due; answers how many. `now` is given, so tests use a fixed clock.
 */
export async function expireCandidates(platform: Pick<Platform, 'database' | 'eventStore'>, now: Date, step: (work: () => Promise<number>) => Promise<number> = (work) => work()): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await step(async () => {
      const due = await candidatesDueToExpire(platform.database.db, now, STEP);
      let count = 0;
      for (const id of due) {
        const outcome = await changeCandidate(platform, id, undefined, (state) => decideExpire(state, now), systemContext());
        if (outcome.events.length > 0) count++;
      }
      return due.length === 0 ? -1 : count;
    });
    if (done < 0) return expired;
    expired += done;
    // The read model has not caught up with this step's expiries yet: stop and let the next run continue.
    if (done === 0) return expired;
  }
}
