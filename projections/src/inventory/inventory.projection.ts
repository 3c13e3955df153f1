import { type AgentJobEvent, type DeviceEvent, IN_STOCK_GROUP, INVENTORY_STATUS, type InventoryEvent, type ReceiveJobEvent, type RecordedEvent, type TransferRequestEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/** A device row as the projection keeps it (ids, never names: DESIGN.md §5). */
export interface DeviceRow {
  imei: string;
  status: number;
  office_id: string;
  allocated_office_id: string;
  agent_id: string | null;
  manager_id: string | null;
  job_id: string | null;
  carton_number: string;
  agent_job_id: string | null;
  transfer_id: string | null;
  device_type: string;
  make: string | null;
  model: string | null;
  esn: string | null;
  pallet: string | null;
  enroll_id: string | null;
  enroll_type: string | null;
  etc_code: string | null;
  source: number;
  order_id: string | null;
  decline_reason: string | null;
  received_at: string;
  /** When the device reached its current office's stock (age counts from here, DESIGN.md §11). */
  allocation_date: string | null;
  /** When it was last handed to an agent. */
  assigned_date: string | null;
  /**
   * Where its age counts from: the allocation date, or while it has none (manager pending or
   * declined) when it arrived at its current office (DESIGN.md §11 device age).
   */
  aged_from: string;
  activation_date: string | null;
  plan_name: string | null;
  activation_order_id: string | null;
  image_file: string | null;
  updated_at: string;
}

const DEVICE_COLUMNS = [
  'imei', 'status', 'office_id', 'allocated_office_id', 'agent_id', 'manager_id', 'job_id', 'carton_number', 'agent_job_id', 'transfer_id',
  'device_type', 'make', 'model', 'esn', 'pallet', 'enroll_id', 'enroll_type', 'etc_code', 'source', 'order_id', 'decline_reason',
  'received_at', 'allocation_date', 'assigned_date', 'aged_from', 'activation_date', 'plan_name', 'activation_order_id', 'image_file', 'updated_at',
] as const satisfies readonly (keyof DeviceRow)[];

/** Device log codes (DESIGN.md §11: 5 in stock, 7 transfer, 8 sold) and the words of each event. */
function logLine(event: DeviceEvent): { status: number; short_description: string } {
  switch (event.type) {
    case 'DeviceReceived':
      return { status: 5, short_description: `Received in carton ${event.data.carton_number}${event.data.order_id ? ` on order ${event.data.order_id}` : ''}` };
    case 'DeviceAcceptedByManager':
      return { status: 5, short_description: 'Accepted by the manager' };
    case 'DeviceDeclinedByManager':
      return { status: 5, short_description: `Declined by the manager: ${event.data.reason}` };
    case 'DeviceAssigned':
      return { status: 7, short_description: event.data.previous_agent_id ? 'Reassigned to another agent' : 'Assigned to an agent' };
    case 'DeviceAcceptedByAgent':
      return { status: 5, short_description: 'Accepted by the agent' };
    case 'DeviceReturnedByAgent':
      return { status: 7, short_description: 'Not accepted by the agent: back with the manager' };
    case 'DeviceTransferRequested':
      return { status: 7, short_description: `Transfer to the manager requested: ${event.data.reason}` };
    case 'DeviceTransferAccepted':
      return { status: 5, short_description: 'Transfer accepted by the manager' };
    case 'DeviceTransferRejected':
      return { status: 5, short_description: 'Transfer rejected by the manager: back with the agent' };
    case 'DeviceSentToOffice':
      return { status: 7, short_description: event.data.agent_id ? 'Transferred to an agent of another office' : 'Transferred to another office' };
    case 'DeviceReassignedToManager':
      return { status: 7, short_description: "Reassigned to an office's manager stock" };
    case 'DeviceActivated':
      return {
        status: 8,
        short_description: event.data.was_in_stock ? `Activated${event.data.plan_name ? ` on ${event.data.plan_name}` : ''}` : `Activated while not in stock (status ${event.data.previous_status})`,
      };
    case 'DeviceImageUploaded':
      return { status: 5, short_description: 'Image uploaded' };
  }
}

/** The row a device event leaves, its age base set (`row` undefined only before DeviceReceived). */
function evolveRow(row: DeviceRow | undefined, event: DeviceEvent, at: string, actor: string): DeviceRow | undefined {
  const next = moveRow(row, event, at, actor);
  if (!next) return undefined;
  // Arriving at an office (shipped, or sent from another office) restarts the age; otherwise it is the allocation date's.
  const arrived = event.type === 'DeviceReceived' || (event.type === 'DeviceSentToOffice' && !event.data.agent_id);
  return { ...next, aged_from: next.allocation_date ?? (arrived || !row ? at : row.aged_from) };
}

/** Where a device event leaves the device and who holds it. */
function moveRow(row: DeviceRow | undefined, event: DeviceEvent, at: string, actor: string): DeviceRow | undefined {
  if (event.type === 'DeviceReceived') {
    const data = event.data;
    return {
      imei: data.imei,
      status: 9,
      office_id: data.office_id,
      allocated_office_id: row?.allocated_office_id ?? data.office_id,
      agent_id: null,
      manager_id: null,
      job_id: data.job_id,
      carton_number: data.carton_number,
      agent_job_id: null,
      transfer_id: null,
      device_type: data.device_type,
      make: data.make,
      model: data.model,
      esn: data.esn,
      pallet: data.pallet,
      enroll_id: data.enroll_id,
      enroll_type: data.enroll_type,
      etc_code: data.etc_code,
      source: data.source,
      order_id: data.order_id,
      decline_reason: null,
      received_at: at,
      allocation_date: null,
      assigned_date: null,
      aged_from: at,
      activation_date: null,
      plan_name: null,
      activation_order_id: null,
      image_file: row?.image_file ?? null,
      updated_at: at,
    };
  }
  if (!row) return undefined;
  const next: DeviceRow = { ...row, updated_at: at };
  switch (event.type) {
    case 'DeviceAcceptedByManager':
      return { ...next, status: 3, allocation_date: at, manager_id: actor };
    case 'DeviceDeclinedByManager':
      return { ...next, status: 12, decline_reason: event.data.reason };
    case 'DeviceAssigned':
      return { ...next, status: 4, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, manager_id: event.data.manager_id, assigned_date: at, transfer_id: null, allocation_date: event.data.office_id === row.office_id ? row.allocation_date : at };
    case 'DeviceAcceptedByAgent':
      return { ...next, status: 5 };
    case 'DeviceReturnedByAgent':
      return { ...next, status: 3, agent_id: null, agent_job_id: null };
    case 'DeviceTransferRequested':
      return { ...next, status: 6, transfer_id: event.data.transfer_id };
    case 'DeviceTransferAccepted':
      return { ...next, status: 3, agent_id: null, agent_job_id: null, transfer_id: null };
    case 'DeviceTransferRejected':
      return { ...next, status: 5, transfer_id: null };
    case 'DeviceSentToOffice':
      return event.data.agent_id
        ? { ...next, status: 4, office_id: event.data.office_id, agent_id: event.data.agent_id, agent_job_id: event.data.agent_job_id, job_id: event.data.job_id ?? row.job_id, manager_id: event.data.manager_id, assigned_date: at, allocation_date: at, transfer_id: null }
        : { ...next, status: 9, office_id: event.data.office_id, agent_id: null, agent_job_id: null, job_id: event.data.job_id, allocation_date: null, transfer_id: null };
    case 'DeviceReassignedToManager':
      return { ...next, status: 3, office_id: event.data.office_id, agent_id: null, agent_job_id: null, transfer_id: null, allocation_date: event.data.office_id === row.office_id ? row.allocation_date : at };
    case 'DeviceActivated':
      return { ...next, status: 8, activation_date: event.data.activation_date, plan_name: event.data.plan_name, activation_order_id: event.data.order_id };
    case 'DeviceImageUploaded':
      return { ...next, image_file: event.data.file };
  }
}

const DEVICE_EVENT_TYPES: readonly DeviceEvent['type'][] = [
  'DeviceReceived', 'DeviceAcceptedByManager', 'DeviceDeclinedByManager', 'DeviceAssigned', 'DeviceAcceptedByAgent', 'DeviceReturnedByAgent',
  'DeviceTransferRequested', 'DeviceTransferAccepted', 'DeviceTransferRejected', 'DeviceSentToOffice', 'DeviceReassignedToManager', 'DeviceActivated', 'DeviceImageUploaded',
];
const isDeviceEvent = (event: InventoryEvent): event is DeviceEvent => (DEVICE_EVENT_TYPES as readonly string[]).includes(event.type);

export const INVENTORY_EVENT_TYPES: readonly InventoryEvent['type'][] = [
  ...DEVICE_EVENT_TYPES,
  'ReceiveJobCreated', 'ReceiveJobCartonsAccepted', 'ReceiveJobCartonsDeclined', 'AgentJobCreated', 'AgentJobAnswered', 'TransferRequested', 'TransferAnswered',
];

/** The start of the hour of an instant: age counters keep hours, so any whole-hour time zone reads exact days from them. */
const hourOf = (instant: string) => {
  const date = new Date(instant);
  date.setUTCMinutes(0, 0, 0);
  return date.toISOString();
};

const IN_STOCK: readonly number[] = IN_STOCK_GROUP;

/**
 * Counters kept with the rows they count, in the same transaction (DESIGN.md §5): a device adds
 * one to the key its row has (or to none), and an event moves it from its old key to its new.
 * - inventory_counts: devices per office, agent ('' with the manager), type, status and the office that first
 *   received them (dashboards, by-* reports; the allocated office lets a sort by it walk only the offices that matter);
 * - inventory_stock_ages: in-stock devices per holder, type, status and the hours their ages
 *   count from ('pre': allocation; 'post': handed to the agent), so aged reports read bands
 *   computed at query time from a few thousand rows instead of a million;
 * - inventory_sales_counts: sold devices per holder at sale, type and activation date ("sold in the last 30 days").
 */
interface Counter {
  readonly table: string;
  readonly key: (row: DeviceRow) => readonly (string | number)[] | null;
}
const COUNTERS: readonly Counter[] = [
  { table: 'inventory_counts', key: (row) => [row.office_id, row.agent_id ?? '', row.device_type, row.status, row.allocated_office_id] },
  {
    table: 'inventory_stock_ages',
    key: (row) =>
      IN_STOCK.includes(row.status)
        ? [row.office_id, row.agent_id ?? '', row.device_type, row.status, hourOf(row.aged_from), hourOf(row.agent_id && row.assigned_date ? row.assigned_date : row.aged_from)]
        : null,
  },
  {
    table: 'inventory_sales_counts',
    key: (row) => (row.status === INVENTORY_STATUS.SOLD && row.activation_date ? [row.office_id, row.agent_id ?? '', row.device_type, row.activation_date] : null),
  },
];
const COUNTER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  inventory_counts: ['office_id', 'agent_id', 'device_type', 'status', 'allocated_office_id'],
  inventory_stock_ages: ['office_id', 'agent_id', 'device_type', 'status', 'pre_from', 'post_from'],
  inventory_sales_counts: ['office_id', 'agent_id', 'device_type', 'activation_date'],
};

