import { INVENTORY_ORDER_EVENT_TYPES, type InventoryOrderEvent, type OrderQuantities, type OrderShipping, type RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * Device orders (doc 2 §2 Order Devices, §3; docs/ORDERS.md): one row per order for the list, its
 * log (every step with who, the quantities before and after, the address when it changed, the
 * version it belongs to) and its comments. Orders are few and each event touches one order, so
 * events are applied one by one.
 */

const LEVEL_NAMES = { ibo: 'IBO manager', retailer: 'Retailer manager', admin: 'Admin' } as const;

const addressOf = (shipping: OrderShipping) =>
  [shipping.ship_to_name, shipping.company_name, shipping.address, shipping.address2, shipping.address3, `${shipping.city}, ${shipping.state} ${shipping.zip}`].filter(Boolean).join(', ');

export const ordersProjection: Projection = {
  name: 'orders',
  version: 1,
  tables: ['inventory_orders', 'inventory_order_log', 'inventory_order_comments'],
  handles: INVENTORY_ORDER_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('inventory_orders')} (
        id text primary key, order_prefix text not null unique, status smallint not null, approval_status smallint, office_id text not null,
        requested_by text not null, method_of_delivery smallint not null, version integer not null,
        ship_to_name text not null, company_name text, address text not null, address2 text, address3 text, city text not null, state text not null,
        zip text not null, contact_phone_number text not null, email text not null,
        devices_requested integer not null, tablets_requested integer not null, sims_requested integer not null,
        devices_approved integer not null, tablets_approved integer not null, sims_approved integer not null,
        devices_received integer, tablets_received integer, sims_received integer,
        admin_comments text, tracking_number text, job_id text, comments_count integer not null default 0,
        created_at timestamptz not null, updated_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_orders')} (office_id, created_at desc)`.execute(db);
    await sql`create index on ${t('inventory_orders')} (job_id) where job_id is not null`.execute(db);
    await sql`
      create table ${t('inventory_order_log')} (
        id bigint generated always as identity primary key, order_id text not null, version integer not null, description text not null,
        requested_devices integer not null, requested_tablets integer not null, requested_sims integer not null,
        updated_devices integer not null, updated_tablets integer not null, updated_sims integer not null,
        updated_address text, user_id text, comments text, status smallint not null, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_order_log')} (order_id, id)`.execute(db);
    await sql`
      create table ${t('inventory_order_comments')} (
        id bigint generated always as identity primary key, order_id text not null, comments text not null, user_id text, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('inventory_order_comments')} (order_id, id)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    const current = async (orderId: string) =>
      (await sql<{ version: number; devices_requested: number; tablets_requested: number; sims_requested: number; address: string; status: number }>`
        select version, devices_requested, tablets_requested, sims_requested, status,
          concat_ws(', ', ship_to_name, company_name, address, address2, address3, city || ', ' || state || ' ' || zip) as address
        from ${t('inventory_orders')} where id = ${orderId}`.execute(db)).rows[0];
    const log = async (orderId: string, entry: { version: number; description: string; requested: OrderQuantities; updated: OrderQuantities; address: string | null; user: string | null; comments: string | null; status: number; at: string }) =>
      sql`insert into ${t('inventory_order_log')} (order_id, version, description, requested_devices, requested_tablets, requested_sims, updated_devices, updated_tablets, updated_sims,
            updated_address, user_id, comments, status, created_at)
          values (${orderId}, ${entry.version}, ${entry.description}, ${entry.requested.devices}, ${entry.requested.tablets}, ${entry.requested.sims},
            ${entry.updated.devices}, ${entry.updated.tablets}, ${entry.updated.sims}, ${entry.address}, ${entry.user}, ${entry.comments}, ${entry.status}, ${entry.at})`.execute(db);
    const comment = async (orderId: string, text: string | null, user: string, at: string) => {
      if (!text) return;
      await sql`insert into ${t('inventory_order_comments')} (order_id, comments, user_id, created_at) values (${orderId}, ${text}, ${user}, ${at})`.execute(db);
      await sql`update ${t('inventory_orders')} set comments_count = comments_count + 1 where id = ${orderId}`.execute(db);
    };
    const shippingColumns = (shipping: OrderShipping) => sql`ship_to_name = ${shipping.ship_to_name}, company_name = ${shipping.company_name}, address = ${shipping.address},
      address2 = ${shipping.address2}, address3 = ${shipping.address3}, city = ${shipping.city}, state = ${shipping.state}, zip = ${shipping.zip},
      contact_phone_number = ${shipping.contact_phone_number}, email = ${shipping.email}`;

    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as InventoryOrderEvent;
      // The business time of the step (a backdated seed says when it happened), else when it was recorded.
      const at = recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'InventoryOrderRequested': {
          const { data } = event;
          const s = data.shipping;
          const inserted = await sql`
            insert into ${t('inventory_orders')} (id, order_prefix, status, approval_status, office_id, requested_by, method_of_delivery, version,
              ship_to_name, company_name, address, address2, address3, city, state, zip, contact_phone_number, email,
              devices_requested, tablets_requested, sims_requested, devices_approved, tablets_approved, sims_approved, created_at, updated_at)
            values (${data.order_id}, ${data.order_prefix}, 1, 1, ${data.office_id}, ${data.requested_by}, ${data.delivery_method}, 1,
              ${s.ship_to_name}, ${s.company_name}, ${s.address}, ${s.address2}, ${s.address3}, ${s.city}, ${s.state}, ${s.zip}, ${s.contact_phone_number}, ${s.email},
              ${data.requested.devices}, ${data.requested.tablets}, ${data.requested.sims}, ${data.requested.devices}, ${data.requested.tablets}, ${data.requested.sims}, ${at}, ${at})
            on conflict (id) do nothing`.execute(db);
          if (Number(inserted.numAffectedRows ?? 0) > 0) {
            await log(data.order_id, { version: 1, description: 'Order requested', requested: data.requested, updated: data.requested, address: addressOf(s), user: data.requested_by, comments: null, status: 1, at });
          }
          break;
        }
        case 'InventoryOrderAnswered': {
          const { data } = event;
          const before = await current(data.order_id);
          if (!before) break;
          await sql`
            update ${t('inventory_orders')} set status = ${data.status}, approval_status = ${data.status}, ${shippingColumns(data.shipping)},
              devices_approved = ${data.approved.devices}, tablets_approved = ${data.approved.tablets}, sims_approved = ${data.approved.sims},
              admin_comments = coalesce(${data.admin_comments}, admin_comments), updated_at = ${at}
            where id = ${data.order_id}`.execute(db);
          const address = addressOf(data.shipping);
          await log(data.order_id, {
            version: before.version,
            description: `${LEVEL_NAMES[data.level]} ${data.req_action === 2 ? 'approved' : 'rejected'}`,
            requested: { devices: before.devices_requested, tablets: before.tablets_requested, sims: before.sims_requested },
            updated: data.approved,
            address: address === before.address ? null : address,
            user: data.answered_by,
            comments: data.admin_comments,
            status: data.status,
            at,
          });
          await comment(data.order_id, data.admin_comments, data.answered_by, at);
          break;
        }
        case 'InventoryOrderResubmitted': {
          const { data } = event;
          const before = await current(data.order_id);
          if (!before) break;
          await sql`
            update ${t('inventory_orders')} set status = 1, approval_status = 1, version = ${data.version}, ${shippingColumns(data.shipping)},
              devices_requested = ${data.requested.devices}, tablets_requested = ${data.requested.tablets}, sims_requested = ${data.requested.sims},
              devices_approved = ${data.requested.devices}, tablets_approved = ${data.requested.tablets}, sims_approved = ${data.requested.sims}, updated_at = ${at}
            where id = ${data.order_id}`.execute(db);
          const address = addressOf(data.shipping);
          await log(data.order_id, {
            version: data.version,
            description: `Resubmitted (version ${data.version})`,
            requested: { devices: before.devices_requested, tablets: before.tablets_requested, sims: before.sims_requested },
            updated: data.requested,
            address: address === before.address ? null : address,
            user: data.resubmitted_by,
            comments: data.comments,
            status: 1,
            at,
          });
          await comment(data.order_id, data.comments, data.resubmitted_by, at);
          break;
        }
        case 'InventoryOrderShipped': {
          const { data } = event;
          const before = await current(data.order_id);
          if (!before) break;
          await sql`update ${t('inventory_orders')} set status = ${data.status}, job_id = ${data.job_id}, tracking_number = ${data.tracking_number}, updated_at = ${at} where id = ${data.order_id}`.execute(db);
          await log(data.order_id, {
            version: before.version,
            description: data.status === 10 ? 'Shipment arrived: ready for pickup' : 'Shipped: its shipment arrived at the office',
            requested: { devices: before.devices_requested, tablets: before.tablets_requested, sims: before.sims_requested },
            updated: data.shipped,
            address: null,
            user: recorded.metadata.user_id ?? null,
            comments: null,
            status: data.status,
            at,
          });
          break;
        }
        case 'InventoryOrderFulfilled': {
          const { data } = event;
          const before = await current(data.order_id);
          if (!before) break;
          await sql`
            update ${t('inventory_orders')} set status = 8, devices_received = ${data.received.devices}, tablets_received = ${data.received.tablets}, sims_received = ${data.received.sims}, updated_at = ${at}
            where id = ${data.order_id}`.execute(db);
          await log(data.order_id, {
            version: before.version,
            description: 'Fulfilled: the shipment was received',
            requested: { devices: before.devices_requested, tablets: before.tablets_requested, sims: before.sims_requested },
            updated: data.received,
            address: null,
            user: recorded.metadata.user_id ?? null,
            comments: null,
            status: 8,
            at,
          });
          break;
        }
      }
    }
  },
};
