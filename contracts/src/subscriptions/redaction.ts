/**
 * What never leaves the portal in anything delivered (the feed, its Server-Sent Events, webhooks,
 * the catalog's examples): fields whose names say they hold a secret or a secret's derivative —
 * passwords and their hashes, tokens and their hashes, keys, signatures' images, SSNs even masked.
 * Events are written without secrets (org.events.ts, onboarding.events.ts); this is the second
 * line, applied to every delivered event's data at any depth.
 */
export const SECRET_FIELD = /password|secret|token|api_?key|private|ssn|social_security|signature_image/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!SECRET_FIELD.test(key)) kept[key] = redactSecrets(field);
  }
  return kept;
}
