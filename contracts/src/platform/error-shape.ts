/**
 * The one error shape every failing API call answers with. The spec's client reads
 * `message` and `error`; `fields` names each invalid input in the spec's words.
 */
export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/**
 * 503 while the database cannot be reached (restarting, down): a command answered with it may or
 * may not have been saved, so a client retries it with the same Idempotency-Key, and a person
 * looks before doing it again.
 */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The portal cannot reach its database right now. Please try again in a moment; if you were saving something, check whether it was saved before doing it again.';
