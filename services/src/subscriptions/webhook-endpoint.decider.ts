import { type RegisterKeyWebhookBody, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { hostRefusal } from './webhook-target';

export const ENDPOINTS_LIMIT_MESSAGE = `A retailer has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first`;

export interface RegistrationFacts {
  /** The retailer the endpoint is for: the caller's own, or the one it chose when it may (undefined: none, or one it does not reach — alike). */
  readonly retailerId: string | undefined;
  readonly endpointsOfRetailer: number;
  readonly isEventType: (type: string) => boolean;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: a local test receiver may be registered. */
  readonly allowPrivateTargets: boolean;
}

export interface Registration {
  readonly retailerId: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description: string | null;
}

/**
 * Register a webhook endpoint: for a retailer the caller reaches, to a URL that is not ours (unless
 * private targets are allowed; a name is judged again by what it resolves to at each delivery), for
 * types the catalog knows, within the per-retailer limit.
 */
export function decideRegisterWebhook(body: RegisterKeyWebhookBody, facts: RegistrationFacts): Registration | DomainError {
  if (!facts.retailerId) return new DomainError(WEBHOOK_MESSAGES.retailer, 400, { retailer_id: WEBHOOK_MESSAGES.retailer });
  if (!facts.allowPrivateTargets) {
    const refusal = targetRefusal(body.url);
    if (refusal) return new DomainError(refusal, 400, { url: refusal });
  }
  const unknown = (body.event_types ?? []).filter((type) => !facts.isEventType(type));
  if (unknown.length > 0) {
    const message = `No event type is called ${unknown.join(', ')}`;
    return new DomainError(message, 400, { event_types: message });
  }
  if (facts.endpointsOfRetailer >= WEBHOOK_ENDPOINTS_MAX) return new DomainError(ENDPOINTS_LIMIT_MESSAGE, 422);
  return { retailerId: facts.retailerId, url: body.url, eventTypes: body.event_types ?? [], description: body.description ?? null };
}

/** Why a URL may not be a webhook's target, judged on its host as written (the request schema has parsed it: a URL that still does not parse is refused as one). */
function targetRefusal(url: string): string | undefined {
  try {
    return hostRefusal(new URL(url).hostname);
  } catch {
    return WEBHOOK_MESSAGES.url;
  }
}
