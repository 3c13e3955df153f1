import {
  type AgentCounts,
  type AgentJobRow,
  type DetailedDeviceRow,
  type DeviceLogRow,
  type Listed,
  type ManagerCounts,
  type MessageListAnswer,
  type RmaCandidateRow,
  type RmaDeviceRow,
  type RmaDeviceStatusRow,
  type RmaOrderRow,
  withLuhnCheckDigit,
} from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { businessDate } from '@portal/projections';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { PdfParser } from '../../services/src/platform/testing/pdf-parser';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

const imei = (serial: number) => withLuhnCheckDigit(`35693804${String(serial).padStart(6, '0')}`);

/**
 * RMA at the device level over HTTP (docs/RMA.md): an agent's request declined, asked again,
 * accepted and approved; a manager's initiation refused whole for one ineligible device, then
 * rejected and initiated again; out-of-service devices refused by assign; racing answers; the
 * dashboard cards after each step.
 */
describe('RMA devices', () => {
  let service: SeededService;
  let dataDir: string;
  const tokens: Record<'manager' | 'manager2' | 'agent' | 'ibo' | 'ibo2', string> = { manager: '', manager2: '', agent: '', ibo: '', ibo2: '' };
  let dallas: string;
  let agentId: string;
  const [agentOne, agentTwo, stockOne, stockTwo, stockThree, stockFour] = [1, 2, 3, 4, 5, 6].map(imei) as [string, string, string, string, string, string];
  let apiKey: string;
  let otherRetailerKey: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-rma-'));
    service = await startSeededService({ DATA_DIR: dataDir });
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
    apiKey = (await createApiKey(db, retailer.id, 'rma test')).key;
    const otherRetailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Coastline Connect'`.execute(db)).rows[0]!;
    otherRetailerKey = (await createApiKey(db, otherRetailer.id, 'rma test, another retailer')).key;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    for (const [key, email] of [['manager', 'office.manager@demo.test'], ['manager2', 'office.manager2@demo.test'], ['agent', 'agent@demo.test'], ['ibo', 'ibo.manager@demo.test'], ['ibo2', 'ibo.manager2@demo.test']] as const) {
      tokens[key] = (await login(service.baseUrl, email)).body.items!.token;
    }
    // Six devices in Dallas: two with the agent (5), four in the manager's stock (3).
    const devices = [agentOne, agentTwo, stockOne, stockTwo, stockThree, stockFour].map((one, index) => ({ imei: one, device_type: 'PHONE', carton_number: index < 2 ? 'RMA-A' : 'RMA-B', make: 'Acme', model: 'A1' }));
    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body: { office_id: dallas, devices }, headers: { 'x-api-key': apiKey } });
    expect(shipped.status).toBe(201);
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers: ['RMA-A', 'RMA-B'], status: 1 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['RMA-A'], agent_id: agentId, office_id: dallas })).status).toBe(200);
    const job = (await as<Listed<AgentJobRow>>('agent', 'GET', '/api/v1/agent/agentassignlist')).body.items.data[0]!;
    expect((await as('agent', 'POST', '/api/v1/agent/accept', { imei: [agentOne, agentTwo], agent_job_id: job.job_id })).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const as = <T>(who: keyof typeof tokens, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token: tokens[who], body });
  const managerCounts = async () => (await as<{ data: { data: ManagerCounts } }>('manager', 'GET', '/api/v1/dashboard_count')).body.data.data;
  const agentCounts = async () => (await as<{ data: AgentCounts }>('agent', 'GET', '/api/v1/agent/agentdashboard')).body.data;
  const entry = (one: string) => ({ imei: one, reason: 2, reason_two: '', notes: 'Cracked screen' });
  type Opened = { message: string; rma_device_ids: string[]; fields?: Record<string, string> };
  const logOf = async (one: string) => (await as<{ items: DeviceLogRow[] }>('manager', 'GET', `/api/v1/device_log/${one}`)).body.items.map((row) => row.short_description);

  it('an agent request: declined (19), asked again, accepted, approved (10), with the cards and the device log to match', async () => {
    const before = await managerCounts();
    const requested = await as<Opened>('agent', 'POST', '/api/v1/agent/rma_device_request', { imei_list: [entry(agentOne)] });
    expect(requested.status).toBe(200);
    expect(requested.body.rma_device_ids).toHaveLength(1);
    expect(await managerCounts()).toMatchObject({ rma_pending: before.rma_pending + 1, In_stock: before.In_stock - 1 });
    expect((await agentCounts()).pending_rma).toBe(1);
    const pendingList = await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_pending_rma_device_list');
    expect(pendingList.body.items.data).toEqual([
      expect.objectContaining({ id: requested.body.rma_device_ids[0], imei: agentOne, agent_name: expect.any(String), reason: 'Screen Damaged', notes: 'Cracked screen', status_text: 'Pending', awaiting_manager: true }),
    ]);
    expect((await as<Listed<RmaDeviceRow>>('manager2', 'GET', '/api/v1/manager/get_pending_rma_device_list')).body.items.total).toBe(0);

    // Another office's manager learns nothing of it; the agent cannot request it twice.
    expect((await as('manager2', 'POST', '/api/v1/manager/accept_reject_rma_device', { rma_device_id: requested.body.rma_device_ids[0], status: 2 })).status).toBe(404);
    const twice = await as<Opened>('agent', 'POST', '/api/v1/agent/rma_device_request', { imei_list: [entry(agentOne)] });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`IMEI ${agentOne} is already in an RMA (Pending RMA).`);
    // Approve RMA waits for the manager's answer to the request.
    expect((await as('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 2, rma_devices_list: [{ rma_device_id: requested.body.rma_device_ids[0] }] })).status).toBe(409);

    expect((await as('manager', 'POST', '/api/v1/manager/accept_reject_rma_device', { rma_device_id: requested.body.rma_device_ids[0], status: 3 })).status).toBe(200);
    expect((await managerCounts()).rma_pending).toBe(before.rma_pending);
    const again = await as<Opened>('agent', 'POST', '/api/v1/agent/rma_device_request', { imei_list: [entry(agentOne)] });
    expect(again.status).toBe(200);
    const rmaDevice = again.body.rma_device_ids[0]!;
    expect((await as('manager', 'POST', '/api/v1/manager/accept_reject_rma_device', { rma_device_id: rmaDevice, status: 2 })).status).toBe(200);
    expect((await managerCounts()).rma_pending).toBe(before.rma_pending + 1);
    expect((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_pending_rma_device_list')).body.items.total).toBe(0);
    expect((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_approved_rma_device_list_v2')).body.items.data.map((row) => row.id)).toEqual([rmaDevice]);
    expect((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_rma_devices_for_approval')).body.items.data.map((row) => row.id)).toEqual([rmaDevice]);
    const approved = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 2, rma_devices_list: [{ rma_device_id: rmaDevice, comments: 'Confirmed' }] });
    expect(approved.body).toEqual({ message: '1 device approved' });
    expect(await managerCounts()).toMatchObject({ rma: before.rma + 1, rma_pending: before.rma_pending });
    expect((await agentCounts()).RMA).toBe(1);
    // The agent's RMA Status: the declined request and the approved one, newest first.
    const mine = await as<Listed<RmaDeviceStatusRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list');
    expect(mine.body.items.data.map((row) => [row.imei, row.status_text])).toEqual([[agentOne, 'Approved'], [agentOne, 'Rejected']]);
    // Each with the device's one status now (issue 42), the one its inventory and Initiate RMA show; filtered by it too.
    expect(mine.body.items.data.map((row) => row.status_name)).toEqual(['RMA', 'RMA']);
    expect((await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list?status=2')).body.items.total).toBe(1);
    expect((await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list?device_status=10')).body.items.total).toBe(2);
    expect((await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list?device_status=21')).body.items.total).toBe(0);
    expect((await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list?device_status=5')).status).toBe(400);
    expect((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_rma_devices_for_approval')).body.items.total).toBe(0);
    expect(await logOf(agentOne)).toEqual(expect.arrayContaining(['Return requested by the agent (Pending RMA)', 'Return request declined by the manager', 'Return request accepted by the manager: awaiting RMA approval', 'RMA approved']));
    // The agent's messages (docs/DOCUMENTS.md "Messages"): the assignment and both answers, in plain words, newest first, unread.
    const messages = await waitFor(
      () => as<MessageListAnswer>('agent', 'GET', '/api/v1/manager/transaction_history?results=50'),
      (answer) => answer.body.items.data.filter((row) => row.kind === 'rma_answered').length === 2,
      10_000,
      'the RMA answers in the agent\'s messages',
    );
    const texts = messages.body.items.data.map((row) => row.message);
    expect(texts).toEqual(expect.arrayContaining(['2 devices were assigned to you by Olivia Ortega. Accept or return them on your Dashboard, under Pending Transfers.']));
    expect(texts.filter((text) => text.startsWith('Your RMA request'))).toEqual([`Your RMA request for IMEI ${agentOne} was accepted by Olivia Ortega.`, `Your RMA request for IMEI ${agentOne} was declined by Olivia Ortega.`]);
    expect(messages.body.unread).toBeGreaterThanOrEqual(3);
    expect((await as<MessageListAnswer>('manager2', 'GET', '/api/v1/manager/transaction_history?results=50')).body.items.data.some((row) => row.message.includes(agentOne))).toBe(false);
  });

  it('a manager initiation: all or none, then rejected (21), initiated again; out-of-service devices refused by assign; racing answers', async () => {
    const mixed = await as<Opened>('manager', 'POST', '/api/v1/manager/rma_device_request_v2', { imei_list: [entry(stockOne), entry(agentOne)] });
    expect(mixed.status).toBe(409);
    expect(mixed.body.message).toBe(`IMEI ${agentOne} is already in an RMA (RMA).`);
    expect((await as('manager2', 'POST', '/api/v1/manager/rma_device_request_v2', { imei_list: [entry(stockOne)] })).status).toBe(404);
    const noReason = await as<Opened>('manager', 'POST', '/api/v1/manager/rma_device_request_v2', { imei_list: [{ imei: stockOne }] });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toMatch(/Please select reason/);

    const candidates = async (query = '') => (await as<Listed<RmaCandidateRow>>('manager', 'GET', `/api/v1/manager/get_device_list_to_initiate_rma_v2?results=20${query}`)).body.items;
    expect((await candidates(`&imei=${stockOne}`)).data.map((row) => [row.imei, row.status_name, row.office_name])).toEqual([[stockOne, 'Manager Received', 'Dallas Office']]);
    expect((await as('manager', 'GET', '/api/v1/manager/get_device_list_to_initiate_rma_v2?status=11')).status).toBe(400);
    const initiated = await as<Opened>('manager', 'POST', '/api/v1/manager/rma_device_request_v2', { imei_list: [entry(stockOne)] });
    expect(initiated.status).toBe(200);
    // In an open RMA: no longer offered.
    expect((await candidates(`&imei=${stockOne}`)).total).toBe(0);
    const assign = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 1, imei: [stockOne], agent_id: agentId, office_id: dallas });
    expect(assign.status).toBe(409);
    expect(assign.body.message).toBe(`IMEI ${stockOne} is out of service (Pending RMA).`);
    expect((await as('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 3, rma_devices_list: [{ rma_device_id: initiated.body.rma_device_ids[0] }] })).status).toBe(200);
    expect(await logOf(stockOne)).toContain('RMA rejected');
    const initiatedAgain = await as<Opened>('manager', 'POST', '/api/v1/manager/rma_device_request_v2', { imei_list: [entry(stockOne), entry(stockTwo)] });
    expect(initiatedAgain.status).toBe(200);

    // Two answers race for one RMA device: one wins, the other is refused.
    const [first, second] = await Promise.all([
      as('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 2, rma_devices_list: [{ rma_device_id: initiatedAgain.body.rma_device_ids[1] }] }),
      as('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 3, rma_devices_list: [{ rma_device_id: initiatedAgain.body.rma_device_ids[1] }] }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
  });

  it('lost and defective, back in stock; a device swap: the sold device 15 with the swapping holder, the replacement sold with its activation', async () => {
    const lost = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/mark_devices', { imei: [stockThree], status: 16, notes: 'Left at a kiosk' });
    expect(lost.body).toEqual({ message: '1 device marked lost' });
    expect((await as<{ message: string }>('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 1, imei: [stockThree], agent_id: agentId, office_id: dallas })).body.message).toBe(`IMEI ${stockThree} is out of service (Lost).`);
    expect((await as('manager2', 'POST', '/api/v1/manager/return_to_stock', { imei: [stockThree] })).status).toBe(404);
    expect((await as('manager', 'POST', '/api/v1/manager/return_to_stock', { imei: [stockThree] })).status).toBe(200);
    expect((await as<{ message: string }>('manager', 'POST', '/api/v1/manager/return_to_stock', { imei: [stockThree] })).body.message).toBe(`IMEI ${stockThree} is not out of service (Manager Received).`);
    expect(await logOf(stockThree)).toEqual(expect.arrayContaining(['Marked lost: Left at a kiosk', 'Returned to stock']));

    // The agent's second device is sold; its customer brings it back to the office, whose manager swaps it from the manager stock.
    const today = businessDate(new Date());
    expect((await call(service.baseUrl, 'POST', '/api/integration/v1/activations', { body: { imei: agentTwo, activation_date: today, plan_name: 'Unlimited' }, headers: { 'x-api-key': apiKey } })).status).toBe(201);
    const before = await managerCounts();
    const unsold = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/device_swap', { sold_imei: stockFour, replacement_imei: stockThree, reason: 'Screen dead' });
    expect(unsold.body.message).toBe(`IMEI ${stockFour} cannot be swapped: it is Manager Received, not sold.`);
    const swapped = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/device_swap', { sold_imei: agentTwo, replacement_imei: stockFour, reason: 'Screen dead' });
    expect(swapped.status).toBe(200);
    expect(await managerCounts()).toMatchObject({ device_swap: before.device_swap + 1, Received: before.Received - 1 });
    expect((await logOf(agentTwo)).at(-1)).toBe(`Brought back by its customer in a device swap for ${stockFour}: Screen dead`);
    expect((await logOf(stockFour)).at(-1)).toBe(`Handed over in a device swap for ${agentTwo}, carrying its activation`);
    const replacementRow = await sql<{ status: number; activation_date: string; plan_name: string }>`select status, activation_date::text as activation_date, plan_name from rm.inventory_devices where imei = ${stockFour}`.execute(service.test.database.db);
    expect(replacementRow.rows[0]).toEqual({ status: 8, activation_date: today, plan_name: 'Unlimited' });
  });

  it('with photo evidence: the agent offered their own devices, a direct request with a photo, shown only in scope; create RMA, a photo replaced; the exports hold the lists', async () => {
    const [photoOne, photoTwo, photoThree] = [7, 8, 9].map(imei) as [string, string, string];
    const devices = [photoOne, photoTwo, photoThree].map((one, index) => ({ imei: one, device_type: 'PHONE', carton_number: index < 2 ? 'RMA-P' : 'RMA-Q', make: 'Acme', model: 'A1' }));
    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body: { office_id: dallas, devices }, headers: { 'x-api-key': apiKey } });
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers: ['RMA-P', 'RMA-Q'], status: 1 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['RMA-P'], agent_id: agentId, office_id: dallas })).status).toBe(200);
    const job = (await as<Listed<AgentJobRow>>('agent', 'GET', '/api/v1/agent/agentassignlist')).body.items.data[0]!;
    expect((await as('agent', 'POST', '/api/v1/agent/accept', { imei: [photoOne, photoTwo], agent_job_id: job.job_id })).status).toBe(200);

    // The agent is offered the devices they hold, and nothing else of the office.
    const offered = (await as<Listed<RmaCandidateRow>>('agent', 'GET', '/api/v1/agent/get_device_list_to_initiate_rma?results=100')).body.items.data.map((row) => row.imei);
    expect(offered).toEqual(expect.arrayContaining([photoOne, photoTwo]));
    expect(offered).not.toContain(photoThree);

    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
    const rmaImages = () => fs.readdir(path.join(dataDir, 'files', 'rma-images')).catch(() => [] as string[]);
    const post = async (who: keyof typeof tokens, route: string, fields: Record<string, string>, image?: { field?: string; bytes: Uint8Array }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (image) form.set(image.field ?? 'device_image', new Blob([image.bytes]), 'photo.png');
      const response = await fetch(`${service.baseUrl}${route}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
      return { status: response.status, body: (await response.json()) as Opened & { rma_device_id: string } };
    };
    // The spec's messages; nothing stored for a refused request, whatever refused it.
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: 'abc', reason: '2' }, { bytes: png })).body.fields).toEqual({ imei: 'Please enter valid IMEI' });
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: photoOne, reason: ' ' }, { bytes: png })).body.fields).toEqual({ reason: 'Please enter reason' });
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: photoOne, reason: '2' }, { bytes: new TextEncoder().encode('<svg/>') })).body.fields).toEqual({ device_image: 'Only image files can be uploaded' });
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: photoOne, reason: '2' })).body.fields).toEqual({ device_image: 'Please choose an image' });
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: photoThree, reason: '2' }, { bytes: png })).status).toBe(404);
    expect(await rmaImages()).toEqual([]);

    const requested = await post('agent', '/api/v1/agent/create_rma', { imei: photoOne, reason: 'Dropped in water' }, { bytes: png });
    expect(requested).toEqual({ status: 201, body: { message: `Return requested for IMEI ${photoOne}`, rma_device_id: expect.any(String) } });
    expect(await rmaImages()).toHaveLength(1);
    const pending = (await as<Listed<RmaDeviceRow>>('manager', 'GET', `/api/v1/manager/get_pending_rma_device_list?keyword=${photoOne}`)).body.items.data;
    expect(pending).toEqual([expect.objectContaining({ imei: photoOne, reason: 'Other', notes: 'Dropped in water', device_image_url: `/api/v1/manager/rma_device_image/${requested.body.rma_device_id}` })]);
    const image = (who: keyof typeof tokens) => fetch(`${service.baseUrl}${pending[0]!.device_image_url}`, { headers: { authorization: `Bearer ${tokens[who]}` } });
    const shown = await image('manager');
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('cache-control')]).toEqual([200, 'image/png', 'no-store']);
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(png);
    // Another office's manager: exactly as an unknown id.
    const outside = await image('manager2');
    const unknown = await fetch(`${service.baseUrl}/api/v1/manager/rma_device_image/0196f0aa-0000-7000-8000-000000000000`, { headers: { authorization: `Bearer ${tokens.manager2}` } });
    expect([outside.status, await outside.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(unknown.status).toBe(404);

    // A better photo replaces it; another office cannot.
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect((await post('manager2', '/api/v1/manager/upload_rma_device_image', { rma_device_id: requested.body.rma_device_id }, { bytes: jpeg })).status).toBe(404);
    expect((await post('manager', '/api/v1/manager/upload_rma_device_image', { rma_device_id: requested.body.rma_device_id }, { bytes: jpeg })).status).toBe(201);
    const replaced = await image('manager');
    expect([replaced.headers.get('content-type'), [...new Uint8Array(await replaced.arrayBuffer())]]).toEqual(['image/jpeg', [...jpeg]]);
    // The agent sees the photo of their own request; the other office's manager, as before, nothing.
    expect((await image('agent')).status).toBe(200);

    // Create RMA (the manager's form): initiated at once, awaiting Approve RMA, with its photo.
    const created = await post('manager', '/api/v1/manager/create_rma', { imei: photoThree, reason: '5', notes: 'Dented corner' }, { bytes: png });
    expect(created.status).toBe(201);
    const awaiting = (await as<Listed<RmaDeviceRow>>('manager', 'GET', `/api/v1/manager/get_rma_devices_for_approval?keyword=${photoThree}`)).body.items.data;
    expect(awaiting).toEqual([expect.objectContaining({ id: created.body.rma_device_id, reason_text: 'Physical Damage', notes: 'Dented corner', opened_by: 'manager', device_image_url: expect.any(String) })]);
    // The spec's field name for the device image page is taken too.
    expect((await post('agent', '/api/v1/manager/device_image', { imei: photoTwo }, { field: 'imei_image', bytes: png })).status).toBe(201);

    // Exports hold the screens' rows.
    const download = async (who: keyof typeof tokens, route: string) => {
      const answer = await as<{ download: number; url?: string }>(who, 'GET', route);
      expect([answer.status, answer.body.download]).toEqual([200, 1]);
      return (await (await fetch(new URL(answer.body.url!, service.baseUrl))).text()).split('\r\n').filter((line) => line.length > 0);
    };
    expect(await download('manager', '/api/v1/manager/pending_rma_device_list_export')).toEqual(['IMEI,Agent Name,Office Name,Office Number,Reason,Reason 2,Comment,Status,Date', expect.stringMatching(new RegExp(`^${photoOne},.*,Other,,Dropped in water,Pending,\\d\\d-\\d\\d-\\d{4}$`))]);
    expect(await download('manager2', '/api/v1/manager/pending_rma_device_list_export')).toHaveLength(1);
    const approvedFile = await download('manager', '/api/v1/manager/approved_rma_device_list_export_v2');
    expect(approvedFile.slice(1).map((line) => line.split(',')[0])).toEqual((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_approved_rma_device_list_v2?results=100')).body.items.data.map((row) => row.imei));
    const statusFile = await download('agent', '/api/v1/agent/agent_rma_request_status_export?status=1');
    expect(statusFile[0]).toBe('IMEI,Status,Manager Name,Office Number,Reason 1,Reason 2,Comments,Created Date,RMA Order,Order Status');
    expect(statusFile.slice(1).map((line) => line.split(',')[0])).toEqual([photoOne]);
    const candidatesFile = await download('manager', `/api/v1/manager/device_list_to_initiate_rma_export_v2?imei=${photoTwo}`);
    expect(candidatesFile).toEqual(['IMEI,Office Name,Office Number,Agent Name,Age (Days),Status,Carton Number', expect.stringMatching(new RegExp(`^${photoTwo},Dallas Office,.*,Agent Received,RMA-P$`))]);
  });

  it('an RMA order, from the agent\'s photo to a completed return: submitted in boxes, its PDFs, approved by the IBO manager, shipped, received with one IMEI missing; another rejected', async () => {
    const [photoOne, , photoThree] = [7, 8, 9].map(imei) as [string, string, string];
    // Each device's newest RMA device, from the RMA device Status report (every RMA device in scope, newest first).
    const idOf = async (one: string) => (await as<Listed<RmaDeviceStatusRow>>('manager', 'GET', `/api/v1/manager/rma_device_status_report?keyword=${one}`)).body.items.data[0]!.id;
    // The agent's photo request (the test above) accepted and approved; the manager's Create RMA and stockOne approved.
    const [photoRequest, created, initiated] = [await idOf(photoOne), await idOf(photoThree), await idOf(stockOne)];
    expect((await as('manager', 'POST', '/api/v1/manager/accept_reject_rma_device', { rma_device_id: photoRequest, status: 2 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 2, rma_devices_list: [photoRequest, created, initiated].map((rma_device_id) => ({ rma_device_id })) })).status).toBe(200);
    const toSubmit = (who: keyof typeof tokens = 'manager') => as<Listed<RmaDeviceRow>>(who, 'GET', '/api/v1/manager/get_rma_devices_to_submit?results=100');
    expect((await toSubmit()).body.items.data.map((row) => row.imei)).toEqual(expect.arrayContaining([photoOne, photoThree, stockOne, agentOne]));
    expect((await toSubmit('manager2')).body.items.total).toBe(0);

    // Submit RMA: the spec's messages, one office, never twice.
    type Submitted = { message: string; id: string; rma_prefix: string; fields?: Record<string, string> };
    const shipping = { address: '500 Elm St', city: 'Dallas', state: 'TX', zip: '75201', no_of_boxes: 2, box_length: 12, box_width: 10, box_height: 6, box_weight: 4.5 };
    const empty = await as<Submitted>('manager', 'POST', '/api/v1/manager/submit_rma_order', { rma_list: [photoRequest], zip: '75-201', no_of_boxes: 0, box_length: 0 });
    expect([empty.status, empty.body.fields]).toEqual([400, { address: 'Please input Address', city: 'Please input City', state: 'Please input State', zip: 'Please input ZIP', no_of_boxes: 'Please input number of boxes', box_length: 'The box length is at least 1' }]);
    expect((await as('manager2', 'POST', '/api/v1/manager/submit_rma_order', { ...shipping, rma_list: [photoRequest] })).status).toBe(404);
    const submitted = await as<Submitted>('manager', 'POST', '/api/v1/manager/submit_rma_order', { ...shipping, rma_list: [photoRequest, created] });
    expect(submitted.status).toBe(200);
    expect(submitted.body.rma_prefix).toMatch(/^RMA-\d{6}$/);
    expect(submitted.body.message).toBe(`RMA order ${submitted.body.rma_prefix} submitted for 2 devices`);
    const twice = await as<Submitted>('manager', 'POST', '/api/v1/manager/submit_rma_order', { ...shipping, rma_list: [photoRequest] });
    expect([twice.status, twice.body.message]).toEqual([409, `IMEI ${photoOne} is already on RMA order ${submitted.body.rma_prefix}.`]);
    // Two submits at once get two numbers.
    const [forRejection, another] = await Promise.all([
      as<Submitted>('manager', 'POST', '/api/v1/manager/submit_rma_order', { ...shipping, no_of_boxes: 1, rma_list: [initiated] }),
      as<Submitted>('manager', 'POST', '/api/v1/manager/submit_rma_order', { ...shipping, no_of_boxes: 1, rma_list: [await idOf(agentOne)] }),
    ]);
    expect([forRejection.status, another.status]).toEqual([200, 200]);
    expect(new Set([submitted.body.rma_prefix, forRejection.body.rma_prefix, another.body.rma_prefix]).size).toBe(3);
    expect((await toSubmit()).body.items.data.map((row) => row.imei)).not.toEqual(expect.arrayContaining([photoOne]));

    // The detailed report's RMA order filter and Legacy Data's RMA ID find its devices.
    const detailed = await as<Listed<DetailedDeviceRow>>('manager', 'GET', `/api/v1/detailed_inventory_report?rma_order_id=${submitted.body.rma_prefix}`);
    expect(detailed.body.items.data.map((row) => [row.imei, row.rma_order_info.rma_prefix]).sort()).toEqual([[photoOne, submitted.body.rma_prefix], [photoThree, submitted.body.rma_prefix]].sort());
    expect((await as<Listed<DetailedDeviceRow>>('manager2', 'GET', `/api/v1/detailed_inventory_report?rma_order_id=${submitted.body.rma_prefix}`)).body.items.total).toBe(0);

    // RMA Status: the order with its form; no label before approval.
    const orders = async (who: keyof typeof tokens, query = '') => (await as<Listed<RmaOrderRow>>(who, 'GET', `/api/v1/manager/get_rma_orders_list?results=50${query}`)).body.items;
    const order = async (prefix: string, who: keyof typeof tokens = 'manager') => (await orders(who, `&rma_id=${prefix}`)).data[0];
    const first = (await order(submitted.body.rma_prefix))!;
    expect(first).toMatchObject({ id: submitted.body.id, status: 1, order_status_text: 'Submitted', no_of_boxes: 2, rma_device_count: 2, office_name: 'Dallas Office', ibo_market_name: 'North Market', rma_shipping_label_url: null, missing_imeis: [] });
    expect(first.attachments_list.map((attachment) => attachment.name)).toEqual([`RMA Form ${submitted.body.rma_prefix}.pdf`]);
    expect(await order(submitted.body.rma_prefix, 'manager2')).toBeUndefined();
    expect((await order(submitted.body.rma_prefix, 'ibo'))?.id).toBe(submitted.body.id);
    expect(await order(submitted.body.rma_prefix, 'ibo2')).toBeUndefined();
    const badStatus = await as<{ fields?: Record<string, string> }>('manager', 'GET', '/api/v1/manager/get_rma_orders_list?status=9');
    expect([badStatus.status, badStatus.body.fields]).toEqual([400, { status: 'status is one of the RMA order statuses' }]);

    const parser = new PdfParser();
    try {
      const pdf = async (url: string) => {
        const response = await fetch(new URL(url, service.baseUrl));
        expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
        return parser.parse(new Uint8Array(await response.arrayBuffer()));
      };
      const form = await pdf(first.rma_form_url);
      const formText = form.map((page) => page.items.join(' ')).join(' ');
      expect(formText).toContain(submitted.body.rma_prefix);
      expect(formText).toContain(photoOne);
      expect(formText).toContain('Dallas Office');
      // A tampered or foreign link opens nothing.
      expect((await fetch(new URL(first.rma_form_url.replace('rma_form', 'shipping_label'), service.baseUrl))).status).toBe(403);
      expect((await fetch(new URL(first.rma_form_url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`), service.baseUrl))).status).toBe(403);

      // Approval: never the submitter, never the office manager's role, a comment required.
      const answer = (who: keyof typeof tokens, id: string, body: object) => as<{ message: string; fields?: Record<string, string> }>(who, 'POST', `/api/v1/manager/approve_reject_rma_order/${id}`, body);
      expect((await answer('manager', submitted.body.id, { status: 2, comments: 'ok' })).status).toBe(403);
      expect((await answer('ibo', submitted.body.id, { status: 2, comments: ' ' })).body.fields).toEqual({ comments: 'Please input comment' });
      expect((await answer('ibo2', submitted.body.id, { status: 2, comments: 'ok' })).status).toBe(404);
      expect((await as('ibo', 'GET', `/api/v1/manager/update_rma_order_to_shipped_status/${submitted.body.id}`)).status).toBe(409);
      expect((await answer('ibo', submitted.body.id, { status: 2, comments: 'Checked the photos' })).body).toEqual({ message: 'Success order Accepted' });
      expect((await answer('ibo', submitted.body.id, { status: 3, comments: 'Changed my mind' })).body.message).toBe(`${submitted.body.rma_prefix} was already answered: it is Approved.`);
      expect((await answer('ibo', forRejection.body.id, { status: 3, comments: 'Not a fault' })).body).toEqual({ message: 'Rejected' });
      expect(await logOf(stockOne)).toContain(`RMA order ${forRejection.body.rma_prefix} rejected: off the order (RMA Rejected)`);
      expect((await order(forRejection.body.rma_prefix))).toMatchObject({ status: 5, order_status_text: 'Rejected', comments: 'Not a fault', rma_shipping_label_url: null });

      const approved = (await order(submitted.body.rma_prefix))!;
      expect(approved).toMatchObject({ status: 2, order_status_text: 'Approved', comments: 'Checked the photos', approved_at: expect.any(String) });
      const label = await pdf(approved.rma_shipping_label_url!);
      expect(label).toHaveLength(2);
      expect(label[0]!.items.join(' ')).toContain(submitted.body.rma_prefix);
      expect(label[1]!.items.join(' ')).toMatch(/2 of 2/);

      // Shipped: only at 2, once; another office's manager learns nothing.
      const ship = (who: keyof typeof tokens, id: string) => as<{ message: string }>(who, 'GET', `/api/v1/manager/update_rma_order_to_shipped_status/${id}`);
      expect((await ship('manager2', submitted.body.id)).status).toBe(404);
      expect((await ship('manager', forRejection.body.id)).body.message).toBe(`${forRejection.body.rma_prefix} is Rejected: only an approved RMA order can be shipped.`);
      expect((await ship('manager', submitted.body.id)).body).toEqual({ message: 'item shipped' });
      expect((await ship('manager', submitted.body.id)).body.message).toBe(`${submitted.body.rma_prefix} is already Shipped.`);
    } finally {
      await parser.stop();
    }

    // The returns desk: its own retailer's orders only; one IMEI missing from the boxes.
    const receive = (prefix: string, body: object, key = apiKey) => call<{ message: string; missing: string[] }>(service.baseUrl, 'POST', `/api/integration/v1/rma_orders/${prefix}/received`, { body, headers: { 'x-api-key': key } });
    expect((await receive(submitted.body.rma_prefix, { imei: [photoOne] }, otherRetailerKey)).status).toBe(404);
    expect((await receive('RMA-999999', { imei: [photoOne] })).status).toBe(404);
    expect((await receive('drop table', { imei: [photoOne] })).status).toBe(400);
    expect((await receive(submitted.body.rma_prefix, { imei: [photoOne, stockFour] })).body.message).toBe(`IMEI ${stockFour} is not on ${submitted.body.rma_prefix}.`);
    const before = await managerCounts();
    const received = await receive(submitted.body.rma_prefix, { imei: [photoOne] });
    expect([received.status, received.body]).toEqual([200, { message: `${submitted.body.rma_prefix} completed: 1 device received; missing: ${photoThree}`, received: 1, missing: [photoThree] }]);
    expect((await receive(submitted.body.rma_prefix, { imei: [photoOne] })).body.message).toBe(`${submitted.body.rma_prefix} was already received.`);
    expect((await managerCounts()).rma).toBe(before.rma - 1);
    expect(await order(submitted.body.rma_prefix)).toMatchObject({ status: 4, order_status_text: 'Completed', missing_imeis: [photoThree] });

    // The device log tells the whole story; the agent sees the order on their RMA Status.
    expect((await logOf(photoOne)).slice(-5)).toEqual([
      'Return requested by the agent (Pending RMA)', 'Return request accepted by the manager: awaiting RMA approval', 'RMA approved',
      `Submitted for return on RMA order ${submitted.body.rma_prefix}`, `Received by the returns desk on RMA order ${submitted.body.rma_prefix} (Returned)`,
    ]);
    const mine = (await as<Listed<RmaDeviceRow>>('agent', 'GET', `/api/v1/agent/get_rma_device_list?keyword=${photoOne}`)).body.items.data;
    expect(mine.map((row) => [row.rma_prefix, row.order_status_text])).toEqual([[submitted.body.rma_prefix, 'Completed']]);
    const agentFile = await as<{ download: number; url?: string }>('agent', 'GET', `/api/v1/agent/agent_rma_request_status_export?keyword=${photoOne}`);
    const agentLines = (await (await fetch(new URL(agentFile.body.url!, service.baseUrl))).text()).split('\r\n').filter((line) => line.length > 0);
    expect(agentLines[1]).toMatch(new RegExp(`^${photoOne},.*,${submitted.body.rma_prefix},Completed$`));

    // The RMA device Status report: the device's own status and age beside the request's.
    const report = (await as<Listed<RmaDeviceStatusRow>>('manager', 'GET', `/api/v1/manager/rma_device_status_report?keyword=${submitted.body.rma_prefix}`)).body.items.data;
    expect(report.map((row) => [row.imei, row.status_name, row.status_text, row.order_status_text, typeof row.device_age]).sort()).toEqual([
      [photoOne, 'Returned', 'Approved', 'Completed', 'number'],
      [photoThree, 'RMA', 'Approved', 'Completed', 'number'],
    ]);
    expect((await as<Listed<RmaDeviceStatusRow>>('manager2', 'GET', `/api/v1/manager/rma_device_status_report?keyword=${submitted.body.rma_prefix}`)).body.items.total).toBe(0);
    const exported = await as<{ download: number; url?: string }>('manager', 'GET', `/api/v1/manager/get_rma_orders_export?rma_id=${submitted.body.rma_prefix}`);
    const file = (await (await fetch(new URL(exported.body.url!, service.baseUrl))).text()).split('\r\n').filter((line) => line.length > 0);
    expect(file[0]).toBe('RMA Number,IBO/Market,Office Name,Office Number,Submitted By,Boxes,Devices,Status,Approved At,Comments,Missing IMEIs,Created Date');
    expect(file[1]).toMatch(new RegExp(`^${submitted.body.rma_prefix},North Market,Dallas Office,.*,2,2,Completed,.*,Checked the photos,${photoThree},`));
  });
});

