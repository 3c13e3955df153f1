import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SALES_PERIODS, SALES_PERIOD_NAMES, type SalesCounts, type SalesPeriod, salesPeriodRange } from '@portal/contracts';
import {
  type Holder,
  type Scope,
  type SqlDb,
  activationCount,
  businessDate,
  detailedSalesChoice,
  detailedSalesReport,
  officeSummary,
  salePages,
  salesBreakdownChoice,
  salesByAgents,
  salesByIbos,
  salesByManagers,
  salesByOffices,
} from '@portal/projections';
import { sql } from 'kysely';
import { type TestDatabase, createTestDatabase } from '../../services/src/platform/testing/test-database';
import { builtMain, exited, startNode } from '../support/processes';

/**
 * Sales periods and sums, exact (issue 18): the demo story's year of activations seeded on 3,000
 * devices with a fixed "now", then every summary, card and breakdown read at fixed clock values —
 * a Sunday, a Monday, the 1st of a month, and the evenings of both DST changes of America/Chicago
 * — and checked against counts written here in plain code from the sale rows and the org tables.
 */

const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The periods as a person would count them on a calendar, without the service's function. */
function inPeriod(key: string, date: string, today: string): boolean {
  if (date > today) return false;
  switch (key) {
    case 'today':
      return date === today;
    case 'WTD': {
      let monday = today;
      while (weekday(monday) !== 1) monday = shift(monday, -1);
      return date >= monday;
    }
    case 'MTD':
      return date.slice(0, 7) === today.slice(0, 7);
    case 'last_7_days':
      return date > shift(today, -7);
    case 'last_30_days':
      return date > shift(today, -30);
    default:
      throw new Error(`unknown period ${key}`);
  }
}

const ROW_KEYS = SALES_PERIODS.map((period) => SALES_PERIOD_NAMES[period].row);

interface Sale {
  imei: string;
  office_id: string;
  agent_id: string | null;
  activation_date: string;
}

interface Org {
  iboOf: Map<string, string>;
  retailerOf: Map<string, string>;
  officesOf: Map<string, string[]>;
  agentOffice: Map<string, string>;
}

function plainCounts(sales: readonly Sale[], today: string): SalesCounts {
  return Object.fromEntries(ROW_KEYS.map((key) => [key, sales.filter((sale) => inPeriod(key, sale.activation_date, today)).length])) as SalesCounts;
}

/** Fixed clock instants and the business date each is in America/Chicago. */
const CLOCKS: readonly { instant: string; today: string; what: string }[] = [
  { instant: '2026-11-22T23:00:00Z', today: '2026-11-22', what: 'a Sunday' },
  { instant: '2026-11-23T15:00:00Z', today: '2026-11-23', what: 'a Monday' },
  { instant: '2026-10-01T14:00:00Z', today: '2026-10-01', what: 'the 1st of a month (a Thursday)' },
  // 23:30 CST on the day DST ended (UTC−6 from 02:00): still Sunday the 1st there, Monday in UTC.
  { instant: '2026-11-02T05:30:00Z', today: '2026-11-01', what: 'the evening DST ended, the 1st and a Sunday' },
  // 23:30 CDT on the day DST began (UTC−5 from 02:00): Sunday the 8th there.
  { instant: '2026-03-09T04:30:00Z', today: '2026-03-08', what: 'the evening DST began, a Sunday' },
  { instant: '2026-03-09T06:00:00Z', today: '2026-03-09', what: 'the Monday after DST began' },
];

