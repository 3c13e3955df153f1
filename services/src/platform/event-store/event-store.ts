import type { EventMetadata, Position, RecordedEvent } from '@portal/contracts';

/**
 * What a stream's version must be for an append to go through. Versions are 1-based:
 * a stream with n events has version n; a stream that does not exist has version 0.
 */
export type ExpectedVersion = number | 'any' | 'no_stream' | 'stream_exists';

export interface NewEvent<Data = unknown> {
  readonly type: string;
  readonly data: Data;
  readonly metadata?: EventMetadata;
  readonly schemaVersion?: number;
  /** Given by the caller for idempotent retries; otherwise assigned. */
  readonly eventId?: string;
}

export interface StreamAppend {
  readonly streamId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly NewEvent[];
}

export interface AppendOptions {
  /**
   * A retried command with the same key appends nothing new and gets the first answer.
   * The key determines the event ids, so the stored events themselves are the record.
   */
  readonly idempotencyKey?: string;
}

export interface AppendResult {
  /** The position of the last event appended: what read-your-writes waits for. */
  readonly position: Position;
  readonly streams: ReadonlyArray<{ readonly streamId: string; readonly version: number }>;
  /** True when this was a retry of an append that had already happened. */
  readonly duplicate: boolean;
}

export interface ReadStreamOptions {
  /** First stream position to return (1-based); default 1. */
  readonly fromVersion?: number;
  readonly maxCount?: number;
}

/** Where one event sits: its stream and its 1-based position there. */
export interface EventPlace {
  readonly streamId: string;
  readonly streamPosition: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  readonly after: Position;
  readonly maxCount: number;
}

export interface SubscribeOptions {
  readonly after: Position;
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
}

export interface Subscription {
  /** Resolves when the subscription stops (signal aborted); rejects if the handler throws. */
  readonly done: Promise<void>;
}

/**
 * The event store port: PostgreSQL by default, KurrentDB when EVENTSTORE_URL is set.
 * Both adapters pass the same contract test suite (event-store.contract.ts).
 */
export interface EventStore {
  readonly name: string;
  /** Appends to one or many streams atomically: all of them, or none. */
  append(appends: readonly StreamAppend[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Many whole streams at once (a batch command loads every device it moves): each id maps to its events, [] when absent. */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** The events at these places (stream, 1-based position), in the order asked; a place with no event is left out. The feed reads its index's pages through it. */
  readAt(places: readonly EventPlace[]): Promise<RecordedEvent[]>;
  /** The next events in the global order every reader shares; a growing prefix, nothing skipped. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `after`, then stays live; each batch is handled before the next is read. */
  subscribe(options: SubscribeOptions, handle: (events: RecordedEvent[]) => Promise<void>): Subscription;
  /** The position of the newest event readers can see now (START when empty). */
  head(): Promise<Position>;
  /**
   * The position of the newest event committed, whether readers can see it yet or not (head()
   * lags behind it while an older transaction is open): what a read model must reach to hold
   * every write made so far.
   */
  lastCommitted(): Promise<Position>;
  close(): Promise<void>;
}

export interface StreamConflict {
  readonly streamId: string;
  readonly expected: ExpectedVersion;
  /** Version found, when the adapter knows it. */
  readonly actual?: number;
}

/** Someone else wrote to one of the streams first: reload, decide again, retry. */
export class ConcurrencyError extends Error {
  constructor(readonly conflicts: readonly StreamConflict[]) {
    super(
      conflicts.length > 0
        ? `Another change reached ${conflicts.map((conflict) => conflict.streamId).join(', ')} first`
        : 'Another change reached the same records first',
    );
    this.name = 'ConcurrencyError';
  }
}

/**
 * An append whose Idempotency-Key already made an append to OTHER streams: the key was reused
 * for another request. Never answered with the first append's result (that would tell the caller
 * its new request succeeded); answered 422.
 */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('This Idempotency-Key was already used for another request; send a new key with a new request.');
    this.name = 'IdempotencyKeyReusedError';
  }
}

export function matchesExpected(expected: ExpectedVersion, actual: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 0;
    case 'stream_exists':
      return actual > 0;
    default:
      return actual === expected;
  }
}
