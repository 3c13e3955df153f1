// Downstream systems' demo story (docs/SUBSCRIPTIONS.md): Bluebonnet Mobile's published demo API key,
// so `node docs/subscriber.mjs` follows its feed on a fresh start, and a webhook endpoint its owner
// registered and then disabled (a placeholder URL: nothing is sent) — registered through the same
// command as the console's Register Endpoint.
import { DEMO_API_KEY, createApiKey } from '../auth/api-keys.store';
import type { Platform } from '../platform/platform';
import { ChangeWebhook, ChangeWebhookHandler } from '../subscriptions/change-webhook.command';
import { RegisterWebhook, RegisterWebhookHandler } from '../subscriptions/register-webhook.command';
import type { DemoOffice } from './demo-business.seed';

export async function seedDemoSubscriptions(platform: Platform, offices: readonly DemoOffice[]): Promise<void> {
  const bluebonnet = offices[0]!;
  await createApiKey(platform.database.db, bluebonnet.retailerId, 'Demo integration (README)', DEMO_API_KEY);
  const reach = { kind: 'some', retailerIds: [bluebonnet.retailerId] } as const;
  const { id } = await new RegisterWebhookHandler(platform).execute(
    new RegisterWebhook({ url: 'https://erp.bluebonnet.example/portal/events', event_types: ['DeviceReceived', 'DeviceActivated'], description: 'Bluebonnet ERP (example: disabled until its owner points it at a real receiver)' }, undefined, reach, bluebonnet.retailerManagerId),
  );
  await new ChangeWebhookHandler(platform).execute(new ChangeWebhook(id, { kind: 'status', status: 0 }, reach));
}
