import type { DeviceEvent, OrgEvent, RecordedEvent } from '@portal/contracts';
import { type SqlDb, candidateOffice, marketRetailers, officeAncestry, officeOfUser } from '@portal/projections';
import type { EventStore } from '../event-store/event-store';
import { ALL_ROOM, type Room, agentRoom, marketRoom, officeRoom, retailerRoom } from './rooms';

/**
 * The projections whose read models the live counts read: a scope change is published once
 * that projection's batch has committed, so the pushed counts already include it.
 */
export const LIVE_PROJECTIONS: ReadonlySet<string> = new Set(['org', 'inventory', 'sales', 'onboarding']);

/** What scopesTouched may look up: the read models (already committed) and the event store. */
export interface ScopeLookups {
  /** The user's office before the event at `streamPosition` of their stream (for moves). */
  officeBefore(userId: string, streamPosition: number): Promise<string | null>;
  /** The user's office now (read model). */
  officeOfUser(userId: string): Promise<string | null>;
  /** The IBO/market and retailer of each office. */
  officeAncestry(officeIds: readonly string[]): Promise<{ office_id: string; ibo_marketer_id: string; retailer_id: string | null }[]>;
  /** The retailer of each IBO/market. */
  marketRetailers(marketIds: readonly string[]): Promise<{ ibo_marketer_id: string; retailer_id: string }[]>;
  /** A candidate's office (read model), for onboarding's moves: the Onboarding Summary on screen follows them live. */
  officeOfCandidate(candidateId: string): Promise<string | null>;
}

/** The organisation units an event changes directly; widened to their parents' rooms afterwards. */
interface Touched {
  offices: (string | null | undefined)[];
  markets: (string | null | undefined)[];
  retailers: (string | null | undefined)[];
  agents: string[];
}

const nothing = (): Touched => ({ offices: [], markets: [], retailers: [], agents: [] });

/**
 * The units one event touches. Capabilities that add events (devices, orders…) add their cases
 * here; anything touched also reaches the parents' rooms and `all` (see scopesTouched).
 */
async function unitsTouched(recorded: RecordedEvent, lookups: ScopeLookups): Promise<Touched> {
  const touched = nothing();
  if (recorded.streamId.startsWith('device-')) return deviceUnitsTouched({ type: recorded.type, data: recorded.data } as DeviceEvent, touched);
  if (recorded.streamId.startsWith('candidate-')) {
    touched.offices.push(await lookups.officeOfCandidate((recorded.data as { candidate_id: string }).candidate_id));
    return touched;
  }
  const event = { type: recorded.type, data: recorded.data } as OrgEvent;
  switch (event.type) {
    case 'AgentOfficeChanged':
      touched.agents.push(event.data.user_id);
      touched.offices.push(await lookups.officeBefore(event.data.user_id, recorded.streamPosition), event.data.office_id);
      break;
    case 'UserCreated':
      touched.agents.push(event.data.user_id);
      touched.offices.push(event.data.office_id);
      touched.markets.push(event.data.ibo_marketer_id);
      touched.retailers.push(event.data.retailer_id);
      break;
    case 'UserRolesChanged':
      // Becoming or ceasing to be an agent changes the agent count of their office.
      touched.agents.push(event.data.user_id);
      touched.offices.push(await lookups.officeOfUser(event.data.user_id));
      break;
    case 'OfficeCreated':
    case 'OfficeManagersAssigned':
      touched.offices.push(event.data.office_id);
      break;
    case 'IboMarketCreated':
      touched.markets.push(event.data.ibo_marketer_id);
      touched.retailers.push(event.data.retailer_id);
      break;
    case 'IboMarketManagersAssigned':
      touched.markets.push(event.data.ibo_marketer_id);
      break;
    case 'RetailerRegistered':
      touched.retailers.push(event.data.retailer_id);
      break;
    default:
      break;
  }
  return touched;
}

/** A device event changes the counts of the office(s) it is at (before and after) and of the agent(s) holding it. */
function deviceUnitsTouched(event: DeviceEvent, touched: Touched): Touched {
  const data = event.data as Partial<Record<'office_id' | 'from_office_id' | 'agent_id' | 'previous_agent_id', string | null>>;
  touched.offices.push(data.office_id, data.from_office_id);
  for (const agent of [data.agent_id, data.previous_agent_id]) if (agent) touched.agents.push(agent);
  return touched;
}

const present = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0))];

/**
 * The rooms whose figures an event may have changed: the units it touches and every unit above
 * them (an office change reaches its office, market and retailer rooms and `all`).
 */
/** The rooms of the units touched, widened to their parents' rooms and `all` (one ancestry lookup for them all). */
async function roomsOf(touched: Touched, lookups: ScopeLookups): Promise<Room[]> {
  const offices = present(touched.offices);
  const markets = new Set(present(touched.markets));
  const retailers = new Set(present(touched.retailers));
  for (const office of await lookups.officeAncestry(offices)) {
    markets.add(office.ibo_marketer_id);
    if (office.retailer_id) retailers.add(office.retailer_id);
  }
  for (const market of await lookups.marketRetailers([...markets])) retailers.add(market.retailer_id);
  const rooms = [
    ...present(touched.agents).map(agentRoom),
    ...offices.map(officeRoom),
    ...[...markets].map(marketRoom),
    ...[...retailers].map(retailerRoom),
  ];
  return rooms.length > 0 ? [...rooms, ALL_ROOM] : [];
}

/**
 * The rooms whose figures an event may have changed: the units it touches and every unit above
 * them (an office change reaches its office, market and retailer rooms and `all`).
 */
export async function scopesTouched(event: RecordedEvent, lookups: ScopeLookups): Promise<Room[]> {
  return roomsOf(await unitsTouched(event, lookups), lookups);
}

/**
 * The rooms a committed batch touches, once each. The units of every event are gathered first
 * and widened with one lookup: a batch of 1,000 device events costs two queries, not 2,000.
 */
export async function scopesTouchedByBatch(events: readonly RecordedEvent[], lookups: ScopeLookups): Promise<Room[]> {
  const all = nothing();
  for (const event of events) {
    const touched = await unitsTouched(event, lookups);
    all.offices.push(...touched.offices);
    all.markets.push(...touched.markets);
    all.retailers.push(...touched.retailers);
    all.agents.push(...touched.agents);
  }
  return roomsOf(all, lookups);
}

/** Lookups on the read models and the event store. */
export function scopeLookups(db: SqlDb, eventStore: Pick<EventStore, 'readStream'>): ScopeLookups {
  return {
    async officeBefore(userId, streamPosition) {
      if (streamPosition <= 1) return null;
      const history = await eventStore.readStream(`user-${userId}`, { maxCount: streamPosition - 1 });
      let office: string | null = null;
      for (const recorded of history) {
        const event = { type: recorded.type, data: recorded.data } as OrgEvent;
        if (event.type === 'UserCreated') office = event.data.office_id ?? null;
        if (event.type === 'AgentOfficeChanged') office = event.data.office_id;
      }
      return office;
    },
    officeOfUser: (userId) => officeOfUser(db, userId),
    officeAncestry: (officeIds) => officeAncestry(db, officeIds),
    marketRetailers: (marketIds) => marketRetailers(db, marketIds),
    officeOfCandidate: (candidateId) => candidateOffice(db, candidateId),
  };
}
