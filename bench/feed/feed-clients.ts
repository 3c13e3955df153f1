import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudEvent } from '@portal/contracts';
import { Client } from 'pg';
import { waitFor } from '../inventory/service';

/*
 * The subscriber's side of the event feed bench (bench/feed.bench.ts): the feed projection's
 * checkpoint against the store's head, a Server-Sent Events reader and a local webhook receiver.
 */

export interface Position {
  readonly transactionId: number;
  readonly globalPosition: number;
}

/** The store's head as a reader sees it (PostgresEventStore.head: below the oldest open transaction). */
export async function storeHead(client: Client): Promise<Position> {
  const row = (
    await client.query<{ transaction_id: string; global_position: string }>(
      `select transaction_id::text as transaction_id, global_position::text as global_position from es_events
       where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by transaction_id desc, global_position desc limit 1`,
    )
  ).rows[0];
  return row ? { transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position) } : { transactionId: 0, globalPosition: 0 };
}

export interface FeedCheckpoint extends Position {
  readonly status: string;
  readonly generation: number;
  readonly eventsApplied: number;
}

/** The feed projection's newest generation (live or building), or undefined when it has none yet. */
export async function feedCheckpoint(client: Client): Promise<FeedCheckpoint | undefined> {
  const exists = (await client.query(`select 1 from information_schema.tables where table_name = 'projection_checkpoints'`)).rowCount === 1;
  if (!exists) return undefined;
  const row = (
    await client.query<{ status: string; generation: number; transaction_id: string; global_position: string; events_applied: string }>(
      `select status, generation, transaction_id::text, global_position::text, events_applied::text from projection_checkpoints
       where projection = 'feed' and status in ('live', 'building') order by generation desc limit 1`,
    )
  ).rows[0];
  return row ? { status: row.status, generation: row.generation, transactionId: Number(row.transaction_id), globalPosition: Number(row.global_position), eventsApplied: Number(row.events_applied) } : undefined;
}

export const reached = (checkpoint: Position | undefined, head: Position) =>
  checkpoint !== undefined && (checkpoint.transactionId > head.transactionId || (checkpoint.transactionId === head.transactionId && checkpoint.globalPosition >= head.globalPosition));

/** Waits until the feed projection's live generation has reached the store's head as it is now (test/api/subscriptions.e2e.ts settled()). */
export async function feedSettled(client: Client, timeoutMs: number): Promise<FeedCheckpoint> {
  const head = await storeHead(client);
  return (await waitFor(
    () => feedCheckpoint(client),
    (checkpoint) => checkpoint?.status === 'live' && reached(checkpoint, head),
    timeoutMs,
    'the feed projection to reach the head of the event store',
  ))!;
}

/** One Server-Sent Events connection to the feed: every CloudEvent message with the time it arrived (performance.now()). */
export class StreamReader {
  readonly arrivals: { readonly at: number; readonly event: CloudEvent }[] = [];
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private done: Promise<void> | undefined;
  lastId = '';
  error: unknown;

  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  async open(after: string): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/integration/v1/events/stream?after=${after}`, { headers: { 'x-api-key': this.key, accept: 'text/event-stream' }, signal: this.controller.signal });
    if (response.status !== 200 || !response.body) throw new Error(`the event stream answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    this.done = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          const at = performance.now();
          buffer += decoder.decode(chunk.value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of message.split('\n')) {
              if (line.startsWith('id: ')) this.lastId = line.slice(4);
              if (line.startsWith('data: ')) this.arrivals.push({ at, event: JSON.parse(line.slice(6)) as CloudEvent });
            }
          }
          for (const listener of this.listeners) listener();
        }
      } catch (error) {
        if (!this.controller.signal.aborted) this.error = error;
      }
    })();
  }

  /** Resolves with the arrival time of the first event (from index `from` on) that `match` accepts. */
  until(from: number, match: (event: CloudEvent) => boolean, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.arrivals.slice(from).find((arrival) => match(arrival.event));
        if (found) {
          cleanup();
          resolve(found.at);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching event on the stream within ${timeoutMs} ms${this.error ? ` (${String(this.error)})` : ''}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }
}

/**
 * A local webhook receiver: answers 204 at once, verifies nothing, and keeps the first arrival of
 * each `webhook-id` (Date.now(), to compare with the CloudEvent's `time` from the same machine's
 * database) with the event's time; duplicates are counted.
 */
export async function startReceiver() {
  const first = new Map<string, { readonly receivedAt: number; readonly eventTime: number }>();
  let requests = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = Date.now();
      response.writeHead(204).end();
      requests++;
      const id = String(request.headers['webhook-id'] ?? '');
      if (!id || first.has(id)) return;
      let eventTime = Number.NaN;
      try {
        eventTime = Date.parse((JSON.parse(Buffer.concat(chunks).toString('utf8')) as CloudEvent).time);
      } catch {
        // Counted all the same: the receiver verifies nothing.
      }
      first.set(id, { receivedAt, eventTime });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    first,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
