import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const width = () => window.innerWidth;

/** The window's inner width, following resizes. */
export function useWindowWidth(): number {
  return useSyncExternalStore(subscribe, width, () => 1280);
}
