import { randomUUID } from 'node:crypto';
import {
  ANY,
  type AppendStreamState,
  BACKWARDS,
  type CurrentStreamState,
  END,
  ErrorType,
  type EventData,
  type JSONType,
  KurrentDBClient,
  type MultiAppendResult,
  NO_STREAM,
  type Position as LogPosition,
  type ReadPosition,
  type ReadStreamOptions as KurrentReadStreamOptions,
  type RecordedEvent as StoredEvent,
  START as LOG_START,
  STREAM_EXISTS,
  excludeSystemEvents,
  isCommandError,
  jsonEvent,
} from '@kurrent/kurrentdb-client';
import { type EventMetadata, type Position, type RecordedEvent, START, comparePositions } from '@portal/contracts';
import {
  type AppendOptions,
  type AppendResult,
  ConcurrencyError,
  type EventStore,
  type ExpectedVersion,
  type EventPlace,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamAppend,
  type StreamConflict,
  type SubscribeOptions,
  type Subscription,
  matchesExpected,
} from './event-store';
import { eventIdsForKey } from './idempotency';

/*
 * Mapping between our port and KurrentDB, kept in this file only.
 *
 * - Versions: ours are 1-based (a stream with n events has version n, no stream is 0);
 *   KurrentDB revisions are 0-based (the n-th event has revision n - 1).
 * - Positions: our Position { transactionId, globalPosition } is the $all log position
 *   { commit, prepare }. For events written by a normal append, commit = prepare = the
 *   event's own log position, and an append answers with the position of its last event.
 * - Metadata: KurrentDB's multi-stream append only accepts flat string-to-string metadata,
 *   so every event (single- or multi-stream) carries the same flat shape: our metadata
 *   object as JSON under `portal.metadata`, the schema version under `portal.schema_version`,
 *   and the id of the append attempt under `portal.append_id` (see append()). Keys starting
 *   with `$` are KurrentDB's; we only add `$correlationId`/`$causationId`, which its
 *   $by_correlation_id projection reads.
 */

/** Keys of the KurrentDB event metadata written by this adapter; every value is a string. */
export const METADATA_KEYS = {
  metadata: 'portal.metadata',
  schemaVersion: 'portal.schema_version',
  appendId: 'portal.append_id',
} as const;

function assertVersion(version: number): void {
  if (!Number.isSafeInteger(version) || version < 0) throw new RangeError(`A stream version is a whole number >= 0, got ${version}`);
}

/** The revision (0-based) of the event at a version (1-based). */
export function versionToRevision(version: number): bigint {
  assertVersion(version);
  if (version === 0) throw new RangeError('Version 0 means "no stream": there is no event, hence no revision');
  return BigInt(version - 1);
}

/** The version (1-based) of the event at a revision (0-based). */
export function revisionToVersion(revision: bigint): number {
  return Number(revision) + 1;
}

/** Our expected version as KurrentDB's stream state: 0 is "no stream", n is revision n - 1. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      assertVersion(expected);
      return expected === 0 ? NO_STREAM : versionToRevision(expected);
  }
}

/** KurrentDB's expected stream state back as our expected version. */
export function fromStreamState(state: AppendStreamState): ExpectedVersion {
  return typeof state === 'bigint' ? revisionToVersion(state) : state;
}

/** The version of a stream KurrentDB reports (no stream, or deleted/tombstoned markers below 0, is 0). */
export function currentStateToVersion(state: CurrentStreamState | undefined): number {
  return typeof state === 'bigint' && state >= 0n ? revisionToVersion(state) : 0;
}

export function fromLogPosition(position: LogPosition): Position {
  return { transactionId: Number(position.commit), globalPosition: Number(position.prepare) };
}

export function toLogPosition(position: Position): LogPosition {
  return { commit: BigInt(position.transactionId), prepare: BigInt(position.globalPosition) };
}

/** Where a read of $all starts: START maps to KurrentDB's start of the log. */
export function toReadPosition(position: Position): ReadPosition {
  return comparePositions(position, START) === 0 ? LOG_START : toLogPosition(position);
}

