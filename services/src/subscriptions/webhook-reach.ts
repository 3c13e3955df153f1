import { retailersInScope } from '@portal/projections';
import type { AuthenticatedUser } from '../auth/auth.service';
import type { IntegrationClient } from '../auth/api-keys.store';
import type { SqlDb } from '@portal/projections';
import type { RetailerReach } from './webhooks.store';

/** The retailers whose endpoints a signed-in caller manages: all for the super role, their retailer's for a retailer manager (and an auditor, reading). */
export function reachOfUser(user: AuthenticatedUser): RetailerReach {
  if (user.scope.kind === 'all') return { kind: 'all' };
  return { kind: 'some', retailerIds: user.scope.kind === 'retailer' ? user.scope.retailerIds : [] };
}

/** An API key reaches its own retailer's endpoints. */
export const reachOfKey = (client: IntegrationClient): RetailerReach => ({ kind: 'some', retailerIds: [client.retailer_id] });

/** The retailer an endpoint is registered for: the one asked for when the caller reaches it, else the caller's only one; undefined alike for none and one out of reach. */
export async function chosenRetailer(db: SqlDb, reach: RetailerReach, requested: string | undefined): Promise<string | undefined> {
  if (reach.kind === 'some') return requested === undefined ? (reach.retailerIds.length === 1 ? reach.retailerIds[0] : undefined) : reach.retailerIds.find((id) => id === requested);
  if (requested === undefined) return undefined;
  return (await retailersInScope(db, { kind: 'all' })).find((retailer) => retailer.id === requested)?.id;
}
