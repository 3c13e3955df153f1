import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { eventFeedQuery, eventStreamQuery } from './subscriptions.schemas';
import { registerKeyWebhookBody, registerWebhookBody, webhookDeliveriesQuery, webhookDeliveryParams, webhookParams, webhookReplayBody, webhookStatusBody } from './webhooks.schemas';

const capability = 'subscriptions';
/** Who sees and manages what downstream systems receive (issue 24): the super role and retailer managers, each for their scope (auditors read). */
export const SUBSCRIPTION_ROLES = screenRoles(ROLE.RETAILER_MANAGER);
const spec = 'doc 1 §7 (the API\'s style); ours for downstream systems (docs/SUBSCRIPTIONS.md)';

export const subscriptionsRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/integration/v1/events', access: 'integration', capability,
    summary: 'The event feed of the API key\'s retailer as CloudEvents 1.0, in the store\'s stable order from the first event: a page after the cursor `after`, with `next_cursor` to resume exactly after it; `types` filters; `wait` (seconds) holds an empty page open until news arrives', spec,
    query: eventFeedQuery },
  { method: 'GET', path: '/api/integration/v1/events/stream', access: 'integration', capability,
    summary: 'The same feed as Server-Sent Events (text/event-stream): each event\'s `id` is its cursor, so a reconnecting client\'s `Last-Event-ID` resumes after it; a comment every 15 s keeps idle connections open', spec,
    query: eventStreamQuery, file: ['text/event-stream'] },
  { method: 'GET', path: '/api/v1/subscriptions/event_types', access: SUBSCRIPTION_ROLES, capability,
    summary: 'The event catalog: every event type with its description, the JSON Schema of its delivered data, how many the caller\'s scope holds so far and the latest as an example', spec },

  // Webhooks (Standard Webhooks signatures; docs/SUBSCRIPTIONS.md "Webhooks"): the console's, for the caller's scope
  { method: 'GET', path: '/api/v1/subscriptions/webhooks', access: SUBSCRIPTION_ROLES, capability,
    summary: 'The webhook endpoints of the caller\'s scope with their delivery counts (never their secrets)', spec },
  { method: 'POST', path: '/api/v1/subscriptions/webhooks', success: 201, access: SUBSCRIPTION_ROLES, capability,
    summary: 'Register a webhook endpoint (URL, event types, the retailer whose events it receives): answers its signing secret once; deliveries start from the next event', spec, body: registerWebhookBody },
  { method: 'POST', path: '/api/v1/subscriptions/webhooks/:id/status', access: SUBSCRIPTION_ROLES, capability,
    summary: 'Enable (1) or disable (0) a webhook endpoint; enabling one the portal disabled after failing resumes its deliveries where they stopped', spec, params: webhookParams, body: webhookStatusBody },
  { method: 'DELETE', path: '/api/v1/subscriptions/webhooks/:id', access: SUBSCRIPTION_ROLES, capability,
    summary: 'Remove a webhook endpoint: nothing more is sent to it (its delivery log goes with it)', spec, params: webhookParams },
  { method: 'GET', path: '/api/v1/subscriptions/webhooks/:id/deliveries', access: SUBSCRIPTION_ROLES, capability,
    summary: 'An endpoint\'s delivery log, newest first: each event, its status, and every attempt with status code, latency and response excerpt', spec, params: webhookParams, query: webhookDeliveriesQuery },
  { method: 'POST', path: '/api/v1/subscriptions/webhooks/:id/deliveries/:delivery_id/redeliver', access: SUBSCRIPTION_ROLES, capability,
    summary: 'Send one delivery again (same webhook-id, so a receiver that had it ignores it)', spec, params: webhookDeliveryParams },
  { method: 'POST', path: '/api/v1/subscriptions/webhooks/:id/replay', access: SUBSCRIPTION_ROLES, capability,
    summary: 'Deliver again every event after a cursor of the feed (from the first event when none is given): not limited to a retention window', spec, params: webhookParams, body: webhookReplayBody },

  // The same for an API key, over its retailer
  { method: 'GET', path: '/api/integration/v1/webhooks', access: 'integration', capability,
    summary: 'The webhook endpoints of the API key\'s retailer', spec },
  { method: 'POST', path: '/api/integration/v1/webhooks', success: 201, access: 'integration', capability,
    summary: 'Register a webhook endpoint for the API key\'s retailer: answers its signing secret once', spec, body: registerKeyWebhookBody },
  { method: 'DELETE', path: '/api/integration/v1/webhooks/:id', access: 'integration', capability,
    summary: 'Remove one of the retailer\'s webhook endpoints', spec, params: webhookParams },
  { method: 'GET', path: '/api/integration/v1/webhooks/:id/deliveries', access: 'integration', capability,
    summary: 'An endpoint\'s delivery log', spec, params: webhookParams, query: webhookDeliveriesQuery },
  { method: 'POST', path: '/api/integration/v1/webhooks/:id/replay', access: 'integration', capability,
    summary: 'Deliver again every event after a cursor of the feed', spec, params: webhookParams, body: webhookReplayBody },
];
