import { orgProjection } from './admin/org.projection';
import { streamCatalogProjection } from './audit/stream-catalog.projection';
import { announcementsProjection } from './help/announcements.projection';
import { trainingProjection } from './help/training.projection';
import { onboardingProjection } from './onboarding/onboarding.projection';
import { inventoryProjection } from './inventory/inventory.projection';
import { rmaProjection } from './rma/rma.projection';
import { ordersProjection } from './orders/orders.projection';
import { salesProjection } from './sales/sales.projection';
import { documentsProjection } from './documents/documents.projection';
import { messagesProjection } from './messages/messages.projection';
import { feedProjection } from './subscriptions/feed.projection';
import type { Projection } from './runner/projection';

/** Every projection the worker runs. */
export const projections: readonly Projection[] = [streamCatalogProjection as Projection, orgProjection, announcementsProjection, trainingProjection, onboardingProjection, inventoryProjection, rmaProjection, ordersProjection, salesProjection, documentsProjection, messagesProjection, feedProjection as Projection];

export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
