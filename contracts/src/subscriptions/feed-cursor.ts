import { type Position, START } from '../platform/event-envelope';

/**
 * The feed's cursor (docs/SUBSCRIPTIONS.md): opaque to a subscriber, who only sends back the last
 * one it received. It is the store's stable position of an event — (transaction id, global
 * position), DESIGN §4 — written as 32 hex digits, so cursors also sort as text in the store's
 * order (CloudEvents' `sequence` extension compares them so).
 */
export type FeedCursor = string;

const WIDTH = 16;
const CURSOR = /^[0-9a-f]{32}$/;

export const FEED_START: FeedCursor = '0'.repeat(WIDTH * 2);

export function cursorOf(position: Position): FeedCursor {
  return position.transactionId.toString(16).padStart(WIDTH, '0') + position.globalPosition.toString(16).padStart(WIDTH, '0');
}

/** The position a cursor names; undefined for anything that is not one. */
export function positionOfCursor(cursor: string): Position | undefined {
  if (!CURSOR.test(cursor)) return undefined;
  const transactionId = Number.parseInt(cursor.slice(0, WIDTH), 16);
  const globalPosition = Number.parseInt(cursor.slice(WIDTH), 16);
  if (!Number.isSafeInteger(transactionId) || !Number.isSafeInteger(globalPosition)) return undefined;
  return cursor === FEED_START ? START : { transactionId, globalPosition };
}