/** The flat, string-valued event metadata stored in KurrentDB. */
export function encodeMetadata(metadata: EventMetadata | undefined, schemaVersion: number, appendId: string): Record<string, string> {
  const encoded: Record<string, string> = {
    [METADATA_KEYS.metadata]: JSON.stringify(metadata ?? {}),
    [METADATA_KEYS.schemaVersion]: String(schemaVersion),
    [METADATA_KEYS.appendId]: appendId,
  };
  if (metadata?.correlation_id) encoded.$correlationId = metadata.correlation_id;
  if (metadata?.causation_id) encoded.$causationId = metadata.causation_id;
  return encoded;
}

export interface DecodedMetadata {
  readonly metadata: EventMetadata;
  readonly schemaVersion: number;
  readonly appendId?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/** Reads back what encodeMetadata wrote; metadata written by other tools keeps its own non-system keys. */
export function decodeMetadata(stored: unknown): DecodedMetadata {
  if (!isRecord(stored)) return { metadata: {}, schemaVersion: 1 };
  const encoded = stored[METADATA_KEYS.metadata];
  let metadata: EventMetadata = {};
  if (typeof encoded === 'string') {
    try {
      const parsed: unknown = JSON.parse(encoded);
      if (isRecord(parsed)) metadata = parsed as EventMetadata;
    } catch {
      // Not ours after all: leave the metadata empty rather than fail the read.
    }
  } else {
    metadata = Object.fromEntries(Object.entries(stored).filter(([key]) => !key.startsWith('$') && !key.startsWith('portal.'))) as EventMetadata;
  }
  const schemaVersion = Number(stored[METADATA_KEYS.schemaVersion]);
  const appendId = stored[METADATA_KEYS.appendId];
  return {
    metadata,
    schemaVersion: Number.isSafeInteger(schemaVersion) && schemaVersion > 0 ? schemaVersion : 1,
    ...(typeof appendId === 'string' ? { appendId } : {}),
  };
}

/**
 * A KurrentDB wrong-expected-version failure (single-stream append, or the revision
 * conflict of a multi-stream append) as our ConcurrencyError; anything else is null.
 */
export function toConcurrencyError(error: unknown, appends: readonly StreamAppend[]): ConcurrencyError | null {
  if (error instanceof ConcurrencyError) return error;
  if (!(error instanceof Error) || !isCommandError(error)) return null;
  if (error.type === ErrorType.WRONG_EXPECTED_VERSION) {
    const append = findAppend(appends, error.streamName);
    return new ConcurrencyError([
      {
        streamId: append?.streamId ?? error.streamName,
        expected: append?.expectedVersion ?? fromStreamState(error.expectedState),
        actual: currentStateToVersion(error.actualState),
      },
    ]);
  }
  if (error.type === ErrorType.APPEND_CONSISTENCY_VIOLATION) {
    return new ConcurrencyError(
      error.violations.map((violation) => {
        const append = findAppend(appends, violation.streamName);
        return {
          streamId: append?.streamId ?? violation.streamName,
          expected: append?.expectedVersion ?? fromStreamState(violation.expectedState),
          actual: currentStateToVersion(violation.actualState),
        };
      }),
    );
  }
  return null;
}

/** KurrentDB compares stream names of one append session case-insensitively. */
function findAppend(appends: readonly StreamAppend[], streamName: string | undefined): StreamAppend | undefined {
  if (streamName === undefined) return undefined;
  return appends.find((append) => append.streamId === streamName) ?? appends.find((append) => append.streamId.toLowerCase() === streamName.toLowerCase());
}

/** Failures after which the events may have been written all the same. */
function mayHaveBeenWritten(error: unknown): boolean {
  return (
    error instanceof Error &&
    isCommandError(error) &&
    [ErrorType.TIMEOUT, ErrorType.DEADLINE_EXCEEDED, ErrorType.UNAVAILABLE].includes(error.type)
  );
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;
}

/** System events ($-prefixed types, or anything in a $-prefixed stream) never reach our readers. */
function isSystemEvent(stored: StoredEvent): boolean {
  return stored.type.startsWith('$') || stored.streamId.startsWith('$');
}

function toRecordedEvent(stored: StoredEvent): RecordedEvent {
  if (!stored.position) {
    throw new Error(`KurrentDB returned event ${stored.id} of ${stored.streamId} without its log position (needs a server >= 22.6)`);
  }
  const { metadata, schemaVersion } = decodeMetadata(stored.metadata);
  return {
    position: fromLogPosition(stored.position),
    streamId: stored.streamId,
    streamPosition: revisionToVersion(stored.revision),
    eventId: stored.id,
    type: stored.type,
    schemaVersion,
    data: stored.data,
    metadata,
    recordedAt: stored.created,
  };
}

function sortedVersions(versions: ReadonlyMap<string, number>): AppendResult['streams'] {
  return [...versions.keys()].sort().map((streamId) => ({ streamId, version: versions.get(streamId)! }));
}

/** One stream's part of an append, ready to send. */
interface StreamWrite {
  readonly streamId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly eventIds: readonly string[];
  readonly events: EventData[];
}

interface Written {
  readonly versions: Map<string, number>;
  /** The position of the last event, when the server said it. */
  readonly position?: Position;
}

const LOOKUP_CONCURRENCY = 32;

/**
 * The event store on KurrentDB (or EventStoreDB), selected by EVENTSTORE_URL.
 *
 * Server versions: single-stream appends use `appendToStream` and work on any KurrentDB or
 * EventStoreDB >= 22.6 (events carry their log position from then on). Appends that write to
 * several streams use `multiStreamAppend`, which needs KurrentDB >= 25.1; on older servers
 * they fail with an explicit error instead of being split (that would not be atomic).
 *
 * Idempotency: the event ids come from the idempotency key (KurrentDB deduplicates by event
 * id). A retry may then be answered by the server as a success (it recognised the events),
 * as a wrong expected version, or time out; in every case the adapter looks for the events
 * and answers with the first attempt's result and `duplicate: true`. Each attempt stamps its
 * own `portal.append_id`, which tells a fresh write from a success the server deduplicated.
 */
export class KurrentDbEventStore implements EventStore {
  readonly name = 'kurrentdb';
  private readonly client: KurrentDBClient;
  private readonly subscriptions = new Set<AbortController>();

