import { z } from 'zod';
import { blankAsMissing, text, wholeNumberBetween } from '../platform/input';
import { positionOfCursor } from './feed-cursor';

export const FEED_PAGE_DEFAULT = 100;
export const FEED_PAGE_MAX = 1000;
/** How long a request may wait for news (`wait=` seconds). */
export const FEED_WAIT_MAX_SECONDS = 30;
export const FEED_TYPES_MAX = 100;

export const CURSOR_MESSAGE = 'after is a cursor the feed gave (32 hex digits), or absent to start from the first event';
export const TYPES_MESSAGE = 'types is a comma-separated list of event type names (DeviceReceived,DeviceAssigned)';

const cursor = z.preprocess(
  blankAsMissing,
  text(CURSOR_MESSAGE)
    .trim()
    .refine((value) => positionOfCursor(value) !== undefined, CURSOR_MESSAGE)
    .optional(),
);

/** `types=A,B`: event type names, each once. (Whether each is a type the catalog knows is the service's check.) */
const types = z.preprocess(
  blankAsMissing,
  text(TYPES_MESSAGE)
    .max(4000, TYPES_MESSAGE)
    .transform((value, context) => {
      const names = [...new Set(value.split(',').map((name) => name.trim()).filter((name) => name !== ''))];
      if (names.length === 0 || names.length > FEED_TYPES_MAX || names.some((name) => !/^[A-Z][A-Za-z0-9]{0,79}$/.test(name))) {
        context.addIssue({ code: 'custom', message: TYPES_MESSAGE });
        return z.NEVER;
      }
      return names;
    })
    .optional(),
);

/** `GET /api/integration/v1/events`: the feed after a cursor, a page at a time, waiting for news up to `wait` seconds. */
export const eventFeedQuery = z.object({
  after: cursor,
  limit: z.preprocess(blankAsMissing, wholeNumberBetween(1, FEED_PAGE_MAX, `limit is a whole number from 1 to ${FEED_PAGE_MAX}`).optional()),
  types,
  wait: z.preprocess(blankAsMissing, wholeNumberBetween(0, FEED_WAIT_MAX_SECONDS, `wait is a whole number of seconds from 0 to ${FEED_WAIT_MAX_SECONDS}`).optional()),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuery>;

/** `GET /api/integration/v1/events/stream`: the same feed as Server-Sent Events; `Last-Event-ID` (or `after`) resumes. */
export const eventStreamQuery = z.object({ after: cursor, types });
export type EventStreamQuery = z.infer<typeof eventStreamQuery>;
