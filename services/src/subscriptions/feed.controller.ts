import { Controller, Inject, Req, Res } from '@nestjs/common';
import { CURSOR_MESSAGE, type EventFeedPage, type EventFeedQuery, type EventStreamQuery, FEED_PAGE_DEFAULT, FEED_START, type Position, catalogEntry, cursorOf, positionOfCursor } from '@portal/contracts';
import type { Request, Response } from 'express';
import type { IntegrationClient } from '../auth/api-keys.store';
import { IntegrationCaller } from '../auth/current-user';
import { DomainError } from '../platform/commands/command-errors';
import { RouteQuery, Serves } from '../platform/http/serves';
import { EventFeed } from './event-feed';

/** A Server-Sent Events connection's page: a page's worth per write, waiting up to this long for news. */
const STREAM_PAGE = 200;
const STREAM_WAIT_MS = 15_000;

/** Aborted when the client goes away: a waiting page stops waiting. */
function closedBy(request: Request): AbortSignal {
  const controller = new AbortController();
  request.on('close', () => controller.abort());
  return controller.signal;
}

const startOf = (cursor: string | undefined): Position => positionOfCursor(cursor ?? FEED_START)!;

/** The types asked, each one the catalog knows (a typo would otherwise wait forever for an event that never comes). */
function knownTypes(types: readonly string[] | undefined): readonly string[] | undefined {
  const unknown = types?.filter((type) => !catalogEntry(type));
  if (unknown && unknown.length > 0) {
    const message = `No event type is called ${unknown.join(', ')}: see /api/docs/asyncapi.json for the list`;
    throw new DomainError(message, 400, { types: message });
  }
  return types;
}

/** The event feed over HTTP for API keys (docs/SUBSCRIPTIONS.md): pages with long-poll, and Server-Sent Events. */
@Controller()
export class FeedController {
  constructor(@Inject(EventFeed) private readonly feed: EventFeed) {}

  @Serves('GET /api/integration/v1/events')
  async events(@RouteQuery() query: EventFeedQuery, @IntegrationCaller() caller: IntegrationClient, @Req() request: Request): Promise<EventFeedPage> {
    return this.feed.page({
      retailerId: caller.retailer_id,
      after: startOf(query.after),
      limit: query.limit ?? FEED_PAGE_DEFAULT,
      types: knownTypes(query.types),
      waitMs: (query.wait ?? 0) * 1000,
      signal: closedBy(request),
    });
  }

  /**
   * text/event-stream: each event is a message whose `id` is its cursor, so EventSource (or any
   * client) reconnecting with `Last-Event-ID` resumes after it; a filtered stream that moves past
   * rows of other types sends an `id` alone. A comment line every STREAM_WAIT_MS keeps proxies from
   * closing an idle connection.
   */
  @Serves('GET /api/integration/v1/events/stream')
  async stream(@RouteQuery() query: EventStreamQuery, @IntegrationCaller() caller: IntegrationClient, @Req() request: Request, @Res() response: Response): Promise<void> {
    const lastEventId = request.header('last-event-id')?.trim();
    if (lastEventId && !positionOfCursor(lastEventId)) throw new DomainError(CURSOR_MESSAGE, 400, { 'Last-Event-ID': CURSOR_MESSAGE });
    let after = startOf(lastEventId || query.after);
    const types = knownTypes(query.types);
    const signal = closedBy(request);
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    response.write('retry: 1000\n\n');
    try {
      while (!signal.aborted) {
        const page = await this.feed.page({ retailerId: caller.retailer_id, after, limit: STREAM_PAGE, types, waitMs: STREAM_WAIT_MS, signal });
        if (signal.aborted) break;
        const written = page.events.map((event) => `id: ${event.sequence}\ndata: ${JSON.stringify(event)}\n\n`).join('');
        const moved = page.next_cursor !== cursorOf(after);
        response.write(written || (moved ? `id: ${page.next_cursor}\n\n` : ': waiting\n\n'));
        after = positionOfCursor(page.next_cursor)!;
      }
    } catch (error) {
      // The headers are out: say so in the stream's own terms, and close; the client reconnects with its Last-Event-ID.
      if (!signal.aborted) response.write(`event: error\ndata: ${JSON.stringify({ message: error instanceof Error ? error.message : 'The feed stopped' })}\n\n`);
    } finally {
      response.end();
    }
  }
}
