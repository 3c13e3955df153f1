import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { deviceEvent, imeiOf } from './workload';

const COLUMNS = 'global_position, transaction_id, stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at';

/** The physical limit: the same rows as es_events, COPY'd into a table with no index or key. */
export async function createCopyTable(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      create table if not exists copy_events (
        global_position bigint not null,
        transaction_id xid8 not null,
        stream_id text not null,
        stream_position bigint not null,
        event_id uuid not null,
        type text not null,
        schema_version integer not null,
        data jsonb not null,
        metadata jsonb not null,
        recorded_at timestamptz not null
      )`);
    await client.query('truncate copy_events');
  } finally {
    await client.end();
  }
}

// COPY text format: backslash, tab and newline must be escaped inside a field.
const escapeCopy = (text: string) => text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));

function* rows(client: number, count: number, offset: number): Generator<string> {
  const chunk: string[] = [];
  const correlationId = randomUUID();
  for (let index = 0; index < count; index++) {
    const sequence = offset + index;
    const device = Math.floor(sequence / 10);
    const imei = imeiOf(client, device);
    const event = deviceEvent(sequence, imei, correlationId);
    chunk.push(
      [
        sequence + 1,
        1000,
        `device-${imei}`,
        (sequence % 10) + 1,
        randomUUID(),
        event.type,
        1,
        escapeCopy(JSON.stringify(event.data)),
        escapeCopy(JSON.stringify(event.metadata)),
        new Date().toISOString(),
      ].join('\t'),
    );
    if (chunk.length === 1000) {
      yield chunk.join('\n') + '\n';
      chunk.length = 0;
    }
  }
  if (chunk.length > 0) yield chunk.join('\n') + '\n';
}

/** COPYs `total` rows through `clients` connections at once; answers the elapsed seconds. */
export async function copyRows(url: string, clients: number, total: number): Promise<number> {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const share = Math.ceil(total / clients);
    const started = performance.now();
    await Promise.all(
      connections.map(async (connection, index) => {
        const count = Math.min(share, total - index * share);
        if (count <= 0) return;
        const target = connection.query(copyFrom(`copy copy_events (${COLUMNS}) from stdin`));
        await pipeline(Readable.from(rows(index, count, index * share)), target);
      }),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await Promise.all(connections.map((connection) => connection.end()));
  }
}
