import { type AgentSalesRow, type DetailedSalesRow, type ExportAnswer, type ExportProgress, type OfficeSalesSummaryRow, type OfficeSummaryRow, type Page, type SalesCounts, type SalesDashboard, withLuhnCheckDigit } from '@portal/contracts';
import { businessDate } from '@portal/projections';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, call, downloadExport, login, startSeededService } from '../support/demo';
import { type TestDatabase, createTestDatabase } from '../../services/src/platform/testing/test-database';
import { builtMain, exited, startNode, startService, waitFor } from '../support/processes';

const imei = (serial: number) => withLuhnCheckDigit(`35310088${String(serial).padStart(6, '0')}`);
const DAY = 86_400_000;
/**
 * The business date `days` calendar days before the business's today. Not today's instant minus
 * days × 24 h: across a DST change that lands an hour off, on another date near midnight.
 */
const daysAgo = (days: number) => new Date(Date.parse(`${businessDate(new Date())}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
/** MM-DD-YYYY, as the console sends dates. */
const wire = (date: string) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;

/**
 * Sales over HTTP (doc 2 §2, §7 "Sales"; doc 1 §2.4): a small business whose sales the test makes
 * itself — the detailed and agent reports with their window, filters, role-hidden IBO column and
 * scope; the summaries and a breakdown file per count; the dashboards; a reversal that takes a
 * sale out of every count and report; a device swap that changes none.
 */
describe('sales', () => {
  let service: SeededService;
  let apiKey: string;
  let otherRetailerKey: string;
  const people = {
    retailer: 'retailer.manager@demo.test',
    ibo: 'ibo.manager@demo.test',
    dallas: 'office.manager@demo.test',
    houston: 'office.manager2@demo.test',
    agent: 'agent@demo.test',
    super: 'super@demo.test',
  } as const;
  const tokens = {} as Record<keyof typeof people, string>;
  const offices = { dallas: '', houston: '' };
  let agentId = '';
  const sold: { imei: string; date: string; plan: string }[] = [];
  const stock: string[] = [];

  const as = <T>(who: keyof typeof people, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token: tokens[who], body });
  const upstream = <T = { message: string; job_id?: string }>(path: string, body: unknown, key = apiKey) => call<T>(service.baseUrl, 'POST', path, { body, headers: { 'x-api-key': key } });
  const detailed = (who: keyof typeof people, query = '') => as<{ items: Page<DetailedSalesRow>; message?: string; fields?: Record<string, string> }>(who, 'GET', `/api/v1/manager/manager_sales_report?results=100&${query}`);
  const byOffices = (who: keyof typeof people) => as<{ items: Page<OfficeSalesSummaryRow>; grand_totals: SalesCounts }>(who, 'GET', '/api/v1/sales_summary_reports/office?results=100');
  const dallasRow = async () => (await byOffices('retailer')).body.items.data.find((row) => row.office_id === offices.dallas)!;
  const inventorySold = async () => (await as<{ items: Page<OfficeSummaryRow> }>('retailer', 'GET', '/api/v1/manager/inventory_summary_for_manager_with_pagination?results=100')).body.items.data.find((row) => row.office_id === offices.dallas)!.sold_30_days;

  beforeAll(async () => {
    service = await startSeededService();
    const db = service.test.database.db;
    const retailerId = async (name: string) => (await sql<{ id: string }>`select id from rm.org_retailers where name = ${name}`.execute(db)).rows[0]!.id;
    apiKey = (await createApiKey(db, await retailerId('Bluebonnet Mobile'), 'sales test')).key;
    otherRetailerKey = (await createApiKey(db, await retailerId('Coastline Connect'), 'sales test, another retailer')).key;
    const officeId = async (name: string) => (await sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(db)).rows[0]!.id;
    offices.dallas = await officeId('Dallas Office');
    offices.houston = await officeId('Houston Office');
    agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    for (const [key, email] of Object.entries(people) as [keyof typeof people, string][]) tokens[key] = (await login(service.baseUrl, email)).body.items!.token;

    // Dallas receives 8 phones (carton S1) on order PO-77 of 11-01; the agent gets them; 5 are sold: 3 today, 1 three days ago, 1 twenty days ago.
    const devices = Array.from({ length: 8 }, (_, index) => ({ imei: imei(index + 1), carton_number: 'S1', device_type: 'PHONE', pallet: 'PAL-7', enroll_id: `ENR-${index + 1}`, etc_code: 'ETC-9', make: 'Acme', model: 'M2' }));
    const shipped = await upstream('/api/integration/v1/shipments', { office_id: offices.dallas, order_id: 'PO-77', order_date: '2026-11-01', devices });
    expect(shipped.status).toBe(201);
    expect((await as('dallas', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers: ['S1'], status: 1 })).status).toBe(200);
    expect((await as('dallas', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['S1'], agent_id: agentId, office_id: offices.dallas })).status).toBe(200);
    const plan = ['Unlimited', 'Basic 5GB', 'Lifeline', 'Family Share', 'Unlimited'];
    const dates = [daysAgo(0), daysAgo(0), daysAgo(0), daysAgo(3), daysAgo(20)];
    for (let index = 0; index < 5; index++) {
      const answer = await upstream('/api/integration/v1/activations', { imei: devices[index]!.imei, activation_date: dates[index], plan_name: plan[index], subscriber_state: 'TX', subscriber_zip: '75201' });
      expect(answer.status).toBe(201);
      sold.push({ imei: devices[index]!.imei, date: dates[index]!, plan: plan[index]! });
    }
    // Two more phones stay in the manager's stock (S2): a swap hands one over.
    const spare = [imei(20), imei(21)].map((id) => ({ imei: id, carton_number: 'S2', device_type: 'PHONE', pallet: 'PAL-7', make: 'Acme', model: 'M2' }));
    const spareJob = await upstream('/api/integration/v1/shipments', { office_id: offices.dallas, order_id: 'PO-78', order_date: '2026-11-02', devices: spare });
    expect((await as('dallas', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: spareJob.body.job_id, carton_numbers: ['S2'], status: 1 })).status).toBe(200);
    stock.push(...spare.map((device) => device.imei));
  }, 240_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('Detailed Sales Report: the sales as recorded, sorted and filtered on the server, in the caller\'s scope', async () => {
    const all = await detailed('retailer');
    expect(all.status).toBe(200);
    expect(all.body.items.total).toBe(5);
    // Newest first by default; every column of doc 2 §2.
    expect(all.body.items.data.map((row) => row.activation_date)).toEqual([...sold.map((sale) => sale.date)].sort().reverse());
    expect(all.body.items.data.find((row) => row.imei === sold[0]!.imei)).toMatchObject({
      ibo_name: expect.any(String), allocated_office_name: 'Dallas Office', office_name: 'Dallas Office', agent_name: expect.any(String), enroll_id: 'ENR-1',
      excess_code: 'ETC-9', pallet: 'PAL-7', carton: 'S1', order_date: '2026-11-01', activation_date: sold[0]!.date, allocation_date: expect.any(String), plan_name: 'Unlimited',
      device_type: 'PHONE', subscriber_state: 'TX', subscriber_zip: '75201',
    });
    const byPlan = await detailed('retailer', 'sort_by=plan_name&sort=ASC');
    expect(byPlan.body.items.data.map((row) => row.plan_name)).toEqual([...plan(sold)].sort());
    expect((await detailed('retailer', `keyword=${sold[1]!.imei.slice(-8)}`)).body.items.data.map((row) => row.imei)).toEqual([sold[1]!.imei]);
    // The keyword finds names too: the agent's (whole, or a part in any case), the office's (or its number), the IBO/market's.
    const agentName = all.body.items.data[0]!.agent_name!;
    const iboName = all.body.items.data[0]!.ibo_name!;
    const found = async (keyword: string) => (await detailed('retailer', `keyword=${encodeURIComponent(keyword)}`)).body.items.total;
    for (const keyword of [agentName, agentName.split(' ')[1]!.toLowerCase(), 'dallas off', 'OF001', iboName]) expect([keyword, await found(keyword)]).toEqual([keyword, 5]);
    expect(await found('Houston')).toBe(0);
    expect((await detailed('dallas', `keyword=${encodeURIComponent(agentName)}`)).body.items.total).toBe(5);
    expect((await downloadExport(service.baseUrl, tokens.retailer, `/api/v1/detailed_sales_export?keyword=${encodeURIComponent(agentName)}`)).rows).toHaveLength(5);
    expect((await detailed('retailer', `office_id=${offices.houston}`)).body.items.total).toBe(0);
    expect((await detailed('retailer', `start_date=${wire(daysAgo(5))}&end_date=${wire(daysAgo(1))}`)).body.items.data.map((row) => row.imei)).toEqual([sold[3]!.imei]);
    expect((await as<{ items: Page<DetailedSalesRow> }>('retailer', 'GET', '/api/v1/manager/manager_sales_report?page=2&results=2')).body.items).toMatchObject({ total: 5, current_page: 2, data: [expect.anything(), expect.anything()] });
    // Scope: the Dallas manager sees them; Houston's manager sees none, even naming Dallas.
    expect((await detailed('dallas')).body.items.total).toBe(5);
    expect((await detailed('houston', `office_id=${offices.dallas}`)).body.items.total).toBe(0);
  });

  it('keeps the activation range to the last 31 days up to today, naming the field', async () => {
    const early = await detailed('retailer', `start_date=${wire(daysAgo(31))}`);
    expect([early.status, early.body.fields]).toEqual([400, { start_date: 'Activation dates can cover at most the last 31 days up to today' }]);
    const future = await detailed('retailer', `start_date=${wire(daysAgo(2))}&end_date=${wire(daysAgo(-1))}`);
    expect([future.status, future.body.fields]).toEqual([400, { end_date: 'Dates cannot be in the future' }]);
    const backwards = await detailed('retailer', `start_date=${wire(daysAgo(1))}&end_date=${wire(daysAgo(3))}`);
    expect([backwards.status, backwards.body.fields]).toEqual([400, { end_date: 'The end date cannot be before the start date' }]);
    expect((await detailed('retailer', `start_date=${wire(daysAgo(30))}`)).status).toBe(200);
    const agentEarly = await as<{ fields?: Record<string, string> }>('agent', 'GET', `/api/v1/agent/agent_sales_report?start_date=${wire(daysAgo(40))}`);
    expect([agentEarly.status, agentEarly.body.fields]).toEqual([400, { start_date: 'Activation dates can cover at most the last 31 days up to today' }]);
  });

  it('hides the IBO column and filter from roles 11 and 3: the filter is not applied and the file has no IBO Name', async () => {
    const otherIbo = (await sql<{ id: string }>`select i.id from rm.org_ibo_markets i where i.id <> (select ibo_marketer_id from rm.org_offices where id = ${offices.dallas}) limit 1`.execute(service.test.database.db)).rows[0]!.id;
    expect((await detailed('retailer', `ibo_marketer_id=${otherIbo}`)).body.items.total).toBe(0);
    expect((await detailed('dallas', `ibo_marketer_id=${otherIbo}`)).body.items.total).toBe(5);
    const retailerFile = await downloadExport(service.baseUrl, tokens.retailer, '/api/v1/detailed_sales_export?sort_by=imei&sort=ASC');
    // Doc 2 §2's order (the device type's code beside its name, for downstream systems).
    expect(retailerFile.heading).toBe(
      'IBO Name,Allocated Office,Office,Agent,Enrollment ID,ETC Code,IMEI,Pallet,Carton,Enrollment Type,ESN,Order Date,Activation Date,Allocation Date,Plan Name,Device Type,Device Type Code,Subscriber State,Subscriber Zip',
    );
    expect(retailerFile.rows.map((line) => /\b\d{15}\b/.exec(line)![0])).toEqual(sold.map((sale) => sale.imei).sort());
    const managerFile = await downloadExport(service.baseUrl, tokens.ibo, '/api/v1/detailed_sales_export');
    expect(managerFile.heading.startsWith('Allocated Office,Office,Agent')).toBe(true);
    expect(managerFile.rows).toHaveLength(5);
    // A clicked count's file likewise.
    expect((await downloadExport(service.baseUrl, tokens.dallas, `/api/v1/sales/office/${offices.dallas}/30_day`)).heading.startsWith('Allocated Office,Office,Agent')).toBe(true);
    expect((await downloadExport(service.baseUrl, tokens.retailer, `/api/v1/sales/office/${offices.dallas}/30_day`)).heading.startsWith('IBO Name,Allocated Office')).toBe(true);
  });

  it('names a file by what it holds, whoever asks: the same name with or without the IBO Name column, in the answer and the download', async () => {
    const exported = async (who: keyof typeof people, path: string) => {
      const answer = await as<ExportAnswer>(who, 'GET', path);
      expect(answer.status).toBe(200);
      let { url, file_name } = answer.body;
      if (answer.body.download === 0) {
        const done = await waitFor(() => as<ExportProgress>(who, 'GET', `/api/v1/exports/${answer.body.export_id}`), (progress) => progress.body.status !== 'queued' && progress.body.status !== 'running', 30_000, `the export ${path}`);
        ({ url, file_name } = done.body);
      }
      const file = await fetch(new URL(url!, service.baseUrl));
      return { file_name, disposition: file.headers.get('content-disposition'), heading: (await file.text()).replace(/^\uFEFF/, '').split('\r\n')[0] };
    };
    // The Dallas office manager (role 3): no IBO Name column, yet the office has an IBO: the name says nothing of it.
    const managers = await exported('dallas', `/api/v1/sales/office/${offices.dallas}/30_day`);
    expect(managers.file_name).toMatch(/^sales-breakdown-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(managers.disposition).toBe(`attachment; filename="${managers.file_name}"`);
    expect(managers.heading.startsWith('Allocated Office,')).toBe(true);
    const retailers = await exported('retailer', `/api/v1/sales/office/${offices.dallas}/30_day?format=xlsx`);
    expect(retailers.file_name).toBe(managers.file_name!.replace(/csv$/, 'xlsx'));
    expect(retailers.disposition).toBe(`attachment; filename="${retailers.file_name}"`);
    const detailedFile = await exported('dallas', '/api/v1/detailed_sales_export');
    expect(detailedFile.file_name).toMatch(/^detailed-sales-report-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(detailedFile.heading.startsWith('Allocated Office,')).toBe(true);
  });

  it("Agent Sales Detailed Report: the agent's own sales only", async () => {
    const own = await as<{ items: Page<AgentSalesRow> }>('agent', 'GET', '/api/v1/agent/agent_sales_report?results=100');
    expect(own.body.items.total).toBe(5);
    expect(own.body.items.data[0]).toEqual({
      imei: expect.any(String), enroll_id: expect.any(String), pallet: 'PAL-7', carton: 'S1', order_date: '2026-11-01', activation_date: daysAgo(0), received_date: expect.any(String), plan_name: expect.any(String), device_type: 'PHONE',
    });
    const file = await downloadExport(service.baseUrl, tokens.agent, '/api/v1/agent/agent_sales_report_export');
    expect(file.heading).toBe('Enrollment Number,IMEI,Pallet,Carton,Order Date,Activation Date,Received Date,Plan Name,Device Type');
    expect(file.rows).toHaveLength(5);
    // Managers' screens are not the agent's, and the agent's is not a manager's.
    expect((await as('agent', 'GET', '/api/v1/manager/manager_sales_report')).status).toBe(403);
    expect((await as('dallas', 'GET', '/api/v1/agent/agent_sales_report')).status).toBe(403);
  });

  it('summaries count each period, total them, and every count downloads exactly its sales; the dashboards agree', async () => {
    const offices = await byOffices('retailer');
    const dallas = offices.body.items.data.find((row) => row.office_name === 'Dallas Office')!;
    expect(dallas).toMatchObject({ today: 3, last_7_days: 4, last_30_days: 5 });
    expect(offices.body.grand_totals.last_30_days).toBe(5);
    for (const [level, id, period, expected] of [
      ['office', dallas.office_id, 'today', 3],
      ['office', dallas.office_id, '7_day', 4],
      ['agent', agentId, '30_day', 5],
      ['ibo', (await sql<{ id: string }>`select ibo_marketer_id as id from rm.org_offices where id = ${offices.body.items.data[0]!.office_id}`.execute(service.test.database.db)).rows[0]!.id, '30_day', null],
    ] as const) {
      const file = await downloadExport(service.baseUrl, tokens.retailer, `/api/v1/sales/${level}/${id}/${period}`);
      if (expected !== null) expect(file.rows).toHaveLength(expected);
    }
    const unknownSort = await as<{ fields?: Record<string, string> }>('retailer', 'GET', '/api/v1/sales_summary_reports/office?sort_by=constructor');
    expect([unknownSort.status, Object.keys(unknownSort.body.fields ?? {})]).toEqual([400, ['sort_by']]);
    expect((await as('retailer', 'GET', '/api/v1/manager/sales_by_agents?sort_by=office_name&sort=DESC')).status).toBe(200);
    const agents = await as<{ items: Page<{ agent_id: string; today: number; last_30_days: number }> }>('dallas', 'GET', `/api/v1/manager/sales_by_agents?agent_id=${agentId}`);
    expect(agents.body.items.data).toEqual([expect.objectContaining({ agent_id: agentId, today: 3, last_30_days: 5 })]);
    const managers = await as<{ items: Page<{ office_manager_name: string; today: number }>; grand_totals: SalesCounts }>('retailer', 'GET', '/api/v1/sales_summary_reports/manager?results=100');
    expect(managers.body.grand_totals.today).toBe(3);
    // Another office's manager downloads nothing of Dallas.
    expect((await downloadExport(service.baseUrl, tokens.houston, `/api/v1/sales/office/${offices.body.items.data.find((row) => row.office_name === 'Dallas Office')!.office_id}/30_day`)).rows).toHaveLength(0);
    // Dashboards: the cards are the summaries' grand totals; the trend ends today.
    const dashboard = await as<{ data: { data: SalesDashboard } }>('retailer', 'GET', '/api/v1/manager_sales_dashboard');
    expect(dashboard.body.data.data.activation_count).toMatchObject({ daily: 3, Last_7_Days: 4, Last_30_Days: 5 });
    expect(dashboard.body.data.data.activation_trend).toHaveLength(30);
    expect(dashboard.body.data.data.activation_trend.at(-1)).toEqual({ date: daysAgo(0), activations: 3 });
    expect(dashboard.body.data.data.inventory_aging).toMatchObject({ Grand_Total: 5, LT15: 5, GT90: 0 });
    const agentDashboard = await as<{ data: { data: SalesDashboard } }>('agent', 'GET', '/api/v1/agent_sales_dashboard');
    expect(agentDashboard.body.data.data.activation_count).toMatchObject({ daily: 3, Last_30_Days: 5 });
    expect((await as('agent', 'GET', '/api/v1/manager_sales_dashboard')).status).toBe(403);
  });

  it('a reversal takes the sale out of every count and report and gives the device back; a swap changes no count', async () => {
    const [reversed, swapped] = [sold[0]!, sold[1]!];
    const before = { row: await dallasRow(), inventory: await inventorySold() };
    expect(before.inventory).toBe(before.row.last_30_days);
    // Another retailer cannot reverse it (it is not in its inventory); an unknown IMEI neither.
    expect((await upstream(`/api/integration/v1/activations/${reversed.imei}/reversal`, {}, otherRetailerKey)).status).toBe(404);
    expect((await upstream(`/api/integration/v1/activations/${imei(99)}/reversal`, {})).status).toBe(404);
    const answer = await upstream(`/api/integration/v1/activations/${reversed.imei}/reversal`, { reason: 'Cancelled in the store' });
    expect([answer.status, answer.body.message]).toEqual([200, `Activation of IMEI ${reversed.imei} reversed`]);
    const again = await upstream(`/api/integration/v1/activations/${reversed.imei}/reversal`, {});
    expect([again.status, again.body.message]).toEqual([409, `IMEI ${reversed.imei} is not activated.`]);
    expect(await dallasRow()).toMatchObject({ today: before.row.today - 1, last_30_days: before.row.last_30_days - 1 });
    expect(await inventorySold()).toBe(before.inventory - 1);
    expect((await detailed('retailer')).body.items.data.map((row) => row.imei)).not.toContain(reversed.imei);
    // The device is back with the agent, as before the sale (agent pending: assigned, not yet accepted).
    const device = await as<{ items: Page<{ imei: string; status: number; activation_date: string | null }> }>('retailer', 'GET', `/api/v1/detailed_inventory_report?imei=${reversed.imei}`);
    expect(device.body.items.data[0]).toMatchObject({ status: 4, activation_date: null });
    // It can be sold again, and counts again.
    expect((await upstream('/api/integration/v1/activations', { imei: reversed.imei, activation_date: daysAgo(0) })).status).toBe(201);
    expect(await dallasRow()).toMatchObject({ today: before.row.today, last_30_days: before.row.last_30_days });

    // A swap: the customer brings a sold phone back; the manager hands a stock phone over in its place.
    const replacementImei = stock[0]!;
    const swap = await as<{ message: string }>('dallas', 'POST', '/api/v1/manager/device_swap', { sold_imei: swapped.imei, replacement_imei: replacementImei, reason: 'Screen dead' });
    expect([swap.status, swap.body.message]).toEqual([200, expect.any(String)]);
    expect(await dallasRow()).toMatchObject({ today: before.row.today, last_30_days: before.row.last_30_days });
    expect(await inventorySold()).toBe(before.inventory);
    // The replacement carries the sale of the device it replaced: it cannot be reversed on its own.
    const replacement = await upstream(`/api/integration/v1/activations/${replacementImei}/reversal`, {});
    expect([replacement.status, replacement.body.message]).toEqual([409, expect.stringMatching(/device swap/)]);
  });
});

const plan = (sales: readonly { plan: string }[]) => sales.map((sale) => sale.plan);

/**
 * The demo's sales (`seed --devices`, the same commands and manifests the demo always uses): every
 * sale carries what upstream's manifest said of its device — enrollment number, type, ETC code and
 * (a phone's or tablet's) ESN — on the screen and in a clicked count's file (issue 42, item 14).
 */
describe("the demo's sales", () => {
  let test: TestDatabase | undefined;
  let running: ReturnType<typeof startNode> | undefined;
  afterAll(async () => {
    if (running) {
      running.kill('SIGTERM');
      await exited(running);
    }
    await test?.drop();
  });

  it('carry the enrollment number, enrollment type, ETC code and ESN of each device, on screen and in the breakdown file', async () => {
    test = await createTestDatabase();
    const seed = startNode(builtMain, ['seed', '--devices', '500', '--bulk'], { DATABASE_URL: test.url, NODE_ENV: 'test', LOG_LEVEL: 'warn' });
    if ((await exited(seed)) !== 0) throw new Error(`seed failed:\n${seed.output()}`);
    const service = await startService([], { DATABASE_URL: test.url, NODE_ENV: 'test' });
    running = service.child;
    // The super role sees every office's sales (the newest shipments went to the second retailer).
    const token = (await login(service.baseUrl, 'super@demo.test')).body.items!.token;
    const report = await call<{ items: Page<DetailedSalesRow> }>(service.baseUrl, 'GET', '/api/v1/manager/manager_sales_report?results=100', { token });
    expect(report.status).toBe(200);
    const rows = report.body.items.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.device_type !== 'SIM')).toBe(true);
    for (const row of rows) {
      expect([row.imei, row.enroll_id, row.excess_code, row.enroll_type]).toEqual([row.imei, expect.stringMatching(/\S/), expect.stringMatching(/\S/), expect.stringMatching(/\S/)]);
      // A phone's or tablet's ESN (its MEID); a SIM has none.
      expect([row.imei, row.esn]).toEqual([row.imei, row.device_type === 'SIM' ? null : row.imei.slice(0, 14)]);
    }
    // A clicked count's file: the same columns filled.
    const file = await downloadExport(service.baseUrl, token, `/api/v1/sales/office/${rows[0]!.office_id}/30_day`);
    const headings = file.heading.split(',');
    const cell = (line: string, heading: string) => line.split(',')[headings.indexOf(heading)];
    expect(file.rows.length).toBeGreaterThan(0);
    for (const line of file.rows) {
      for (const heading of ['Enrollment ID', 'ETC Code', 'Enrollment Type']) expect([heading, cell(line, heading)]).toEqual([heading, expect.stringMatching(/\S/)]);
      if (cell(line, 'Device Type Code') !== 'SIM') expect(cell(line, 'ESN')).toMatch(/^\d{14}$/);
    }
  }, 240_000);
});
