import type { ExportPush, LiveCounts } from '@portal/contracts/platform/live';

/**
 * What the live socket has told this page: the latest counts per room and the exports' pushes.
 * A plain store (no React) so that export following and the dashboard read the same source.
 */
type Listener = () => void;

let counts: Readonly<Record<string, LiveCounts>> = {};
let connected = false;
const countListeners = new Set<Listener>();
const exportListeners = new Map<string, Set<(push: ExportPush) => void>>();

export const liveStore = {
  counts: () => counts,
  connected: () => connected,
  subscribe(listener: Listener): () => void {
    countListeners.add(listener);
    return () => countListeners.delete(listener);
  },
  receiveCounts(push: LiveCounts): void {
    counts = { ...counts, [push.room]: push };
    for (const listener of countListeners) listener();
  },
  setConnected(value: boolean): void {
    connected = value;
    for (const listener of countListeners) listener();
  },
  /** Listens to one export's pushes; answers the unsubscribe. */
  onExport(exportId: string, listener: (push: ExportPush) => void): () => void {
    const listeners = exportListeners.get(exportId) ?? new Set();
    listeners.add(listener);
    exportListeners.set(exportId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) exportListeners.delete(exportId);
    };
  },
  receiveExport(push: ExportPush): void {
    for (const listener of exportListeners.get(push.export_id) ?? []) listener(push);
  },
  reset(): void {
    counts = {};
    connected = false;
    for (const listener of countListeners) listener();
  },
};

/** Rooms from the widest scope down; a user's figures are the sum of their widest rooms. */
const ROOM_LEVELS = ['all', 'retailer', 'market', 'office', 'agent'] as const;

/**
 * The signed-in user's own figures from their rooms' counts: the rooms of the widest level they
 * have, added up (an IBO manager has market rooms and the rooms of the offices in them: the
 * market rooms already hold the offices, so only they count).
 */
export function scopeTotals(byRoom: Readonly<Record<string, LiveCounts>>): { agents: number; offices: number; devices_in_stock: number } | undefined {
  const rooms = Object.values(byRoom);
  for (const level of ROOM_LEVELS) {
    const atLevel = rooms.filter((push) => (push.room.split(':')[0] ?? push.room) === level);
    if (atLevel.length > 0) {
      return atLevel.reduce(
        (sum, push) => ({ agents: sum.agents + push.agents, offices: sum.offices + push.offices, devices_in_stock: sum.devices_in_stock + push.devices_in_stock }),
        { agents: 0, offices: 0, devices_in_stock: 0 },
      );
    }
  }
  return undefined;
}
