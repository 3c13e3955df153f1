import { RMA_DEVICE_EVENT_TYPES, type RecordedEvent, type RmaDeviceEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * RMA devices (doc 2 §3; docs/RMA.md): one row per RMA device stream, for the Pending RMA
 * Request, Approved RMA Request, Approve RMA and agent RMA Status lists. The device's own status
 * lives in the inventory projection; this keeps the request's life (who, reasons, answers).
 */
export const rmaProjection: Projection = {
  name: 'rma',
  version: 2,
  tables: ['rma_devices'],
  handles: RMA_DEVICE_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('rma_devices')} (
        id text primary key, imei text not null, opened_by text not null, awaiting_manager boolean not null,
        status smallint not null, office_id text not null, agent_id text, manager_id text, opened_by_user_id text,
        reason smallint not null, reason_two smallint, notes text, comments text, image_file text,
        created_at timestamptz not null, answered_at timestamptz
      )`.execute(db);
    await sql`create index on ${t('rma_devices')} (office_id, status, created_at desc)`.execute(db);
    await sql`create index on ${t('rma_devices')} (agent_id, created_at desc) where agent_id is not null`.execute(db);
    await sql`create index on ${t('rma_devices')} (imei)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    // Runs of one event type are written in one statement each (1,000 RMA devices initiated at
    // once are one insert, not 1,000), in the order they came; a run ends where the type changes.
    const runs: { type: RmaDeviceEvent['type']; rows: Record<string, unknown>[] }[] = [];
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as RmaDeviceEvent;
      // The business time of the step (a backdated seed or import says when it happened), else when it was recorded.
      const at = recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();
      const row = { ...event.data, at, user_id: recorded.metadata.user_id ?? null };
      const last = runs.at(-1);
      if (last?.type === event.type) last.rows.push(row);
      else runs.push({ type: event.type, rows: [row] });
    }
    for (const { type, rows } of runs) {
      const json = JSON.stringify(rows);
      switch (type) {
        case 'RmaDeviceOpened':
          await sql`
            insert into ${t('rma_devices')} (id, imei, opened_by, awaiting_manager, status, office_id, agent_id, manager_id, opened_by_user_id, reason, reason_two, notes, image_file, created_at)
            select r.rma_device_id, r.imei, r.opened_by, r.opened_by = 'agent', 1, r.office_id, r.agent_id, r.manager_id, r.user_id, r.reason, r.reason_two, r.notes, r.image_file, r.at
            from jsonb_to_recordset(${json}::jsonb) as r(rma_device_id text, imei text, opened_by text, office_id text, agent_id text, manager_id text, user_id text,
              reason smallint, reason_two smallint, notes text, image_file text, at timestamptz)
            on conflict (id) do nothing`.execute(db);
          break;
        case 'RmaDeviceRequestAnswered':
          // Accepted: still pending, now awaiting Approve RMA; declined: rejected.
          await sql`
            update ${t('rma_devices')} d set awaiting_manager = false, manager_id = r.manager_id, status = case when r.status = 2 then 1 else 3 end,
              answered_at = case when r.status = 2 then null else r.at end
            from jsonb_to_recordset(${json}::jsonb) as r(rma_device_id text, status smallint, manager_id text, at timestamptz)
            where d.id = r.rma_device_id`.execute(db);
          break;
        case 'RmaDeviceAnswered':
          await sql`
            update ${t('rma_devices')} d set status = r.status, comments = r.comments, manager_id = r.manager_id, answered_at = r.at
            from jsonb_to_recordset(${json}::jsonb) as r(rma_device_id text, status smallint, comments text, manager_id text, at timestamptz)
            where d.id = r.rma_device_id`.execute(db);
          break;
        case 'RmaDeviceImageReplaced':
          // Replacements of one RMA device in one run: the last one stands (the set is applied row by row in order).
          for (const row of rows) await sql`update ${t('rma_devices')} set image_file = ${String(row.image_file)} where id = ${String(row.rma_device_id)}`.execute(db);
          break;
      }
    }
  },
};
