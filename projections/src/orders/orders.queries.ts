import { type InventoryOrderRow, type OrderComment, type OrderLogEntry, type Page, inventoryOrderStatuses, orderDeliveryMethods } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import type { SqlDb } from '../runner/ports';
import { type Condition, and, instantBetween } from '../sql/conditions';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern, fullNameOrNull } from '../sql/text';

/** Device orders (doc 2 §2 Order Devices, §3): the list, one order's log and comments, and the facts the order commands need. */

const nameOf = (list: readonly { id: number; name: string }[], id: number | null) => (id === null ? '' : (list.find((item) => item.id === id)?.name ?? String(id)));

export interface InventoryOrderFilters extends Paging {
  readonly keyword?: string;
  readonly office_id?: string;
  readonly status?: number;
  readonly approval_status?: number;
  readonly order_id?: string;
  readonly filter?: string;
  readonly date_range_start?: string;
  readonly date_range_end?: string;
  readonly sort_by?: 'created_at' | 'order_prefix' | 'status' | 'approval_status' | 'office_number';
  readonly sort?: 'ASC' | 'DESC';
}

const SORT_COLUMNS = new Map<NonNullable<InventoryOrderFilters['sort_by']>, RawBuilder<unknown>>([
  ['created_at', sql`io.created_at`],
  ['order_prefix', sql`io.order_prefix`],
  ['status', sql`io.status`],
  ['approval_status', sql`io.approval_status`],
  ['office_number', sql`o.office_number`],
]);

const ORDER_FROM = sql`from rm.inventory_orders io
  left join rm.org_offices o on o.id = io.office_id
  left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  left join rm.org_users r on r.id = io.requested_by`;

type OrderRecord = Omit<InventoryOrderRow, 'status_text' | 'method_of_delivery_text' | 'attachments_list' | 'comments_exists'> & { comments_count: number };

/** Order Devices: the orders of offices in the caller's scope, newest first unless sorted (25 a page by default, doc 2 §9). */
export async function inventoryOrders(db: SqlDb, scope: Scope, filters: InventoryOrderFilters): Promise<Page<InventoryOrderRow>> {
  // `filter` (doc 2 §7, meaning not shown) is read as another keyword.
  const like = containsPattern(filters.keyword ?? filters.filter);
  const conditions: Condition[] = [officeInScope(scope, sql`io.office_id`)];
  if (filters.office_id) conditions.push(sql<boolean>`io.office_id = ${filters.office_id}`);
  if (filters.status) conditions.push(sql<boolean>`io.status = ${filters.status}`);
  if (filters.approval_status) conditions.push(sql<boolean>`io.approval_status = ${filters.approval_status}`);
  if (filters.order_id) conditions.push(sql<boolean>`(io.order_prefix ilike ${containsPattern(filters.order_id)} or io.id = ${filters.order_id})`);
  if (like) conditions.push(sql<boolean>`(io.order_prefix ilike ${like} or o.name ilike ${like} or o.office_number ilike ${like} or io.ship_to_name ilike ${like} or ${fullNameOrNull('r')} ilike ${like})`);
  conditions.push(...instantBetween(sql`io.created_at`, filters.date_range_start, filters.date_range_end));
  const where = and(conditions);
  const column = filters.sort_by === undefined ? undefined : SORT_COLUMNS.get(filters.sort_by);
  const order = column ? sql`${column} ${filters.sort === 'DESC' ? sql`desc` : sql`asc`} nulls last, io.created_at desc, io.id desc` : sql`io.created_at desc, io.id desc`;
  const [rows, count] = await Promise.all([
    sql<OrderRecord>`
      select io.id, io.order_prefix, io.status, io.approval_status, io.office_id, o.name as office_name, o.office_number, o.state_short_name as office_state,
        i.name as ibo_marketer_name, io.requested_by, ${fullNameOrNull('r')} as requested_by_name, io.created_at::text as created_at, io.method_of_delivery,
        io.tracking_number, io.admin_comments, io.ship_to_name, io.company_name, io.address, io.address2, io.address3, io.city, io.state, io.zip,
        io.contact_phone_number, io.email, io.devices_requested, io.tablets_requested, io.sims_requested, io.devices_approved, io.tablets_approved, io.sims_approved,
        io.devices_received, io.tablets_received, io.sims_received, io.version, io.comments_count
      ${ORDER_FROM} where ${where} order by ${order} ${pageWindow(filters)}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total ${ORDER_FROM} where ${where}`.execute(db),
  ]);
  return {
    data: rows.rows.map(({ comments_count, ...row }) => ({
      ...row,
      status_text: nameOf(inventoryOrderStatuses, row.status),
      method_of_delivery_text: nameOf(orderDeliveryMethods, row.method_of_delivery),
      attachments_list: [],
      comments_exists: comments_count > 0 ? 1 : 0,
    })),
    total: count.rows[0]!.total,
    current_page: filters.page,
  };
}

const visibleOrder = (scope: Scope, orderId: string) => sql<boolean>`exists (select 1 from rm.inventory_orders io where io.id = ${orderId} and ${officeInScope(scope, sql`io.office_id`)})`;

