import type { AgentJobEvent, InventoryEvent, ReceiveJobEvent, RecordedEvent, TransferRequestEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';
import { DEVICE_COLUMNS, type DeviceRow, INVENTORY_EVENT_TYPES, evolveRow, isDeviceEvent, logLine } from './device-row';
import { applyCounterDeltas } from '../sql/counter-deltas';
import { ensureTrigramExtension } from '../sql/extensions';
import { COUNTERS } from './inventory-counters';

export { type DeviceRow, INVENTORY_EVENT_TYPES, evolveRow, isDeviceEvent, logLine } from './device-row';

/** The device columns the reports (doc 1 §2.11, §2.12) sort on, each with its index. */
const REPORT_SORT_COLUMNS = [
  'aged_from', 'allocation_date', 'activation_date', 'device_type', 'status', 'order_id',
  'make', 'model', 'pallet', 'esn', 'enroll_id', 'enroll_type', 'etc_code', 'plan_name', 'rma_prefix',
] as const;

/**
 * Devices, receive jobs and their cartons, agent jobs, transfer requests, the device log, and
 * the dashboard counters (DESIGN.md §5: devices per office, agent, type and status, kept in
 * the same transaction as the rows they count).
 *
 * A batch is applied in bulk: the touched device rows are read once, every event of the batch
 * is folded into them in feed order in memory, and rows, counter deltas and log lines are
 * written back with one statement each — receiving 10,000 IMEIs is a few statements, not 10,000.
 */
export const inventoryProjection: Projection = {
  name: 'inventory',
  // 4: devices carry the RMA order they were submitted on (rma_prefix). 5: sales are counted by the sales projection.
  version: 5,
  tables: [
    'inventory_devices', 'inventory_receive_jobs', 'inventory_job_cartons', 'inventory_agent_jobs', 'inventory_transfers', 'inventory_device_log',
    'inventory_counts', 'inventory_stock_ages',
  ],
  handles: INVENTORY_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('inventory_devices')} (
        imei text primary key, status smallint not null, office_id text not null, allocated_office_id text not null,
        agent_id text, manager_id text, job_id text, carton_number text not null, agent_job_id text, transfer_id text,
        device_type text not null, make text, model text, esn text, pallet text, enroll_id text, enroll_type text, etc_code text,
        source smallint not null, order_id text, decline_reason text,
        received_at timestamptz not null, allocation_date timestamptz, assigned_date timestamptz, aged_from timestamptz not null, activation_date date,
        plan_name text, activation_order_id text, image_file text, rma_prefix text, updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_devices')} (office_id, status)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (agent_id, status) where agent_id is not null`.execute(db);
    await sql`create index on ${t('inventory_devices')} (carton_number desc nulls last, imei desc)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (job_id)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (agent_job_id) where agent_job_id is not null`.execute(db);
    await sql`create index on ${t('inventory_devices')} (transfer_id) where transfer_id is not null`.execute(db);
    // The reports (doc 1 §2.11, §2.12) at a million devices: sorts and range filters walk these;
    // partial IMEI search uses trigrams.
    await ensureTrigramExtension(db);
    await sql`create index on ${t('inventory_devices')} using gin (imei public.gin_trgm_ops)`.execute(db);
    // In the order the reports sort (descending with blanks last, then the IMEI; ascending is the
    // same index read backwards): a page is the index's first rows. The NULLS LAST matters even on
    // NOT NULL columns: the planner matches an index to an ORDER BY by its null ordering too.
    // Every device column the reports sort on has one (a sort without one reads and sorts every
    // device in scope: 0.3-1.1 s at a million); names sort by walking the org tables (below).
    for (const column of REPORT_SORT_COLUMNS) {
      await sql`create index on ${t('inventory_devices')} (${sql.ref(column)} desc nulls last, imei desc)`.execute(db);
    }
    // An office's devices (and those first received there) in IMEI order: the name sorts' walk takes each office's first ones.
    await sql`create index on ${t('inventory_devices')} (office_id, imei desc)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (allocated_office_id, imei desc)`.execute(db);
    await sql`
      create table ${t('inventory_receive_jobs')} (
        job_id text primary key, seq bigint generated always as identity, office_id text not null, source smallint not null,
        order_id text, order_date date, from_office_id text, total_carton_count integer not null, total_device_count integer not null,
        pending_carton_count integer not null, decline_reason text, assigned_date timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_receive_jobs')} (office_id, assigned_date desc)`.execute(db);
    await sql`
      create table ${t('inventory_job_cartons')} (
        job_id text not null, carton_number text not null, device_type text not null, imei_count integer not null,
        status smallint not null default 0, decline_reason text, primary key (job_id, carton_number)
      )`.execute(db);
    await sql`
      create table ${t('inventory_agent_jobs')} (
        agent_job_id text primary key, agent_id text not null, office_id text not null, manager_id text not null,
        total_device_count integer not null, pending_count integer not null, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_agent_jobs')} (agent_id) where pending_count > 0`.execute(db);
    await sql`
      create table ${t('inventory_transfers')} (
        transfer_id text primary key, agent_id text not null, manager_id text not null, office_id text not null,
        transfer_count integer not null, reason text not null, status smallint not null default 0, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_transfers')} (office_id) where status = 0`.execute(db);
    await sql`
      create table ${t('inventory_device_log')} (
        id bigint generated always as identity primary key, imei text not null, status smallint not null, type text not null,
        short_description text not null, actor_id text, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_device_log')} (imei, id)`.execute(db);
    await sql`
      create table ${t('inventory_counts')} (
        office_id text not null, agent_id text not null, device_type text not null, status smallint not null, allocated_office_id text not null,
        devices integer not null,
        primary key (office_id, agent_id, device_type, status, allocated_office_id)
      )`.execute(db);
    await sql`create index on ${t('inventory_counts')} (agent_id) where agent_id <> ''`.execute(db);
    await sql`
      create table ${t('inventory_stock_ages')} (
        office_id text not null, agent_id text not null, device_type text not null, status smallint not null,
        pre_from timestamptz not null, post_from timestamptz not null, devices integer not null,
        primary key (office_id, agent_id, device_type, status, pre_from, post_from)
      )`.execute(db);
    await sql`create index on ${t('inventory_stock_ages')} (agent_id) where agent_id <> ''`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    const recordedEvents = events as readonly RecordedEvent[];

    // Devices: read the touched rows once, fold the batch in memory, write back in bulk.
    const touched = new Set<string>();
    for (const recorded of recordedEvents) {
      const event = recorded as unknown as InventoryEvent;
      if (isDeviceEvent(event)) touched.add(event.data.imei);
    }
    const rows = new Map<string, DeviceRow>();
    if (touched.size > 0) {
      // As JSON: dates and timestamps stay text, exactly as they go back in below.
      // A primary-key probe per IMEI. The LIMIT keeps the subquery from being flattened into a join:
      // a join over thousands of IMEIs lets the planner hash the whole table (a scan of a million
      // rows per batch, measured during a rebuild at 1M devices), whatever it knows of the table.
      const current = await sql<{ row: DeviceRow }>`
        select d.row from unnest(${[...touched]}::text[]) as wanted(imei)
        cross join lateral (select to_jsonb(x) as row from ${t('inventory_devices')} x where x.imei = wanted.imei limit 1) d`.execute(db);
      for (const { row } of current.rows) rows.set(row.imei, row);
    }
    const deltas = new Map<string, Map<string, number>>(COUNTERS.map((counter) => [counter.table, new Map()]));
    const bump = (row: DeviceRow | undefined, delta: number) => {
      if (!row) return;
      for (const counter of COUNTERS) {
        const key = counter.key(row);
        if (!key) continue;
        const table = deltas.get(counter.table)!;
        const text = JSON.stringify(key);
        table.set(text, (table.get(text) ?? 0) + delta);
      }
    };
    const log: { imei: string; status: number; type: string; short_description: string; actor_id: string | null; created_at: string }[] = [];

    for (const recorded of recordedEvents) {
      const event = { type: recorded.type, data: recorded.data } as InventoryEvent;
      // When the business fact happened (the command's time), which a backdated import or the demo seed sets.
      const at = recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();
      if (isDeviceEvent(event)) {
        const before = rows.get(event.data.imei);
        const after = evolveRow(before, event, at, recorded.metadata.user_id ?? 'system');
        if (!after) continue;
        bump(before, -1);
        bump(after, +1);
        rows.set(after.imei, after);
        log.push({ imei: after.imei, ...logLine(event), type: event.type, actor_id: recorded.metadata.user_id ?? null, created_at: at });
      } else {
        await applyRecordEvent(db, t, event, at);
      }
    }

    if (touched.size > 0) {
      const changed = [...touched].map((imei) => rows.get(imei)).filter((row): row is DeviceRow => row !== undefined);
      if (changed.length > 0) {
        const updates = sql.join(DEVICE_COLUMNS.filter((column) => column !== 'imei').map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`));
        await sql`
          insert into ${t('inventory_devices')} (${sql.join(DEVICE_COLUMNS.map((column) => sql.ref(column)))})
          select ${sql.join(DEVICE_COLUMNS.map((column) => sql.ref(`r.${column}`)))}
          from jsonb_populate_recordset(null::${t('inventory_devices')}, ${JSON.stringify(changed)}::jsonb) r
          on conflict (imei) do update set ${updates}`.execute(db);
      }
      for (const counter of COUNTERS) await applyCounterDeltas(db, t, counter.table, counter.columns, deltas.get(counter.table)!);
      if (log.length > 0) {
        await sql`
          insert into ${t('inventory_device_log')} (imei, status, type, short_description, actor_id, created_at)
          select r.imei, r.status, r.type, r.short_description, r.actor_id, r.created_at
          from jsonb_to_recordset(${JSON.stringify(log)}::jsonb) as r(imei text, status smallint, type text, short_description text, actor_id text, created_at timestamptz)`.execute(db);
      }
    }
  },
};

/** Jobs and transfer requests: few events, one statement each. */
async function applyRecordEvent(db: SqlDb, t: (name: string) => ReturnType<typeof sql.id>, event: ReceiveJobEvent | AgentJobEvent | TransferRequestEvent, at: string): Promise<void> {
  switch (event.type) {
    case 'ReceiveJobCreated': {
      const data = event.data;
      await sql`
        insert into ${t('inventory_receive_jobs')} (job_id, office_id, source, order_id, order_date, from_office_id, total_carton_count, total_device_count, pending_carton_count, assigned_date)
        values (${data.job_id}, ${data.office_id}, ${data.source}, ${data.order_id}, ${data.order_date}, ${data.from_office_id}, ${data.cartons.length}, ${data.total_device_count}, ${data.cartons.length}, ${at})`.execute(db);
      await sql`
        insert into ${t('inventory_job_cartons')} (job_id, carton_number, device_type, imei_count)
        select ${data.job_id}, r.carton_number, r.device_type, r.imei_count
        from jsonb_to_recordset(${JSON.stringify(data.cartons)}::jsonb) as r(carton_number text, device_type text, imei_count integer)`.execute(db);
      return;
    }
    case 'ReceiveJobCartonsAccepted':
    case 'ReceiveJobCartonsDeclined': {
      const declined = event.type === 'ReceiveJobCartonsDeclined';
      const reason = declined ? event.data.reason : null;
      await sql`
        update ${t('inventory_job_cartons')} set status = ${declined ? 2 : 1}, decline_reason = ${reason}
        where job_id = ${event.data.job_id} and carton_number = any(${[...event.data.carton_numbers]}::text[])`.execute(db);
      await sql`
        update ${t('inventory_receive_jobs')} j set
          pending_carton_count = (select count(*) from ${t('inventory_job_cartons')} c where c.job_id = j.job_id and c.status = 0),
          decline_reason = coalesce(${reason}, j.decline_reason)
        where j.job_id = ${event.data.job_id}`.execute(db);
      return;
    }
    case 'AgentJobCreated':
      await sql`
        insert into ${t('inventory_agent_jobs')} (agent_job_id, agent_id, office_id, manager_id, total_device_count, pending_count, created_at)
        values (${event.data.agent_job_id}, ${event.data.agent_id}, ${event.data.office_id}, ${event.data.manager_id}, ${event.data.imeis.length}, ${event.data.imeis.length}, ${at})`.execute(db);
      return;
    case 'AgentJobAnswered':
      await sql`
        update ${t('inventory_agent_jobs')} set pending_count = greatest(pending_count - ${event.data.accepted.length + event.data.returned.length}, 0)
        where agent_job_id = ${event.data.agent_job_id}`.execute(db);
      return;
    case 'TransferRequested':
      await sql`
        insert into ${t('inventory_transfers')} (transfer_id, agent_id, manager_id, office_id, transfer_count, reason, created_at)
        values (${event.data.transfer_id}, ${event.data.agent_id}, ${event.data.manager_id}, ${event.data.office_id}, ${event.data.imeis.length}, ${event.data.reason}, ${at})`.execute(db);
      return;
    case 'TransferAnswered':
      await sql`update ${t('inventory_transfers')} set status = ${event.data.accepted ? 1 : 2} where transfer_id = ${event.data.transfer_id}`.execute(db);
      return;
  }
}
