import { type OrgEvent, userPlacement } from '@portal/contracts';
import { type Scope, marketPlacement, officePlacement, retailerPlacement } from '@portal/projections';
import type { CommandContext } from '../platform/commands/command-context';
import { eventMetadata } from '../platform/commands/command-context';
import type { StreamAppend } from '../platform/event-store/event-store';
import type { Platform } from '../platform/platform';
import { type Membership, type PlacementFacts, type UnitManagers, type UserDecision, foldUnitManagers, membershipOf, membershipStream } from './user-admin.decider';

/** A unit's manager lists and the version of its stream, folded from its events. */
async function unitManagers(platform: Platform, streamId: string): Promise<UnitManagers> {
  const history = await platform.eventStore.readStream(streamId);
  return { version: history.at(-1)?.streamPosition ?? 0, ...foldUnitManagers(history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as OrgEvent)) };
}

/**
 * What Add and Edit User decide on: the retailer, IBO/market and office the form names as the
 * caller's scope sees them, and the manager lists of the unit the user leaves (`before`) and joins.
 */
export async function loadPlacementFacts(
  platform: Platform,
  scope: Scope,
  roles: readonly number[],
  chosen: { readonly retailer_id?: string; readonly ibo_marketer_id?: string; readonly office_id?: string },
  before?: Membership,
): Promise<PlacementFacts> {
  const db = platform.database.db;
  const placement = userPlacement(roles);
  const retailer = (placement === 'retailer' || placement === 'retailer-optional') && chosen.retailer_id ? await retailerPlacement(db, scope, chosen.retailer_id) : undefined;
  const market = (placement === 'market' || placement === 'office') && chosen.ibo_marketer_id ? await marketPlacement(db, scope, chosen.ibo_marketer_id) : undefined;
  const office = placement === 'office' && chosen.office_id ? await officePlacement(db, scope, chosen.office_id) : undefined;
  const after = membershipOf(roles, { ibo_marketer_id: market?.id, office_id: office?.id });
  const units = new Map<string, UnitManagers>();
  for (const membership of [before, after]) {
    if (membership && !units.has(membershipStream(membership))) units.set(membershipStream(membership), await unitManagers(platform, membershipStream(membership)));
  }
  return { retailer, market, office, units };
}

/** The appends of a decision: the user's stream, then the units whose manager lists change, in one atomic append. */
export function userDecisionAppends(user: { readonly streamId: string; readonly expectedVersion: StreamAppend['expectedVersion'] }, decision: UserDecision, context: CommandContext): StreamAppend[] {
  const metadata = eventMetadata(context);
  return [
    { ...user, events: decision.user.map((event) => ({ ...event, metadata })) },
    ...decision.units.map((unit) => ({ streamId: unit.streamId, expectedVersion: unit.expectedVersion, events: [{ ...unit.event, metadata }] })),
  ];
}
