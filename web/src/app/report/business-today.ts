import dayjs, { type Dayjs } from 'dayjs';
import { useSyncExternalStore } from 'react';

/**
 * The business's today (YYYY-MM-DD), for the date rules that end on it (the sales reports'
 * window: doc 2 §5). The server says it with the sales dashboards (`as_of_date`); until a
 * dashboard has answered in this tab, the browser's own date stands in. What the server said is
 * carried forward by the days the browser has seen pass since (a page left open past midnight),
 * and kept for the tab (sessionStorage) so a reload still knows it.
 */

const KEY = 'business-today';
const ISO = 'YYYY-MM-DD';

interface Known {
  /** The server's today. */
  readonly asOf: string;
  /** The browser's date when the server said it. */
  readonly seenOn: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let known: Known | undefined = load();

function load(): Known | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Known> | null;
    return stored && typeof stored.asOf === 'string' && typeof stored.seenOn === 'string' ? { asOf: stored.asOf, seenOn: stored.seenOn } : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the server's today (a dashboard's `as_of_date`), seen on the browser's date `now`. */
export function rememberBusinessToday(asOf: string, now: Dayjs = dayjs()): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return;
  const next: Known = { asOf, seenOn: now.format(ISO) };
  if (known?.asOf === next.asOf && known.seenOn === next.seenOn) return;
  known = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage refused: known for this page only.
  }
  for (const listener of listeners) listener();
}

/** Forgets what the server said (tests; a signed-out tab). */
export function forgetBusinessToday(): void {
  known = undefined;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
  for (const listener of listeners) listener();
}

/** The business's today on the browser's date `now`: the server's, moved on by the days passed since; else the browser's. */
export function businessToday(now: Dayjs = dayjs()): string {
  if (!known) return now.format(ISO);
  const passed = Math.round(now.startOf('day').diff(dayjs(known.seenOn), 'day', true));
  return dayjs(known.asOf).add(Math.max(0, passed), 'day').format(ISO);
}

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The business's today (YYYY-MM-DD), following what the server says. */
export function useBusinessToday(): string {
  return useSyncExternalStore(subscribe, () => businessToday());
}
