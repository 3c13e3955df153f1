import { createHash } from 'node:crypto';
import type { Position } from '@portal/contracts';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';

/**
 * Checking the event store's hash chains (docs/AUDIT.md "Tamper evidence"), independently of how
 * they were written: each event's canonical envelope comes from PostgreSQL (`es_envelope`, the
 * bytes the append hashed), and this recomputes SHA-256(previous hash ‖ envelope) in Node for every
 * event of a stream, in order, naming the first event whose stored hash differs. An edit of an
 * event's data, type, metadata or time changes its envelope, so its recomputed hash no longer
 * matches; a forged hash for it breaks the next event's link.
 */

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

export interface ChainBreak {
  readonly stream_id: string;
  readonly stream_position: number;
  readonly event_id: string;
  /** 'data changed': the stored hash is not SHA-256(previous ‖ this envelope) — the event, or its hash, was edited. */
  readonly reason: 'data changed' | 'not chained';
}

export interface ChainRow {
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  /** node-postgres gives bytea as a Buffer, PGlite as a Uint8Array. */
  hash: Uint8Array | null;
  envelope: Uint8Array;
}

/** The first break of each stream in `rows` (ordered by stream, then position). */
export function firstBreaks(rows: readonly ChainRow[]): ChainBreak[] {
  const breaks: ChainBreak[] = [];
  let stream = '';
  let previous: Uint8Array = Buffer.alloc(0);
  let broken = false;
  for (const row of rows) {
    if (row.stream_id !== stream) {
      stream = row.stream_id;
      previous = Buffer.alloc(0);
      broken = false;
    }
    if (broken) continue;
    const expected = sha256(Buffer.concat([previous, row.envelope]));
    if (!row.hash) {
      breaks.push({ stream_id: row.stream_id, stream_position: row.stream_position, event_id: row.event_id, reason: 'not chained' });
      broken = true;
    } else if (!expected.equals(row.hash)) {
      breaks.push({ stream_id: row.stream_id, stream_position: row.stream_position, event_id: row.event_id, reason: 'data changed' });
      broken = true;
    }
    previous = row.hash ?? expected;
  }
  return breaks;
}

/** A position as a row to compare `(transaction_id, global_position)` with. */
export const positionRow = (position: Position) => sql`(${String(position.transactionId)}::xid8, ${position.globalPosition}::bigint)`;

/** These streams' events (up to `upTo` when given) with their canonical envelopes, in stream order. */
export const chainRows = (streamIds: readonly string[], upTo?: Position) => sql<ChainRow>`
  select e.stream_id, e.stream_position::float8 as stream_position, e.event_id::text as event_id, e.type, e.hash,
    es_envelope(e.stream_id, e.stream_position, e.event_id, e.type, e.schema_version, e.data, e.metadata, e.recorded_at) as envelope
  from es_events e
  where e.stream_id = any(${[...streamIds]}::text[])
    ${upTo ? sql`and (e.transaction_id, e.global_position) <= ${positionRow(upTo)}` : sql``}
  order by e.stream_id, e.stream_position`;

/** The next `limit` stream ids after `after`: the keyset pages every whole-store pass walks (chains, backfill, checkpoints). */
export async function streamIdsAfter(db: SqlDb, after: string, limit: number): Promise<string[]> {
  const result = await sql<{ stream_id: string }>`select stream_id from es_streams where stream_id > ${after} order by stream_id limit ${limit}`.execute(db);
  return result.rows.map((row) => row.stream_id);
}

/** One stream's chain: its first break, or none. */
export async function verifyStream(db: SqlDb, streamId: string): Promise<{ events: number; break: ChainBreak | null }> {
  const rows = (await chainRows([streamId]).execute(db)).rows;
  return { events: rows.length, break: firstBreaks(rows)[0] ?? null };
}

/** Every stream, a batch of streams at a time (short statements); `onProgress` after each batch. */
export async function verifyAll(db: SqlDb, onProgress?: (done: { streams: number; events: number }) => void, batchStreams = 2000): Promise<{ streams: number; events: number; breaks: ChainBreak[] }> {
  const breaks: ChainBreak[] = [];
  let streams = 0;
  let events = 0;
  for (let after = ''; ; ) {
    const batch = await streamIdsAfter(db, after, batchStreams);
    if (batch.length === 0) break;
    const rows = (await chainRows(batch).execute(db)).rows;
    breaks.push(...firstBreaks(rows));
    streams += batch.length;
    events += rows.length;
    onProgress?.({ streams, events });
    after = batch[batch.length - 1]!;
  }
  return { streams, events, breaks };
}
