import { DETAILED_REPORT_SORT_KEYS } from '@portal/contracts';
import { Client } from 'pg';
import { databaseUrl } from '../eventstore/databases';
import { pick, random } from '../inventory/stats';

/*
 * The report requests the benches send, as the console sends them: varied by a seeded generator
 * (the same list on every run) over values read from the data. Shared by bench:reports (one at a
 * time) and bench:load (mixed with everything else).
 */

/** Values to vary the requests with, read from the data (real IMEIs, cartons, offices, agents ...). */
export interface Pools {
  imeis: string[];
  cartons: string[];
  orders: string[];
  enrolls: string[];
  pallets: string[];
  etcs: string[];
  plans: string[];
  offices: string[];
  markets: string[];
  agents: string[];
  managers: string[];
  retailers: string[];
}

const orNone = (values: string[], none: string) => (values.length > 0 ? values : [none]);

export async function pools(database: string): Promise<Pools> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const column = async (query: string) => (await client.query<{ v: string }>(query)).rows.map((row) => row.v).filter(Boolean);
    // A fixed ~1/200 of the devices (rm.* are views, which TABLESAMPLE cannot read).
    const sample = "from (select * from rm.inventory_devices where abs(hashtext(imei)) % 200 = 7) sampled";
    return {
      imeis: await column(`select imei as v ${sample} limit 2000`),
      cartons: await column(`select distinct carton_number as v ${sample} limit 500`),
      orders: await column(`select distinct order_id as v ${sample} where order_id is not null limit 300`),
      // The demo seed ships no enrollment ids or ETC codes: a value that matches nothing still exercises the filter.
      enrolls: orNone(await column(`select distinct enroll_id as v ${sample} where enroll_id is not null limit 300`), 'ENR-NONE'),
      pallets: orNone(await column(`select distinct pallet as v ${sample} where pallet is not null limit 100`), 'PALLET-NONE'),
      etcs: orNone(await column(`select distinct etc_code as v ${sample} where etc_code is not null limit 100`), 'ETC-NONE'),
      plans: orNone(await column(`select distinct plan_name as v ${sample} where plan_name is not null limit 50`), 'Unlimited'),
      offices: await column('select id as v from rm.org_offices'),
      markets: await column('select id as v from rm.org_ibo_markets'),
      agents: await column(`select distinct agent_id as v ${sample} where agent_id is not null limit 300`),
      managers: await column(`select distinct user_id as v from rm.org_unit_managers where kind = 'manager'`),
      retailers: await column('select id as v from rm.org_retailers'),
    };
  } finally {
    await client.end();
  }
}

/** Every column the detailed report sorts on. */
const DETAILED_SORTS = DETAILED_REPORT_SORT_KEYS;
export const STATUS_CHOICES = ['13', '13', '9', '3', '4', '5', '8', '12', '3,4,5', '8,9'];
export const TYPES = ['PHONE', 'TABLET', 'SIM', 'FREEPHONE_SMART'];

export interface Request {
  who: Role;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}
export type Role = 'super' | 'retailer' | 'ibo' | 'office';

/** The business day (America/Chicago, the default zone) `offset` days ago: the API refuses dates after its today. */
const days = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - offset * 86_400_000));

export function detailedRequests(p: Pools, count: number): Request[] {
  const next = random(11);
  const requests: Request[] = [];
  for (let index = 0; index < count; index++) {
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const query = new URLSearchParams({ page: '1', results: '10' });
    // 0 to 3 filters of any kind, any sort and direction.
    const filters = Math.floor(next() * 4);
    for (let filter = 0; filter < filters; filter++) {
      const kind = Math.floor(next() * 11);
      if (kind === 0) query.set('status', pick(next, STATUS_CHOICES));
      else if (kind === 1) query.set('device_type', pick(next, TYPES));
      else if (kind === 2 && who !== 'office') query.set('office_id', pick(next, p.offices));
      else if (kind === 3) query.set('agent_id', pick(next, p.agents));
      else if (kind === 4) query.set('carton', pick(next, p.cartons));
      else if (kind === 5) query.set('order_id', pick(next, p.orders));
      else if (kind === 6) query.set('enroll_id', pick(next, p.enrolls));
      else if (kind === 7) {
        query.set('date_range_start', days(20 + Math.floor(next() * 300)));
        query.set('date_range_end', days(Math.floor(next() * 20)));
      } else if (kind === 8) {
        query.set('activation_date_range_start', days(30));
        query.set('activation_date_range_end', days(Math.floor(next() * 10)));
      } else if (kind === 9 && who !== 'office' && who !== 'ibo') query.set('ibo_marketer_id', pick(next, p.markets));
      else query.set('imei', pick(next, p.imeis).slice(3, 11));
    }
    query.set('sort_by', pick(next, DETAILED_SORTS));
    query.set('sort', next() < 0.5 ? 'ASC' : 'DESC');
    requests.push({ who, method: 'GET', path: `/api/v1/detailed_inventory_report?${query}` });
  }
  return requests;
}

