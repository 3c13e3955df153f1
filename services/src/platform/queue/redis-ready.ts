import type { Redis } from 'ioredis';

/** How long a caller waits for a Redis connection that is not ready before giving up on it. */
export const REDIS_CONNECT_WAIT_MS = 2000;

/**
 * Ready now, or within `ms` (a fresh connection, a blip); false while Redis stays away. For the
 * shared connection, which queues commands until Redis is back (BullMQ needs it to): callers
 * refuse or drop instead of waiting that long.
 */
export function redisReadyWithin(redis: Redis, ms = REDIS_CONNECT_WAIT_MS): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', ready);
      resolve(false);
    }, ms);
    redis.once('ready', ready);
  });
}
