import { spawnSync } from 'node:child_process';
import { ANY, START as LOG_START, NO_STREAM, STREAM_EXISTS, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { START } from '@portal/contracts';
import { ConcurrencyError } from './event-store';
import { eventStoreContract } from './event-store.contract';
import {
  KurrentDbEventStore,
  METADATA_KEYS,
  currentStateToVersion,
  decodeMetadata,
  encodeMetadata,
  fromLogPosition,
  fromStreamState,
  revisionToVersion,
  toConcurrencyError,
  toLogPosition,
  toReadPosition,
  toStreamState,
  versionToRevision,
} from './kurrentdb-event-store';

const HOW_TO_RUN = 'set EVENTSTORE_URL=kurrentdb://localhost:2113?tls=false; needs KurrentDB >= 25.1';

/**
 * Why the contract suite cannot run here, or null when a KurrentDB answers a one-event read
 * of $all within 3 s. Jest registers tests synchronously, so the probe runs in a child process.
 */
function whyNoKurrentDb(url: string | undefined): string | null {
  if (!url) return 'EVENTSTORE_URL is not set';
  const probe = `
    const { KurrentDBClient } = require(process.env.KURRENT_CLIENT_MODULE);
    setTimeout(() => process.exit(2), 3000);
    (async () => {
      const client = KurrentDBClient.connectionString(process.env.EVENTSTORE_URL);
      for await (const _ of client.readAll({ maxCount: 1 })) break;
      process.exit(0);
    })().catch((error) => { console.error(String(error && error.message)); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['-e', probe], {
    env: { ...process.env, EVENTSTORE_URL: url, KURRENT_CLIENT_MODULE: require.resolve('@kurrent/kurrentdb-client') },
    encoding: 'utf8',
    timeout: 10_000,
  });
  if (result.status === 0) return null;
  const said = result.stderr?.trim().split('\n').pop();
  return `none answered at ${url} within 3 s${said ? `: ${said}` : ''}`;
}

describe('KurrentDB event store (contract)', () => {
  const url = process.env.EVENTSTORE_URL;
  const unavailable = whyNoKurrentDb(url);
  if (unavailable !== null || !url) {
    it.skip(`KurrentDB contract suite skipped: no KurrentDB server reachable (${unavailable}) (${HOW_TO_RUN})`, () => undefined);
    return;
  }
  eventStoreContract(async () => {
    const store = KurrentDbEventStore.connect(url);
    return { store, close: () => store.close() };
  });
});

describe('KurrentDB mapping (versions 1-based, revisions 0-based)', () => {
  it('maps versions to revisions and back', () => {
    expect(versionToRevision(1)).toBe(0n);
    expect(versionToRevision(42)).toBe(41n);
    expect(revisionToVersion(0n)).toBe(1);
    expect(revisionToVersion(41n)).toBe(42);
    expect(() => versionToRevision(0)).toThrow(RangeError);
    expect(() => versionToRevision(-1)).toThrow(RangeError);
    expect(() => versionToRevision(1.5)).toThrow(RangeError);
  });

  it('maps expected versions to stream states: 0 is no stream, n is revision n - 1', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
    expect(toStreamState(0)).toBe(NO_STREAM);
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(3)).toBe(2n);
    expect(() => toStreamState(-2)).toThrow(RangeError);
    expect(fromStreamState(2n)).toBe(3);
    expect(fromStreamState(NO_STREAM)).toBe('no_stream');
    expect(fromStreamState(STREAM_EXISTS)).toBe('stream_exists');
  });

  it('reads the version a conflict reports: no stream (or a deleted one) is 0', () => {
    expect(currentStateToVersion(NO_STREAM)).toBe(0);
    expect(currentStateToVersion(0n)).toBe(1);
    expect(currentStateToVersion(9n)).toBe(10);
    expect(currentStateToVersion(-100n)).toBe(0);
    expect(currentStateToVersion(undefined)).toBe(0);
  });

  it('maps $all positions: transactionId = commit, globalPosition = prepare', () => {
    expect(fromLogPosition({ commit: 4096n, prepare: 4000n })).toEqual({ transactionId: 4096, globalPosition: 4000 });
    expect(toLogPosition({ transactionId: 4096, globalPosition: 4000 })).toEqual({ commit: 4096n, prepare: 4000n });
    expect(toReadPosition(START)).toBe(LOG_START);
    expect(toReadPosition({ transactionId: 12, globalPosition: 12 })).toEqual({ commit: 12n, prepare: 12n });
  });

  it('stores metadata as flat strings (what multi-stream append accepts) and reads it back', () => {
    const metadata = { user_id: 'u-1', roles: [1, 3], scope: { retailer_id: 'r-1' }, correlation_id: 'c-1', causation_id: 'k-1' };
    const encoded = encodeMetadata(metadata, 2, 'attempt-1');
    for (const value of Object.values(encoded)) expect(typeof value).toBe('string');
    expect(encoded.$correlationId).toBe('c-1');
    expect(encoded.$causationId).toBe('k-1');
    // The server adds its own $-keys to metadata written by a multi-stream append.
    expect(decodeMetadata({ ...encoded, '$schema.name': 'DeviceReceived', '$schema.format': 'Json' })).toEqual({ metadata, schemaVersion: 2, appendId: 'attempt-1' });
    expect(decodeMetadata(encodeMetadata(undefined, 1, 'a'))).toEqual({ metadata: {}, schemaVersion: 1, appendId: 'a' });
    expect(encodeMetadata({ user_id: 'u' }, 1, 'a')[METADATA_KEYS.metadata]).toBe('{"user_id":"u"}');
  });

  it('reads metadata written by other tools without failing', () => {
    expect(decodeMetadata({ user_id: 'u-2', $correlationId: 'c' })).toEqual({ metadata: { user_id: 'u-2' }, schemaVersion: 1 });
    expect(decodeMetadata(undefined)).toEqual({ metadata: {}, schemaVersion: 1 });
    expect(decodeMetadata(new Uint8Array([1, 2]))).toEqual({ metadata: {}, schemaVersion: 1 });
    expect(decodeMetadata({ [METADATA_KEYS.metadata]: 'not json', [METADATA_KEYS.schemaVersion]: 'x' })).toEqual({ metadata: {}, schemaVersion: 1 });
  });

  it('turns a wrong expected version into a ConcurrencyError naming the stream', () => {
    const appends = [
      { streamId: 'device-1', expectedVersion: 'no_stream' as const, events: [] },
      { streamId: 'device-2', expectedVersion: 2, events: [] },
    ];
    const wrong = new WrongExpectedVersionError(undefined, { streamName: 'device-2', expected: 1n, current: 4n });
    const conflict = toConcurrencyError(wrong, appends);
    expect(conflict).toBeInstanceOf(ConcurrencyError);
    expect(conflict?.conflicts).toEqual([{ streamId: 'device-2', expected: 2, actual: 5 }]);
    const missing = new WrongExpectedVersionError(undefined, { streamName: 'device-9', expected: STREAM_EXISTS, current: NO_STREAM });
    expect(toConcurrencyError(missing, appends)?.conflicts).toEqual([{ streamId: 'device-9', expected: 'stream_exists', actual: 0 }]);
    expect(toConcurrencyError(new Error('connection refused'), appends)).toBeNull();
  });
});
