import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { Listed } from '@portal/contracts/platform/page';
import type { EventTypeRow } from '@portal/contracts/subscriptions/subscriptions.views';
import type { WebhookDeliveryStatus } from '@portal/contracts/subscriptions/webhooks.schemas';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '@portal/contracts/subscriptions/webhooks.views';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallOptions, call, failureMessage, queryKey, route } from '../../app/api-client';
import { type CommandAnswer, reloadAfter } from '../../app/command';
import { notice } from '../../app/notice';

/** The console's subscription routes (contracts' subscriptionsRoutes): the catalog, and the webhooks of the caller's scope. */
export const subscriptionRoutes = {
  eventTypes: route('GET', '/api/v1/subscriptions/event_types'),
  webhooks: route('GET', '/api/v1/subscriptions/webhooks'),
  register: route('POST', '/api/v1/subscriptions/webhooks'),
  status: route('POST', '/api/v1/subscriptions/webhooks/:id/status'),
  remove: route('DELETE', '/api/v1/subscriptions/webhooks/:id'),
  deliveries: route('GET', '/api/v1/subscriptions/webhooks/:id/deliveries'),
  redeliver: route('POST', '/api/v1/subscriptions/webhooks/:id/deliveries/:delivery_id/redeliver'),
  replay: route('POST', '/api/v1/subscriptions/webhooks/:id/replay'),
  /** The super role's retailer choice when registering (as the report filters and the administration forms choose one). */
  retailers: route('GET', '/api/v1/reference/retailers'),
} as const;

/** Where downstream systems read (docs/SUBSCRIPTIONS.md): the feed, its Server-Sent Events and the AsyncAPI document. */
export const FEED_PATH = '/api/integration/v1/events';
export const STREAM_PATH = '/api/integration/v1/events/stream';
export const ASYNCAPI_PATH = '/api/docs/asyncapi.json';
export const WEBHOOKS_SCREEN = '/integrations/webhooks';

/** Counts as the console writes them: 1,234. */
export const shownCount = (value: number): string => value.toLocaleString('en-US');

/** The whole event catalog (every type at once: the server does not page it), shared by the catalog and the webhook form's type choice. */
export function useEventCatalog() {
  return useQuery({
    queryKey: queryKey(subscriptionRoutes.eventTypes),
    queryFn: async () => (await call<Listed<EventTypeRow>>(subscriptionRoutes.eventTypes)).items.data,
    staleTime: 60_000,
  });
}

/** The webhook endpoints of the caller's scope (a handful per retailer: all at once). */
export function useWebhooks() {
  return useQuery({
    queryKey: queryKey(subscriptionRoutes.webhooks),
    queryFn: async () => (await call<Listed<WebhookEndpointRow>>(subscriptionRoutes.webhooks)).items,
  });
}

export interface DeliveriesQuery {
  readonly page: number;
  readonly results: number;
  readonly status?: WebhookDeliveryStatus;
}

/** One page of an endpoint's delivery log, newest first; the last page stays on screen while the next loads. */
export function useWebhookDeliveries(id: string, query: DeliveriesQuery) {
  const options = { params: { id }, query: { ...query } };
  return useQuery({
    queryKey: queryKey(subscriptionRoutes.deliveries, options),
    queryFn: async () => (await call<Listed<WebhookDeliveryRow>>(subscriptionRoutes.deliveries, options)).items,
    placeholderData: keepPreviousData,
  });
}

/** What a webhook command sends: the record(s) in its path, and its body when it takes one. */
export interface WebhookCommand<Body> {
  readonly params: NonNullable<CallOptions['params']>;
  readonly body?: Body;
}

/** What every webhook command changes: the endpoint list (its counts and status) and the delivery logs. */
const CHANGED: readonly ApiRoute[] = [subscriptionRoutes.webhooks, subscriptionRoutes.deliveries];

/**
 * A webhook command (status, remove, replay, redeliver): on success the server's message in the
 * 'Hooray !' popup — the contracts' WEBHOOK_MESSAGES sentence when the answer carries none (a
 * DELETE may answer nothing) — and the lists reloaded; a failure in the server's words.
 */
export function useWebhookCommand<Body = never>(api: ApiRoute, sentence: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ params, body }: WebhookCommand<Body>) => call<Partial<CommandAnswer>>(api, { params, body }),
    onSuccess: (answer) => {
      notice.success(answer.message || sentence);
      reloadAfter(client, answer, CHANGED);
    },
    onError: (failure: unknown) => notice.failure(failureMessage(failure)),
  });
}
