import { useSyncExternalStore } from 'react';
import { liveStore, scopeTotals } from './live-store';

/** The signed-in user's live figures (undefined until the socket's first counts) and whether the socket is up. */
export function useLiveCounts() {
  const counts = useSyncExternalStore(liveStore.subscribe, liveStore.counts);
  const connected = useSyncExternalStore(liveStore.subscribe, liveStore.connected);
  return { totals: scopeTotals(counts), connected };
}
