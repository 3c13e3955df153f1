import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIT_CHECKPOINT_STREAM,
  type AuditCheckpointPayload,
  type AuditCheckpointRecordedData,
  type DeviceProofAnswer,
  type Position,
  START,
  auditCheckpointRecordedSchema,
  canonicalCheckpointPayload,
  comparePositions,
  formatPosition,
  parsePosition,
} from '@portal/contracts';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Config } from '../config/config';
import { eventMetadata, systemContext } from '../commands/command-context';
import { runInBackground } from '../db/database';
import type { Platform } from '../platform';
import { type CheckpointSigningKey, keyIdOf, loadSigningKey, signPayload, signatureHolds } from './checkpoint-key';
import { type ChainBreak, chainRows, positionRow, sha256, streamIdsAfter } from './hash-chain';
import { inclusionProof, merkleLevelsPaced, pauseForRequests, rootOfLevels, streamHeadLeaf } from './merkle';

/**
 * Signed checkpoints (docs/AUDIT.md "Signed checkpoints and proofs"): at a position P of the
 * PostgreSQL event store, every stream's head — its last event at or before P, read from es_events
 * so that any past checkpoint can be recomputed — becomes a leaf of an RFC 6962 Merkle tree
 * (merkle.ts), leaves in the byte order of the UTF-8 of their stream ids (sorted here in Node,
 * whatever the database's collation). The root, P and the counts are signed with Ed25519 and
 * published twice: as an `AuditCheckpointRecorded` event and as a file. A proof then ties one
 * device's events to that signature offline (scripts/verify-proof.mjs). Rewriting a stream's
 * events and every later hash, which the chains alone cannot catch, changes its leaf and so the root.
 */

export const CHECKPOINTS_KEPT_BY_POSTGRES = 'The hash chains and their checkpoints are kept by the PostgreSQL event store only (docs/AUDIT.md).';

/** Streams per statement when reading heads: each statement short, so requests on the embedded database's one connection wait little. */
const STREAMS_PER_STATEMENT = 5000;
/** The advisory lock that keeps two processes from recording at once. */
const RECORDING_LOCK = 'audit-checkpoint';
/** How often the worker looks whether a checkpoint is due (at most; a shorter interval looks at that interval). */
const LOOK_EVERY_MS = 10 * 60_000;

/** PostgreSQL's bytea arrives as a Buffer from node-postgres and as a Uint8Array from PGlite. */
const toBuffer = (bytes: Uint8Array | null): Buffer => (bytes === null ? Buffer.alloc(0) : Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));


export interface StreamHead {
  readonly stream_id: string;
  readonly stream_position: number;
  readonly hash: Buffer;
  /** The stream's events at or before the checkpoint's position. */
  readonly events: number;
}

/** Sorts by the UTF-8 bytes of the stream ids (collate "C"): one key per head, compared as Latin-1 text (one char per byte). */
function byUtf8StreamId<T extends { readonly stream_id: string }>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ item, key: Buffer.from(item.stream_id, 'utf8').toString('latin1') }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}

/**
 * The heads of these streams at `position` (a stream with no event by then has none): per stream,
 * its primary key read backwards to the first event at or before the position. Ordered by the
 * whole primary key with LIMIT 1 so that the planner walks that index even with stale statistics
 * (after a bulk load it chose to AND it with the position index — a scan of every event per stream:
 * 23 minutes for 5,000 streams at a million devices). A stream's positions count 1, 2, 3 … in the
 * store's order, so its head's position is also how many of its events the checkpoint covers.
 */
async function headsOf(db: SqlDb, streamIds: readonly string[], position: Position): Promise<StreamHead[]> {
  const result = await sql<{ stream_id: string; stream_position: number; hash: Uint8Array | null }>`
    select w.stream_id, h.stream_position::float8 as stream_position, h.hash
    from unnest(${[...streamIds]}::text[]) as w(stream_id)
    cross join lateral (
      select e.stream_position, e.hash from es_events e
      where e.stream_id = w.stream_id and (e.transaction_id, e.global_position) <= ${positionRow(position)}
      order by e.stream_id desc, e.stream_position desc
      limit 1
    ) h`.execute(db);
  return result.rows.map((row) => ({ stream_id: row.stream_id, stream_position: row.stream_position, hash: toBuffer(row.hash), events: row.stream_position }));
}

/** Every stream's head at `position`, sorted by the UTF-8 bytes of its id: a checkpoint's leaves. */
export async function streamHeadsAt(db: SqlDb, position: Position): Promise<StreamHead[]> {
  const heads: StreamHead[] = [];
  for (let after = ''; ; ) {
    const streamIds = await streamIdsAfter(db, after, STREAMS_PER_STATEMENT);
    if (streamIds.length === 0) break;
    for (const head of await headsOf(db, streamIds, position)) heads.push(head);
    after = streamIds[streamIds.length - 1]!;
  }
  return byUtf8StreamId(heads);
}

