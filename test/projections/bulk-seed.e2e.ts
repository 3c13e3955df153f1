import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { SqlDb } from '@portal/projections';
import { type TestDatabase, createTestDatabase } from '../../services/src/platform/testing/test-database';
import { builtMain, exited, startNode } from '../support/processes';

/** The read models with every generated id replaced by what it names (offices, people, orders), in a stable order. */
async function readModels(db: SqlDb) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    devices: await rows(sql`
      select d.imei, d.status, o.name as office, ao.name as allocated_office, ua.email as agent, um.email as manager, d.carton_number, d.device_type,
        d.make, d.model, d.pallet, d.source, d.order_id, j.order_id as job_order, d.decline_reason,
        d.received_at::text, d.allocation_date::text, d.assigned_date::text, d.aged_from::text, d.activation_date::text, d.plan_name, d.activation_order_id, d.rma_prefix
      from rm.inventory_devices d
      join rm.org_offices o on o.id = d.office_id join rm.org_offices ao on ao.id = d.allocated_office_id
      left join rm.org_users ua on ua.id = d.agent_id left join rm.org_users um on um.id = d.manager_id
      left join rm.inventory_receive_jobs j on j.job_id = d.job_id
      order by d.imei`),
    counts: await rows(sql`
      select o.name as office, coalesce(u.email, '') as agent, c.device_type, c.status, ao.name as allocated_office, c.devices
      from rm.inventory_counts c join rm.org_offices o on o.id = c.office_id join rm.org_offices ao on ao.id = c.allocated_office_id
        left join rm.org_users u on u.id = c.agent_id
      where c.devices <> 0 order by 1, 2, 3, 4, 5`),
    stockAges: await rows(sql`
      select o.name as office, coalesce(u.email, '') as agent, a.device_type, a.status, a.pre_from::text, a.post_from::text, a.devices
      from rm.inventory_stock_ages a join rm.org_offices o on o.id = a.office_id left join rm.org_users u on u.id = a.agent_id
      order by 1, 2, 3, 4, 5, 6`),
    sales: await rows(sql`
      select o.name as office, coalesce(u.email, '') as agent, s.device_type, s.activation_date::text, s.devices
      from rm.sales_daily_counts s join rm.org_offices o on o.id = s.office_id left join rm.org_users u on u.id = s.agent_id
      order by 1, 2, 3, 4`),
    saleRows: await rows(sql`
      select a.imei, o.name as office, u.email as agent, a.device_type, a.activation_date::text, a.recorded_at::text, a.plan_name, a.activation_order_id,
        a.subscriber_state, a.subscriber_zip, a.make, a.model, a.esn, a.pallet, a.carton_number, a.enroll_id, a.enroll_type, a.etc_code,
        ao.name as allocated_office, a.order_id, a.order_date::text, a.received_at::text, a.allocation_date::text
      from rm.sales_activations a join rm.org_offices o on o.id = a.office_id left join rm.org_offices ao on ao.id = a.allocated_office_id
        left join rm.org_users u on u.id = a.agent_id
      order by a.imei`),
    log: await rows(sql`select imei, status, type, short_description, created_at::text from rm.inventory_device_log order by imei, id`),
    receiveJobs: await rows(sql`
      select o.name as office, j.source, j.order_id, j.order_date::text, fo.name as from_office, j.total_carton_count, j.total_device_count,
        j.pending_carton_count, j.decline_reason, j.assigned_date::text,
        (select string_agg(c.carton_number || ':' || c.device_type || ':' || c.imei_count || ':' || c.status, ',' order by c.carton_number) from rm.inventory_job_cartons c where c.job_id = j.job_id) as cartons
      from rm.inventory_receive_jobs j join rm.org_offices o on o.id = j.office_id left join rm.org_offices fo on fo.id = j.from_office_id
      order by j.assigned_date, 1, j.order_id, cartons`),
    agentJobs: await rows(sql`
      select u.email as agent, o.name as office, m.email as manager, j.total_device_count, j.pending_count, j.created_at::text
      from rm.inventory_agent_jobs j join rm.org_users u on u.id = j.agent_id join rm.org_offices o on o.id = j.office_id left join rm.org_users m on m.id = j.manager_id
      order by j.created_at, 1, j.total_device_count, j.pending_count`),
    rma: await rows(sql`
      select r.imei, r.opened_by, r.awaiting_manager, r.status, o.name as office, ua.email as agent, um.email as manager, r.reason, r.reason_two, r.notes, r.comments, r.created_at::text, r.rma_prefix
      from rm.rma_devices r join rm.org_offices o on o.id = r.office_id left join rm.org_users ua on ua.id = r.agent_id left join rm.org_users um on um.id = r.manager_id
      order by r.imei, r.created_at`),
    rmaOrders: await rows(sql`
      select r.rma_prefix, r.status, o.name as office, s.email as submitter, a.email as answered_by, r.no_of_boxes, r.rma_device_count, r.comments,
        r.missing_imeis, r.created_at::text, r.approved_at::text, r.shipped_at::text, r.completed_at::text
      from rm.rma_orders r join rm.org_offices o on o.id = r.office_id join rm.org_users s on s.id = r.submitted_by left join rm.org_users a on a.id = r.answered_by
      order by r.rma_prefix`),
    orders: await rows(sql`
      select io.order_prefix, io.status, io.approval_status, o.name as office, r.email as requester, io.version, io.method_of_delivery,
        io.devices_requested, io.tablets_requested, io.sims_requested, io.devices_approved, io.tablets_approved, io.sims_approved,
        io.devices_received, io.tablets_received, io.sims_received, io.tracking_number, io.comments_count, io.created_at::text,
        (select string_agg(l.description || ':' || l.status || ':' || coalesce(u.email, ''), ',' order by l.id) from rm.inventory_order_log l left join rm.org_users u on u.id = l.user_id where l.order_id = io.id) as log
      from rm.inventory_orders io join rm.org_offices o on o.id = io.office_id join rm.org_users r on r.id = io.requested_by
      order by io.order_prefix`),
    transfers: await rows(sql`
      select u.email as agent, o.name as office, m.email as manager, t.transfer_count, t.reason, t.status, t.created_at::text
      from rm.inventory_transfers t join rm.org_users u on u.id = t.agent_id join rm.org_offices o on o.id = t.office_id left join rm.org_users m on m.id = t.manager_id
      order by t.created_at, 1`),
  };
}

