import { type DeviceEvent, type DeviceState, type Position, comparePositions, deviceStream, foldDevice, initialDeviceState } from '@portal/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type Scope, type SqlDb, officeIdsInScope } from '@portal/projections';
import type { Database } from '../db/database';
import { type EventStore, IdempotencyKeyReusedError, type NewEvent, type StreamAppend } from '../event-store/event-store';
import type { Platform } from '../platform';
import { PLATFORM } from '../tokens';
import { eventIdsForKey } from '../event-store/idempotency';
import { type CommandContext, eventMetadata } from './command-context';
import { DomainError, withConcurrencyRetry } from './command-errors';

/**
 * The one shape of every command that moves devices (inventory, RMA, orders, sales): load every
 * device stream it touches and the record (job, transfer, order) it answers, decide with pure
 * deciders, append every stream in ONE atomic append with the expected versions (DESIGN.md §3).
 * Deciders answer a `BatchDecision`; this turns it into appends.
 */

/** What a command decided: the events of each device it moves, and of each record stream it writes. */
export interface BatchDecision {
  readonly devices: ReadonlyMap<string, readonly DeviceEvent[]>;
  readonly records: readonly RecordEvents[];
}

/** A record stream's new events (a job, a transfer...): a new record, or one the command loaded. */
export interface RecordEvents {
  readonly streamId: string;
  readonly events: readonly Omit<NewEvent, 'metadata'>[];
}

/** A refused batch: every device's reason, so the caller can fix them all at once. */
export class BatchRefusal extends DomainError {
  constructor(readonly problems: readonly { readonly imei: string; readonly message: string; readonly status: DomainError['status'] }[]) {
    // A carton refused for one reason reads as that reason once, not once per device.
    const reasons = [...new Set(problems.map((problem) => problem.message))];
    const statuses = new Set(problems.map((problem) => problem.status));
    super(
      reasons.length === 1 ? reasons[0]! : `${problems.length} devices cannot be moved: ${reasons.slice(0, 3).join(' ')}${reasons.length > 3 ? ' …' : ''}`,
      // Every device refused the same way (e.g. 404: not in inventory) answers that status; a mix is a conflict.
      statuses.size === 1 ? [...statuses][0]! : 409,
      Object.fromEntries(problems.map((problem) => [problem.imei, problem.message])),
    );
    this.name = 'BatchRefusal';
  }
}

/** Applies a device rule to every device of a batch (pure): all their events, or one refusal naming every refused device. */
export function decideEachDevice(devices: Iterable<DeviceState>, decide: (state: DeviceState) => DeviceEvent[] | DomainError): Map<string, DeviceEvent[]> | BatchRefusal {
  const decided = new Map<string, DeviceEvent[]>();
  const problems: { imei: string; message: string; status: DomainError['status'] }[] = [];
  for (const state of devices) {
    const decision = decide(state);
    if (decision instanceof DomainError) problems.push({ imei: state.imei, message: decision.message, status: decision.status });
    else decided.set(state.imei, decision);
  }
  return problems.length > 0 ? new BatchRefusal(problems) : decided;
}

/** Loaded device streams: each device's state and its stream's version. */
export type LoadedDevices = ReadonlyMap<string, { readonly state: DeviceState; readonly version: number }>;

/** What a command answers: the position to wait for (read-your-writes), how many things it moved, and the record it made. */
export interface BatchResult {
  readonly position: Position;
  readonly count: number;
  readonly id?: string;
}

export const statesOf = (devices: LoadedDevices): Map<string, DeviceState> => new Map([...devices].map(([imei, device]) => [imei, device.state]));

/** A loaded record stream: its events (to fold) and version (to append after). */
export interface LoadedRecord<Event> {
  readonly events: readonly Event[];
  readonly version: number;
}

@Injectable()
export class DeviceBatch {
  private readonly database: Database;
  private readonly store: EventStore;

  constructor(@Inject(PLATFORM) platform: Pick<Platform, 'database' | 'eventStore'>) {
    this.database = platform.database;
    this.store = platform.eventStore;
  }

  /** The read models, for the facts a command passes to its decider (through projections' query functions). */
  get db(): SqlDb {
    return this.database.db;
  }

  /** Runs a load–decide–append attempt, again when another writer got there first (DESIGN.md §3). */
  run<T>(attempt: () => Promise<T>): Promise<T> {
    return withConcurrencyRetry(attempt);
  }

