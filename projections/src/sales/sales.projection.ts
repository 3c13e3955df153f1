import type { RecordedEvent, SalesDeviceEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';
import { applyCounterDeltas } from '../sql/counter-deltas';
import { ensureTrigramExtension } from '../sql/extensions';

/**
 * Sales (doc 2 §2; docs/REPORTS.md "Sales"): one row per sale for the detailed reports and the
 * breakdown files, and daily counts per (office, agent, device type, business day) — the holder
 * at the sale, from the event — for the summaries, the dashboards and inventory's "Sold (last 30
 * days)". Managers, IBOs/markets and retailers are summed at query time through the org tables
 * (DESIGN.md §5). A reversal removes the sale from both.
 */

/** A sale as the reports read it (what was sold comes with the event: sales' SoldDevice). */
export interface SaleRow {
  imei: string;
  office_id: string;
  agent_id: string | null;
  device_type: string;
  activation_date: string;
  recorded_at: string;
  plan_name: string | null;
  activation_order_id: string | null;
  subscriber_state: string | null;
  subscriber_zip: string | null;
  make: string | null;
  model: string | null;
  esn: string | null;
  pallet: string | null;
  carton_number: string | null;
  enroll_id: string | null;
  enroll_type: string | null;
  etc_code: string | null;
  allocated_office_id: string | null;
  order_id: string | null;
  order_date: string | null;
  received_at: string | null;
  allocation_date: string | null;
}

const SALE_COLUMNS = [
  'imei', 'office_id', 'agent_id', 'device_type', 'activation_date', 'recorded_at', 'plan_name', 'activation_order_id', 'subscriber_state', 'subscriber_zip',
  'make', 'model', 'esn', 'pallet', 'carton_number', 'enroll_id', 'enroll_type', 'etc_code', 'allocated_office_id', 'order_id', 'order_date', 'received_at', 'allocation_date',
] as const satisfies readonly (keyof SaleRow)[];

const COUNT_COLUMNS = ['office_id', 'agent_id', 'device_type', 'activation_date'] as const;
/** The sale columns the detailed reports sort on (besides the activation date and the names). */
const SORTED_COLUMNS = ['enroll_id', 'etc_code', 'pallet', 'carton_number', 'enroll_type', 'esn', 'order_date', 'allocation_date', 'received_at', 'plan_name', 'device_type', 'subscriber_state', 'subscriber_zip'] as const;
/** The daily count a sale adds to: its holder at the sale (agent '' when the manager held it), type and day. */
const countKey = (row: Pick<SaleRow, 'office_id' | 'agent_id' | 'device_type' | 'activation_date'>) => JSON.stringify([row.office_id, row.agent_id ?? '', row.device_type, row.activation_date]);

/** The device type of a sale recorded before activations carried what was sold. */
const UNKNOWN_TYPE = '';

export const SALES_EVENT_TYPES: readonly SalesDeviceEvent['type'][] = ['DeviceActivated', 'ActivationReversed'];

export const salesProjection: Projection = {
  name: 'sales',
  version: 1,
  tables: ['sales_activations', 'sales_daily_counts'],
  handles: SALES_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('sales_activations')} (
        imei text primary key, office_id text not null, agent_id text, device_type text not null, activation_date date not null, recorded_at timestamptz not null,
        plan_name text, activation_order_id text, subscriber_state text, subscriber_zip text,
        make text, model text, esn text, pallet text, carton_number text, enroll_id text, enroll_type text, etc_code text,
        allocated_office_id text, order_id text, order_date date, received_at timestamptz, allocation_date timestamptz
      )`.execute(db);
    // Every report reads a date range (at most 31 days, or a period): newest first is the default order.
    await sql`create index on ${t('sales_activations')} (activation_date desc, imei desc)`.execute(db);
    await sql`create index on ${t('sales_activations')} (office_id, activation_date desc)`.execute(db);
    await sql`create index on ${t('sales_activations')} (agent_id, activation_date desc) where agent_id is not null`.execute(db);
    // Every other column the detailed reports sort on, in the sort's order (descending, blanks last,
    // then the IMEI; ascending reads it backwards): a first page is the index's first rows in the
    // range, not a sort of a month of sales. Name sorts walk a holder's sales by IMEI.
    for (const column of SORTED_COLUMNS) await sql`create index on ${t('sales_activations')} (${sql.ref(column)} desc nulls last, imei desc)`.execute(db);
    await sql`create index on ${t('sales_activations')} (office_id, imei desc)`.execute(db);
    await sql`create index on ${t('sales_activations')} (agent_id, imei desc) where agent_id is not null`.execute(db);
    await sql`create index on ${t('sales_activations')} (allocated_office_id, imei desc)`.execute(db);
    // A part of an IMEI (the keyword) by trigrams.
    await ensureTrigramExtension(db);
    await sql`create index on ${t('sales_activations')} using gin (imei public.gin_trgm_ops)`.execute(db);
    await sql`
      create table ${t('sales_daily_counts')} (
        office_id text not null, agent_id text not null, device_type text not null, activation_date date not null, devices integer not null,
        primary key (office_id, agent_id, device_type, activation_date)
      )`.execute(db);
    await sql`create index on ${t('sales_daily_counts')} (activation_date)`.execute(db);
    await sql`create index on ${t('sales_daily_counts')} (agent_id, activation_date) where agent_id <> ''`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    const recordedEvents = events as readonly RecordedEvent[];

    // The sales a reversal takes back may have been recorded in an earlier batch: read those once.
    const reversed = recordedEvents.filter((recorded) => recorded.type === 'ActivationReversed').map((recorded) => (recorded.data as { imei: string }).imei);
    const sales = new Map<string, SaleRow | null>();
    if (reversed.length > 0) {
      const rows = await sql<SaleRow>`
        select imei, office_id, agent_id, device_type, activation_date::text as activation_date from ${t('sales_activations')} where imei = any(${reversed}::text[])`.execute(db);
      for (const row of rows.rows) sales.set(row.imei, row);
    }
    const written = new Set<string>();
    const deltas = new Map<string, number>();
    const bump = (row: SaleRow, delta: number) => deltas.set(countKey(row), (deltas.get(countKey(row)) ?? 0) + delta);

    for (const recorded of recordedEvents) {
      const event = { type: recorded.type, data: recorded.data } as SalesDeviceEvent;
      const earlier = sales.get(event.data.imei);
      if (earlier) bump(earlier, -1);
      written.add(event.data.imei);
      if (event.type === 'ActivationReversed' || !event.data.office_id) {
        sales.set(event.data.imei, null);
        continue;
      }
      const data = event.data;
      const device = data.device ?? null;
      const row: SaleRow = {
        imei: data.imei,
        office_id: data.office_id!,
        agent_id: data.agent_id,
        device_type: device?.device_type ?? UNKNOWN_TYPE,
        activation_date: data.activation_date,
        recorded_at: recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString(),
        plan_name: data.plan_name,
        activation_order_id: data.order_id,
        subscriber_state: data.subscriber_state,
        subscriber_zip: data.subscriber_zip,
        make: device?.make ?? null,
        model: device?.model ?? null,
        esn: device?.esn ?? null,
        pallet: device?.pallet ?? null,
        carton_number: device?.carton_number ?? null,
        enroll_id: device?.enroll_id ?? null,
        enroll_type: device?.enroll_type ?? null,
        etc_code: device?.etc_code ?? null,
        allocated_office_id: device?.allocated_office_id ?? null,
        order_id: device?.order_id ?? null,
        order_date: device?.order_date ?? null,
        received_at: device?.received_at ?? null,
        allocation_date: device?.allocation_date ?? null,
      };
      bump(row, +1);
      sales.set(row.imei, row);
    }

    const gone = [...written].filter((imei) => sales.get(imei) === null);
    const kept = [...written].map((imei) => sales.get(imei)).filter((row): row is SaleRow => !!row);
    if (gone.length > 0) await sql`delete from ${t('sales_activations')} where imei = any(${gone}::text[])`.execute(db);
    if (kept.length > 0) {
      const updates = sql.join(SALE_COLUMNS.filter((column) => column !== 'imei').map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`));
      await sql`
        insert into ${t('sales_activations')} (${sql.join(SALE_COLUMNS.map((column) => sql.ref(column)))})
        select ${sql.join(SALE_COLUMNS.map((column) => sql.ref(`r.${column}`)))}
        from jsonb_populate_recordset(null::${t('sales_activations')}, ${JSON.stringify(kept)}::jsonb) r
        on conflict (imei) do update set ${updates}`.execute(db);
    }
    await applyCounterDeltas(db, t, 'sales_daily_counts', COUNT_COLUMNS, deltas);
  },
};
