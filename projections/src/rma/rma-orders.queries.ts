import { type Page, type RmaOrderRow, rmaOrderStatuses, rmaReasons } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/** RMA orders (doc 2 §2 RMA Status, §3 "RMA order"): the list, one order's documents' facts, and the returns desk's lookup by number. */

/** An RMA order row without its links: the service signs those (they are credentials, not facts). */
export type RmaOrderFacts = Omit<RmaOrderRow, 'rma_form_url' | 'rma_shipping_label_url' | 'attachments_list'>;

export interface RmaOrderFilters extends Paging {
  readonly keyword?: string;
  readonly status?: number;
  readonly ibo_marketer_id?: string;
  readonly rma_id?: string;
  readonly filter?: string;
  readonly sort_by?: 'created_at' | 'rma_prefix' | 'status' | 'ibo_market_name' | 'rma_device_count';
  readonly sort?: 'ASC' | 'DESC';
}

const SORT_COLUMNS = new Map<NonNullable<RmaOrderFilters['sort_by']>, RawBuilder<unknown>>([
  ['created_at', sql`ro.created_at`],
  ['rma_prefix', sql`ro.rma_prefix`],
  ['status', sql`ro.status`],
  ['ibo_market_name', sql`lower(i.name)`],
  ['rma_device_count', sql`ro.rma_device_count`],
]);

const statusName = (status: number) => rmaOrderStatuses.find((item) => item.id === status)?.name ?? String(status);

const ORDER_FROM = sql`from rm.rma_orders ro
  left join rm.org_offices o on o.id = ro.office_id
  left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  left join rm.org_users s on s.id = ro.submitted_by`;

interface OrderRecord {
  id: string; rma_prefix: string; status: number; ibo_market_name: string | null; office_id: string; office_name: string | null; office_number: string | null;
  submitted_user_name: string | null; submitted_user_id: string; no_of_boxes: number; rma_device_count: number; approved_at: string | null; comments: string | null;
  created_at: string; address: string; city: string; state: string; zip: string; missing_imeis: string[];
  box_length: string | null; box_width: string | null; box_height: string | null; box_weight: string | null;
}

const ORDER_COLUMNS = sql`ro.id, ro.rma_prefix, ro.status, i.name as ibo_market_name, ro.office_id, o.name as office_name, o.office_number,
  ${fullNameOrNull('s')} as submitted_user_name, ro.submitted_by as submitted_user_id, ro.no_of_boxes, ro.rma_device_count,
  ro.approved_at::text as approved_at, ro.comments, ro.created_at::text as created_at, ro.address, ro.city, ro.state, ro.zip, ro.missing_imeis,
  ro.box_length::text as box_length, ro.box_width::text as box_width, ro.box_height::text as box_height, ro.box_weight::text as box_weight`;

const toFacts = ({ office_id: _office, box_length: _l, box_width: _w, box_height: _h, box_weight: _g, ...row }: OrderRecord): RmaOrderFacts => ({ ...row, order_status_text: statusName(row.status) });

/** RMA Status: the orders of offices in the caller's scope, newest first unless sorted. */
export async function rmaOrders(db: SqlDb, scope: Scope, filters: RmaOrderFilters): Promise<Page<RmaOrderFacts>> {
  // `filter` (doc 2 §7, meaning not shown) is read as another keyword.
  const like = containsPattern(filters.keyword ?? filters.filter);
  const rmaId = containsPattern(filters.rma_id);
  const where = sql<boolean>`${officeInScope(scope, sql`ro.office_id`)}
    and (${filters.status ?? null}::smallint is null or ro.status = ${filters.status ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or o.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${rmaId}::text is null or ro.rma_prefix ilike ${rmaId})
    and (${like}::text is null or ro.rma_prefix ilike ${like} or o.name ilike ${like} or o.office_number ilike ${like} or ${fullNameOrNull('s')} ilike ${like} or i.name ilike ${like})`;
  const column = filters.sort_by === undefined ? undefined : SORT_COLUMNS.get(filters.sort_by);
  const order = column ? sql`${column} ${filters.sort === 'DESC' ? sql`desc` : sql`asc`} nulls last, ro.created_at desc, ro.id desc` : sql`ro.created_at desc, ro.id desc`;
  const [rows, count] = await Promise.all([
    sql<OrderRecord>`select ${ORDER_COLUMNS} ${ORDER_FROM} where ${where} order by ${order} ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${ORDER_FROM} where ${where}`.execute(db),
  ]);
  return { data: rows.rows.map(toFacts), total: count.rows[0]!.total, current_page: filters.page };
}

/** Everything an order's PDFs show (its devices with reasons, its boxes, its office and submitter). */
export interface RmaOrderDocumentFacts extends RmaOrderFacts {
  readonly boxes: { readonly length: number | null; readonly width: number | null; readonly height: number | null; readonly weight: number | null };
  readonly devices: readonly { readonly imei: string; readonly reason: string; readonly reason_two: string | null; readonly notes: string | null; readonly agent_name: string | null }[];
}

const reasonName = (id: number | null) => (id === null ? null : (rmaReasons.find((reason) => reason.id === id)?.name ?? String(id)));
const measure = (value: string | null) => (value === null ? null : Number(value));

/** One order's documents' facts by its id (the signed link already proved the caller may read it); undefined when there is none. */
export async function rmaOrderDocumentFacts(db: SqlDb, id: string): Promise<RmaOrderDocumentFacts | undefined> {
  const found = await sql<OrderRecord>`select ${ORDER_COLUMNS} ${ORDER_FROM} where ro.id = ${id}`.execute(db);
  const record = found.rows[0];
  if (!record) return undefined;
  const devices = await sql<{ imei: string; reason: number; reason_two: number | null; notes: string | null; agent_name: string | null }>`
    select r.imei, r.reason, r.reason_two, r.notes, ${fullNameOrNull('a')} as agent_name
    from rm.rma_devices r left join rm.org_users a on a.id = r.agent_id
    where r.rma_order_id = ${id} order by r.imei`.execute(db);
  return {
    ...toFacts(record),
    boxes: { length: measure(record.box_length), width: measure(record.box_width), height: measure(record.box_height), weight: measure(record.box_weight) },
    devices: devices.rows.map((device) => ({ imei: device.imei, reason: reasonName(device.reason) ?? '', reason_two: reasonName(device.reason_two), notes: device.notes, agent_name: device.agent_name })),
  };
}

/** The order with this number, if its office is in the scope (the returns desk's retailer): its id; undefined otherwise, alike. */
export async function rmaOrderIdByPrefix(db: SqlDb, scope: Scope, rmaPrefix: string): Promise<string | undefined> {
  const found = await sql<{ id: string }>`select ro.id from rm.rma_orders ro where ro.rma_prefix = ${rmaPrefix} and ${officeInScope(scope, sql`ro.office_id`)}`.execute(db);
  return found.rows[0]?.id;
}

/** How many RMA orders the read model holds: a lower bound of the order numbers taken (the counter is appended with each order). */
export async function rmaOrderCount(db: SqlDb): Promise<number> {
  const found = await sql<{ total: number }>`select count(*)::int as total from rm.rma_orders`.execute(db);
  return found.rows[0]!.total;
}
