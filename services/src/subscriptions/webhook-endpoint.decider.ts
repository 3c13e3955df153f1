import { type RegisterKeyWebhookBody, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_MESSAGES } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/** Where a webhook may not point unless allowed (WEBHOOK_ALLOW_PRIVATE_URLS): this machine and private networks — an endpoint must not turn the portal into a way into them. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::' || host === '::1') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith('::ffff:');
}

export const PRIVATE_URL_MESSAGE = 'The endpoint URL must be on the internet, not on this machine or a private network';
export const ENDPOINTS_LIMIT_MESSAGE = `A retailer has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first`;

export interface RegistrationFacts {
  /** The retailer the endpoint is for: the caller's own, or the one it chose when it may (undefined: none, or one it does not reach — alike). */
  readonly retailerId: string | undefined;
  readonly endpointsOfRetailer: number;
  readonly isEventType: (type: string) => boolean;
  readonly allowPrivateUrls: boolean;
}

export interface Registration {
  readonly retailerId: string;
  readonly url: string;
  readonly eventTypes: readonly string[];
  readonly description: string | null;
}

/** Register a webhook endpoint: for a retailer the caller reaches, to a public URL, for types the catalog knows, within the per-retailer limit. */
export function decideRegisterWebhook(body: RegisterKeyWebhookBody, facts: RegistrationFacts): Registration | DomainError {
  if (!facts.retailerId) return new DomainError(WEBHOOK_MESSAGES.retailer, 400, { retailer_id: WEBHOOK_MESSAGES.retailer });
  if (!facts.allowPrivateUrls && isPrivateHost(new URL(body.url).hostname)) return new DomainError(PRIVATE_URL_MESSAGE, 400, { url: PRIVATE_URL_MESSAGE });
  const unknown = (body.event_types ?? []).filter((type) => !facts.isEventType(type));
  if (unknown.length > 0) {
    const message = `No event type is called ${unknown.join(', ')}`;
    return new DomainError(message, 400, { event_types: message });
  }
  if (facts.endpointsOfRetailer >= WEBHOOK_ENDPOINTS_MAX) return new DomainError(ENDPOINTS_LIMIT_MESSAGE, 422);
  return { retailerId: facts.retailerId, url: body.url, eventTypes: body.event_types ?? [], description: body.description ?? null };
}
