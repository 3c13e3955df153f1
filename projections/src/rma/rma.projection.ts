import { RMA_DEVICE_EVENT_TYPES, RMA_ORDER_EVENT_TYPES, type RecordedEvent, type RmaDeviceEvent, type RmaOrderEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * RMA devices (doc 2 §3; docs/RMA.md): one row per RMA device stream, for the Pending RMA
 * Request, Approved RMA Request, Approve RMA, Submit RMA, the RMA device Status report and agent
 * RMA Status lists. The device's own status lives in the inventory projection; this keeps the
 * request's life (who, reasons, answers, its order). And one row per RMA order (RMA Status).
 */
export const rmaProjection: Projection = {
  name: 'rma',
  // 3: RMA orders, and the order each RMA device was submitted on.
  version: 3,
  tables: ['rma_devices', 'rma_orders'],
  handles: [...RMA_DEVICE_EVENT_TYPES, ...RMA_ORDER_EVENT_TYPES],

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('rma_devices')} (
        id text primary key, imei text not null, opened_by text not null, awaiting_manager boolean not null,
        status smallint not null, office_id text not null, agent_id text, manager_id text, opened_by_user_id text,
        reason smallint not null, reason_two smallint, notes text, comments text, image_file text,
        created_at timestamptz not null, answered_at timestamptz, rma_order_id text, rma_prefix text
      )`.execute(db);
    await sql`create index on ${t('rma_devices')} (rma_order_id) where rma_order_id is not null`.execute(db);
    await sql`
      create table ${t('rma_orders')} (
        id text primary key, rma_prefix text not null unique, status smallint not null, office_id text not null, submitted_by text not null,
        address text not null, city text not null, state text not null, zip text not null, no_of_boxes integer not null,
        box_length numeric, box_width numeric, box_height numeric, box_weight numeric, rma_device_count integer not null,
        comments text, answered_by text, approved_at timestamptz, answered_at timestamptz, shipped_at timestamptz, completed_at timestamptz,
        missing_imeis text[] not null default '{}', created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('rma_orders')} (office_id, created_at desc)`.execute(db);
    await sql`create index on ${t('rma_orders')} (status, created_at desc)`.execute(db);
    await sql`create index on ${t('rma_devices')} (office_id, status, created_at desc)`.execute(db);
    await sql`create index on ${t('rma_devices')} (agent_id, created_at desc) where agent_id is not null`.execute(db);
    await sql`create index on ${t('rma_devices')} (imei)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    // Runs of one event type are written in one statement each (1,000 RMA devices initiated at
    // once are one insert, not 1,000), in the order they came; a run ends where the type changes.
    const runs: { type: RmaDeviceEvent['type'] | RmaOrderEvent['type']; rows: Record<string, unknown>[] }[] = [];
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as RmaDeviceEvent | RmaOrderEvent;
      // The business time of the step (a backdated seed or import says when it happened), else when it was recorded.
      const at = recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();
      const row: Record<string, unknown> = { ...event.data, at, user_id: recorded.metadata.user_id ?? null };
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
        case 'RmaDeviceSubmitted':
          await sql`
            update ${t('rma_devices')} d set rma_order_id = r.rma_order_id, rma_prefix = r.rma_prefix
            from jsonb_to_recordset(${json}::jsonb) as r(rma_device_id text, rma_order_id text, rma_prefix text)
            where d.id = r.rma_device_id`.execute(db);
          break;
        case 'RmaOrderSubmitted':
          await sql`
            insert into ${t('rma_orders')} (id, rma_prefix, status, office_id, submitted_by, address, city, state, zip, no_of_boxes, box_length, box_width, box_height, box_weight, rma_device_count, created_at)
            select r.rma_order_id, r.rma_prefix, 1, r.office_id, r.submitted_by, s.address, s.city, s.state, s.zip, s.no_of_boxes, s.box_length, s.box_width, s.box_height, s.box_weight,
              jsonb_array_length(r.devices), r.at
            from jsonb_to_recordset(${json}::jsonb) as r(rma_order_id text, rma_prefix text, office_id text, submitted_by text, devices jsonb, shipment jsonb, at timestamptz),
              jsonb_to_record(r.shipment) as s(address text, city text, state text, zip text, no_of_boxes integer, box_length numeric, box_width numeric, box_height numeric, box_weight numeric)
            on conflict (id) do nothing`.execute(db);
          break;
        case 'RmaOrderAnswered':
          await sql`
            update ${t('rma_orders')} o set status = case when r.status = 2 then 2 else 5 end, comments = r.comments, answered_by = r.answered_by, answered_at = r.at,
              approved_at = case when r.status = 2 then r.at else null end
            from jsonb_to_recordset(${json}::jsonb) as r(rma_order_id text, status smallint, comments text, answered_by text, at timestamptz)
            where o.id = r.rma_order_id`.execute(db);
          break;
        case 'RmaOrderShipped':
          await sql`
            update ${t('rma_orders')} o set status = 3, shipped_at = r.at
            from jsonb_to_recordset(${json}::jsonb) as r(rma_order_id text, at timestamptz) where o.id = r.rma_order_id`.execute(db);
          break;
        case 'RmaOrderReceived':
          await sql`
            update ${t('rma_orders')} o set status = 4, completed_at = r.at, missing_imeis = array(select jsonb_array_elements_text(r.missing))
            from jsonb_to_recordset(${json}::jsonb) as r(rma_order_id text, missing jsonb, at timestamptz) where o.id = r.rma_order_id`.execute(db);
          break;
      }
    }
  },
};