  async load(imeis: readonly string[]): Promise<LoadedDevices> {
    const streams = await this.store.readStreams(imeis.map(deviceStream));
    const devices = new Map<string, { state: DeviceState; version: number }>();
    for (const imei of imeis) {
      const history = streams.get(deviceStream(imei)) ?? [];
      devices.set(imei, { state: foldDevice(imei, history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as DeviceEvent)), version: history.length });
    }
    return devices;
  }

  /**
   * The devices as the caller may see them. A device outside the caller's scope is, to this
   * caller, a device never received (DESIGN.md §12, docs/adr/0001): the decider refuses it with
   * the very status and sentence of an unknown IMEI, so no answer tells the two apart. Only
   * refusing deciders run on what this answers (no decider takes a never-received device but
   * receive, which does not use it).
   */
  async loadSeenBy(scope: Scope, imeis: readonly string[]): Promise<LoadedDevices> {
    const devices = new Map(await this.load(imeis));
    if (scope.kind === 'all') return devices;
    const offices = scope.kind === 'agent' ? new Set<string>() : await officeIdsInScope(this.database.db, scope, [...new Set([...devices.values()].flatMap((device) => device.state.office_id ?? []))]);
    for (const [imei, device] of devices) {
      const seen = scope.kind === 'agent' ? device.state.agent_id === scope.agentId : device.state.office_id !== null && offices.has(device.state.office_id);
      if (!seen) devices.set(imei, { state: initialDeviceState(imei), version: device.version });
    }
    return devices;
  }

  /** A record stream (job, transfer...) with its version; an absent stream has none and version 0. */
  async loadRecord<Event extends { type: string; data: unknown }>(streamId: string): Promise<LoadedRecord<Event>> {
    return (await this.loadRecords<Event>([streamId])).get(streamId)!;
  }

  /** Several record streams in one read, each with its version (absent: none, version 0). */
  async loadRecords<Event extends { type: string; data: unknown }>(streamIds: readonly string[]): Promise<Map<string, LoadedRecord<Event>>> {
    const streams = await this.store.readStreams(streamIds);
    return new Map(streamIds.map((streamId) => {
      const history = streams.get(streamId) ?? [];
      return [streamId, { events: history.map((recorded) => ({ type: recorded.type, data: recorded.data }) as Event), version: history.length }];
    }));
  }

  /**
   * A retried command (same Idempotency-Key) whose first attempt was appended: that append's
   * position, so the retry answers as the first attempt did instead of refusing what it did
   * itself; undefined when there was none. The first attempt's event ids derive from the key
   * (idempotency.ts), and its events are on these devices and `recordStreamIds`. A device of the
   * retry that the first attempt did not move means the key was used for another request: 422.
   * Read through the port's stream reads only, so every event store answers it.
   */
  async appendedEarlier(idempotencyKey: string, imeis: readonly string[], recordStreamIds: readonly string[] = []): Promise<Position | undefined> {
    // A first attempt writes its record streams (the key names them): none yet, no first attempt —
    // without reading the devices (a shipment may name 50,000).
    if (recordStreamIds.length > 0 && [...(await this.store.readStreams(recordStreamIds)).values()].every((events) => events.length === 0)) return undefined;
    const streams = await this.store.readStreams([...imeis.map(deviceStream), ...recordStreamIds]);
    const events = [...streams.values()].flat();
    // The first attempt's events are some of these, so their indexes are below this count.
    const ids = new Set(eventIdsForKey(idempotencyKey, events.length));
    const earlier = events.filter((event) => ids.has(event.eventId));
    if (earlier.length === 0) return undefined;
    const moved = new Set(earlier.map((event) => event.streamId));
    if (imeis.some((imei) => !moved.has(deviceStream(imei)))) throw new IdempotencyKeyReusedError();
    return earlier.reduce<Position>((latest, event) => (comparePositions(event.position, latest) > 0 ? event.position : latest), earlier[0]!.position);
  }

  /**
   * The version of a counter stream (one event per number taken: RMA order numbers...) without
   * reading it whole: `atLeast` is a lower bound the caller knows (the read model's count of
   * numbers taken, never ahead of the stream), and only the events after it are read.
   */
  async counterVersion(streamId: string, atLeast: number): Promise<number> {
    const after = await this.store.readStream(streamId, { fromVersion: atLeast + 1 });
    return atLeast + after.length;
  }

  /**
   * Appends what was decided, atomically, with each stream's expected version: a device's from
   * `devices`, a record's from `records` (absent: a new record). A refusal is thrown as is.
   */
  async append(
    decision: BatchDecision | DomainError,
    loaded: { readonly devices: LoadedDevices; readonly records?: ReadonlyMap<string, number> },
    context: CommandContext,
    idempotencyKey?: string,
  ): Promise<Position> {
    if (decision instanceof DomainError) throw decision;
    const metadata = eventMetadata(context);
    const expected = (version: number | undefined) => (version ? version : ('no_stream' as const));
    const appends: StreamAppend[] = [
      ...[...decision.devices].map(([imei, events]) => ({ streamId: deviceStream(imei), expectedVersion: expected(loaded.devices.get(imei)?.version), events: events.map((event) => ({ ...event, metadata })) })),
      ...decision.records.map((record) => ({ streamId: record.streamId, expectedVersion: expected(loaded.records?.get(record.streamId)), events: record.events.map((event) => ({ ...event, metadata })) })),
    ];
    const result = await this.store.append(appends, idempotencyKey ? { idempotencyKey } : undefined);
    return result.position;
  }
}
