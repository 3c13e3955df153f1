import { type AgentJobRow, type CartonRow, type DeviceLogRow, type JobCartonRow, type ManagerCounts, type Listed, type MessageListAnswer, type ReceiveJobRow, type TransferRequestRow, withLuhnCheckDigit } from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { PdfParser } from '../../services/src/platform/testing/pdf-parser';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

/** A valid IMEI: 14 digits and their Luhn check digit. */
const imei = (body14: string) => withLuhnCheckDigit(body14);

const device = (serial: number, carton: string) => ({ imei: imei(`35693803${String(serial).padStart(6, '0')}`), device_type: 'PHONE', carton_number: carton, make: 'Acme', model: 'A1' });

/**
 * The device flows end to end over HTTP against the built service and the demo business:
 * receive (upstream API) → accept / decline cartons → assign → agent partial accept → agent
 * transfer back → manager accept → transfer to another office → accept there → activation,
 * checking what the lists and counts show after each step, and the refusals on the way.
 */
describe('inventory flows', () => {
  let service: SeededService;
  let apiKey: string;
  const tokens: Record<'manager' | 'manager2' | 'agent' | 'ibo', string> = { manager: '', manager2: '', agent: '', ibo: '' };
  let dallas: string;
  let houston: string;
  let agentId: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-inventory-'));
    service = await startSeededService({ DATA_DIR: dataDir });
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
    apiKey = (await createApiKey(db, retailer.id, 'warehouse test')).key;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    houston = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Houston Office'`.execute(db)).rows[0]!.id;
    agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    for (const [key, email] of [['manager', 'office.manager@demo.test'], ['manager2', 'office.manager2@demo.test'], ['agent', 'agent@demo.test'], ['ibo', 'ibo.manager@demo.test']] as const) {
      tokens[key] = (await login(service.baseUrl, email)).body.items!.token;
    }
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const as = <T>(who: keyof typeof tokens, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token: tokens[who], body });
  const counts = async (who: keyof typeof tokens) => (await as<{ data: { data: ManagerCounts } }>(who, 'GET', '/api/v1/dashboard_count')).body.data.data;
  const upstream = (path: string, body: unknown) => call<{ message: string; job_id?: string }>(service.baseUrl, 'POST', path, { body, headers: { 'x-api-key': apiKey } });

  it('moves devices through every flow, with the lists and counts to match', async () => {
    const cartonA = [1, 2, 3].map((serial) => device(serial, 'CTN-A'));
    const cartonB = [4, 5].map((serial) => device(serial, 'CTN-B'));

    // Receive: bad input is refused whole; a good shipment makes a job of manager pending devices.
    const bad = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: [...cartonA, { ...cartonA[0], carton_number: 'CTN-A' }, { imei: '123', device_type: 'PHONE', carton_number: 'X' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/appears twice/);
    expect(JSON.stringify(bad.body)).toMatch(/must be 15 digits/);
    expect((await call(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body: { office_id: dallas, devices: cartonA } })).status).toBe(401);
    const received = await upstream('/api/integration/v1/shipments', { office_id: dallas, order_id: 'PO-1', devices: [...cartonA, ...cartonB] });
    expect(received.status).toBe(201);
    const jobId = received.body.job_id!;
    const again = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: [cartonA[0]] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already in inventory/);
    expect(await counts('manager')).toMatchObject({ pending_manager: 5, total_in_stock: 5 });

    const jobs = await as<Listed<ReceiveJobRow>>('manager', 'GET', '/api/v1/manager/managerjob_v2');
    expect(jobs.body.items.data).toEqual([expect.objectContaining({ id: jobId, inventory_request_order_id: 'PO-1', total_carton_count: 2, total_device_count: 5, status_text: 'Pending', office_name: 'Dallas Office' })]);
    expect((await as<Listed<ReceiveJobRow>>('manager2', 'GET', '/api/v1/manager/managerjob_v2')).body.items.total).toBe(0);
    const cartons = await as<Listed<JobCartonRow>>('manager', 'POST', '/api/v1/manager/managerdevicelist', { job_id: jobId });
    expect(cartons.body.items.data.map((carton) => [carton.carton_number, carton.imei_count, carton.imei.length, carton.status])).toEqual([
      ['CTN-A', 3, 3, 0],
      ['CTN-B', 2, 2, 0],
    ]);

    // Another office's manager can neither see nor answer this job.
    expect((await as('manager2', 'POST', '/api/v1/manager/managerdevicelist', { job_id: jobId })).status).toBe(404);
    // … and learns nothing: the answer is that of a job that does not exist.
    const unknownJob = await as('manager2', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: '01a20a58-0000-7000-8000-000000000000', carton_numbers: ['CTN-A'], status: 1 });
    expect(unknownJob).toEqual({ status: 404, body: { error: 'Not Found', message: 'That receive job does not exist.' } });
    expect(await as('manager2', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: jobId, carton_numbers: ['CTN-A'], status: 1 })).toEqual(unknownJob);

    // Accept A, decline B (a reason is required), and accepting twice is refused.
    const noReason = await as<{ fields?: Record<string, string> }>('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: jobId, carton_numbers: ['CTN-B'], status: 2 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields?.decline_reason).toBe('Please provide a reason');
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: jobId, carton_numbers: ['CTN-A'], status: 1 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: jobId, carton_numbers: ['CTN-B'], status: 2, decline_reason: 'Damaged box' })).status).toBe(200);
    const twice = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: jobId, carton_numbers: ['CTN-A'], status: 1 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Carton CTN-A of this job was already accepted.');
    expect(await counts('manager')).toMatchObject({ Received: 3, manager_not_received: 2, pending_manager: 0, total_in_stock: 5 });
    expect((await as<Listed<ReceiveJobRow>>('manager', 'GET', '/api/v1/manager/managerjob_v2')).body.items.data[0]).toMatchObject({ status_text: 'Completed', decline_reason: 'Damaged box' });

    // Assign carton A to the agent.
    const stock = await as<Listed<CartonRow>>('manager', 'GET', '/api/v1/manager/agentassignlist');
    expect(stock.body.items.data).toEqual([expect.objectContaining({ carton_number: 'CTN-A', imei_count: 3, office_id: dallas, device_age: 0 })]);
    const otherOfficeAgent = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent011@demo.test'`.execute(service.test.database.db)).rows[0]!.id;
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['CTN-A'], agent_id: otherOfficeAgent, office_id: dallas })).status).toBe(422);
    // The console sends the whole form: the IMEI list the carton mode does not use comes empty, and is left out.
    const assigned = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['CTN-A'], imei: [], agent_id: agentId, office_id: dallas, assign_count: 3 });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toBe('3 devices assigned successfully');
    expect(await counts('manager')).toMatchObject({ Received: 0, assigned: 3 });

    // The agent sees one pending job; partially accepts: two accepted, the third returned.
    const pending = await as<Listed<AgentJobRow>>('agent', 'GET', '/api/v1/agent/agentassignlist');
    expect(pending.body.items.data).toHaveLength(1);
    const job = pending.body.items.data[0]!;
    expect(job.imei_device.map((item) => item.imei)).toEqual(cartonA.map((item) => item.imei).sort());
    const [first, second, third] = job.imei_device.map((item) => item.imei) as [string, string, string];
    expect((await as('agent', 'POST', '/api/v1/agent/accept', { imei: [first, second], agent_job_id: job.job_id })).status).toBe(200);
    expect((await as('agent', 'POST', '/api/v1/agent/transfer_device', { imei: [third], agent_job_id: job.job_id, accept_transfer_status: 0, manager_id: job.manager_id, transfer_count: 1 })).status).toBe(200);
    expect((await as<Listed<AgentJobRow>>('agent', 'GET', '/api/v1/agent/agentassignlist')).body.items.total).toBe(0);
    expect((await as<{ data: Record<string, number> }>('agent', 'GET', '/api/v1/agent/agentdashboard')).body.data).toMatchObject({ In_stock: 2, Assigned: 0 });
    expect(await counts('manager')).toMatchObject({ In_stock: 2, Received: 1, assigned: 0 });
    // Accepting the same job again is refused.
    expect((await as('agent', 'POST', '/api/v1/agent/accept', { imei: [first], agent_job_id: job.job_id })).status).toBe(409);

    // The agent sends one back, giving no reason: the spec's default 'Sample Reason' is recorded (doc 2 §7); the manager sees the request and accepts it.
    expect((await as('agent', 'POST', '/api/v1/agent/transfer_device', { imei: [first], accept_transfer_status: 1 })).status).toBe(200);
    expect(await counts('manager')).toMatchObject({ transfer: 1, In_stock: 1 });
    const requests = await as<Listed<TransferRequestRow>>('manager', 'GET', '/api/v1/manager/transfer_request');
    expect(requests.body.items.data).toEqual([expect.objectContaining({ transfer_count: 1, imei: [first], reason: 'Sample Reason' })]);
    const transferId = requests.body.items.data[0]!.transfer_job_id;
    const unknownTransfer = await as('manager2', 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: '01a20a58-0000-7000-8000-000000000000', status: 1 });
    expect(unknownTransfer).toEqual({ status: 404, body: { error: 'Not Found', message: 'That transfer does not exist.' } });
    expect(await as('manager2', 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: transferId, status: 1 })).toEqual(unknownTransfer);
    expect((await as('manager', 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: transferId, status: 1 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: transferId, status: 2 })).status).toBe(409);
    expect(await counts('manager')).toMatchObject({ Received: 2, In_stock: 1, transfer: 0 });

    // Transfer the manager's two devices to Houston: they arrive there as manager pending on a transfer job.
    expect((await as('manager', 'POST', '/api/v1/manager/transfer_devices_to_other_office', { devicestatus: 1, imei: [first, third], office_id: houston })).status).toBe(200);
    expect(await counts('manager')).toMatchObject({ Received: 0, In_stock: 1 });
    expect(await counts('manager2')).toMatchObject({ pending_manager: 2 });
    const houstonJobs = await as<Listed<ReceiveJobRow>>('manager2', 'GET', '/api/v1/manager/managerjob_v2');
    expect(houstonJobs.body.items.data[0]).toMatchObject({ assign_source_text: 'Office Transfer', from_office_number: 'OF001', total_device_count: 2 });
    expect((await as('manager2', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: houstonJobs.body.items.data[0]!.id, carton_numbers: ['CTN-A'], status: 1 })).status).toBe(200);
    expect(await counts('manager2')).toMatchObject({ Received: 2, pending_manager: 0 });
    // The IBO manager of the market sees both offices.
    expect(await counts('ibo')).toMatchObject({ Received: 2, In_stock: 1, manager_not_received: 2, total_in_stock: 5 });

    // An activation from upstream: sold, out of stock; a repeat is refused.
    expect((await upstream('/api/integration/v1/activations', { imei: second, activation_date: '2026-11-20', plan_name: 'Unlimited' })).status).toBe(201);
    expect((await upstream('/api/integration/v1/activations', { imei: second, activation_date: '2026-11-20' })).status).toBe(409);
    expect(await counts('manager')).toMatchObject({ In_stock: 0, total_in_stock: 2 });

    // The device log tells the story, oldest first.
    const log = await as<{ items: DeviceLogRow[] }>('manager', 'GET', `/api/v1/device_log/${second}`);
    expect(log.body.items.map((line) => line.type)).toEqual(['DeviceReceived', 'DeviceAcceptedByManager', 'DeviceAssigned', 'DeviceAcceptedByAgent', 'DeviceActivated']);
    expect(log.body.items.at(-1)).toMatchObject({ status: 8, short_description: 'Activated on Unlimited' });
    // doc 1 §3: log rows carry updated_at (a log row is never edited: the instant it was written).
    for (const line of log.body.items) expect(line.updated_at).toBe(line.created_at);
  });

  it('receives a manifest upload (CSV or XLSX) all or nothing, naming every bad row', async () => {
    const retailerToken = (await login(service.baseUrl, 'retailer.manager@demo.test')).body.items!.token;
    const upload = async (file: Blob, name: string) => {
      const form = new FormData();
      form.set('office_id', dallas);
      form.set('file', file, name);
      const response = await fetch(`${service.baseUrl}/api/v1/manager/receive_manifest`, { method: 'POST', body: form, headers: { authorization: `Bearer ${retailerToken}` } });
      return { status: response.status, body: (await response.json()) as { message: string; job_id?: string; fields?: Record<string, string> } };
    };
    const good = [21, 22, 23].map((serial) => device(serial, 'CTN-M'));
    // A file that is not what its name says, or no spreadsheet at all: a 400 naming the file, nothing received.
    const manifestCsv = new TextEncoder().encode(`IMEI,Carton,Device Type\r\n${good[0]!.imei},CTN-M,PHONE`);
    for (const [bytes, name, says] of [
      [manifestCsv, 'manifest.xlsx', 'manifest.xlsx is not an Excel (XLSX) workbook'],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 1, 2, 3]), 'broken.xlsx', 'broken.xlsx could not be read as an Excel (XLSX) workbook'],
      [Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2]), 'scan.csv', 'scan.csv is not a CSV or XLSX file'],
    ] as const) {
      const unreadable = await upload(new Blob([bytes]), name);
      expect({ name, status: unreadable.status, message: unreadable.body.message }).toEqual({ name, status: 400, message: expect.stringContaining(says) });
      expect(unreadable.body.fields?.file).toBe(unreadable.body.message);
    }
    const csv = (rows: string[][]) => new Blob([['IMEI,Carton,Device Type,Make', ...rows.map((row) => row.join(','))].join('\r\n')], { type: 'text/csv' });
    const refused = await upload(csv([[good[0]!.imei, 'CTN-M', 'PHONE', 'Acme'], ['35693803000001', 'CTN-M', 'PHONE', ''], [good[0]!.imei, 'CTN-M', 'PHONE', ''], [good[1]!.imei, 'CTN-M', 'ROUTER', '']]), 'manifest.csv');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('3 rows have problems; nothing was received.');
    expect(refused.body.fields).toEqual({
      'row 3': 'IMEI 35693803000001 must be 15 digits',
      'row 4': `IMEI ${good[0]!.imei} is also on row 2`,
      'row 5': 'Device type must be one of FREEPHONE_SMART, PHONE, SIM, TABLET',
    });
    // An office manager may not upload (roles 1 and 12 only).
    expect((await call(service.baseUrl, 'POST', '/api/v1/manager/receive_manifest', { token: tokens.manager, body: {} })).status).toBe(403);

    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Manifest');
    sheet.addRow(['IMEI', 'Carton Number', 'Device Type', 'Model']);
    for (const item of good) sheet.addRow([item.imei, item.carton_number, 'Phone', 'A1']);
    const xlsx = new Blob([await workbook.xlsx.writeBuffer()]);
    const accepted = await upload(xlsx, 'manifest.xlsx');
    expect(accepted.status).toBe(201);
    expect(accepted.body.message).toBe('Received 3 devices');
    const cartons = await as<Listed<JobCartonRow>>('manager', 'POST', '/api/v1/manager/managerdevicelist', { job_id: accepted.body.job_id });
    expect(cartons.body.items.data).toEqual([expect.objectContaining({ carton_number: 'CTN-M', imei_count: 3, device_type: 'PHONE' })]);

    // The same devices again: refused by the decider, reported by row.
    const repeat = await upload(xlsx, 'manifest.xlsx');
    expect(repeat.status).toBe(409);
    expect(repeat.body.fields).toEqual({ 'row 2': `IMEI ${good[0]!.imei} is already in inventory (Manager Pending).`, 'row 3': expect.any(String), 'row 4': expect.any(String) });
  });

  it('reassigns devices (statuses 3, 4, 5) to another agent or to an office stock, and sends a carton to an agent of another office', async () => {
    const items = [41, 42, 43].map((serial) => device(serial, 'CTN-RE'));
    const job = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: items });
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: job.body.job_id, carton_numbers: ['CTN-RE'], status: 1 })).status).toBe(200);
    const imeis = items.map((item) => item.imei);
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 1, imei: imeis.slice(0, 2), agent_id: agentId, office_id: dallas })).status).toBe(200);

    const list = await as<Listed<{ imei: string; status: number; agent_name: string | null }>>('manager', 'GET', '/api/v1/manager/reassign_inventory_list?carton=CTN-RE');
    expect(list.body.items.data.map((row) => [row.imei, row.status]).sort()).toEqual([[imeis[0], 4], [imeis[1], 4], [imeis[2], 3]].sort());
    expect((await as<Listed<unknown>>('manager', 'GET', '/api/v1/manager/reassign_inventory_list?carton=CTN-RE&status=3')).body.items.total).toBe(1);
    expect((await as('manager', 'GET', '/api/v1/manager/reassign_inventory_list?status=8')).status).toBe(400);

    const otherAgent = (await sql<{ id: string }>`select id from rm.org_users where email = 'new.agent@demo.test'`.execute(service.test.database.db)).rows[0]!.id;
    const reassigned = await as<{ message: string }>('manager', 'POST', '/api/v1/manager/reassign_inventory', { imei: `${imeis[0]},${imeis[2]}`, agent_id: otherAgent, office_id: dallas, assign_count: 2, devicestatus: 1, carton_number: '' });
    expect(reassigned).toEqual({ status: 200, body: { message: '2 devices reassigned successfully' } });
    const toStock = await as('manager', 'POST', '/api/v1/manager/reassign_inventory', { imei: imeis[1], office_id: dallas, devicestatus: 1, carton_number: '' });
    expect(toStock.status).toBe(200);
    const after = await sql<{ imei: string; status: number; agent_id: string | null }>`select imei, status, agent_id from rm.inventory_devices where carton_number = 'CTN-RE' order by imei`.execute(service.test.database.db);
    expect(Object.fromEntries(after.rows.map((row) => [row.imei, [row.status, row.agent_id]]))).toEqual({ [imeis[0]!]: [4, otherAgent], [imeis[1]!]: [3, null], [imeis[2]!]: [4, otherAgent] });
    // Another office's manager may not reassign these, and is told what a never-received IMEI would tell.
    const foreign = await as<{ message: string }>('manager2', 'POST', '/api/v1/manager/reassign_inventory', { imei: imeis[1], office_id: houston });
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe(`IMEI ${imeis[1]} cannot be reassigned: it is never received.`);

    // Transfer Inventory with an agent of the other office: agent pending for that agent at once.
    const houstonAgent = (await sql<{ id: string }>`select id from rm.org_users where office_id = ${houston} and 2 = any(role_ids) order by email limit 1`.execute(service.test.database.db)).rows[0]!.id;
    expect((await as('manager', 'POST', '/api/v1/manager/transfer_device', { devicestatus: 0, carton_number: ['CTN-RE'], office_id: houston, agent_id: houstonAgent })).status).toBe(200);
    const moved = await sql<{ status: number; office_id: string; agent_id: string }>`select status, office_id, agent_id from rm.inventory_devices where imei = ${imeis[1]!}`.execute(service.test.database.db);
    expect(moved.rows[0]).toEqual({ status: 4, office_id: houston, agent_id: houstonAgent });
  });

  it("partially accepts a job in one call (ours): the chosen IMEIs become the agent's, the rest go back; none or all chosen is refused in the spec's words", async () => {
    const items = [61, 62, 63].map((serial) => device(serial, 'CTN-PA'));
    const job = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: items });
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: job.body.job_id, carton_numbers: ['CTN-PA'], status: 1 })).status).toBe(200);
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['CTN-PA'], agent_id: agentId, office_id: dallas })).status).toBe(200);
    // The agent's message says where the job is answered (issue 42): the dashboard's Pending Transfers, not My Inventory.
    const told = '3 devices were assigned to you by Olivia Ortega. Accept or return them on your Dashboard, under Pending Transfers.';
    await waitFor(
      async () => (await as<MessageListAnswer>('agent', 'GET', '/api/v1/manager/transaction_history?results=50')).body.items.data.map((row) => row.message),
      (texts) => texts.includes(told),
      10_000,
      'the assignment in the agent\'s messages',
    );
    const imeis = items.map((item) => item.imei).sort();
    const pending = (await as<Listed<AgentJobRow>>('agent', 'GET', '/api/v1/agent/agentassignlist')).body.items.data.find((row) => row.imei_device.some((item) => item.imei === imeis[0]))!;

    const none = "This field is required";
    expect(await as('agent', 'POST', '/api/v1/agent/partial_accept', { agent_job_id: pending.job_id, imei: [] })).toEqual({ status: 400, body: { error: 'Bad Request', message: none, fields: { imei: none } } });
    const all = "Don't Select All IMEI'S in list ";
    expect(await as('agent', 'POST', '/api/v1/agent/partial_accept', { agent_job_id: pending.job_id, imei: imeis })).toEqual({ status: 422, body: { error: 'Unprocessable Entity', message: all, fields: { imei: all } } });
    expect((await as('manager', 'POST', '/api/v1/agent/partial_accept', { agent_job_id: pending.job_id, imei: [imeis[1]] })).status).toBe(403);

    const answer = await as<{ message: string }>('agent', 'POST', '/api/v1/agent/partial_accept', { agent_job_id: pending.job_id, imei: [imeis[1]] });
    expect(answer).toEqual({ status: 200, body: { message: '1 device accepted successfully; 2 devices returned to the manager' } });
    const after = await sql<{ imei: string; status: number; agent_id: string | null }>`select imei, status, agent_id from rm.inventory_devices where carton_number = 'CTN-PA' order by imei`.execute(service.test.database.db);
    expect(after.rows.map((row) => [row.imei, row.status, row.agent_id])).toEqual([[imeis[0], 3, null], [imeis[1], 5, agentId], [imeis[2], 3, null]]);
    // Answered once: the job has nothing left waiting.
    expect((await as('agent', 'POST', '/api/v1/agent/partial_accept', { agent_job_id: pending.job_id, imei: [imeis[0]] })).status).toBe(409);
  });

  it('answers a device, an office, a job or a transfer outside the caller\'s scope exactly as one that does not exist', async () => {
    const items = [51, 52].map((serial) => device(serial, 'CTN-SCOPE'));
    const job = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: items });
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: job.body.job_id, carton_numbers: ['CTN-SCOPE'], status: 1 })).status).toBe(200);
    const theirs = items[0]!.imei;
    const unknown = imei('35693803999991');
    const houstonAgent = (await sql<{ id: string }>`select id from rm.org_users where office_id = ${houston} and 2 = any(role_ids) order by email limit 1`.execute(service.test.database.db)).rows[0]!.id;
    // Each command names Dallas's device, then a never-received one: the two answers differ only by the IMEI they name.
    const commands: [string, string, (device: string) => unknown][] = [
      ['POST', '/api/v1/manager/assigndevice', (device) => ({ devicestatus: 1, imei: [device], agent_id: houstonAgent, office_id: houston })],
      ['POST', '/api/v1/manager/reassign_inventory', (device) => ({ imei: device, office_id: houston })],
      ['POST', '/api/v1/manager/transfer_devices_to_other_office', (device) => ({ devicestatus: 1, imei: [device], office_id: dallas })],
      ['GET', '/api/v1/device_log/:imei', () => undefined],
    ];
    for (const [method, route, body] of commands) {
      const ask = (device: string) => as<{ message: string }>('manager2', method, route.replace(':imei', device), body(device));
      const [outOfScope, neverReceived] = [await ask(theirs), await ask(unknown)];
      expect(neverReceived.status).toBeGreaterThanOrEqual(400);
      expect({ route, status: outOfScope.status, body: JSON.parse(JSON.stringify(outOfScope.body).replaceAll(theirs, unknown)) }).toEqual({ route, status: neverReceived.status, body: neverReceived.body });
    }
    // An office of another retailer (or none at all) is not one the caller can name.
    const otherRetailerOffice = (await sql<{ id: string }>`
      select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id join rm.org_retailers r on r.id = i.retailer_id
      where r.name = 'Coastline Connect' limit 1`.execute(service.test.database.db)).rows[0]!.id;
    for (const office of [otherRetailerOffice, '01a20a58-0000-7000-8000-00000000dead']) {
      expect(await as('manager', 'POST', '/api/v1/manager/transfer_devices_to_other_office', { devicestatus: 1, imei: [items[1]!.imei], office_id: office })).toEqual({ status: 404, body: { error: 'Not Found', message: 'That office does not exist.' } });
      expect(await as('manager', 'POST', '/api/v1/manager/agent_list_for_office', { office_id: office })).toEqual({ status: 404, body: { error: 'Not Found', message: 'That office does not exist.' } });
      expect(await as('manager', 'POST', '/api/v1/manager/reassign_inventory', { imei: items[1]!.imei, office_id: office })).toEqual({ status: 404, body: { error: 'Not Found', message: 'That office does not exist.' } });
    }
    // Nothing moved.
    const rows = await sql<{ status: number; office_id: string }>`select status, office_id from rm.inventory_devices where carton_number = 'CTN-SCOPE'`.execute(service.test.database.db);
    expect(rows.rows).toEqual([{ status: 3, office_id: dallas }, { status: 3, office_id: dallas }]);
  });

  it('exports the inventory lists through the export pipeline, in the caller\'s scope', async () => {
    const download = async (who: keyof typeof tokens, path: string) => {
      const answer = await as<{ download: number; url?: string }>(who, 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.body.download).toBe(1);
      return (await fetch(new URL(answer.body.url!, service.baseUrl))).text();
    };
    const jobs = (await download('manager', '/api/v1/manager/manager_jobs_export')).split('\r\n');
    expect(jobs[0]).toBe('Order ID,Order Date,From Office,Office Number,Office Name,Cartons,Devices,Source,Status,Decline Reason,Uploaded Date');
    const listed = await as<Listed<ReceiveJobRow>>('manager', 'GET', '/api/v1/manager/managerjob_v2?results=100');
    expect(jobs.filter((line) => line.length > 0)).toHaveLength(listed.body.items.total + 1);
    expect(jobs.some((line) => line.startsWith('PO-1,'))).toBe(true);
    expect((await download('manager2', '/api/v1/manager/manager_jobs_export')).includes('PO-1')).toBe(false);
    // The reassign list is read in keyset pages for its file: the same devices as the list, every one once.
    const reassignList = await as<Listed<{ imei: string }>>('manager', 'GET', '/api/v1/manager/reassign_inventory_list?results=100');
    const reassignFile = (await download('manager', '/api/v1/manager/reassign_inventory_list_export')).split('\r\n').filter((line) => line.length > 0);
    expect(reassignFile[0]).toBe('IMEI,Carton Number,Device Type,Status,Office Name,Agent Name,Assigned Date,Age (Days)');
    expect(reassignFile.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(reassignList.body.items.data.map((row) => row.imei).sort());
    const mine = (await download('agent', '/api/v1/agent/agent_inventory_list_export')).split('\r\n').filter((line) => line.length > 0);
    const agentList = await as<Listed<unknown>>('agent', 'GET', '/api/v1/agent/agentinventorylistv1?results=100');
    expect(mine).toHaveLength(agentList.body.items.total + 1);
  });

  it('takes one image of a device: images only by their bytes, and only of a device the caller holds', async () => {
    const item = device(31, 'CTN-IMG');
    expect((await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: [item] })).status).toBe(201);
    const send = async (who: keyof typeof tokens, imeiValue: string, bytes: Uint8Array, name: string) => {
      const form = new FormData();
      form.set('imei', imeiValue);
      form.set('file', new Blob([bytes]), name);
      const response = await fetch(`${service.baseUrl}/api/v1/manager/device_image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens[who]}` } });
      return { status: response.status, body: (await response.json()) as { message: string } };
    };
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await send('manager', item.imei, png, 'photo.png')).toEqual({ status: 201, body: { message: 'Image uploaded successfully' } });
    expect(await send('manager', item.imei, new TextEncoder().encode('not an image at all'), 'photo.png')).toEqual({ status: 400, body: expect.objectContaining({ message: 'Only image files can be uploaded' }) });
    // Another office's device answers exactly as a device never received; an IMEI is digits only.
    const neverReceived = await send('manager2', imei('35693803999990'), png, 'photo.png');
    expect(neverReceived).toMatchObject({ status: 404, body: { error: 'Not Found', message: `IMEI ${imei('35693803999990')} is not in inventory.` } });
    expect(JSON.stringify(await send('manager2', item.imei, png, 'photo.png')).replaceAll(item.imei, imei('35693803999990'))).toBe(JSON.stringify(neverReceived));
    expect((await send('agent', item.imei, png, 'photo.png')).status).toBe(404);
    for (const hostile of ['../probe', 'nodir/x', `${item.imei}/../x`, `${item.imei}\u0000`]) {
      expect(await send('manager', hostile, png, 'photo.png')).toEqual({ status: 400, body: expect.objectContaining({ error: 'Bad Request', fields: { imei: expect.any(String) } }) });
    }
    // Only the accepted image was kept, under a name the storage made (no IMEI, no client file name).
    const kept = await fs.readdir(path.join(dataDir, 'files', 'device-images'));
    expect(kept).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.png$/)]);
    expect(await fs.readdir(dataDir)).not.toContain('probe');
    const log = await as<{ items: DeviceLogRow[] }>('manager', 'GET', `/api/v1/device_log/${item.imei}`);
    expect(log.body.items.map((line) => line.short_description)).toContain('Image uploaded');
  });

  it('receives a 10,000-device shipment in one call, and answers 413 to a body over the limit', async () => {
    const devices = Array.from({ length: 10_000 }, (_unused, index) => device(100_000 + index, `BIG-${Math.floor(index / 50)}`));
    const received = await upstream('/api/integration/v1/shipments', { office_id: houston, order_id: 'PO-BIG', devices });
    expect(received.status).toBe(201);
    expect(received.body.message).toBe('Received 10000 devices');
    // Ten projection batches: on a loaded test machine they may outlast the read-your-writes bound
    // (~2 s; the answer then carries x-projections-behind), so the count is awaited, not assumed.
    await waitFor(() => counts('manager2'), (shown) => shown.pending_manager === 10_000, 30_000, 'the 10,000 devices in the counts');
    const tooLarge = await upstream('/api/integration/v1/shipments', { office_id: houston, devices, padding: 'x'.repeat(21_000_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The request is too large.');
  }, 60_000);

  it('prints carton and device labels (issue 27) as a PDF, of the caller\'s own cartons and devices only, and refuses hostile bodies in words', async () => {
    const items = [71, 72, 73].map((serial) => device(serial, 'CTN-LABEL'));
    expect((await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: items })).status).toBe(201);
    const imeis = items.map((item) => item.imei);
    const print = async (who: keyof typeof tokens, kind: 'carton' | 'device', body: unknown) => {
      const response = await fetch(`${service.baseUrl}/api/v1/manager/${kind}_labels`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const type = response.headers.get('content-type') ?? '';
      const answer = type.startsWith('application/pdf') ? Buffer.from(await response.arrayBuffer()) : ((await response.json()) as { error: string; message: string; fields?: Record<string, string> });
      return { status: response.status, type, disposition: response.headers.get('content-disposition'), body: answer };
    };
    const parser = new PdfParser();
    try {
      // The office's manager: one carton label on a 4 x 6 in page, three device labels on one A4 sheet.
      const cartonLabels = await print('manager', 'carton', { carton_numbers: ['CTN-LABEL'], layout: '4x6' });
      expect(cartonLabels).toMatchObject({ status: 200, type: 'application/pdf', disposition: 'attachment; filename="carton-labels-4x6.pdf"' });
      const office = (await sql<{ name: string; office_number: string }>`select name, office_number from rm.org_offices where id = ${dallas}`.execute(service.test.database.db)).rows[0]!;
      const [cartonPage, ...noMore] = await parser.parse(cartonLabels.body as Buffer);
      expect(noMore).toEqual([]);
      expect(cartonPage!.items).toEqual(expect.arrayContaining(['CTN-LABEL', `${office.name} (${office.office_number})`, '3', 'Phone']));
      expect(cartonPage!.items.filter((item) => /^\d{2}-\d{2}-\d{4}$/.test(item))).toHaveLength(1);
      const deviceLabels = await print('manager', 'device', { imeis, layout: 'a4' });
      expect(deviceLabels).toMatchObject({ status: 200, type: 'application/pdf', disposition: 'attachment; filename="device-labels-a4.pdf"' });
      const [sheet] = await parser.parse(deviceLabels.body as Buffer);
      expect(sheet!.items.filter((item) => /^\d{15}$/.test(item))).toEqual(imeis);
      expect(sheet!.items).toEqual(expect.arrayContaining(['Acme A1', 'CTN-LABEL']));
    } finally {
      await parser.stop();
    }

    // Another office's manager learns nothing: the answer is that for a carton or device that does not exist.
    const notMine = await print('manager2', 'carton', { carton_numbers: ['CTN-LABEL'], layout: 'a4' });
    expect(notMine).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'Carton CTN-LABEL is not in your inventory.' } });
    expect(JSON.stringify(notMine).replaceAll('CTN-LABEL', 'CTN-NEVER')).toBe(JSON.stringify(await print('manager2', 'carton', { carton_numbers: ['CTN-NEVER'], layout: 'a4' })));
    const unknownImei = imei('35693803999992');
    const notMyDevices = await print('manager2', 'device', { imeis: [imeis[0]], layout: '62mm' });
    expect(notMyDevices).toMatchObject({ status: 404, body: { error: 'Not Found', message: `IMEI ${imeis[0]} is not in your inventory.` } });
    expect(JSON.stringify(notMyDevices).replaceAll(imeis[0]!, unknownImei)).toBe(JSON.stringify(await print('manager2', 'device', { imeis: [unknownImei], layout: '62mm' })));
    // One out of reach spoils the batch: no PDF with a gap in it.
    expect(await print('manager', 'device', { imeis: [...imeis, unknownImei], layout: 'a4' })).toMatchObject({ status: 404, body: { message: `IMEI ${unknownImei} is not in your inventory.` } });

    // Hostile bodies: a 4xx in the one error shape, never a PDF, never a 5xx.
    const hostile: [kind: 'carton' | 'device', body: unknown, message: string | RegExp][] = [
      ['carton', { carton_numbers: [], layout: 'a4' }, 'Please select cartons'],
      ['carton', { carton_numbers: ['CTN-LABEL'], layout: '__proto__' }, /^Please choose a label layout/],
      ['carton', { carton_numbers: ['CTN-LABEL'], layout: 'constructor' }, /^Please choose a label layout/],
      ['carton', { carton_numbers: ['CTN\u0000LABEL'], layout: 'a4' }, 'Text may not contain control characters'],
      ['carton', { carton_numbers: ['__proto__', 'constructor'], layout: 'a4' }, '2 cartons are not in your inventory: __proto__, constructor.'],
      ['carton', { carton_numbers: 'CTN-LABEL', layout: 'a4' }, 'Please select cartons'],
      ['carton', { carton_numbers: [{}], layout: 'a4' }, 'Please select cartons'],
      ['device', { imeis: Array.from({ length: 100_000 }, () => imeis[0]), layout: 'a4' }, 'At most 1,000 labels at once'],
      ['device', { imeis: ['35693803000007\u001b'], layout: 'a4' }, 'Text may not contain control characters'],
      ['device', { imeis: ['not-an-imei'], layout: 'a4' }, 'IMEI not-an-imei is not 15 digits (an ICCID 19 or 20)'],
      ['device', { imeis: [imeis[0]], layout: 7 }, /^Please choose a label layout/],
      ['device', { imeis: null }, 'Please select IMEIs'],
      ['device', [], /./],
      ['device', '{"imeis": [', /./],
    ];
    for (const [kind, body, message] of hostile) {
      const answer = await print('manager', kind, body);
      const asked = JSON.stringify(body).slice(0, 80);
      expect({ asked, clientError: answer.status >= 400 && answer.status < 500, type: answer.type }).toEqual({ asked, clientError: true, type: expect.stringMatching(/^application\/json/) });
      expect(answer.body).toMatchObject({ error: expect.any(String), message });
      // The 100,000 items answer one message, not one per item.
      expect(JSON.stringify(answer.body).length).toBeLessThan(2000);
    }
  });

  it('lets only one of two managers who assign the same carton at once win', async () => {
    const carton = [11, 12, 13, 14].map((serial) => device(serial, 'CTN-RACE'));
    const received = await upstream('/api/integration/v1/shipments', { office_id: dallas, devices: carton });
    expect((await as('manager', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: received.body.job_id, carton_numbers: ['CTN-RACE'], status: 1 })).status).toBe(200);
    const otherAgent = (await sql<{ id: string }>`select id from rm.org_users where email = 'new.agent@demo.test'`.execute(service.test.database.db)).rows[0]!.id;
    const [one, two] = await Promise.all([
      as<{ message: string }>('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 1, imei: carton.map((item) => item.imei), agent_id: agentId, office_id: dallas }),
      as<{ message: string }>('ibo', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 1, imei: carton.map((item) => item.imei), agent_id: otherAgent, office_id: dallas }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    expect((one.status === 409 ? one : two).body.message).toMatch(/no longer in the manager's stock/);
    const holders = await sql<{ agent_id: string; n: number }>`
      select agent_id, count(*)::int as n from rm.inventory_devices where carton_number = 'CTN-RACE' group by agent_id`.execute(service.test.database.db);
    expect(holders.rows).toHaveLength(1);
    expect(holders.rows[0]!.n).toBe(4);
  });
});
