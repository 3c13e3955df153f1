import { type AgedAnswer, type DetailedDeviceRow, type LegacyDeviceRow, type ManagerSummaryRow, type OfficeSummaryRow, type Page, type SummaryGrandTotals, withLuhnCheckDigit } from '@portal/contracts';
import { agedInventory, businessDate, detailedInventoryReport } from '@portal/projections';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, call, downloadExport, login, startSeededService } from '../support/demo';

/** A valid IMEI: 14 digits and their Luhn check digit. */
const imei = (body14: string) => withLuhnCheckDigit(body14);

/** What the test knows about each device it ships: the right answers are computed from this list, not from the service. */
interface Known {
  imei: string;
  carton_number: string;
  device_type: 'PHONE' | 'TABLET' | 'FREEPHONE_SMART';
  pallet: string | null;
  enroll_id: string | null;
  etc_code: string | null;
  order_id: string;
  office: 'dallas' | 'houston';
  plan_name: string | null;
  status: number;
}

const known: Known[] = [];
let serial = 0;
function ship(count: number, carton: string, device_type: Known['device_type'], order_id: string, office: Known['office'], pallet: string | null, etc: string | null): Known[] {
  const made: Known[] = [];
  for (let index = 0; index < count; index++) {
    serial++;
    made.push({ imei: imei(`35210077${String(serial).padStart(6, '0')}`), carton_number: carton, device_type, pallet, enroll_id: serial % 3 === 0 ? null : `ENR-${1000 + serial}`, etc_code: etc, order_id, office, plan_name: null, status: 9 });
  }
  known.push(...made);
  return made;
}

type Rule = { field: string; operator: string; value: string | string[] };

/** The builder's meaning, written again in plain code: the reference the server's SQL is checked against. */
function matches(device: Known, rule: Rule): boolean {
  const column: Record<string, string | null> = {
    imei: device.imei, carton: device.carton_number, order_id: device.order_id, rma_id: null, enroll_id: device.enroll_id,
    device_type: device.device_type, pallet: device.pallet, etc_code: device.etc_code, plan_name: device.plan_name,
  };
  const value = column[rule.field] ?? null;
  const values = Array.isArray(rule.value) ? rule.value : ['in', 'between'].includes(rule.operator) ? rule.value.split(',').map((item) => item.trim()) : [rule.value];
  const lower = value?.toLowerCase();
  const first = values[0]!.toLowerCase();
  switch (rule.operator) {
    case '=': return value === values[0];
    case '!=': return value !== values[0];
    case 'in': return value !== null && values.includes(value);
    case 'contains': return lower !== undefined && lower.includes(first);
    case 'beginsWith': return lower !== undefined && lower.startsWith(first);
    case 'endsWith': return lower !== undefined && lower.endsWith(first);
    case 'between': {
      const [low, high] = [...values].sort();
      return value !== null && value >= low! && value <= high!;
    }
    default: throw new Error(`unknown operator ${rule.operator}`);
  }
}

/**
 * The inventory reports over HTTP against the built service (doc 1 §2.10-§2.13): a small
 * business whose right answers the test computes itself — the Legacy Data query builder
 * (every field, operator and combinator), the detailed report's filters, sorts and scope,
 * role-hidden columns, the by-* summaries and their downloads by count, and the aged bands
 * at their boundaries on fixed clock values.
 */