/** The Merkle tree over sorted heads, with each stream's leaf index. */
export interface CheckpointTree {
  readonly heads: readonly StreamHead[];
  readonly levels: readonly Buffer[][];
  readonly root: Buffer;
  readonly events: number;
  indexOf(streamId: string): number | undefined;
}

/** Leaves hashed between two pauses for requests. */
const LEAVES_PER_STEP = 2000;

/** Built in short steps (merkleLevelsPaced): the process goes on answering while it works. */
export async function checkpointTree(heads: readonly StreamHead[]): Promise<CheckpointTree> {
  const leaves: Buffer[] = [];
  for (const [index, head] of heads.entries()) {
    leaves.push(streamHeadLeaf(head.stream_id, head.stream_position, head.hash));
    if ((index + 1) % LEAVES_PER_STEP === 0) await pauseForRequests();
  }
  const levels = await merkleLevelsPaced(leaves);
  let indexes: Map<string, number> | undefined;
  return {
    heads,
    levels,
    root: rootOfLevels(levels),
    events: heads.reduce((sum, head) => sum + head.events, 0),
    indexOf(streamId) {
      indexes ??= new Map(heads.map((head, index) => [head.stream_id, index]));
      return indexes.get(streamId);
    },
  };
}

/** A checkpoint as its event holds it. */
export interface StoredCheckpoint {
  readonly event_id: string;
  readonly stream_position: number;
  readonly data: AuditCheckpointRecordedData;
  /** The position it covers (data.position read). */
  readonly position: Position;
}

/** An event of the checkpoint stream this version cannot read as a checkpoint. */
export interface UnreadableCheckpoint {
  readonly event_id: string;
  readonly stream_position: number;
  readonly problem: string;
}

interface CheckpointEventRow {
  event_id: string;
  stream_position: number;
  data: unknown;
}

function readCheckpoint(row: CheckpointEventRow): StoredCheckpoint | UnreadableCheckpoint {
  const parsed = auditCheckpointRecordedSchema.safeParse(row.data);
  const position = parsed.success ? parsePosition(parsed.data.position) : null;
  if (!parsed.success || !position) {
    const problem = parsed.success ? 'its position is not a position' : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return { event_id: row.event_id, stream_position: row.stream_position, problem };
  }
  return { event_id: row.event_id, stream_position: row.stream_position, data: parsed.data, position };
}

const isReadable = (checkpoint: StoredCheckpoint | UnreadableCheckpoint): checkpoint is StoredCheckpoint => 'data' in checkpoint;

/** Every recorded checkpoint in the order recorded. */
export async function readCheckpoints(db: SqlDb): Promise<(StoredCheckpoint | UnreadableCheckpoint)[]> {
  const result = await sql<CheckpointEventRow>`
    select event_id::text as event_id, stream_position::float8 as stream_position, data from es_events
    where stream_id = ${AUDIT_CHECKPOINT_STREAM} order by stream_position`.execute(db);
  return result.rows.map(readCheckpoint);
}

/** The newest checkpoint that can be read. */
export async function lastCheckpoint(db: SqlDb): Promise<StoredCheckpoint | undefined> {
  const result = await sql<CheckpointEventRow>`
    select event_id::text as event_id, stream_position::float8 as stream_position, data from es_events
    where stream_id = ${AUDIT_CHECKPOINT_STREAM} order by stream_position desc limit 3`.execute(db);
  return result.rows.map(readCheckpoint).find(isReadable);
}

/** Whether anything but checkpoints was appended after `after`, up to `upTo`. */
async function appendedBetween(db: SqlDb, after: Position, upTo: Position): Promise<boolean> {
  const result = await sql<{ appended: boolean }>`
    select exists (
      select 1 from es_events e
      where (e.transaction_id, e.global_position) > ${positionRow(after)} and (e.transaction_id, e.global_position) <= ${positionRow(upTo)}
        and e.stream_id <> ${AUDIT_CHECKPOINT_STREAM}
    ) as appended`.execute(db);
  return result.rows[0]!.appended;
}

/** How long a checkpoint waits for the events already committed to become readable (an open transaction elsewhere holds them back). */
const SETTLE_MS = 30_000;

/**
 * The store's head once every event committed before this call is readable: a checkpoint then
 * covers what was appended before it was asked for. After SETTLE_MS, the head as it is.
 */