  /** A connection string (`kurrentdb://host:2113?tls=false`) or a client the caller owns the settings of. */
  constructor(connection: string | KurrentDBClient) {
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
  }

  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(connectionString);
  }

  async append(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult> {
    const writes = this.toWrites(appends, options);
    const callerChoseIds = options.idempotencyKey !== undefined || appends.some((append) => append.events.some((event) => event.eventId !== undefined));
    const appendId = writes.appendId;
    const writing = writes.streams.filter((write) => write.events.length > 0);
    const checkOnly = writes.streams.filter((write) => write.events.length === 0);

    // The server recognises a retry by itself only when it knows where the events must be
    // (exact expected version); with 'any' or 'stream_exists' we look first.
    if (callerChoseIds && writing.some((write) => write.expectedVersion === 'any' || write.expectedVersion === 'stream_exists')) {
      const earlier = await this.findAppended(writes.streams);
      if (earlier) return earlier;
    }

    // Streams named with no events only have their version checked (not atomically with the write).
    const versions = await this.checkVersions(checkOnly);
    if (writing.length === 0) return { position: await this.head(), streams: sortedVersions(versions), duplicate: false };

    let written: Written;
    try {
      written = writing.length === 1 ? await this.appendToOne(writing[0]!) : await this.appendToMany(writing);
    } catch (error) {
      const conflict = toConcurrencyError(error, appends);
      if (callerChoseIds && (conflict !== null || mayHaveBeenWritten(error))) {
        // A retry racing its first attempt loses the race to itself: answer with the first.
        const earlier = await this.findAppended(writes.streams);
        if (earlier) return earlier;
      }
      throw conflict ?? error;
    }
    for (const [streamId, version] of written.versions) versions.set(streamId, version);
    for (const write of writing) if (!versions.has(write.streamId)) versions.set(write.streamId, await this.currentVersion(write.streamId));

    let position = written.position;
    let duplicate = false;
    if (callerChoseIds || position === undefined) {
      // The last event of the last stream is the last one in the log: its position is the
      // append's, and its append id says whether this attempt wrote it.
      const last = writing[writing.length - 1]!;
      const [stored] = await this.readStored(last.streamId, { fromRevision: versionToRevision(versions.get(last.streamId)!), maxCount: 1, requiresLeader: true });
      if (!stored) throw new Error(`KurrentDB acknowledged an append to ${last.streamId} whose last event cannot be read back`);
      position = toRecordedEvent(stored).position;
      duplicate = callerChoseIds && decodeMetadata(stored.metadata).appendId !== appendId;
    }
    return { position, streams: sortedVersions(versions), duplicate };
  }

  private toWrites(appends: readonly StreamAppend[], options: AppendOptions): { appendId: string; streams: StreamWrite[] } {
    const seen = new Set<string>();
    for (const { streamId } of appends) {
      if (seen.has(streamId)) throw new Error(`Stream ${streamId} appears twice in one append`);
      seen.add(streamId);
    }
    const count = appends.reduce((total, append) => total + append.events.length, 0);
    const derived = options.idempotencyKey !== undefined ? eventIdsForKey(options.idempotencyKey, count) : undefined;
    const appendId = randomUUID();
    let index = 0;
    const streams = appends.map((append) => {
      const eventIds: string[] = [];
      const events = append.events.map((event) => {
        const id = (derived?.[index] ?? event.eventId ?? randomUUID()).toLowerCase();
        index++;
        eventIds.push(id);
        return jsonEvent({
          id,
          type: event.type,
          // JSON.stringify takes any JSON value; the client's type only names objects, arrays and strings.
          data: (event.data ?? null) as JSONType,
          metadata: encodeMetadata(event.metadata, event.schemaVersion ?? 1, appendId),
        });
      });
      return { streamId: append.streamId, expectedVersion: append.expectedVersion, eventIds, events };
    });
    return { appendId, streams };
  }

  /** One stream: the classic append, which works on servers without multi-stream append. */
  private async appendToOne(write: StreamWrite): Promise<Written> {
    const result = await this.client.appendToStream(write.streamId, write.events, { streamState: toStreamState(write.expectedVersion) });
    if (!result.success) {
      // Only when the connection string sets throwOnAppendFailure=false.
      throw new ConcurrencyError([{ streamId: write.streamId, expected: write.expectedVersion }]);
    }
    return {
      versions: new Map([[write.streamId, revisionToVersion(result.nextExpectedRevision)]]),
      position: result.position ? fromLogPosition(result.position) : undefined,
    };
  }

  /** Several streams, all or none: KurrentDB >= 25.1. Its conflict names the first conflicting stream. */
  private async appendToMany(writes: readonly StreamWrite[]): Promise<Written> {
    let result: MultiAppendResult;
    try {
      result = await this.client.multiStreamAppend(
        writes.map((write) => ({ streamName: write.streamId, expectedState: toStreamState(write.expectedVersion), events: write.events })),
      );
    } catch (error) {
      if (error instanceof Error && isCommandError(error) && error.type === ErrorType.UNSUPPORTED) {
        throw new Error('Appending to several streams at once needs KurrentDB >= 25.1 (multi-stream append)', { cause: error });
      }
      throw error;
    }
    const versions = new Map<string, number>();
    for (const response of result.responses) {
      const write = writes.find((candidate) => candidate.streamId === response.streamName);
      if (write) versions.set(write.streamId, revisionToVersion(response.revision));
    }
    // The transaction's position is its last event's log position (commit = prepare).
    const position = Number(result.position);
    return { versions, position: { transactionId: position, globalPosition: position } };
  }

  /** Checks the version of streams named without events; throws ConcurrencyError on a mismatch. */
  private async checkVersions(writes: readonly StreamWrite[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    const conflicts: StreamConflict[] = [];
    await this.forEachLimited(writes, async (write) => {
      const version = await this.currentVersion(write.streamId);
      versions.set(write.streamId, version);
      if (!matchesExpected(write.expectedVersion, version)) conflicts.push({ streamId: write.streamId, expected: write.expectedVersion, actual: version });
    });
    if (conflicts.length > 0) throw new ConcurrencyError(conflicts);
    return versions;
  }

  /** When every event of this append is already stored, the answer the first attempt got. */
  private async findAppended(writes: readonly StreamWrite[]): Promise<AppendResult | null> {
    if (writes.every((write) => write.eventIds.length === 0)) return null;
    const versions = new Map<string, number>();
    let position: Position = START;
    let complete = true;
    await this.forEachLimited(writes, async (write) => {
      if (!complete) return;
      if (write.eventIds.length === 0) {
        versions.set(write.streamId, await this.currentVersion(write.streamId));
        return;
      }
      const found = await this.findEvents(write);
      if (!found) {
        complete = false;
        return;
      }
      for (const event of found) if (comparePositions(event.position, position) > 0) position = event.position;
      versions.set(write.streamId, Math.max(...found.map((event) => event.streamPosition)));
    });
    return complete ? { position, streams: sortedVersions(versions), duplicate: true } : null;
  }

  /** This write's events, in order, if all of them are in the stream. */
  private async findEvents(write: StreamWrite): Promise<RecordedEvent[] | null> {
    const before = write.expectedVersion === 'no_stream' ? 0 : typeof write.expectedVersion === 'number' ? write.expectedVersion : undefined;
    if (before !== undefined) {
      // Where an exact expected version put them.
      const stored = await this.readStored(write.streamId, { fromRevision: BigInt(before), maxCount: write.eventIds.length, requiresLeader: true });
      const matches = stored.length === write.eventIds.length && stored.every((event, index) => event.id.toLowerCase() === write.eventIds[index]);
      return matches ? stored.map(toRecordedEvent) : null;
    }
    // 'any' or 'stream_exists': anywhere in the stream, newest first.
    const wanted = new Set(write.eventIds);
    const found = new Map<string, RecordedEvent>();
    try {
      for await (const resolved of this.client.readStream(write.streamId, { direction: BACKWARDS, fromRevision: END, requiresLeader: true })) {
        const stored = resolved.event;
        if (stored && wanted.has(stored.id.toLowerCase())) found.set(stored.id.toLowerCase(), toRecordedEvent(stored));
        if (found.size === wanted.size) break;
      }
    } catch (error) {
      if (isStreamNotFound(error)) return null;
      throw error;
    }
    return found.size === wanted.size ? write.eventIds.map((id) => found.get(id)!) : null;
  }

  private async currentVersion(streamId: string): Promise<number> {
    const [last] = await this.readStored(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1, requiresLeader: true });
    return last ? revisionToVersion(last.revision) : 0;
  }

  private async readStored(streamId: string, options: KurrentReadStreamOptions): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  private async forEachLimited<T>(items: readonly T[], action: (item: T) => Promise<void>): Promise<void> {
    for (let start = 0; start < items.length; start += LOOKUP_CONCURRENCY) {
      await Promise.all(items.slice(start, start + LOOKUP_CONCURRENCY).map(action));
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromVersion = Math.max(options.fromVersion ?? 1, 1);
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount <= 0) return [];
    const stored = await this.readStored(streamId, { fromRevision: versionToRevision(fromVersion), maxCount });
    return stored.map(toRecordedEvent);
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    // KurrentDB reads one stream per call; a few at a time keeps the connection busy without flooding it.
    const streams = new Map<string, RecordedEvent[]>();
    for (let start = 0; start < streamIds.length; start += 32) {
      const chunk = streamIds.slice(start, start + 32);
      const read = await Promise.all(chunk.map((streamId) => this.readStream(streamId)));
      chunk.forEach((streamId, index) => streams.set(streamId, read[index]!));
    }
    return streams;
  }

  async readAt(places: readonly EventPlace[]): Promise<RecordedEvent[]> {
    // One read of one event per place, a few at a time (as readStreams).
    const events: RecordedEvent[] = [];
    for (let start = 0; start < places.length; start += 32) {
      const chunk = places.slice(start, start + 32);
      const read = await Promise.all(chunk.map((place) => this.readStream(place.streamId, { fromVersion: place.streamPosition, maxCount: 1 })));
      read.forEach((found, index) => {
        const event = found[0];
        if (event && event.streamPosition === chunk[index]!.streamPosition) events.push(event);
      });
    }
    return events;
  }

  async readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = after;
    while (events.length < maxCount) {
      // A read from a position includes the event at it, hence one more than needed.
      const requested = maxCount - events.length + 1;
      let received = 0;
      let cursor = from;
      for await (const resolved of this.client.readAll({ fromPosition: toReadPosition(from), maxCount: requested, filter: excludeSystemEvents() })) {
        received++;
        const stored = resolved.event;
        if (!stored) continue;
        const position = fromLogPosition(stored.position);
        if (comparePositions(position, cursor) <= 0) continue;
        cursor = position;
        // The server filter drops $-typed events; events of $-streams with other types are dropped here.
        if (!isSystemEvent(stored)) events.push(toRecordedEvent(stored));
      }
      if (received < requested || comparePositions(cursor, from) === 0) break;
      from = cursor;
    }
    return events.slice(0, maxCount);
  }

