import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type EventFeedPage, type Position, cursorOf } from '@portal/contracts';
import { CHECKPOINT_CHANNEL, Wakeup, feedIndexPage, feedProjection } from '@portal/projections';
import type { Platform } from '../platform/platform';
import { PLATFORM } from '../platform/tokens';
import { toCloudEvent } from './cloud-event';

/** How often a waiting page looks again without news (a notification can be missed while the listener reconnects). */
const RECHECK_MS = 1000;

export interface FeedRequest {
  readonly retailerId: string;
  readonly after: Position;
  readonly limit: number;
  readonly types?: readonly string[];
  /** How long an empty page may wait for news. */
  readonly waitMs: number;
  readonly signal?: AbortSignal;
}

/**
 * The event feed of one retailer (docs/SUBSCRIPTIONS.md): pages of its index after a cursor, the
 * events themselves read from the store by place, delivered as CloudEvents. An empty page waits,
 * bounded, for the feed projection to move (one LISTEN per process, shared by every waiter).
 */
@Injectable()
export class EventFeed implements OnModuleDestroy {
  private readonly waiters = new Set<Wakeup>();
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async page(request: FeedRequest): Promise<EventFeedPage> {
    const deadline = Date.now() + request.waitMs;
    const wakeup = new Wakeup();
    let after = request.after;
    if (request.waitMs > 0) await this.listen(wakeup);
    try {
      for (;;) {
        wakeup.clear();
        const index = await feedIndexPage(this.platform.database.db, request.retailerId, after, request.limit, request.types);
        // A filtered page may move on without an event: the next look starts there.
        after = index.next;
        const left = deadline - Date.now();
        if (index.places.length > 0 || left <= 0 || request.signal?.aborted) {
          const events = await this.platform.eventStore.readAt(index.places);
          return { events: events.map((event) => toCloudEvent(event, request.retailerId)), next_cursor: cursorOf(index.next) };
        }
        await wakeup.wait(Math.min(left, RECHECK_MS), request.signal);
      }
    } finally {
      this.waiters.delete(wakeup);
    }
  }

  private async listen(wakeup: Wakeup): Promise<void> {
    this.waiters.add(wakeup);
    this.listening ??= this.platform.database.listen(CHECKPOINT_CHANNEL, (projection) => {
      if (projection !== feedProjection.name) return;
      for (const waiter of this.waiters) waiter.notify();
    });
    try {
      await this.listening;
    } catch (error) {
      // No listener (the database is away): the waiters look again every RECHECK_MS; the next wait tries to listen again.
      this.listening = undefined;
      this.platform.logger.warn({ err: error }, 'the event feed could not listen for news; waiting pages poll');
    }
  }

  async onModuleDestroy(): Promise<void> {
    const listening = this.listening;
    this.listening = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
