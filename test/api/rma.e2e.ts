import { type AgentCounts, type AgentJobRow, type DeviceLogRow, type Listed, type ManagerCounts, type RmaCandidateRow, type RmaDeviceRow, withLuhnCheckDigit } from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { businessDate } from '@portal/projections';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, call, login, startSeededService } from '../support/demo';

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
  const tokens: Record<'manager' | 'manager2' | 'agent', string> = { manager: '', manager2: '', agent: '' };
  let dallas: string;
  let agentId: string;
  const [agentOne, agentTwo, stockOne, stockTwo, stockThree, stockFour] = [1, 2, 3, 4, 5, 6].map(imei) as [string, string, string, string, string, string];
  let apiKey: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-rma-'));
    service = await startSeededService({ DATA_DIR: dataDir });
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
    apiKey = (await createApiKey(db, retailer.id, 'rma test')).key;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    for (const [key, email] of [['manager', 'office.manager@demo.test'], ['manager2', 'office.manager2@demo.test'], ['agent', 'agent@demo.test']] as const) {
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
    const mine = await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list');
    expect(mine.body.items.data.map((row) => [row.imei, row.status_text])).toEqual([[agentOne, 'Approved'], [agentOne, 'Rejected']]);
    expect((await as<Listed<RmaDeviceRow>>('agent', 'GET', '/api/v1/agent/get_rma_device_list?status=2')).body.items.total).toBe(1);
    expect((await as<Listed<RmaDeviceRow>>('manager', 'GET', '/api/v1/manager/get_rma_devices_for_approval')).body.items.total).toBe(0);
    expect(await logOf(agentOne)).toEqual(expect.arrayContaining(['Return requested by the agent (Pending RMA)', 'Return request declined by the manager', 'Return request accepted by the manager: awaiting RMA approval', 'RMA approved']));
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
    expect((await post('agent', '/api/v1/agent/create_rma', { imei: photoOne, reason: '2' }, { bytes: new TextEncoder().encode('<svg/>') })).body.fields).toEqual({ device_image: 'Only images can be uploaded' });
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
    expect(statusFile[0]).toBe('IMEI,Manager Name,Office Number,Status,Reason 1,Reason 2,Comments,Created Date');
    expect(statusFile.slice(1).map((line) => line.split(',')[0])).toEqual([photoOne]);
    const candidatesFile = await download('manager', `/api/v1/manager/device_list_to_initiate_rma_export_v2?imei=${photoTwo}`);
    expect(candidatesFile).toEqual(['IMEI,Office Name,Office Number,Agent Name,Age (Days),Status,Carton Number', expect.stringMatching(new RegExp(`^${photoTwo},Dallas Office,.*,Agent Received,RMA-P$`))]);
  });
});

