import type { DetailedDeviceRow, InventoryOrderRow, Listed, OrderComment, OrderLogEntry } from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { demoDeviceId } from '../../services/src/demo/demo-devices.seed';
import { sendOrderReminders } from '../../services/src/orders/order-reminders';
import type { MailMessage } from '../../services/src/platform/mail/mail-sender';
import { type SeededService, call, login, startSeededService } from '../support/demo';

/**
 * Device orders over HTTP (docs/ORDERS.md): a CA office's order up the whole chain — IBO manager
 * (lowering a quantity), retailer manager, admin — with every refusal the chain has; a TX office's
 * SIM order rejected, resubmitted as a new version, its log and comments; scope and exports.
 */
describe('device orders', () => {
  let service: SeededService;
  let dataDir: string;
  const people = {
    fresno: 'office.manager7@demo.test',
    dallas: 'office.manager@demo.test',
    houston: 'office.manager2@demo.test',
    eastIbo: 'ibo.manager3@demo.test',
    northIbo: 'ibo.manager@demo.test',
    coastRetailer: 'retailer.manager2@demo.test',
    bluebonnetRetailer: 'retailer.manager@demo.test',
    admin: 'super@demo.test',
  } as const;
  const tokens = {} as Record<keyof typeof people, string>;
  const offices = { fresno: '', dallas: '' };
  const keys = { coastline: '', bluebonnet: '' };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-orders-'));
    service = await startSeededService({ DATA_DIR: dataDir });
    const db = service.test.database.db;
    for (const [key, email] of Object.entries(people) as [keyof typeof people, string][]) tokens[key] = (await login(service.baseUrl, email)).body.items!.token;
    const officeId = async (name: string) => (await sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(db)).rows[0]!.id;
    offices.fresno = await officeId('Fresno Office');
    offices.dallas = await officeId('Dallas Office');
    const retailer = async (name: string) => (await sql<{ id: string }>`select id from rm.org_retailers where name = ${name}`.execute(db)).rows[0]!.id;
    keys.coastline = (await createApiKey(db, await retailer('Coastline Connect'), 'orders test')).key;
    keys.bluebonnet = (await createApiKey(db, await retailer('Bluebonnet Mobile'), 'orders test, another retailer')).key;
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  type Answer = { message: string; id: string; order_prefix: string; fields?: Record<string, string> };
  const as = <T = Answer>(who: keyof typeof people, method: string, route: string, body?: unknown) => call<T>(service.baseUrl, method, route, { token: tokens[who], body });
  const shipping = { ship_to_name: 'Store 7', address: '1200 Fulton St', city: 'Fresno', state: 'CA', zip: '93721', contact_phone_number: '(559) 555-0107', email: 'store7@example.com' };
  /** The e-mails in the outbox about an order, as [to, subject], once at least `count` are there (mail goes out as a job). */
  const mailsAbout = async (prefix: string, count: number): Promise<string[][]> => {
    const outbox = path.join(dataDir, 'outbox');
    for (let tries = 0; ; tries++) {
      const files = await fs.readdir(outbox).catch(() => [] as string[]);
      const mails = (await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')))).filter((text) => text.includes(prefix));
      if (mails.length >= count || tries > 50) return mails.map((text) => [/^To: (.*)$/m.exec(text)?.[1] ?? '', /^Subject: (.*)$/m.exec(text)?.[1] ?? '']).sort();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const orderOf = async (who: keyof typeof people, prefix: string) =>
    (await as<Listed<InventoryOrderRow>>(who, 'GET', `/api/v1/manager/get_inventory_request_order_list?order_id=${prefix}`)).body.items.data[0];
  const answer = (who: keyof typeof people, id: string, req_action: 2 | 3, approved: { devices: number; tablets: number; sims: number }, admin_comments?: string) =>
    as(who, 'POST', `/api/v1/inventory_request_order_accept_reject/${id}`, { req_action, devices_approved: approved.devices, tablets_approved: approved.tablets, sims_approved: approved.sims, admin_comments, ...shipping });

  it("a CA office's order up the whole chain: IBO manager lowers phones, retailer manager, admin; every refusal in words", async () => {
    // The spec's messages; phones and tablets only for CA offices.
    const empty = await as('fresno', 'POST', '/api/v1/manager/create_inventory_request_order', { devices_requested: 0 });
    expect([empty.status, empty.body.fields]).toEqual([
      400,
      expect.objectContaining({ office_id: 'Please select office', method_of_delivery: 'Please select delivery method', ship_to_name: 'Please input ship name', contact_phone_number: 'Please input mobile number', email: 'Please input Email' }),
    ]);
    const texas = await as('dallas', 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: offices.dallas, method_of_delivery: 4, ...shipping, devices_requested: 2, sims_requested: 5 });
    expect([texas.status, texas.body.fields]).toEqual([400, { devices_requested: 'Phones are ordered only for offices in CA' }]);
    // Nothing ordered, in words that fit the office (issue 42): SIMs are all a Texas office may order; Fresno may order phones and tablets too.
    const nothing = async (who: keyof typeof people, office: string) => (await as(who, 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: office, method_of_delivery: 4, ...shipping, sims_requested: 0 })).body;
    expect(await nothing('dallas', offices.dallas)).toMatchObject({ message: 'You must request at least one SIM.', fields: { sims_requested: 'You must request at least one SIM.' } });
    expect(await nothing('fresno', offices.fresno)).toMatchObject({ message: 'You must request at least one Phone or Tablet.', fields: { sims_requested: 'You must request at least one Phone or Tablet.' } });
    // Another office's manager cannot order for Fresno: as if it did not exist.
    expect((await as('dallas', 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: offices.fresno, method_of_delivery: 4, ...shipping, sims_requested: 5 })).status).toBe(404);

    const requested = await as('fresno', 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: offices.fresno, method_of_delivery: 4, ...shipping, devices_requested: 10, tablets_requested: 5, sims_requested: 20 });
    expect(requested.status).toBe(200);
    expect(requested.body.order_prefix).toMatch(/^ORD-\d{6}$/);
    expect(requested.body.message).toBe(`Order ${requested.body.order_prefix} requested`);
    const id = requested.body.id;
    expect(await orderOf('fresno', requested.body.order_prefix)).toMatchObject({ status: 1, status_text: 'Pending Approval', approval_status: 1, office_state: 'CA', contact_phone_number: '5595550107', devices_requested: 10, method_of_delivery_text: 'Shipping to Business Location' });

    // Refusals: the office manager (403 by role), another market's IBO manager (404), the admin too early (409), a raise (409).
    expect((await answer('fresno', id, 2, { devices: 10, tablets: 5, sims: 20 })).status).toBe(403);
    expect((await answer('northIbo', id, 2, { devices: 10, tablets: 5, sims: 20 })).status).toBe(404);
    expect(await orderOf('northIbo', requested.body.order_prefix)).toBeUndefined();
    const early = await answer('admin', id, 2, { devices: 10, tablets: 5, sims: 20 });
    expect([early.status, early.body.message]).toEqual([409, `${requested.body.order_prefix} awaits the IBO manager's approval.`]);
    const raised = await answer('eastIbo', id, 2, { devices: 11, tablets: 5, sims: 20 });
    expect([raised.status, raised.body.message]).toEqual([409, 'An approver cannot raise Phones above the 10 requested.']);

    expect((await answer('eastIbo', id, 2, { devices: 8, tablets: 5, sims: 20 }, 'Eight phones are enough this month')).body).toEqual({ message: 'Success order Accepted' });
    expect(await orderOf('fresno', requested.body.order_prefix)).toMatchObject({ status: 2, approval_status: 2, devices_approved: 8, comments_exists: 1 });
    expect((await answer('eastIbo', id, 2, { devices: 8, tablets: 5, sims: 20 })).body.message).toBe(`${requested.body.order_prefix} awaits the retailer manager's approval.`);
    expect((await answer('bluebonnetRetailer', id, 2, { devices: 8, tablets: 5, sims: 20 })).status).toBe(404);
    expect((await answer('coastRetailer', id, 2, { devices: 8, tablets: 4, sims: 20 })).body).toEqual({ message: 'Success order Accepted' });
    expect((await answer('admin', id, 2, { devices: 8, tablets: 4, sims: 20 })).body).toEqual({ message: 'Success order Accepted' });
    expect(await orderOf('admin', requested.body.order_prefix)).toMatchObject({ status: 6, status_text: 'Approved by Admin', devices_approved: 8, tablets_approved: 4, sims_approved: 20 });
    const after = await answer('admin', id, 3, { devices: 8, tablets: 4, sims: 20 });
    expect([after.status, after.body.message]).toEqual([409, `${requested.body.order_prefix} is Approved by Admin: it no longer awaits an approval.`]);

    const log = (await as<{ data: { items: OrderLogEntry[] } }>('fresno', 'GET', `/api/v1/inventory_request_order_log/${id}`)).body.data.items;
    expect(log.map((entry) => [entry.description, entry.updated_devices, entry.updated_tablets, entry.status_text, entry.superseded])).toEqual([
      ['Order requested', 10, 5, 'Pending Approval', false],
      ['IBO manager approved', 8, 5, 'Approved by IBO Manager', false],
      ['Retailer manager approved', 8, 4, 'Approved by Retailer', false],
      ['Admin approved', 8, 4, 'Approved by Admin', false],
    ]);
    expect(log[1]).toMatchObject({ approved_user_name: expect.any(String), comments: 'Eight phones are enough this month' });
    expect((await as('dallas', 'GET', `/api/v1/inventory_request_order_log/${id}`)).status).toBe(404);

    // Fulfilment: a shipment naming the order arrives as a receive job (fewer than approved: taken and recorded).
    const device = (serial: number, type: 'PHONE' | 'TABLET' | 'SIM', carton: string) => ({ imei: demoDeviceId(930_000 + serial, type), device_type: type, carton_number: carton });
    const devices = [...[1, 2, 3, 4, 5, 6].map((n) => device(n, 'PHONE', 'ORD-P')), ...[7, 8].map((n) => device(n, 'TABLET', 'ORD-T')), ...[9, 10, 11].map((n) => device(n, 'SIM', 'ORD-S'))];
    const ship = (key: string, body: object) => call<{ message: string; job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body, headers: { 'x-api-key': key } });
    const shipment = { office_id: offices.fresno, inventory_request_order_id: requested.body.order_prefix, tracking_number: '1Z999AA10123456784', devices };
    expect((await ship(keys.bluebonnet, shipment)).status).toBe(404);
    expect((await ship(keys.coastline, { ...shipment, office_id: (await sql<{ id: string }>`select id from rm.org_offices where name = 'Sacramento Office'`.execute(service.test.database.db)).rows[0]!.id })).body.message).toBe(
      `${requested.body.order_prefix} is an order of another office.`,
    );
    const shipped = await ship(keys.coastline, shipment);
    expect(shipped.status).toBe(201);
    expect(await orderOf('fresno', requested.body.order_prefix)).toMatchObject({ status: 9, status_text: 'Shipped', tracking_number: '1Z999AA10123456784' });
    const again = await ship(keys.coastline, { ...shipment, devices: [device(12, 'SIM', 'ORD-S2')] });
    expect([again.status, again.body.message]).toEqual([409, `${requested.body.order_prefix} was already shipped; a second shipment cannot fulfil it.`]);
    // The office's receive job shows it: source 2 (inventory order) and the order's number.
    const jobs = await as<{ items: { data: { id: string; assign_source: number; inventory_request_order_id: string | null }[] } }>('fresno', 'GET', '/api/v1/manager/managerjob_v2');
    expect(jobs.body.items.data.find((job) => job.id === shipped.body.job_id)).toMatchObject({ assign_source: 2, inventory_request_order_id: requested.body.order_prefix });
    // Its devices carry the order's number.
    const report = await as<Listed<DetailedDeviceRow>>('fresno', 'GET', `/api/v1/detailed_inventory_report?order_id=${requested.body.order_prefix}`);
    expect(report.body.items.total).toBe(11);
    expect(new Set(report.body.items.data.map((row) => row.order_info.order_prefix))).toEqual(new Set([requested.body.order_prefix]));
    // The office answers its cartons: phones and SIMs accepted, tablets declined; the last answer fulfils the order.
    const accept = (carton_numbers: string[], status: 1 | 2) =>
      as('fresno', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers, status, ...(status === 2 && { decline_reason: 'Crushed box' }) });
    expect((await accept(['ORD-P', 'ORD-S'], 1)).status).toBe(200);
    expect((await orderOf('fresno', requested.body.order_prefix))?.status).toBe(9);
    expect((await accept(['ORD-T'], 2)).status).toBe(200);
    expect(await orderOf('fresno', requested.body.order_prefix)).toMatchObject({ status: 8, status_text: 'Fulfilled', devices_approved: 8, devices_received: 6, tablets_received: 0, sims_received: 3 });
    // Each step told the next approver, and the end of the chain and the arrival the requester, with a link to the order.
    expect(await mailsAbout(requested.body.order_prefix, 5)).toEqual([
      ['ibo.manager3@demo.test', `Device order ${requested.body.order_prefix} awaits your approval`],
      ['office.manager7@demo.test', `Device order ${requested.body.order_prefix}: Approved by Admin`],
      ['office.manager7@demo.test', `Device order ${requested.body.order_prefix}: Shipped`],
      ['retailer.manager2@demo.test', `Device order ${requested.body.order_prefix} awaits your approval`],
      ['super@demo.test', `Device order ${requested.body.order_prefix} awaits your approval`],
    ]);
    const lastSteps = (await as<{ data: { items: OrderLogEntry[] } }>('fresno', 'GET', `/api/v1/inventory_request_order_log/${id}`)).body.data.items.slice(-2);
    expect(lastSteps.map((entry) => [entry.description, entry.updated_devices, entry.updated_tablets, entry.updated_sims])).toEqual([
      ['Shipped: its shipment arrived at the office', 6, 2, 3],
      ['Fulfilled: the shipment was received', 6, 0, 3],
    ]);
  });

  it("a TX office's SIM order: rejected by the IBO manager, resubmitted with a comment as a new version, the earlier steps superseded", async () => {
    const dallasShipping = { ...shipping, city: 'Dallas', state: 'TX', zip: '75201' };
    const requested = await as('dallas', 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: offices.dallas, method_of_delivery: 2, ...dallasShipping, sims_requested: 30 });
    expect(requested.status).toBe(200);
    const id = requested.body.id;
    expect((await as('dallas', 'POST', `/api/v1/resubmit_inventory_request_order/${id}`, { comments: 'again', ...dallasShipping, sims_requested: 30 })).body.message).toBe(
      `${requested.body.order_prefix} is Pending Approval: only a rejected order can be resubmitted.`,
    );
    expect((await as('northIbo', 'POST', `/api/v1/inventory_request_order_accept_reject/${id}`, { req_action: 3, admin_comments: 'Use the stock you have first', ...dallasShipping })).body).toEqual({ message: 'Rejected' });
    const noComment = await as('dallas', 'POST', `/api/v1/resubmit_inventory_request_order/${id}`, { comments: ' ', ...dallasShipping, sims_requested: 20 });
    expect([noComment.status, noComment.body.fields]).toEqual([400, { comments: 'please enter comment' }]);
    expect((await as('houston', 'POST', `/api/v1/resubmit_inventory_request_order/${id}`, { comments: 'x', ...dallasShipping, sims_requested: 20 })).status).toBe(404);
    const resubmitted = await as('dallas', 'POST', `/api/v1/resubmit_inventory_request_order/${id}`, { comments: 'Stock is gone now; 20 will do', ...dallasShipping, sims_requested: 20 });
    expect(resubmitted.body.message).toBe(`Order ${requested.body.order_prefix} resubmitted for approval`);
    expect(await orderOf('dallas', requested.body.order_prefix)).toMatchObject({ status: 1, approval_status: 1, version: 2, sims_requested: 20, sims_approved: 20 });
    const log = (await as<{ data: { items: OrderLogEntry[] } }>('dallas', 'GET', `/api/v1/inventory_request_order_log/${id}`)).body.data.items;
    expect(log.map((entry) => [entry.description, entry.version, entry.superseded])).toEqual([
      ['Order requested', 1, true],
      ['IBO manager rejected', 1, true],
      ['Resubmitted (version 2)', 2, false],
    ]);
    const comments = (await as<{ data: { items: OrderComment[] } }>('dallas', 'GET', `/api/v1/inventory_order_comments_log/${id}`)).body.data.items;
    expect(comments.map((comment) => comment.comments)).toEqual(['Use the stock you have first', 'Stock is gone now; 20 will do']);
    // The chain starts again.
    expect((await as('northIbo', 'POST', `/api/v1/inventory_request_order_accept_reject/${id}`, { req_action: 2, sims_approved: 20, ...dallasShipping })).body).toEqual({ message: 'Success order Accepted' });

    // The list's filters and scope; the export holds the screen's rows.
    const listed = await as<Listed<InventoryOrderRow>>('dallas', 'GET', '/api/v1/manager/get_inventory_request_order_list?approval_status=2');
    expect(listed.body.items.data.map((row) => row.order_prefix)).toContain(requested.body.order_prefix);
    expect((await as<Listed<InventoryOrderRow>>('houston', 'GET', `/api/v1/manager/get_inventory_request_order_list?order_id=${requested.body.order_prefix}`)).body.items.total).toBe(0);
    const exported = await as<{ download: number; url?: string }>('dallas', 'GET', `/api/v1/manager/inventory_request_orders_export?order_id=${requested.body.order_prefix}`);
    const lines = (await (await fetch(new URL(exported.body.url!, service.baseUrl))).text()).split('\r\n').filter((line) => line.length > 0);
    expect(lines[0]!.startsWith('Order ID,Status,IBO/Market,Office Name,Office Number,Requested By,Delivery Method,Phones Requested')).toBe(true);
    expect(lines.slice(1)).toEqual([expect.stringMatching(new RegExp(`^${requested.body.order_prefix},Approved by IBO Manager,North Market,Dallas Office,OF001,.*,Pickup,0,0,0,0,20,20,`))]);
  });

  it('reminds the awaited approver once an order has waited past the threshold, once per waiting step, on a fixed clock', async () => {
    const requested = await as('dallas', 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: offices.dallas, method_of_delivery: 3, ...shipping, city: 'Dallas', state: 'TX', zip: '75201', sims_requested: 12 });
    const prefix = requested.body.order_prefix;
    const sent: MailMessage[] = [];
    const remind = (hoursLater: number) =>
      sendOrderReminders({ db: service.test.database.db, enqueue: async (message) => sent.push(message), thresholdHours: 48, baseUrl: 'https://portal.example' }, new Date(Date.now() + hoursLater * 3_600_000));
    const about = () => sent.filter((message) => message.subject.includes(prefix)).map((message) => [message.to, message.subject]);
    await remind(47);
    expect(about()).toEqual([]);
    await remind(49);
    expect(about()).toEqual([['ibo.manager@demo.test', `Reminder: device order ${prefix} awaits your approval`]]);
    expect(sent.find((message) => message.subject.includes(prefix))!.text).toContain(`https://portal.example/orderinventory?order_id=${prefix}`);
    // The same waiting step is not reminded twice; the next step is, once it too has waited.
    await remind(72);
    expect(about()).toHaveLength(1);
    expect((await answer('northIbo', requested.body.id, 2, { devices: 0, tablets: 0, sims: 12 })).status).toBe(200);
    await remind(49);
    expect(about()).toEqual([
      ['ibo.manager@demo.test', `Reminder: device order ${prefix} awaits your approval`],
      ['retailer.manager@demo.test', `Reminder: device order ${prefix} awaits your approval`],
    ]);
  });
});