describe('inventory reports', () => {
  let service: SeededService;
  let apiKey: string;
  const tokens: Record<'super' | 'retailer' | 'manager' | 'manager2', string> = { super: '', retailer: '', manager: '', manager2: '' };
  const offices: Record<Known['office'], string> = { dallas: '', houston: '' };
  let agentId: string;

  const as = <T>(who: keyof typeof tokens, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token: tokens[who], body });
  const upstream = (path: string, body: unknown) => call<{ message: string; job_id?: string }>(service.baseUrl, 'POST', path, { body, headers: { 'x-api-key': apiKey } });

  beforeAll(async () => {
    service = await startSeededService();
    const db = service.test.database.db;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!;
    apiKey = (await createApiKey(db, retailer.id, 'reports test')).key;
    offices.dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    offices.houston = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Houston Office'`.execute(db)).rows[0]!.id;
    agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    for (const [key, email] of [['super', 'super@demo.test'], ['retailer', 'retailer.manager@demo.test'], ['manager', 'office.manager@demo.test'], ['manager2', 'office.manager2@demo.test']] as const) {
      tokens[key] = (await login(service.baseUrl, email)).body.items!.token;
    }

    // Dallas: order ORD-1001 (cartons C1 phones, C2 tablets, C3 free phones), order ORD-2005 (C4); Houston: ORD-3000 (H1).
    const shipments: [Known[], string, Known['office']][] = [
      [[...ship(4, 'C1', 'PHONE', 'ORD-1001', 'dallas', 'PAL-1', 'ETC-A'), ...ship(4, 'C2', 'TABLET', 'ORD-1001', 'dallas', 'PAL-1', 'ETC-B'), ...ship(4, 'C3', 'FREEPHONE_SMART', 'ORD-1001', 'dallas', 'PAL-2', null)], 'ORD-1001', 'dallas'],
      [ship(3, 'C4', 'PHONE', 'ORD-2005', 'dallas', null, 'ETC-A'), 'ORD-2005', 'dallas'],
      [ship(3, 'H1', 'PHONE', 'ORD-3000', 'houston', 'PAL-9', 'ETC-C'), 'ORD-3000', 'houston'],
    ];
    const jobs: string[] = [];
    for (const [devices, order, office] of shipments) {
      const answer = await upstream('/api/integration/v1/shipments', {
        office_id: offices[office], order_id: order, order_date: '2026-11-01',
        devices: devices.map(({ imei: id, carton_number, device_type, pallet, enroll_id, etc_code }) => ({ imei: id, carton_number, device_type, pallet, enroll_id, etc_code, make: 'Acme', model: 'M1' })),
      });
      expect(answer.status).toBe(201);
      jobs.push(answer.body.job_id!);
    }
    const answer = (job: string, cartons: string[], status: number, who: keyof typeof tokens = 'manager') =>
      as(who, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: job, carton_numbers: cartons, status, decline_reason: status === 2 ? 'Wet' : undefined });
    expect((await answer(jobs[0]!, ['C1', 'C2'], 1)).status).toBe(200);
    expect((await answer(jobs[0]!, ['C3'], 2)).status).toBe(200);
    expect((await answer(jobs[1]!, ['C4'], 1)).status).toBe(200);
    for (const device of known) device.status = device.carton_number === 'C3' ? 12 : device.carton_number === 'H1' ? 9 : 3;
    expect((await as('manager', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['C1'], agent_id: agentId, office_id: offices.dallas })).status).toBe(200);
    for (const device of known.filter((item) => item.carton_number === 'C1')) device.status = 4;
    // Two phones of C1 are sold upstream.
    const c1 = known.filter((item) => item.carton_number === 'C1');
    const today = businessDate(new Date());
    for (const [device, plan] of [[c1[0]!, 'Unlimited Plus'], [c1[1]!, 'Basic Talk']] as const) {
      expect((await upstream('/api/integration/v1/activations', { imei: device.imei, activation_date: today, plan_name: plan })).status).toBe(201);
      device.status = 8;
      device.plan_name = plan;
    }
  }, 240_000);
  afterAll(async () => {
    await service?.stop();
  });

  const legacy = (who: keyof typeof tokens, query: unknown, params = '') =>
    as<{ items: Page<LegacyDeviceRow>; fields?: Record<string, string>; message?: string }>(who, 'POST', `/api/v1/legacy_detailed_sales_report?results=100${params}`, { query_string: JSON.stringify(query) });

  it('Legacy Data: every field, operator and combinator of the query builder gives exactly the devices the rules describe', async () => {
    const [a, b] = [known[0]!, known[5]!];
    const cases: Rule[] = [
      { field: 'imei', operator: '=', value: a.imei },
      { field: 'imei', operator: '!=', value: a.imei },
      { field: 'imei', operator: 'in', value: [a.imei, b.imei, '000000000000000'] },
      { field: 'imei', operator: 'contains', value: a.imei.slice(5, 11) },
      { field: 'imei', operator: 'beginsWith', value: '352100770000' },
      { field: 'imei', operator: 'endsWith', value: a.imei.slice(-2) },
      { field: 'carton', operator: '=', value: 'C2' },
      { field: 'carton', operator: '!=', value: 'C2' },
      { field: 'carton', operator: 'in', value: 'C1, H1' },
      { field: 'carton', operator: 'contains', value: 'c' },
      { field: 'carton', operator: 'beginsWith', value: 'h' },
      { field: 'carton', operator: 'endsWith', value: '4' },
      { field: 'order_id', operator: '=', value: 'ORD-2005' },
      { field: 'order_id', operator: '!=', value: 'ORD-2005' },
      { field: 'order_id', operator: 'in', value: ['ORD-1001', 'ORD-3000'] },
      { field: 'order_id', operator: 'contains', value: '00' },
      { field: 'order_id', operator: 'beginsWith', value: 'ord-2' },
      { field: 'order_id', operator: 'endsWith', value: '01' },
      { field: 'order_id', operator: 'between', value: ['ORD-2000', 'ORD-1000'] },
      { field: 'rma_id', operator: '=', value: 'RMA-1' },
      { field: 'rma_id', operator: '!=', value: 'RMA-1' },
      { field: 'rma_id', operator: 'between', value: ['RMA-1', 'RMA-9'] },
      { field: 'enroll_id', operator: '=', value: known[0]!.enroll_id! },
      { field: 'enroll_id', operator: '!=', value: known[0]!.enroll_id! },
      { field: 'enroll_id', operator: 'contains', value: 'ENR-10' },
      { field: 'enroll_id', operator: 'in', value: [known[0]!.enroll_id!, known[1]!.enroll_id!] },
      { field: 'device_type', operator: '=', value: 'TABLET' },
      { field: 'device_type', operator: '!=', value: 'PHONE' },
      { field: 'pallet', operator: '=', value: 'PAL-1' },
      { field: 'pallet', operator: '!=', value: 'PAL-1' },
      { field: 'pallet', operator: 'beginsWith', value: 'pal-' },
      { field: 'pallet', operator: 'in', value: ['PAL-2', 'PAL-9'] },
      { field: 'etc_code', operator: '=', value: 'ETC-A' },
      { field: 'etc_code', operator: 'endsWith', value: 'c' },
      { field: 'etc_code', operator: '!=', value: 'ETC-A' },
      { field: 'plan_name', operator: '=', value: 'Basic Talk' },
      { field: 'plan_name', operator: 'contains', value: 'plus' },
      { field: 'plan_name', operator: '!=', value: 'Basic Talk' },
      { field: 'plan_name', operator: 'in', value: ['Basic Talk', 'Unlimited Plus'] },
    ];
    const expected = (rules: Rule[], combinator: 'and' | 'or') =>
      known.filter((device) => (combinator === 'and' ? rules.every((rule) => matches(device, rule)) : rules.some((rule) => matches(device, rule)))).map((device) => device.imei).sort();
    const got = async (rules: Rule[], combinator: 'and' | 'or') => {
      const answer = await legacy('retailer', { combinator, rules });
      expect(answer.status).toBe(200);
      expect(answer.body.items.total).toBe(answer.body.items.data.length);
      return answer.body.items.data.map((row) => row.imei).sort();
    };
    for (const rule of cases) expect({ rule, imeis: await got([rule], 'and') }).toEqual({ rule, imeis: expected([rule], 'and') });
    // Combinators: ALL and ANY over three conditions, and the empty query (every device).
    const three: Rule[] = [cases[12]!, cases[26]!, { field: 'etc_code', operator: '=', value: 'ETC-A' }];
    expect(await got(three, 'and')).toEqual(expected(three, 'and'));
    expect(await got(three, 'or')).toEqual(expected(three, 'or'));
    const mixed: Rule[] = [{ field: 'pallet', operator: 'in', value: ['PAL-1'] }, { field: 'device_type', operator: '!=', value: 'TABLET' }, { field: 'order_id', operator: 'between', value: ['ORD-1001', 'ORD-1001'] }];
    expect(await got(mixed, 'and')).toEqual(expected(mixed, 'and'));
    expect(await got(mixed, 'or')).toEqual(expected(mixed, 'or'));
    expect(await got([], 'and')).toEqual(known.map((device) => device.imei).sort());
    // Sanity: the cases are not all trivially empty or full.
    expect(cases.filter((rule) => expected([rule], 'and').length > 0 && expected([rule], 'and').length < known.length).length).toBeGreaterThan(25);
  });

  it('Legacy Data: an unknown field or operator, a wrong operator for a field, nesting and bad JSON are 400 with a sentence', async () => {
    const refused = async (query: unknown, pattern: RegExp) => {
      const answer = await as<{ message: string }>('retailer', 'POST', '/api/v1/legacy_detailed_sales_report', { query_string: typeof query === 'string' ? query : JSON.stringify(query) });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(pattern);
    };
    await refused({ combinator: 'and', rules: [{ field: 'password', operator: '=', value: 'x' }] }, /Unknown field/);
    await refused({ combinator: 'and', rules: [{ field: 'imei', operator: 'like', value: 'x' }] }, /Unknown operator/);
    await refused({ combinator: 'and', rules: [{ field: 'imei', operator: 'between', value: ['1', '2'] }] }, /IMEI does not take the operator Between/);
    await refused({ combinator: 'and', rules: [{ field: 'device_type', operator: 'contains', value: 'PH' }] }, /Device Type does not take the operator Contains/);
    await refused({ combinator: 'and', rules: [{ field: 'device_type', operator: '=', value: 'WATCH' }] }, /Device Type is one of/);
    await refused({ combinator: 'and', rules: [{ combinator: 'or', rules: [] }] }, /Nested groups are not supported/);
    await refused({ combinator: 'xor', rules: [] }, /combinator/);
    await refused('{"combinator": "and", "rules": [', /not valid JSON/);
    // A value that looks like SQL is only ever a value.
    const injection = await legacy('retailer', { combinator: 'and', rules: [{ field: 'carton', operator: '=', value: "C1' or '1'='1" }] });
    expect(injection.status).toBe(200);
    expect(injection.body.items.total).toBe(0);
  });

  it('Legacy Data: scope, role-hidden retailer column, date rules', async () => {
    const all = await legacy('retailer', { combinator: 'and', rules: [] });
    expect(all.body.items.total).toBe(known.length);
    expect(all.body.items.data[0]).not.toHaveProperty('retailer_name');
    const asSuper = await legacy('super', { combinator: 'and', rules: [] });
    expect(asSuper.body.items.data[0]).toHaveProperty('retailer_name', 'Bluebonnet Mobile');
    const dallasOnly = await legacy('manager', { combinator: 'and', rules: [] });
    expect(dallasOnly.body.items.data.map((row) => row.imei).sort()).toEqual(known.filter((device) => device.office === 'dallas').map((device) => device.imei).sort());
    expect((await legacy('manager2', { combinator: 'and', rules: [{ field: 'carton', operator: '=', value: 'C1' }] })).body.items.total).toBe(0);
    const sold = all.body.items.data.find((row) => row.imei === known[0]!.imei)!;
    expect(sold).toMatchObject({ status: 8, status_name: 'Sold', plan_name: 'Unlimited Plus', order_prefix: 'ORD-1001', order_date: '2026-11-01', carton: 'C1', office_name: 'Dallas Office' });

    const tooLong = await legacy('retailer', { combinator: 'and', rules: [] }, '&order_date_range_start=2026-10-01&order_date_range_end=2026-11-05');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields?.order_date_range_end).toBe('The end date can be at most 30 days after the start date');
    const future = await legacy('retailer', { combinator: 'and', rules: [] }, '&allocation_date_range_start=2099-01-01');
    expect(future.status).toBe(400);
    expect(future.body.fields?.allocation_date_range_start).toBe('Dates cannot be in the future');
    const endOnly = await legacy('retailer', { combinator: 'and', rules: [] }, '&date_range_end=2026-11-01');
    expect(endOnly.status).toBe(400);
    const byOrderDate = await legacy('retailer', { combinator: 'and', rules: [] }, '&order_date_range_start=2026-10-15&order_date_range_end=2026-11-01');
    expect(byOrderDate.body.items.total).toBe(known.length);
    const byStatus = await legacy('retailer', { combinator: 'and', rules: [] }, '&status=8');
    expect(byStatus.body.items.data.map((row) => row.imei).sort()).toEqual(known.filter((device) => device.status === 8).map((device) => device.imei).sort());
  });

  const detailed = (who: keyof typeof tokens, query: string) => as<{ items: Page<DetailedDeviceRow>; fields?: Record<string, string> }>(who, 'GET', `/api/v1/detailed_inventory_report?${query}`);

  it('Detailed report: status groups, filters, sorts, paging and exact totals in the caller\'s scope', async () => {
    const inStock = known.filter((device) => [9, 3, 4, 5, 6, 12].includes(device.status));
    const group = await detailed('retailer', 'status=13&results=100');
    expect(group.status).toBe(200);
    expect(group.body.items.total).toBe(inStock.length);
    expect(group.body.items.data.map((row) => row.imei).sort()).toEqual(inStock.map((device) => device.imei).sort());
    expect(group.body.items.estimated).toBeUndefined();

    const dallas = await detailed('manager', 'status=13&results=100');
    expect(dallas.body.items.total).toBe(inStock.filter((device) => device.office === 'dallas').length);
    expect((await detailed('manager2', 'carton=C1')).body.items.total).toBe(0);

    const byImeiDesc = await detailed('retailer', 'sort_by=imei&sort=DESC&results=5&page=2');
    const allImeis = known.map((device) => device.imei).sort().reverse();
    expect(byImeiDesc.body.items.data.map((row) => row.imei)).toEqual(allImeis.slice(5, 10));
    expect(byImeiDesc.body.items).toMatchObject({ total: known.length, current_page: 2 });

    for (const sortBy of ['ibo_name', 'allocated_office_name', 'office_name', 'agent_name', 'make', 'enroll_id', 'excess_code', 'model', 'pallet', 'carton', 'enroll_type', 'esn', 'device_type', 'status_name', 'allocation_date', 'device_age', 'order_prefix', 'rma_prefix', 'activation_date']) {
      for (const direction of ['ASC', 'DESC']) {
        const page = await detailed('retailer', `sort_by=${sortBy}&sort=${direction}&results=100`);
        expect(page.status).toBe(200);
        expect(page.body.items.data).toHaveLength(known.length);
      }
    }
    const byOffice = (await detailed('retailer', 'sort_by=office_name&sort=ASC&results=100')).body.items.data.map((row) => row.office_name);
    expect(byOffice).toEqual([...byOffice].sort());
    // A page past the last device still tells the total (counted, since the page's scan saw no row).
    const pastTheEnd = await detailed('retailer', 'carton=C1&page=9&results=10');
    expect(pastTheEnd.body.items).toMatchObject({ data: [], total: known.filter((device) => device.carton_number === 'C1').length, current_page: 9 });
    const byCarton = (await detailed('retailer', 'sort_by=carton&sort=DESC&results=100')).body.items.data.map((row) => row.carton);
    expect(byCarton).toEqual([...byCarton].sort().reverse());

    const filtered = async (query: string, expectedDevices: Known[]) => {
      const page = await detailed('retailer', `${query}&results=100`);
      expect({ query, status: page.status }).toEqual({ query, status: 200 });
      expect({ query, imeis: page.body.items.data.map((row) => row.imei).sort(), total: page.body.items.total }).toEqual({ query, imeis: expectedDevices.map((device) => device.imei).sort(), total: expectedDevices.length });
    };
    await filtered('device_type=TABLET', known.filter((device) => device.device_type === 'TABLET'));
    await filtered('carton=C4', known.filter((device) => device.carton_number === 'C4'));
    await filtered('order_id=ORD-3000', known.filter((device) => device.order_id === 'ORD-3000'));
    await filtered(`enroll_id=${known[1]!.enroll_id}`, [known[1]!]);
    await filtered(`imei=${known[7]!.imei.slice(4, 12)}`, known.filter((device) => device.imei.includes(known[7]!.imei.slice(4, 12))));
    await filtered(`search_text=${known[2]!.imei.slice(-6)}`, known.filter((device) => device.imei.includes(known[2]!.imei.slice(-6))));
    await filtered('keyword=H1', known.filter((device) => device.carton_number === 'H1'));
    await filtered(`office_id=${offices.houston}`, known.filter((device) => device.office === 'houston'));
    await filtered(`agent_id=${agentId}`, known.filter((device) => device.carton_number === 'C1'));
    await filtered('status=4,8&device_type=PHONE', known.filter((device) => [4, 8].includes(device.status)));
    await filtered('status=12', known.filter((device) => device.status === 12));
    await filtered('rma_order_id=RMA-1', []);
    const today = businessDate(new Date());
    await filtered(`activation_date_range_start=${today}&activation_date_range_end=${today}`, known.filter((device) => device.status === 8));
    await filtered(`date_range_start=${today}&date_range_end=${today}`, known.filter((device) => [3, 4, 8].includes(device.status)));
    // The spec's own date format (MM-DD-YYYY, doc 1 §9) filters exactly as ISO does.
    const usToday = `${today.slice(5, 7)}-${today.slice(8, 10)}-${today.slice(0, 4)}`;
    await filtered(`activation_date_range_start=${usToday}&activation_date_range_end=${usToday}`, known.filter((device) => device.status === 8));
    await filtered(`date_range_start=${usToday}&date_range_end=${today}`, known.filter((device) => [3, 4, 8].includes(device.status)));

    const row = (await detailed('retailer', `imei=${known[0]!.imei}`)).body.items.data[0]!;
    expect(row).toMatchObject({ ibo_name: expect.any(String), allocated_office_name: 'Dallas Office', office_name: 'Dallas Office', agent_name: expect.any(String), make: 'Acme', model: 'M1', pallet: 'PAL-1', carton: 'C1', device_type: 'PHONE', status_name: 'Sold', device_age: 0, order_info: { order_prefix: 'ORD-1001' }, rma_order_info: { rma_prefix: null }, activation_date: today, excess_code: 'ETC-A' });

    const future = await detailed('retailer', 'date_range_start=2099-01-01');
    expect(future.status).toBe(400);
    expect(future.body.fields?.date_range_start).toBe('Dates cannot be in the future');
    for (const absurd of ['0000-01-01', '13-01-2026', '02-30-2026', '2026-1-5', '1999-12-31']) {
      const refused = await detailed('retailer', `date_range_start=${absurd}`);
      expect({ absurd, status: refused.status, message: refused.body.fields?.date_range_start }).toEqual({ absurd, status: 400, message: expect.stringMatching(/^Dates are /) });
    }
    const longAgo = await detailed('retailer', 'activation_date_range_start=2020-01-01');
    expect(longAgo.status).toBe(400);
    expect(longAgo.body.fields?.activation_date_range_start).toMatch(/last 31 days/);
    expect((await detailed('retailer', 'sort_by=password')).status).toBe(400);
    expect((await detailed('retailer', 'status=99')).status).toBe(400);
  });

  /** Runs a download by count (an export) to its end and reads the CSV's data rows. */
  const download = (who: keyof typeof tokens, path: string) => downloadExport(service.baseUrl, tokens[who], path);

  it('Detailed report export: the file lists the devices in the order the screen shows them, for the screen\'s sort and filters', async () => {
    const imeiOf = (line: string) => /\b\d{15}\b/.exec(line)![0];
    for (const query of ['', 'sort_by=office_name&sort=ASC', 'sort_by=make&sort=DESC', 'sort_by=device_age&sort=ASC', 'sort_by=agent_name&sort=DESC&status=13']) {
      const screen = (await detailed('retailer', `${query}&results=100`)).body.items.data.map((row) => row.imei);
      const file = await download('retailer', `/api/v1/detailed_inventory_export?${query}`);
      expect({ query, imeis: file.rows.map(imeiOf) }).toEqual({ query, imeis: screen });
    }
  });

  it('By managers, IBOs, agents and offices: counts, grand totals, and downloads by count equal to the clicked number', async () => {
    const inStock = (office: Known['office']) => known.filter((device) => device.office === office && [9, 3, 4, 5, 6, 12].includes(device.status)).length;
    const byOffice = await as<{ items: Page<OfficeSummaryRow>; grand_totals: SummaryGrandTotals }>('retailer', 'GET', '/api/v1/manager/inventory_summary_for_manager_with_pagination?results=100');
    expect(byOffice.status).toBe(200);
    const dallasRow = byOffice.body.items.data.find((row) => row.office_id === offices.dallas)!;
    expect(dallasRow).toEqual({ office_id: offices.dallas, office_name: 'Dallas Office', in_stock: inStock('dallas'), manager_pending: 0, sold_30_days: 2 });
    expect(byOffice.body.items.data.find((row) => row.office_id === offices.houston)).toMatchObject({ in_stock: 3, manager_pending: 3, sold_30_days: 0 });
    expect(byOffice.body.grand_totals).toEqual({ in_stock: inStock('dallas') + inStock('houston'), manager_pending: 3, sold_30_days: 2 });

    const byManager = await as<{ items: Page<ManagerSummaryRow> & { current: number }; grand_totals: SummaryGrandTotals }>('retailer', 'GET', '/api/v1/inventory_summary_reports/manager?sort_by=in_stock&sort=DESC');
    expect(byManager.body.items.current).toBe(1);
    expect(byManager.body.items.data[0]).toMatchObject({ office_manager_name: expect.any(String), in_stock: inStock('dallas'), manager_assigned: 7, agent_pending: 2, manager_pending: 0, agent_transfer: 0, agent_assigned: 0, sold_30_days: 2 });
    const managerId = byManager.body.items.data[0]!.office_manager_id;

    const byAgent = await as<{ items: Page<{ agent_id: string; agent_pending: number; sold_30_days: number }> }>('manager', 'GET', `/api/v1/manager/agentlist_with_pagination?agent_id=${agentId}`);
    expect(byAgent.body.items.data).toEqual([expect.objectContaining({ agent_id: agentId, agent_pending: 2, agent_assigned: 0, sold_30_days: 2, office_name: 'Dallas Office' })]);
    // Another office's manager does not see this agent at all.
    expect((await as<{ items: Page<unknown> }>('manager2', 'GET', `/api/v1/manager/agentlist_with_pagination?agent_id=${agentId}`)).body.items.total).toBe(0);

    const ibo = await as<{ items: Page<{ ibo_market_id: string; in_stock: number }> }>('retailer', 'GET', '/api/v1/inventory_summary_reports/ibo_marketer');
    const market = ibo.body.items.data.find((row) => row.in_stock > 0)!;
    expect(market.in_stock).toBe(inStock('dallas') + inStock('houston'));

    // Downloads by count: the file has exactly the clicked number of devices.
    for (const [path, count] of [
      [`/api/v1/inventory/office/${offices.dallas}/instock`, dallasRow.in_stock],
      [`/api/v1/inventory/office/${offices.dallas}/sold`, 2],
      [`/api/v1/inventory/manager/${managerId}/instock`, inStock('dallas')],
      [`/api/v1/inventory/agent/${agentId}/agent_pending`, 2],
      [`/api/v1/inventory/ibo/${market.ibo_market_id}/manager_pending`, 3],
      [`/api/v1/inventory/manager/${managerId}/manager_received`, 7],
      [`/api/v1/inventory/office/${offices.dallas}/agent_transfer`, 0],
    ] as const) {
      const file = await download('retailer', path);
      expect({ path, rows: file.rows.length }).toEqual({ path, rows: count });
      expect(file.heading).toMatch(/^IBO Name,Allocated Office,Office,Agent,/);
    }
    // Another office's manager clicking Dallas's number gets none of its devices.
    expect((await download('manager2', `/api/v1/inventory/office/${offices.dallas}/instock`)).rows).toHaveLength(0);
    expect((await as('retailer', 'GET', `/api/v1/inventory/office/${offices.dallas}/everything`)).status).toBe(400);
  });

  it('Aged inventory: the five bands at their boundaries on fixed clock values, in the business time zone', async () => {
    const db = service.test.database.db;
    const scope = { kind: 'all' } as const;
    const allocated = (await sql<{ day: string }>`select (min(aged_from) at time zone 'America/Chicago')::date::text as day from rm.inventory_devices where carton_number = 'C4'`.execute(db)).rows[0]!.day;
    // Noon in Chicago on the day `days` after the allocation day.
    const at = (days: number) => new Date(Date.parse(`${allocated}T18:00:00Z`) + days * 86_400_000).toISOString();
    const cell = async (days: number) => {
      const answer = await agedInventory(db, scope, 'office', { holder_id: offices.dallas, period: 'pre' }, { page: 1, results: 100, asOf: at(days) });
      const phones = answer.items.data.find((row) => row.Product_Type === 'PHONE')!;
      return { days1_15: phones.days1_15, days16_30: phones.days16_30, days31_45: phones.days31_45, days46_90: phones.days46_90, days91: phones.days91 };
    };
    // Dallas phones in stock: C1's two unsold (agent pending) and C4's three.
    const band = (key: string) => ({ days1_15: '0', days16_30: '0', days31_45: '0', days46_90: '0', days91: '0', [key]: '5' });
    for (const [days, key] of [[0, 'days1_15'], [15, 'days1_15'], [16, 'days16_30'], [30, 'days16_30'], [31, 'days31_45'], [45, 'days31_45'], [46, 'days46_90'], [90, 'days46_90'], [91, 'days91'], [400, 'days91']] as const) {
      expect({ days, cells: await cell(days) }).toEqual({ days, cells: band(key) });
    }
    // The device ages in the detailed report agree with the bands.
    const aged = await detailedInventoryReport(db, scope, { carton: 'C4', keyword: undefined, ibo_marketer_id: undefined, rma_order_id: undefined }, { page: 1, results: 10, asOf: at(46) });
    expect(aged.data.map((row) => row.device_age)).toEqual([46, 46, 46]);

    // Over HTTP: rows per holder and device type, counts as strings, grand totals, scope.
    const byOffice = await as<AgedAnswer>('retailer', 'GET', '/api/v1/aged_inventory_summary_reports/office?results=100');
    expect(byOffice.status).toBe(200);
    const inStock = known.filter((device) => [9, 3, 4, 5, 6, 12].includes(device.status));
    expect(byOffice.body.grand_totals).toEqual({ days1_15: String(inStock.length), days16_30: '0', days31_45: '0', days46_90: '0', days91: '0', total: String(inStock.length) });
    expect(byOffice.body.items.data.find((row) => row.office_id === offices.dallas && row.Product_Type === 'TABLET')).toMatchObject({ office_name: 'Dallas Office', days1_15: '4', total: '4' });
    const byAgent = await as<AgedAnswer>('manager', 'GET', `/api/v1/aged_inventory_summary_reports/agent?agent_id=${agentId}&period=post`);
    expect(byAgent.body.items.data).toEqual([expect.objectContaining({ agent_id: agentId, Agent_name: expect.any(String), office_name: expect.any(String), office_number: expect.any(String), Product_Type: 'PHONE', days1_15: '2' })]);
    expect((await as<AgedAnswer>('manager2', 'GET', '/api/v1/aged_inventory_summary_reports/office')).body.grand_totals.total).toBe('3');
    expect((await as('retailer', 'GET', '/api/v1/aged_inventory_summary_reports/office?period=later')).status).toBe(400);
    // The aged-by-IBO report is for roles 11 and 12 (and 1): an office manager is refused.
    expect((await as('manager', 'GET', '/api/v1/aged_inventory_summary_reports/ibo_marketer')).status).toBe(403);

    // A clicked cell downloads exactly its devices.
    const file = await download('retailer', `/api/v1/aged/office/${offices.dallas}/days1_15/TABLET`);
    expect(file.rows).toHaveLength(4);
    expect((await download('retailer', `/api/v1/aged/office/${offices.dallas}/days16_30/TABLET`)).rows).toHaveLength(0);
  });
});
