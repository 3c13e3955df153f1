import { ConcurrencyError } from '../event-store/event-store';

/** Why a decider refused a command, in words a person understands; the API answers its status. */
export class DomainError extends Error {
  constructor(
    message: string,
    /** 409 for a refusal because of the current state (the default), 404 for a missing record, 403 out of scope. */
    readonly status: 403 | 404 | 409 | 422 = 409,
    /** Per-item reasons (an IMEI, a manifest row → why), answered as the error's `fields`. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * Runs a load–decide–append attempt again when another writer got there first (DESIGN.md §3):
 * the retry reloads and decides on the new state, which usually refuses in business terms.
 * What still conflicts after the last try is thrown (answered 409).
 */
export async function withConcurrencyRetry<T>(attempt: () => Promise<T>, maxAttempts = 3): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || tried >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * tried));
    }
  }
}
