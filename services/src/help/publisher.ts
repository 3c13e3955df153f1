import { ROLE } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/** Who publishes announcements and manages training content (contracts' HELP_PUBLISHER_ROLES). */
export interface HelpPublisher {
  readonly user_id: string;
  readonly roles: readonly number[];
  /** The retailer a retailer manager manages; undefined for the super role. */
  readonly retailer_id: string | undefined;
}

/**
 * Whose people what a publisher publishes is for: everyone (null) when the super role publishes,
 * the retailer's people when a retailer manager does; anyone else is refused.
 */
export function publishingRetailer(publisher: HelpPublisher): string | null | DomainError {
  if (publisher.roles.includes(ROLE.SUPER_ADMIN)) return null;
  if (publisher.roles.includes(ROLE.RETAILER_MANAGER) && publisher.retailer_id) return publisher.retailer_id;
  return new DomainError('Only the super role and retailer managers publish announcements and training content', 403);
}

/** The signed-in user as a publisher: a retailer manager's retailer comes from their scope. */
export function publisherOf(user: { readonly user_id: string; readonly roles: readonly number[]; readonly scope: { readonly kind: string; readonly retailerIds?: readonly string[] } }): HelpPublisher {
  return { user_id: user.user_id, roles: user.roles, retailer_id: user.scope.kind === 'retailer' ? user.scope.retailerIds?.[0] : undefined };
}
