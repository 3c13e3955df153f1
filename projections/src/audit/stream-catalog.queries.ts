import type { SqlDb } from '../runner/ports';
import { sql } from 'kysely';

export interface EventTypeCount {
  type: string;
  events: number;
}

/** How many events of each type the store holds, most frequent first. */
export async function eventTypeCounts(db: SqlDb): Promise<EventTypeCount[]> {
  const result = await sql<{ type: string; events: string }>`
    select type, events::text as events from rm.audit_event_types order by events desc, type`.execute(db);
  return result.rows.map((row) => ({ type: row.type, events: Number(row.events) }));
}

export interface StreamSummary {
  streamId: string;
  streamType: string;
  events: number;
  lastEventType: string;
  lastRecordedAt: Date;
}

export async function streamSummary(db: SqlDb, streamId: string): Promise<StreamSummary | undefined> {
  const result = await sql<{ stream_id: string; stream_type: string; events: number; last_event_type: string; last_recorded_at: Date }>`
    select stream_id, stream_type, events, last_event_type, last_recorded_at from rm.audit_streams where stream_id = ${streamId}`.execute(db);
  const row = result.rows[0];
  return row && { streamId: row.stream_id, streamType: row.stream_type, events: row.events, lastEventType: row.last_event_type, lastRecordedAt: new Date(row.last_recorded_at) };
}