async function settledHead(platform: CheckpointPlatform): Promise<Position> {
  const newest = (await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text as transaction_id, global_position::text as global_position from es_events
    order by transaction_id desc, global_position desc limit 1`.execute(platform.database.db)).rows[0];
  const target = newest ? { transactionId: Number(newest.transaction_id), globalPosition: Number(newest.global_position) } : START;
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const head = await platform.eventStore.head();
    if (comparePositions(head, target) >= 0 || Date.now() > deadline) return head;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Where checkpoint files go: AUDIT_CHECKPOINT_DIR, else DATA_DIR/audit/checkpoints. */
export const checkpointDirectory = (config: Pick<Config, 'AUDIT_CHECKPOINT_DIR' | 'dataDirectory'>): string =>
  path.resolve(config.AUDIT_CHECKPOINT_DIR ?? path.join(config.dataDirectory, 'audit', 'checkpoints'));

/** A file's name from the position alone (digits and a dot), never from anything a client sent. */
export const checkpointFileName = (position: Position) => `checkpoint-${formatPosition(position)}.json`;

/** What a checkpoint file holds: the event's data and the exact text signed. */
export type CheckpointFile = AuditCheckpointRecordedData & { readonly payload: string };

async function writeAtomically(location: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(location), { recursive: true });
  const temporary = `${location}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, text, { flag: 'wx' });
  await fs.rename(temporary, location);
}

export type CheckpointOutcome =
  | { readonly kind: 'recorded'; readonly checkpoint: StoredCheckpoint; readonly file: string }
  /** Nothing but checkpoints was appended since the last one. */
  | { readonly kind: 'unchanged'; readonly last: StoredCheckpoint }
  /** The last one is younger than the interval asked for. */
  | { readonly kind: 'not due'; readonly last: StoredCheckpoint }
  | { readonly kind: 'empty' }
  /** Another process is recording one right now. */
  | { readonly kind: 'busy' };

type CheckpointPlatform = Pick<Platform, 'config' | 'database' | 'eventStore'>;

/**
 * Records a checkpoint at the store's head (the newest position every reader sees: no transaction
 * at or before it can still commit, so the heads there never change), unless nothing was appended
 * since the last one or, with `dueAfterMs`, the last one is younger than that. The file is written
 * first and removed again if the append fails, so every event has its file.
 */
export async function recordCheckpoint(platform: CheckpointPlatform, key: CheckpointSigningKey, options: { readonly now?: Date; readonly dueAfterMs?: number } = {}): Promise<CheckpointOutcome> {
  if (platform.eventStore.name !== 'postgres') throw new Error(CHECKPOINTS_KEPT_BY_POSTGRES);
  const lock = await platform.database.tryLock(RECORDING_LOCK);
  if (!lock) return { kind: 'busy' };
  try {
    const db = platform.database.db;
    const now = options.now ?? new Date();
    const last = await lastCheckpoint(db);
    if (last && options.dueAfterMs !== undefined && now.getTime() - Date.parse(last.data.signed_at) < options.dueAfterMs) return { kind: 'not due', last };
    const position = await settledHead(platform);
    if (comparePositions(position, START) === 0) return { kind: 'empty' };
    if (last && (comparePositions(position, last.position) <= 0 || !(await appendedBetween(db, last.position, position)))) return { kind: 'unchanged', last };

    const tree = await checkpointTree(await streamHeadsAt(db, position));
    const payload: AuditCheckpointPayload = {
      kind: 'portal-audit-checkpoint',
      version: 1,
      position: formatPosition(position),
      streams: tree.heads.length,
      events: tree.events,
      merkle_root: tree.root.toString('hex'),
      signed_at: now.toISOString(),
    };
    const text = canonicalCheckpointPayload(payload);
    const data: AuditCheckpointRecordedData = { ...payload, key_id: key.keyId, public_key: key.publicKeyRaw.toString('base64'), signature: signPayload(key, text), file: checkpointFileName(position) };
    const file = path.join(checkpointDirectory(platform.config), data.file);
    const contents: CheckpointFile = { ...data, payload: text };
    await writeAtomically(file, `${JSON.stringify(contents, null, 2)}\n`);
    try {
      const eventId = randomUUID();
      const appended = await platform.eventStore.append([
        { streamId: AUDIT_CHECKPOINT_STREAM, expectedVersion: 'any', events: [{ type: 'AuditCheckpointRecorded', data, metadata: eventMetadata(systemContext(now)), eventId }] },
      ]);
      return { kind: 'recorded', checkpoint: { event_id: eventId, stream_position: appended.streams[0]!.version, data, position }, file };
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
  } finally {
    await lock.release();
  }
}

/** Records one with the configured key (made and kept on first use), as the seed's end, the worker and `npm run audit:checkpoint` do. */
export async function recordCheckpointWithConfiguredKey(platform: CheckpointPlatform, options: { readonly now?: Date; readonly dueAfterMs?: number } = {}): Promise<CheckpointOutcome> {
  const key = (await loadSigningKey(platform.config, { create: true }))!;
  return recordCheckpoint(platform, key, options);
}

/**
 * The worker's schedule: every AUDIT_CHECKPOINT_INTERVAL_MS (0: never) a checkpoint when anything
 * was appended since the last. It looks every 10 minutes (or the interval, when shorter) whether
 * the last is that old, so a restarted worker does not start the day again; in the background, and
 * one process at a time (recordCheckpoint's advisory lock). Answers the function that stops it.
 */
export function scheduleCheckpoints(platform: Platform): () => void {
  const every = platform.config.AUDIT_CHECKPOINT_INTERVAL_MS;
  if (every === 0 || platform.eventStore.name !== 'postgres') return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void runInBackground(() => recordCheckpointWithConfiguredKey(platform, { dueAfterMs: every }))
      .then((outcome) => {
        if (outcome.kind === 'recorded') platform.logger.info({ position: outcome.checkpoint.data.position, streams: outcome.checkpoint.data.streams, events: outcome.checkpoint.data.events, file: outcome.file }, 'audit checkpoint recorded');
      })
      .catch((error: unknown) => platform.logger.error({ err: error }, 'recording an audit checkpoint failed'))
      .finally(() => (running = false));
  }, Math.min(every, LOOK_EVERY_MS));
  timer.unref();
  return () => clearInterval(timer);
}

