import { v5 as uuidv5 } from 'uuid';

// Fixed namespace for event ids derived from idempotency keys (any constant uuid works).
const IDEMPOTENCY_NAMESPACE = '4f1c2a0e-5b7d-4c55-9d3a-2f0c8e6b1a90';

/** The same key always yields the same event ids, so a retried append collides with the first. */
export function eventIdsForKey(idempotencyKey: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => uuidv5(`${idempotencyKey}#${index}`, IDEMPOTENCY_NAMESPACE));
}

/**
 * The id of the record (a receive job...) a command with this key makes: the same on every
 * retry, so a retry finds what its first attempt made, and two racing attempts make one record.
 */
export function recordIdForKey(idempotencyKey: string, kind: string): string {
  return uuidv5(`${kind}:${idempotencyKey}`, IDEMPOTENCY_NAMESPACE);
}
