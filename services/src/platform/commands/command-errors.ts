import { ConcurrencyError } from '../event-store/event-store';

/** The statuses a refusal answers (DESIGN.md §3: validation 400, current state 409, missing 404...). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

/**
 * The one error type of the service: why a command or request is refused, in words a person
 * understands. The error filter answers it as `{ error, message, fields? }` with its status.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    /** 409 for a refusal because of the current state (the default), 404 for a missing record, 400 invalid input, 401/403 access, 429 throttled. */
    readonly status: RefusalStatus = 409,
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
