import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { Room } from './rooms';

type Listener = (rooms: readonly Room[]) => void;

/**
 * Which dashboard scopes changed: the worker publishes after a projection batch commits, every
 * api process subscribes and pushes fresh counts to its sockets in those rooms.
 */
export interface ScopeChanges {
  readonly kind: 'redis' | 'in-process';
  publish(rooms: readonly Room[]): Promise<void>;
  /** Answers the unsubscribe. */
  subscribe(listener: Listener): Promise<() => Promise<void>>;
}

/** api and worker in one process (the embedded default, or no Redis): an event emitter. */
export class InProcessScopeChanges implements ScopeChanges {
  readonly kind = 'in-process';
  private readonly emitter = new EventEmitter();

  async publish(rooms: readonly Room[]): Promise<void> {
    if (rooms.length > 0) this.emitter.emit('changes', rooms);
  }

  async subscribe(listener: Listener): Promise<() => Promise<void>> {
    this.emitter.on('changes', listener);
    return async () => void this.emitter.off('changes', listener);
  }
}

/** Separate processes: Redis pub/sub on `<REDIS_PREFIX>:scope-changes`. */
export class RedisScopeChanges implements ScopeChanges {
  readonly kind = 'redis';
  readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.channel = `${prefix}:scope-changes`;
  }

  async publish(rooms: readonly Room[]): Promise<void> {
    if (rooms.length > 0) await this.redis.publish(this.channel, JSON.stringify({ rooms }));
  }

  async subscribe(listener: Listener): Promise<() => Promise<void>> {
    // A subscribing connection can do nothing else: one of its own.
    const subscriber = this.redis.duplicate();
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        const parsed = JSON.parse(message) as { rooms?: unknown };
        if (Array.isArray(parsed.rooms)) listener(parsed.rooms.filter((room): room is string => typeof room === 'string'));
      } catch (error) {
        this.logger?.warn({ err: error, channel }, 'ignored a malformed scope-changes message');
      }
    });
    await subscriber.subscribe(this.channel);
    return async () => {
      await subscriber.unsubscribe(this.channel).catch(() => undefined);
      subscriber.disconnect();
    };
  }
}

export function createScopeChanges(platform: { redis?: Redis; config: { REDIS_PREFIX: string }; logger: Pick<Logger, 'warn'> }): ScopeChanges {
  return platform.redis ? new RedisScopeChanges(platform.redis, platform.config.REDIS_PREFIX, platform.logger) : new InProcessScopeChanges();
}