describe('sales periods and sums at fixed clock values', () => {
  let database: TestDatabase;
  let db: SqlDb;
  let dataDir: string;
  let sales: Sale[];
  let org: Org;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.database.db;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-sales-'));
    const child = startNode(builtMain, ['seed', '--devices', '3000', '--bulk', '--now', '2026-11-23T18:00:00Z'], { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'test' });
    if ((await exited(child)) !== 0) throw new Error(`seed failed:\n${child.output()}`);
    sales = (await sql<Sale>`select imei, office_id, agent_id, activation_date::text as activation_date from rm.sales_activations`.execute(db)).rows;
    const offices = (await sql<{ id: string; ibo_marketer_id: string }>`select id, ibo_marketer_id from rm.org_offices`.execute(db)).rows;
    const markets = (await sql<{ id: string; retailer_id: string }>`select id, retailer_id from rm.org_ibo_markets`.execute(db)).rows;
    const managers = (await sql<{ user_id: string; unit_id: string }>`select user_id, unit_id from rm.org_unit_managers where kind = 'manager'`.execute(db)).rows;
    const agents = (await sql<{ id: string; office_id: string }>`select id, office_id from rm.org_users where 2 = any(role_ids) and office_id is not null`.execute(db)).rows;
    org = {
      iboOf: new Map(offices.map((office) => [office.id, office.ibo_marketer_id])),
      retailerOf: new Map(markets.map((market) => [market.id, market.retailer_id])),
      officesOf: new Map(),
      agentOffice: new Map(agents.map((agent) => [agent.id, agent.office_id])),
    };
    for (const manager of managers) org.officesOf.set(manager.user_id, [...(org.officesOf.get(manager.user_id) ?? []), manager.unit_id]);
  }, 300_000);
  afterAll(async () => {
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const everything = { page: 1, results: 1000 };
  const ALL: Scope = { kind: 'all' };

  it('has a year of sales to count, some of them taken back', async () => {
    expect(sales.length).toBeGreaterThan(500);
    const dates = sales.map((sale) => sale.activation_date).sort();
    expect(dates[0]! < '2026-01-01').toBe(true);
    expect(dates.at(-1)! >= '2026-11-20').toBe(true);
    const reversed = await sql<{ n: number }>`select count(*)::int as n from es_events where type = 'ActivationReversed'`.execute(db);
    expect(reversed.rows[0]!.n).toBeGreaterThan(0);
  });

  for (const clock of CLOCKS) {
    it(`counts every period exactly on ${clock.what} (${clock.today})`, async () => {
      const today = businessDate(new Date(clock.instant));
      expect(today).toBe(clock.today);
      const paging = { ...everything, today };

      // Offices, IBOs/markets and agents: each row equals the plain count of its sales.
      const offices = await salesByOffices(db, ALL, {}, paging);
      for (const row of offices.page.data) expect({ office: row.office_id, ...counts(row) }).toEqual({ office: row.office_id, ...plainCounts(sales.filter((sale) => sale.office_id === row.office_id), today) });
      const ibos = await salesByIbos(db, ALL, {}, paging);
      for (const row of ibos.page.data) expect(counts(row)).toEqual(plainCounts(sales.filter((sale) => org.iboOf.get(sale.office_id) === row.ibo_market_id), today));
      const agents = await salesByAgents(db, ALL, {}, paging);
      for (const row of agents.page.data) expect(counts(row)).toEqual(plainCounts(sales.filter((sale) => sale.agent_id === row.agent_id), today));
      // Managers on their own: an office with two managers counts for both.
      const managers = await salesByManagers(db, ALL, {}, paging);
      for (const row of managers.page.data) expect(counts(row)).toEqual(plainCounts(sales.filter((sale) => org.officesOf.get(row.office_manager_id)?.includes(sale.office_id)), today));

      // Sums across levels: agents (and sales the manager's own stock made) to offices, offices to IBOs/markets, IBOs to retailers, retailers to the grand total.
      const plain = plainCounts(sales, today);
      expect(plain.last_30_days).toBeGreaterThan(10);
      expect(plain.WTD).toBeGreaterThan(0);
      for (const office of offices.page.data) {
        const ofAgents = agents.page.data.filter((agent) => org.agentOffice.get(agent.agent_id) === office.office_id);
        const withoutAgent = plainCounts(sales.filter((sale) => sale.office_id === office.office_id && sale.agent_id === null), today);
        expect(sum([...ofAgents.map(counts), withoutAgent])).toEqual(counts(office));
      }
      for (const ibo of ibos.page.data) expect(sum(offices.page.data.filter((office) => org.iboOf.get(office.office_id) === ibo.ibo_market_id).map(counts))).toEqual(counts(ibo));
      const retailers = [...new Set(org.retailerOf.values())];
      const retailerTotals = [];
      for (const retailer of retailers) {
        const scoped = await salesByIbos(db, { kind: 'retailer', retailerIds: [retailer] }, {}, paging);
        expect(sum(ibos.page.data.filter((ibo) => org.retailerOf.get(ibo.ibo_market_id) === retailer).map(counts))).toEqual(scoped.grand_totals);
        retailerTotals.push(scoped.grand_totals);
      }
      expect(sum(retailerTotals)).toEqual(plain);
      expect(offices.grand_totals).toEqual(plain);
      expect(ibos.grand_totals).toEqual(plain);
      // The managers' total counts each sale once, though offices with two managers count on both rows.
      expect(managers.grand_totals).toEqual(plainCounts(sales.filter((sale) => [...org.officesOf.values()].some((units) => units.includes(sale.office_id))), today));

      // The dashboard's cards are the summaries' grand totals for the same scope.
      const cards = (owner: Scope) => activationCount(db, { scope: owner }, today);
      const asRow = (card: Awaited<ReturnType<typeof cards>>) => Object.fromEntries(SALES_PERIODS.map((period) => [SALES_PERIOD_NAMES[period].row, card[SALES_PERIOD_NAMES[period].card]])) as SalesCounts;
      expect(asRow(await cards(ALL))).toEqual(offices.grand_totals);
      const oneIbo = ibos.page.data[0]!.ibo_market_id;
      expect(asRow(await cards({ kind: 'market', iboMarketerIds: [oneIbo] }))).toEqual((await salesByOffices(db, { kind: 'market', iboMarketerIds: [oneIbo] }, {}, paging)).grand_totals);
      const oneOffice = offices.page.data[0]!.office_id;
      const officeScope: Scope = { kind: 'office', officeIds: [oneOffice] };
      const scopedOffices = await salesByOffices(db, officeScope, {}, paging);
      // An office manager sees only their offices.
      expect(scopedOffices.page.data.map((row) => row.office_id)).toEqual([oneOffice]);
      expect(asRow(await cards(officeScope))).toEqual(scopedOffices.grand_totals);

      // Inventory By Offices' "Sold (Last 30 days)" is Sales By Offices' 30 Days, office by office.
      const inventory = await officeSummary(db, ALL, {}, { ...everything, asOf: clock.instant });
      const thirty = new Map(offices.page.data.map((row) => [row.office_id, row.last_30_days]));
      expect(inventory.page.data.map((row) => [row.office_id, row.sold_30_days])).toEqual(inventory.page.data.map((row) => [row.office_id, thirty.get(row.office_id)]));
    }, 60_000);
  }

  it('the Detailed Sales Report pages by a name or the day (walking holders or days) exactly as ORDER BY it, IMEI would, both ways, with a filter too', async () => {
    const range = { start: '2026-10-25', end: '2026-11-23' };
    const names: Record<string, string> = {
      office_name: 'o.name',
      agent_name: "nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')",
      ibo_name: 'i.name',
      allocated_office_name: 'ao.name',
      activation_date: 'a.activation_date',
    };
    const someIbo = [...org.iboOf.values()][0]!;
    for (const [sortBy, name] of Object.entries(names)) {
      for (const sort of ['ASC', 'DESC'] as const) {
        for (const filters of [{}, { ibo_marketer_id: someIbo }]) {
          const expected = await sql<{ imei: string }>`
            select a.imei from rm.sales_activations a
              left join rm.org_offices o on o.id = a.office_id left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
              left join rm.org_offices ao on ao.id = a.allocated_office_id left join rm.org_users u on u.id = a.agent_id
            where a.activation_date between ${range.start}::date and ${range.end}::date
              and (${filters.ibo_marketer_id ?? null}::text is null or o.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
            order by ${sql.raw(name)} ${sql.raw(sort === 'ASC' ? 'asc nulls first' : 'desc nulls last')}, a.imei ${sql.raw(sort)}`.execute(db);
          const choice = detailedSalesChoice(ALL, filters, range);
          for (const page of [1, 2, 7]) {
            const answer = await detailedSalesReport(db, choice, { page, results: 25, sort_by: sortBy, sort });
            expect({ sortBy, sort, page, imeis: answer.data.map((row) => row.imei) }).toEqual({ sortBy, sort, page, imeis: expected.rows.slice((page - 1) * 25, page * 25).map((row) => row.imei) });
            expect(answer.total).toBe(expected.rows.length);
          }
        }
      }
    }
  });

  it('a breakdown file holds exactly the clicked number of sales, for every period and level', async () => {
    const today = '2026-11-23';
    const levels: { holder: Holder; rows: { id: string; counts: SalesCounts }[] }[] = [
      { holder: 'agent', rows: (await salesByAgents(db, ALL, {}, { ...everything, today })).page.data.map((row) => ({ id: row.agent_id, counts: counts(row) })) },
      { holder: 'office', rows: (await salesByOffices(db, ALL, {}, { ...everything, today })).page.data.map((row) => ({ id: row.office_id, counts: counts(row) })) },
      { holder: 'manager', rows: (await salesByManagers(db, ALL, {}, { ...everything, today })).page.data.map((row) => ({ id: row.office_manager_id, counts: counts(row) })) },
      { holder: 'ibo', rows: (await salesByIbos(db, ALL, {}, { ...everything, today })).page.data.map((row) => ({ id: row.ibo_market_id, counts: counts(row) })) },
    ];
    let checked = 0;
    for (const { holder, rows } of levels) {
      for (const row of rows.filter((candidate) => candidate.counts.last_30_days > 0).slice(0, 3)) {
        for (const period of SALES_PERIODS as readonly SalesPeriod[]) {
          let files = 0;
          for await (const page of salePages(db, salesBreakdownChoice(ALL, holder, row.id, salesPeriodRange(period, today)), {})) files += page.length;
          expect({ holder, period, rows: files }).toEqual({ holder, period, rows: row.counts[SALES_PERIOD_NAMES[period].row] });
          checked++;
        }
      }
    }
    expect(checked).toBe(4 * 3 * 5);
  });
});

const counts = (row: SalesCounts): SalesCounts => Object.fromEntries(ROW_KEYS.map((key) => [key, row[key]])) as SalesCounts;
const sum = (rows: readonly SalesCounts[]): SalesCounts => Object.fromEntries(ROW_KEYS.map((key) => [key, rows.reduce((total, row) => total + row[key], 0)])) as SalesCounts;
