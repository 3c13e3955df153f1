import { EventEmitter } from 'node:events';
import type { ExportPush } from '@portal/contracts';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { redisReadyWithin } from '../queue/redis-ready';
import type { Room } from './rooms';

/**
 * What the api processes hear for their sockets: which dashboard scopes a committed projection
 * batch changed and how one user's export is getting on (from the worker), and that a user's
 * sessions ended (logout, password change: from whichever api process answered it), so every
 * process checks that user's sockets again at once.
 */
export type LiveMessage =
  | { readonly kind: 'scopes'; readonly rooms: readonly Room[] }
  /**
   * A worker took over a dashboard projection: a batch its predecessor committed may never have
   * been published (killed in between), so every room is counted again.
   */
  | { readonly kind: 'resync' }
  | { readonly kind: 'export'; readonly user_id: string; readonly push: ExportPush }
  | { readonly kind: 'session-ended'; readonly user_id: string }
  /** These people's messages changed (null: a message for many, a document or an announcement): their consoles refetch the unread count. */
  | { readonly kind: 'messages'; readonly user_ids: readonly string[] | null };

type Listener = (message: LiveMessage) => void;

/**
 * Worker (and api) → api processes. Live pushes are best effort: a message that cannot be sent (Redis
 * down) is dropped and logged, never allowed to hold up the projections or an export.
 */
export interface LiveBus {
  readonly kind: 'redis' | 'in-process';
  publish(message: LiveMessage): Promise<void>;
  /** Answers the unsubscribe. */
  subscribe(listener: Listener): Promise<() => Promise<void>>;
}

const isEmpty = (message: LiveMessage) => (message.kind === 'scopes' && message.rooms.length === 0) || (message.kind === 'messages' && message.user_ids?.length === 0);

/** api and worker in one process (the embedded default, or no Redis): an event emitter. */
export class InProcessLiveBus implements LiveBus {
  readonly kind = 'in-process';
  private readonly emitter = new EventEmitter();

  async publish(message: LiveMessage): Promise<void> {
    if (!isEmpty(message)) this.emitter.emit('message', message);
  }

  async subscribe(listener: Listener): Promise<() => Promise<void>> {
    this.emitter.on('message', listener);
    return async () => void this.emitter.off('message', listener);
  }
}

function parseLiveMessage(text: string): LiveMessage | undefined {
  const parsed = JSON.parse(text) as Partial<{ kind: unknown; rooms: unknown; user_id: unknown; push: unknown }>;
  if (parsed.kind === 'scopes' && Array.isArray(parsed.rooms)) {
    return { kind: 'scopes', rooms: parsed.rooms.filter((room): room is string => typeof room === 'string') };
  }
  if (parsed.kind === 'export' && typeof parsed.user_id === 'string' && typeof parsed.push === 'object' && parsed.push !== null) {
    return { kind: 'export', user_id: parsed.user_id, push: parsed.push as ExportPush };
  }
  if (parsed.kind === 'session-ended' && typeof parsed.user_id === 'string') return { kind: 'session-ended', user_id: parsed.user_id };
  if (parsed.kind === 'resync') return { kind: 'resync' };
  if (parsed.kind === 'messages') {
    const userIds = (parsed as { user_ids?: unknown }).user_ids;
    if (userIds === null) return { kind: 'messages', user_ids: null };
    if (Array.isArray(userIds)) return { kind: 'messages', user_ids: userIds.filter((id): id is string => typeof id === 'string') };
  }
  return undefined;
}

/** Separate processes: Redis pub/sub on `<REDIS_PREFIX>:live`. */
export class RedisLiveBus implements LiveBus {
  readonly kind = 'redis';
  readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.channel = `${prefix}:live`;
  }

  async publish(message: LiveMessage): Promise<void> {
    if (isEmpty(message)) return;
    // The shared connection queues commands while Redis is away (BullMQ needs it to): drop instead
    // of waiting long — but a connection still being made (a worker's first moments, when it
    // announces the projections it took over) is worth a moment.
    if (!(await redisReadyWithin(this.redis))) {
      this.logger?.warn({ kind: message.kind, redis: this.redis.status }, 'live push dropped: Redis is not connected');
      return;
    }
    await this.redis.publish(this.channel, JSON.stringify(message));
  }

  async subscribe(listener: Listener): Promise<() => Promise<void>> {
    // A subscribing connection can do nothing else: one of its own.
    const subscriber = this.redis.duplicate();
    subscriber.on('error', () => undefined); // reconnects (and resubscribes) by itself
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      try {
        const message = parseLiveMessage(text);
        if (message) listener(message);
      } catch (error) {
        this.logger?.warn({ err: error, channel }, 'ignored a malformed live message');
      }
    });
    await subscriber.subscribe(this.channel);
    return async () => {
      await subscriber.unsubscribe(this.channel).catch(() => undefined);
      subscriber.disconnect();
    };
  }
}

type LivePlatform = { redis?: Redis; config: { REDIS_PREFIX: string }; logger: Pick<Logger, 'warn'> };
const busOfPlatform = new WeakMap<LivePlatform, LiveBus>();

/**
 * The live bus of a platform: one per platform, so that in one process the worker, the auth
 * service (session ends) and the gateway share the in-process emitter.
 */
export function createLiveBus(platform: LivePlatform): LiveBus {
  let bus = busOfPlatform.get(platform);
  if (!bus) {
    bus = platform.redis ? new RedisLiveBus(platform.redis, platform.config.REDIS_PREFIX, platform.logger) : new InProcessLiveBus();
    busOfPlatform.set(platform, bus);
  }
  return bus;
}