/**
 * Devices, receive jobs and their cartons, agent jobs, transfer requests, the device log, and
 * the dashboard counters (DESIGN.md §5: devices per office, agent, type and status, kept in
 * the same transaction as the rows they count).
 *
 * A batch is applied in bulk: the touched device rows are read once, every event of the batch
 * is folded into them in feed order in memory, and rows, counter deltas and log lines are
 * written back with one statement each — receiving 10,000 IMEIs is a few statements, not 10,000.
 */
/** The device columns the reports (doc 1 §2.11, §2.12) sort on, each with its index. */
const REPORT_SORT_COLUMNS = [
  'aged_from', 'allocation_date', 'activation_date', 'device_type', 'status', 'order_id',
  'make', 'model', 'pallet', 'esn', 'enroll_id', 'enroll_type', 'etc_code', 'plan_name',
] as const;

export const inventoryProjection: Projection = {
  name: 'inventory',
  version: 3,
  tables: [
    'inventory_devices', 'inventory_receive_jobs', 'inventory_job_cartons', 'inventory_agent_jobs', 'inventory_transfers', 'inventory_device_log',
    'inventory_counts', 'inventory_stock_ages', 'inventory_sales_counts',
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
        plan_name text, activation_order_id text, image_file text, updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_devices')} (office_id, status)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (agent_id, status) where agent_id is not null`.execute(db);
    await sql`create index on ${t('inventory_devices')} (carton_number desc nulls last, imei desc)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (job_id)`.execute(db);
    await sql`create index on ${t('inventory_devices')} (agent_job_id) where agent_job_id is not null`.execute(db);
    await sql`create index on ${t('inventory_devices')} (transfer_id) where transfer_id is not null`.execute(db);
    // The reports (doc 1 §2.11, §2.12) at a million devices: sorts and range filters walk these;
    // partial IMEI search uses trigrams.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
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
    await sql`
      create table ${t('inventory_sales_counts')} (
        office_id text not null, agent_id text not null, device_type text not null, activation_date date not null, devices integer not null,
        primary key (office_id, agent_id, device_type, activation_date)
      )`.execute(db);
    await sql`create index on ${t('inventory_sales_counts')} (activation_date)`.execute(db);
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
      for (const [table, changes] of deltas) await applyCounterDeltas(db, t, table, changes);
      if (log.length > 0) {
        await sql`
          insert into ${t('inventory_device_log')} (imei, status, type, short_description, actor_id, created_at)
          select r.imei, r.status, r.type, r.short_description, r.actor_id, r.created_at
          from jsonb_to_recordset(${JSON.stringify(log)}::jsonb) as r(imei text, status smallint, type text, short_description text, actor_id text, created_at timestamptz)`.execute(db);
      }
    }
  },
};