/** Each stream's head hash at `position` recomputed from the envelopes (not the stored hashes). */
async function recomputedHeads(db: SqlDb, streamIds: readonly string[], position: Position): Promise<Map<string, Buffer>> {
  const heads = new Map<string, Buffer>();
  for (const row of (await chainRows(streamIds, position).execute(db)).rows) heads.set(row.stream_id, sha256(Buffer.concat([heads.get(row.stream_id) ?? Buffer.alloc(0), toBuffer(row.envelope)])));
  return heads;
}

export interface CheckpointVerdict {
  readonly event_id: string;
  readonly position: string | null;
  readonly signed_at: string | null;
  readonly key_id: string | null;
  readonly valid: boolean;
  /** The first thing that does not hold; null when everything does. */
  readonly problem: string | null;
}

/**
 * Checks one checkpoint: its key id is its key's, its signature holds, and the Merkle root of the
 * heads at its position — each head's hash recomputed from the envelopes — is the signed one, with
 * the same counts. `breaks` are the chains' first breaks (verifyAll): up to its first break a stream's
 * stored hashes are what recomputing gives, so only the broken streams are recomputed here.
 */
export async function verifyCheckpoint(db: SqlDb, checkpoint: StoredCheckpoint, breaks: readonly ChainBreak[]): Promise<CheckpointVerdict> {
  const { data } = checkpoint;
  const verdict = (problem: string | null): CheckpointVerdict => ({ event_id: checkpoint.event_id, position: data.position, signed_at: data.signed_at, key_id: data.key_id, valid: problem === null, problem });
  const publicKey = Buffer.from(data.public_key, 'base64');
  if (publicKey.length !== 32 || keyIdOf(publicKey) !== data.key_id) return verdict(`its key id ${data.key_id} is not its public key's`);
  const { public_key: _key, key_id: _id, signature, file: _file, ...payload } = data;
  if (!signatureHolds(publicKey, canonicalCheckpointPayload(payload), signature)) return verdict('its signature does not hold for its payload and public key');

  const stored = await streamHeadsAt(db, checkpoint.position);
  const breakOf = new Map(breaks.map((found) => [found.stream_id, found]));
  const broken = stored.filter((head) => (breakOf.get(head.stream_id)?.stream_position ?? Infinity) <= head.stream_position);
  const recomputed = await recomputedHeads(db, broken.map((head) => head.stream_id), checkpoint.position);
  const heads = stored.map((head) => ({ ...head, hash: recomputed.get(head.stream_id) ?? head.hash }));
  const tree = await checkpointTree(heads);
  const root = tree.root.toString('hex');
  if (root !== data.merkle_root) {
    const changed = broken.find((head) => !recomputed.get(head.stream_id)?.equals(head.hash));
    const found = changed && breakOf.get(changed.stream_id)!;
    return verdict(
      found
        ? `its Merkle root no longer matches (${root} now, ${data.merkle_root} signed): ${found.stream_id} event ${found.stream_position} (${found.event_id}) changed since it was signed`
        : `its Merkle root no longer matches (${root} now, ${data.merkle_root} signed): stored hashes or whole streams were rewritten since it was signed`,
    );
  }
  if (heads.length !== data.streams || tree.events !== data.events) return verdict(`it signed ${data.streams} streams and ${data.events} events; the store holds ${heads.length} and ${tree.events} at its position`);
  return verdict(null);
}