export function keywordRequests(p: Pools, count: number): Request[] {
  const next = random(23);
  return Array.from({ length: count }, () => {
    const imei = pick(next, p.imeis);
    const length = 5 + Math.floor(next() * 6);
    const start = Math.floor(next() * (imei.length - length));
    const who = pick(next, ['super', 'retailer', 'office'] as const);
    return { who, method: 'GET' as const, path: `/api/v1/detailed_inventory_report?search_text=${imei.slice(start, start + length)}&page=1` };
  });
}

export function legacyRequests(p: Pools, count: number): Request[] {
  const next = random(37);
  const ruleOf = () => {
    const kind = Math.floor(next() * 9);
    if (kind === 0) return { field: 'imei', operator: pick(next, ['contains', 'beginsWith', 'endsWith'] as const), value: pick(next, p.imeis).slice(4, 10) };
    if (kind === 1) return { field: 'carton', operator: pick(next, ['=', 'in'] as const), value: pick(next, p.cartons) };
    if (kind === 2) {
      const [a, b] = [pick(next, p.orders), pick(next, p.orders)];
      return next() < 0.5 ? { field: 'order_id', operator: 'between', value: [a, b] } : { field: 'order_id', operator: '=', value: a };
    }
    if (kind === 3) return { field: 'enroll_id', operator: pick(next, ['=', 'beginsWith'] as const), value: pick(next, p.enrolls) };
    if (kind === 4) return { field: 'device_type', operator: pick(next, ['=', '!='] as const), value: pick(next, TYPES) };
    if (kind === 5) return { field: 'pallet', operator: pick(next, ['=', 'in'] as const), value: pick(next, p.pallets) };
    if (kind === 6) return { field: 'etc_code', operator: '=', value: pick(next, p.etcs) };
    if (kind === 7) return { field: 'plan_name', operator: pick(next, ['=', 'contains'] as const), value: pick(next, p.plans) };
    return { field: 'rma_id', operator: 'between', value: ['RMA-1', 'RMA-9'] };
  };
  return Array.from({ length: count }, () => {
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const combinator = next() < 0.6 ? 'and' : 'or';
    const query = { combinator, rules: [ruleOf(), ruleOf(), ruleOf()] };
    const status = next() < 0.3 ? `&status=${pick(next, STATUS_CHOICES)}` : '';
    return { who, method: 'POST' as const, path: `/api/v1/legacy_detailed_sales_report?page=1${status}`, body: { query_string: JSON.stringify(query) } };
  });
}

export function summaryRequests(p: Pools, count: number): Request[] {
  const next = random(41);
  const kinds = [
    { path: '/api/v1/inventory_summary_reports/manager', id: 'manager_id', ids: p.managers, sorts: ['in_stock', 'sold_30_days', 'manager_pending', 'office_manager_name'] },
    { path: '/api/v1/inventory_summary_reports/ibo_marketer', id: 'ibo_marketer_id', ids: p.markets, sorts: ['in_stock', 'sold_30_days', 'agent_pending', 'ibo_market_name'] },
    { path: '/api/v1/manager/agentlist_with_pagination', id: 'agent_id', ids: p.agents, sorts: ['agent_assigned', 'agent_pending', 'sold_30_days', 'agent_name'] },
    { path: '/api/v1/manager/inventory_summary_for_manager_with_pagination', id: 'office_id', ids: p.offices, sorts: ['in_stock', 'manager_pending', 'sold_30_days', 'office_name'] },
  ];
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    const who = pick(next, ['super', 'retailer', 'ibo', 'office'] as const);
    const query = new URLSearchParams({ page: String(1 + Math.floor(next() * 2)), sort_by: pick(next, kind.sorts), sort: next() < 0.5 ? 'ASC' : 'DESC' });
    if (next() < 0.3 && kind.ids.length > 0) query.set(kind.id, pick(next, kind.ids));
    return { who, method: 'GET' as const, path: `${kind.path}?${query}` };
  });
}

export function agedRequests(p: Pools, count: number): Request[] {
  const next = random(53);
  const kinds = [
    { kind: 'agent', id: 'agent_id', ids: p.agents },
    { kind: 'manager', id: 'manager_id', ids: p.managers },
    { kind: 'ibo_marketer', id: 'ibo_marketer_id', ids: p.markets },
    { kind: 'office', id: 'office_id', ids: p.offices },
  ];
  return Array.from({ length: count }, (_, index) => {
    const kind = kinds[index % kinds.length]!;
    // The aged-by-IBO report is not an office manager's.
    const who = pick(next, kind.kind === 'ibo_marketer' ? (['super', 'retailer', 'ibo'] as const) : (['super', 'retailer', 'ibo', 'office'] as const));
    const query = new URLSearchParams({ page: '1', period: next() < 0.7 ? 'pre' : 'post', sort_by: pick(next, ['days1_15', 'days91', 'total', 'Product_Type']), sort: next() < 0.5 ? 'ASC' : 'DESC' });
    if (next() < 0.3 && kind.ids.length > 0) query.set(kind.id, pick(next, kind.ids));
    return { who, method: 'GET' as const, path: `/api/v1/aged_inventory_summary_reports/${kind.kind}?${query}` };
  });
}