  async head(): Promise<Position> {
    for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: END, filter: excludeSystemEvents() })) {
      const stored = resolved.event;
      if (stored && !isSystemEvent(stored)) return fromLogPosition(stored.position);
    }
    return START;
  }

  /** Every committed event is readable at once here. */
  lastCommitted(): Promise<Position> {
    return this.head();
  }

  subscribe(options: SubscribeOptions, handle: (events: RecordedEvent[]) => Promise<void>): Subscription {
    // Aborted by the caller's signal, or by close().
    const controller = new AbortController();
    const stop = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    this.subscriptions.add(controller);
    const done = this.runSubscription(options.after, options.batchSize ?? 500, controller.signal, handle).finally(() => {
      options.signal?.removeEventListener('abort', stop);
      this.subscriptions.delete(controller);
    });
    return { done };
  }

  /**
   * A catch-up subscription to $all from `after`, live once caught up. Events are handed over
   * in batches: a batch closes when it holds `batchSize` events or nothing more has arrived.
   * The next event is not taken from the subscription until the handler has finished.
   */
  private async runSubscription(
    after: Position,
    batchSize: number,
    signal: AbortSignal,
    handle: (events: RecordedEvent[]) => Promise<void>,
  ): Promise<void> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({ fromPosition: toReadPosition(after), filter: excludeSystemEvents() }, { highWaterMark: batchSize });
    const events = subscription[Symbol.asyncIterator]();
    const aborted = new Promise<'aborted'>((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));
    let last = after;
    let batch: RecordedEvent[] = [];
    try {
      while (!signal.aborted) {
        const next = await Promise.race([events.next(), aborted]);
        if (next === 'aborted') break;
        if (next.done) throw new Error('KurrentDB ended the $all subscription');
        const stored = next.value.event;
        if (stored && !isSystemEvent(stored)) {
          const event = toRecordedEvent(stored);
          // A subscription starts after its position; this also guards against a replayed event.
          if (comparePositions(event.position, last) > 0) {
            batch.push(event);
            last = event.position;
          }
        }
        if (batch.length > 0 && (batch.length >= batchSize || subscription.readableLength === 0)) {
          const full = batch;
          batch = [];
          await handle(full);
        }
      }
    } finally {
      subscription.on('error', () => undefined);
      await subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    }
  }

  async close(): Promise<void> {
    for (const controller of this.subscriptions) controller.abort();
    await this.client.dispose();
  }
}