/** Every recorded checkpoint, in order (`onVerdict` after each). */
export async function verifyCheckpoints(db: SqlDb, breaks: readonly ChainBreak[], onVerdict?: (verdict: CheckpointVerdict) => void): Promise<CheckpointVerdict[]> {
  const verdicts: CheckpointVerdict[] = [];
  for (const checkpoint of await readCheckpoints(db)) {
    const verdict = isReadable(checkpoint)
      ? await verifyCheckpoint(db, checkpoint, breaks)
      : { event_id: checkpoint.event_id, position: null, signed_at: null, key_id: null, valid: false, problem: `event ${checkpoint.stream_position} of ${AUDIT_CHECKPOINT_STREAM} is no checkpoint: ${checkpoint.problem}` };
    onVerdict?.(verdict);
    verdicts.push(verdict);
  }
  return verdicts;
}

export type StreamProof = Omit<DeviceProofAnswer, 'imei'>;

/**
 * Proofs of streams against the latest checkpoint that covers them. The tree of a checkpoint is
 * read from es_events once (a statement per 5,000 streams) and kept for the next proofs of the
 * same checkpoint; the stream's own events are read afresh for each proof.
 */
export class CheckpointProofs {
  private tree: { readonly eventId: string; readonly tree: Promise<CheckpointTree> } | undefined;

  constructor(private readonly db: SqlDb) {}

  /** The proof, or why there is none: the stream has no event, or no checkpoint covers it yet. */
  async proofOf(streamId: string): Promise<StreamProof | 'no events' | 'no checkpoint' | 'not in the tree'> {
    const first = (await sql<{ transaction_id: string; global_position: string }>`
      select transaction_id::text as transaction_id, global_position::text as global_position from es_events
      where stream_id = ${streamId} order by stream_position limit 1`.execute(this.db)).rows[0];
    if (!first) return 'no events';
    const firstPosition = { transactionId: Number(first.transaction_id), globalPosition: Number(first.global_position) };
    const checkpoint = (await readCheckpoints(this.db)).filter(isReadable).findLast((candidate) => comparePositions(candidate.position, firstPosition) >= 0);
    if (!checkpoint) return 'no checkpoint';
    const tree = await this.treeOf(checkpoint);
    const index = tree.indexOf(streamId);
    if (index === undefined) return 'not in the tree';
    const head = tree.heads[index]!;
    const { public_key, key_id, signature, file: _file, ...payload } = checkpoint.data;
    const events = (await chainRows([streamId], checkpoint.position).execute(this.db)).rows;
    return {
      stream_id: streamId,
      checkpoint: { position: payload.position, streams: payload.streams, events: payload.events, merkle_root: payload.merkle_root, signed_at: payload.signed_at, key_id, public_key, signature, payload: canonicalCheckpointPayload(payload) },
      events: events.map((row) => ({ stream_position: row.stream_position, event_id: row.event_id, type: row.type, envelope_base64: toBuffer(row.envelope).toString('base64'), hash: toBuffer(row.hash).toString('hex') })),
      leaf: { index, stream_id: streamId, stream_position: head.stream_position, head_hash: head.hash.toString('hex') },
      inclusion: inclusionProof(tree.levels, index).map((step) => ({ side: step.side, hash: step.hash.toString('hex') })),
    };
  }

  /**
   * Reads the latest checkpoint's tree now, unless it is the one kept: an api process does at start
   * and whenever a new checkpoint appears (CheckpointController), so a proof rarely waits for the
   * read (about 45 s at a million devices).
   */
  async warm(): Promise<void> {
    const latest = await lastCheckpoint(this.db);
    if (latest) await this.treeOf(latest);
  }

  private treeOf(checkpoint: StoredCheckpoint): Promise<CheckpointTree> {
    if (this.tree?.eventId !== checkpoint.event_id) {
      const tree = streamHeadsAt(this.db, checkpoint.position).then(checkpointTree);
      this.tree = { eventId: checkpoint.event_id, tree };
      // A failed read is not kept: the next proof reads again.
      tree.catch(() => {
        if (this.tree?.tree === tree) this.tree = undefined;
      });
    }
    return this.tree!.tree;
  }
}