/** Adds a batch's deltas to a counter table in one statement; keys a decrease leaves at zero are removed (a second statement, only when something decreased). */
async function applyCounterDeltas(db: SqlDb, t: (name: string) => ReturnType<typeof sql.id>, table: string, changes: ReadonlyMap<string, number>): Promise<void> {
  const columns = COUNTER_COLUMNS[table]!;
  const rows = [...changes.entries()]
    .filter(([, delta]) => delta !== 0)
    .map(([key, devices]) => ({ ...Object.fromEntries((JSON.parse(key) as unknown[]).map((value, index) => [columns[index]!, value])), devices }));
  if (rows.length === 0) return;
  const keyColumns = sql.join(columns.map((column) => sql.ref(column)));
  await sql`
    insert into ${t(table)} as c (${keyColumns}, devices)
    select ${sql.join(columns.map((column) => sql.ref(`r.${column}`)))}, r.devices
    from jsonb_populate_recordset(null::${t(table)}, ${JSON.stringify(rows)}::jsonb) r
    on conflict (${keyColumns}) do update set devices = c.devices + excluded.devices`.execute(db);
  const decreased = rows.filter((row) => row.devices < 0);
  if (decreased.length === 0) return;
  await sql`
    delete from ${t(table)} c using jsonb_populate_recordset(null::${t(table)}, ${JSON.stringify(decreased)}::jsonb) r
    where c.devices = 0 and ${sql.join(columns.map((column) => sql`c.${sql.ref(column)} = r.${sql.ref(column)}`), sql` and `)}`.execute(db);
}

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
