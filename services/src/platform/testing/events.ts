import { sql } from 'kysely';
import type { SqlDb } from '@portal/projections';
import { type Position, START } from '@portal/contracts';
import type { EventStore } from '../event-store/event-store';

// Synthetic load: named so that no real projection (inventory) takes them for its own events.
const TYPES = ['LoadDeviceReceived', 'LoadDeviceAccepted', 'LoadDeviceAssigned', 'LoadDeviceAgentAccepted', 'LoadDeviceTransferred'];

/**
 * Appends `total` device events: `perAppend` streams per atomic append, one event each,
 * cycling through `streams` device streams (so each stream gets several events).
 */
export async function appendDeviceEvents(
  store: EventStore,
  total: number,
  options: { streams: number; perAppend?: number; prefix?: string },
): Promise<Position> {
  let last: Position = START;
  const perAppend = options.perAppend ?? 500;
  const prefix = options.prefix ?? 'device-35693803';
  const versions = new Map<string, number>();
  for (let start = 0; start < total; start += perAppend) {
    const count = Math.min(perAppend, total - start);
    const appends = new Map<string, { streamId: string; expectedVersion: number; events: { type: string; data: object; metadata: object }[] }>();
    for (let offset = 0; offset < count; offset++) {
      const index = start + offset;
      const streamId = `${prefix}${String(index % options.streams).padStart(7, '0')}`;
      const version = versions.get(streamId) ?? 0;
      const append = appends.get(streamId) ?? { streamId, expectedVersion: version, events: [] };
      append.events.push({
        type: TYPES[(version + append.events.length) % TYPES.length]!,
        data: { imei: streamId.slice(7), carton: `C${index % 97}`, office_id: `office-${index % 12}`, sequence: index },
        metadata: { user_id: 'test-loader' },
      });
      appends.set(streamId, append);
    }
    for (const append of appends.values()) versions.set(append.streamId, append.expectedVersion + append.events.length);
    last = (await store.append([...appends.values()])).position;
  }
  // The last append's position, not head(): head() is what is visible now, which lags while
  // any transaction on the server (another test file's) is still open.
  return last;
}

/** An order-independent fingerprint of the tables' contents, to compare two builds. */
export async function tablesChecksum(db: SqlDb, schema: string, tables: readonly string[]): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of tables) {
    const result = await sql<{ sum: string | null; rows: string }>`
      select md5(string_agg(t::text, '|' order by t::text)) as sum, count(*)::text as rows from ${sql.id(schema, table)} t`.execute(db);
    sums[table] = `${result.rows[0]?.rows}:${result.rows[0]?.sum}`;
  }
  return sums;
}