/**
 * The demo seed's bulk path (`seed --devices 1000000`) must leave exactly the read models the
 * command path leaves: the same demo story seeded both ways on ~2,000 devices, with the same
 * business "now", then every inventory table compared with its generated ids replaced by names.
 */
describe('the demo seed: bulk path and command path', () => {
  const databases: TestDatabase[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
    for (const dataDir of dataDirs) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('gives identical read models on 2,000 devices', async () => {
    const seed = async (way: '--bulk' | '--commands') => {
      const database = await createTestDatabase();
      databases.push(database);
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-bulk-seed-'));
      dataDirs.push(dataDir);
      const child = startNode(builtMain, ['seed', '--devices', '2000', way, '--now', '2026-11-20T18:00:00Z'], { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test' });
      if ((await exited(child)) !== 0) throw new Error(`seed ${way} failed:\n${child.output()}`);
      // The story's photos (two requests in each of the 12 offices), kept as uploads are.
      expect(await fs.readdir(path.join(dataDir, 'files', 'rma-images'))).toHaveLength(24);
      expect(child.output()).toMatch(new RegExp(`"path":"${way.slice(2) === 'bulk' ? 'bulk' : 'commands'}".*demo devices seeded`));
      return readModels(database.database.db);
    };
    const [bulk, commands] = await Promise.all([seed('--bulk'), seed('--commands')]);
    // 2,000 devices, the RMA story's 20 in each of the 12 offices, and the shipments of the device orders: every RMA status among them.
    expect(commands.devices).toHaveLength(2000 + 12 * 20 + 3 * 15 + 3 * (10 + 2 + 15));
    expect(new Set(commands.devices.map((device) => (device as { status: number }).status))).toEqual(new Set([3, 4, 5, 6, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 21]));
    expect(commands.rma).toHaveLength(12 * 13);
    expect(bulk.rma).toEqual(commands.rma);
    // Five RMA orders per office, one in each order status; the completed one missing one IMEI.
    expect(commands.rmaOrders).toHaveLength(12 * 5);
    expect(new Set(commands.rmaOrders.map((order) => (order as { status: number }).status))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(commands.rmaOrders.filter((order) => (order as { missing_imeis: string[] }).missing_imeis.length === 1)).toHaveLength(12);
    expect(bulk.rmaOrders).toEqual(commands.rmaOrders);
    // Device orders in every order status (docs/ORDERS.md), for a TX and a CA office.
    expect(new Set(commands.orders.map((order) => (order as { status: number }).status))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(commands.orders).toHaveLength(2 * 11);
    expect(bulk.orders).toEqual(commands.orders);
    expect(commands.transfers.length).toBeGreaterThan(0);
    expect(bulk.devices).toEqual(commands.devices);
    expect(bulk.counts).toEqual(commands.counts);
    expect(commands.stockAges.length).toBeGreaterThan(0);
    expect(commands.sales.length).toBeGreaterThan(0);
    expect(bulk.stockAges).toEqual(commands.stockAges);
    expect(bulk.sales).toEqual(commands.sales);
    // What each sale recorded of its device: the command reads it from the read model, the bulk path from the same row in memory.
    expect(commands.saleRows.length).toBeGreaterThan(0);
    expect(commands.saleRows.every((row) => (row as { allocation_date: string | null; order_date: string | null }).allocation_date !== null)).toBe(true);
    expect(bulk.saleRows).toEqual(commands.saleRows);
    expect(bulk.log).toEqual(commands.log);
    expect(bulk.receiveJobs).toEqual(commands.receiveJobs);
    expect(bulk.agentJobs).toEqual(commands.agentJobs);
    expect(bulk.transfers).toEqual(commands.transfers);
  }, 360_000);
});