/** One order's log in the caller's scope (View Log), oldest first; undefined when the order is unknown or out of scope (alike). */
export async function inventoryOrderLog(db: SqlDb, scope: Scope, orderId: string): Promise<OrderLogEntry[] | undefined> {
  const found = await sql<Omit<OrderLogEntry, 'status_text' | 'superseded'> & { status: number; current_version: number; visible: boolean }>`
    select ${visibleOrder(scope, orderId)} as visible, l.order_id as inventory_request_order_id, l.description, l.requested_devices, l.requested_tablets, l.requested_sims,
      l.updated_devices, l.updated_tablets, l.updated_sims, l.updated_address, ${fullNameOrNull('u')} as approved_user_name, l.comments, l.status,
      l.created_at::text as created_at, l.version, io.version as current_version
    from rm.inventory_order_log l join rm.inventory_orders io on io.id = l.order_id left join rm.org_users u on u.id = l.user_id
    where l.order_id = ${orderId} order by l.id`.execute(db);
  if (found.rows.length === 0 || !found.rows[0]!.visible) return undefined;
  return found.rows.map(({ status, current_version, visible: _visible, ...entry }) => ({
    ...entry,
    status_text: nameOf(inventoryOrderStatuses, status),
    // A step of an earlier version: the requester's resubmit replaced what it decided.
    superseded: entry.version < current_version,
  }));
}

/** One order's comments in the caller's scope, oldest first; undefined when the order is unknown or out of scope (alike). */
export async function inventoryOrderComments(db: SqlDb, scope: Scope, orderId: string): Promise<OrderComment[] | undefined> {
  const visible = await sql<{ visible: boolean }>`select ${visibleOrder(scope, orderId)} as visible`.execute(db);
  if (!visible.rows[0]!.visible) return undefined;
  const found = await sql<OrderComment>`
    select c.created_at::text as created_at, c.comments, ${fullNameOrNull('u')} as commented_by_name
    from rm.inventory_order_comments c left join rm.org_users u on u.id = c.user_id where c.order_id = ${orderId} order by c.id`.execute(db);
  return found.rows;
}

/** How many orders the read model holds: a lower bound of the order numbers taken (the counter is appended with each request). */
export async function inventoryOrderCount(db: SqlDb): Promise<number> {
  return (await sql<{ total: number }>`select count(*)::int as total from rm.inventory_orders`.execute(db)).rows[0]!.total;
}

/** An office as an order command sees it: in the caller's scope (else undefined, like an unknown one), with its state and whether it is active. */
export async function orderOffice(db: SqlDb, scope: Scope, officeId: string): Promise<{ id: string; state_short_name: string; active: boolean } | undefined> {
  const found = await sql<{ id: string; state_short_name: string; active: boolean }>`
    select o.id, o.state_short_name, o.status = 1 as active from rm.org_offices o where o.id = ${officeId} and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return found.rows[0];
}

/** An order named by its id or its number (ORD-000123), in the scope: its id; undefined otherwise, alike. */
export async function orderIdByReference(db: SqlDb, scope: Scope, reference: string): Promise<string | undefined> {
  const found = await sql<{ id: string }>`
    select io.id from rm.inventory_orders io where (io.id = ${reference} or io.order_prefix = ${reference.toUpperCase()}) and ${officeInScope(scope, sql`io.office_id`)}`.execute(db);
  return found.rows[0]?.id;
}

/** Who a step of an order is told to (docs/ORDERS.md notifications): the active users of a level of the chain over the order's office, or one user. */
export type OrderAudience = { readonly level: 'ibo' | 'retailer' | 'admin'; readonly officeId: string } | { readonly userId: string };

export async function orderAudienceEmails(db: SqlDb, audience: OrderAudience): Promise<string[]> {
  if ('userId' in audience) {
    return (await sql<{ email: string }>`select u.email from rm.org_users u where u.id = ${audience.userId} and u.status = 1`.execute(db)).rows.map((row) => row.email);
  }
  const office = sql`(select o.ibo_marketer_id from rm.org_offices o where o.id = ${audience.officeId})`;
  const condition =
    audience.level === 'ibo'
      ? sql<boolean>`11 = any(u.role_ids) and u.ibo_marketer_id = ${office}`
      : audience.level === 'retailer'
        ? sql<boolean>`12 = any(u.role_ids) and u.retailer_id = (select i.retailer_id from rm.org_ibo_markets i where i.id = ${office})`
        : sql<boolean>`1 = any(u.role_ids)`;
  return (await sql<{ email: string }>`select u.email from rm.org_users u where u.status = 1 and ${condition} order by u.email`.execute(db)).rows.map((row) => row.email);
}

/** An order waiting on an approver since its last step (reminders, docs/ORDERS.md). */
export interface WaitingOrder {
  readonly id: string;
  readonly order_prefix: string;
  readonly office_id: string;
  readonly approval_status: number | null;
  readonly waiting_since: string;
}

/** Orders awaiting an approval (status 1, 2 or 4) whose last step is at or before `since`, oldest first, at most `limit`. */
export async function ordersWaitingSince(db: SqlDb, since: string, limit: number): Promise<WaitingOrder[]> {
  const found = await sql<WaitingOrder>`
    select io.id, io.order_prefix, io.office_id, io.approval_status, io.updated_at::text as waiting_since from rm.inventory_orders io
    where io.status in (1, 2, 4) and io.updated_at <= ${since}::timestamptz order by io.updated_at limit ${limit}`.execute(db);
  return found.rows;
}
