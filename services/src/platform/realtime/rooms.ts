import { type Scope, officesOfMarkets } from '@portal/projections';
import type { SqlDb } from '@portal/projections';

/**
 * The socket.io rooms of the live dashboard, one per scope: `all`, `retailer:<id>`,
 * `market:<IBO/market id>`, `office:<id>`, `agent:<user id>`.
 */
export type Room = string;

export const ALL_ROOM: Room = 'all';
export const retailerRoom = (id: string): Room => `retailer:${id}`;
export const marketRoom = (id: string): Room => `market:${id}`;
export const officeRoom = (id: string): Room => `office:${id}`;
export const agentRoom = (id: string): Room => `agent:${id}`;
/** A user's own room: their exports' progress, never counts (scopeOfRoom knows no `user:`). */
export const userRoom = (id: string): Room => `user:${id}`;

/** The scope whose figures a room shows; undefined for a name that is no room. */
export function scopeOfRoom(room: Room): Scope | undefined {
  if (room === ALL_ROOM) return { kind: 'all' };
  const colon = room.indexOf(':');
  const kind = room.slice(0, colon);
  const id = room.slice(colon + 1);
  if (colon < 0 || !id) return undefined;
  switch (kind) {
    case 'retailer':
      return { kind: 'retailer', retailerIds: [id] };
    case 'market':
      return { kind: 'market', iboMarketerIds: [id] };
    case 'office':
      return { kind: 'office', officeIds: [id] };
    case 'agent':
      return { kind: 'agent', agentId: id };
    default:
      return undefined;
  }
}

/**
 * The rooms a signed-in user's socket joins: the super admin `all`, a retailer manager their
 * retailers, an IBO manager their markets and every office in them, an office manager each
 * office they manage, an agent their own.
 */
export async function roomsOfScope(db: SqlDb, scope: Scope): Promise<Room[]> {
  switch (scope.kind) {
    case 'all':
      return [ALL_ROOM];
    case 'retailer':
      return scope.retailerIds.map(retailerRoom);
    case 'market':
      return [...scope.iboMarketerIds.map(marketRoom), ...(await officesOfMarkets(db, scope.iboMarketerIds)).map(officeRoom)];
    case 'office':
      return scope.officeIds.map(officeRoom);
    case 'agent':
      return [agentRoom(scope.agentId)];
  }
}
