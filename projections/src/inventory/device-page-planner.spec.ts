import { randomBytes } from 'node:crypto';
import { DETAILED_REPORT_SORT_KEYS, type DeviceEvent, ESTIMATE_ABOVE, type InventoryEvent, LEGACY_SORT_KEYS, type OrgEvent, type Position, type RecordedEvent, START, comparePositions } from '@portal/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client, Pool } from 'pg';
import { orgProjection } from '../admin/org.projection';
import type { Scope } from '../admin/org.queries';
import { projectionRunnerMigrations } from '../runner/checkpoints';
import { chooseGeneration, followGeneration } from '../runner/projection-runner';
import type { EventFeed, ProjectionDatabase, SqlDb } from '../runner/ports';
import { type PageStrategy, pageAndTotal, pageImeis, sortedImeiPages, strategyFor } from './device-page-planner';
import { type DeviceSelection, detailedConditions } from './device-report-filters';
import { inventoryProjection } from './inventory.projection';
import { legacyConditions } from './legacy-query';

/**
 * The page planner's two strategies choose the same page (DESIGN.md §5): `filters-first` (the
 * filters' indexes, then a sort) and `sort-order` (walk the sort's index, or the holders grouped
 * by name) for every sort key both ways, across the boundaries between offices, agents, order
 * dates and the null group. The read models are built by the real org and inventory projections
 * from events, in a database of their own on the test PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `portal_test_${process.env.PORTAL_TEST_RUN ?? 'local'}_planner_${randomBytes(3).toString('hex')}`;
const urlOf = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const withServer = async (work: (client: Client) => Promise<void>) => {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
};

/** The feed the projections read: events appended in order, one transaction each. */
class EventList implements EventFeed {
  private readonly events: RecordedEvent[] = [];
  private readonly versions = new Map<string, number>();

  add(streamId: string, event: OrgEvent | InventoryEvent, occurredAt: Date, userId = 'seed'): void {
    const streamPosition = (this.versions.get(streamId) ?? 0) + 1;
    this.versions.set(streamId, streamPosition);
    const position = { transactionId: this.events.length + 1, globalPosition: this.events.length + 1 };
    const metadata = { user_id: userId, roles: [], command_id: 'c', correlation_id: 'c', occurred_at: occurredAt.toISOString() };
    this.events.push({ position, streamId, streamPosition, eventId: `e${position.globalPosition}`, type: event.type, schemaVersion: 1, data: event.data, metadata, recordedAt: occurredAt });
  }

  async readAll(options: { after: Position; maxCount: number }): Promise<RecordedEvent[]> {
    return this.events.filter((event) => comparePositions(event.position, options.after) > 0).slice(0, options.maxCount);
  }

  async head(): Promise<Position> {
    return this.events.at(-1)?.position ?? START;
  }
}

const DAY = 86_400_000;
const base = Date.parse('2026-09-01T15:00:00Z');
const at = (day: number) => new Date(base + day * DAY);

/** A small business: two retailers, three markets, four offices (two named alike), agents with and without last names, devices in every status. */
function business(feed: EventList): { offices: Record<'dallas' | 'austin' | 'houston' | 'tulsa', string> } {
  const org = (streamId: string, event: OrgEvent) => feed.add(streamId, event, at(0));
  org('master-m', { type: 'MasterAgentRegistered', data: { master_agent_id: 'm', name: 'Master' } });
  org('distributor-d', { type: 'DistributorRegistered', data: { distributor_id: 'd', name: 'Distributor', master_agent_id: 'm' } });
  for (const [id, name] of [['ra', 'Alpha Mobile'], ['rb', 'Beta Wireless']]) org(`retailer-${id}`, { type: 'RetailerRegistered', data: { retailer_id: id!, name: name!, distributor_id: 'd' } });
  for (const [id, name, retailer] of [['north', 'North', 'ra'], ['south', 'South', 'ra'], ['east', 'East', 'rb']]) {
    org(`market-${id}`, { type: 'IboMarketCreated', data: { ibo_marketer_id: id!, name: name!, retailer_id: retailer! } });
  }
  const offices = { dallas: 'o-dallas', austin: 'o-austin', houston: 'o-houston', tulsa: 'o-tulsa' };
  for (const [id, name, market, number] of [[offices.dallas, 'Dallas', 'north', '101'], [offices.austin, 'Austin', 'north', '102'], [offices.houston, 'Houston', 'south', '201'], [offices.tulsa, 'Dallas', 'east', '301']]) {
    org(`office-${id}`, { type: 'OfficeCreated', data: { office_id: id!, name: name!, office_number: number!, state_short_name: 'TX', ibo_marketer_id: market! } });
    org(`user-mgr-${id}`, { type: 'UserCreated', data: { user_id: `mgr-${id}`, email: `mgr-${id}@x.test`, first_name: 'Mia', last_name: `Manager ${name}`, office_id: id!, role_ids: [3] } });
    org(`office-${id}`, { type: 'OfficeManagersAssigned', data: { office_id: id!, manager_ids: [`mgr-${id}`], supervisor_ids: [] } });
    for (const [n, first, last] of [[1, 'Ann', 'Agent'], [2, 'Zed', ''], [3, 'Ann', 'Agent']]) {
      org(`user-a${n}-${id}`, { type: 'UserCreated', data: { user_id: `a${n}-${id}`, email: `a${n}-${id}@x.test`, first_name: first as string, last_name: last as string, office_id: id!, role_ids: [2] } });
    }
  }

  let serial = 0;
  const imei = () => `35693803${String(++serial).padStart(7, '0')}`;
  const types = ['PHONE', 'SIM', 'TABLET'] as const;
  for (const [jobIndex, office] of [offices.dallas, offices.austin, offices.houston, offices.tulsa, offices.dallas, offices.houston].entries()) {
    const job = `job-${jobIndex}`;
    const day = jobIndex * 9;
    const cartons = [0, 1, 2].map((carton) => ({ number: `C${jobIndex}${carton}`, imeis: Array.from({ length: 4 }, imei) }));
    feed.add(`receive-job-${job}`, {
      type: 'ReceiveJobCreated',
      data: { job_id: job, office_id: office, source: 1, order_id: jobIndex % 3 === 0 ? null : `PO-${jobIndex % 2}`, order_date: jobIndex % 3 === 0 ? null : `2026-08-0${1 + (jobIndex % 2)}`, from_office_id: null, cartons: [], total_device_count: 12 },
    }, at(day));
    for (const [cartonIndex, carton] of cartons.entries()) {
      for (const [index, id] of carton.imeis.entries()) {
        const device = (event: DeviceEvent, when: number, user?: string) => feed.add(`device-${id}`, event, at(day + when), user);
        const kind = types[(index + cartonIndex) % 3]!;
        device({
          type: 'DeviceReceived',
          data: {
            imei: id, esn: index % 2 ? `ESN${index}` : null, make: index % 3 ? 'Acme' : null, model: index % 2 ? 'A1' : 'B2', device_type: kind,
            pallet: cartonIndex === 1 ? 'PAL-9' : `PAL-${jobIndex}`, carton_number: carton.number, enroll_id: index === 1 ? `EN${jobIndex}` : null, enroll_type: null,
            etc_code: index === 2 ? 'ETC' : null, job_id: job, office_id: office, source: 1, order_id: jobIndex % 3 === 0 ? null : `PO-${jobIndex % 2}`,
          },
        }, 0);
        // Carton 0 waits for the manager (9); the others are accepted (3), then moved on by their position.
        if (cartonIndex === 0) continue;
        device({ type: 'DeviceAcceptedByManager', data: { imei: id, job_id: job, office_id: office } }, 1, `mgr-${office}`);
        const agent = `a${1 + ((index + jobIndex) % 3)}-${office}`;
        if (index === 0) continue;
        if (index === 1 && cartonIndex === 2) {
          const other = office === offices.dallas ? offices.austin : offices.dallas;
          // An office transfer's receive job comes in the same append (no order date).
          feed.add(`receive-job-moved-${jobIndex}`, {
            type: 'ReceiveJobCreated',
            data: { job_id: `moved-${jobIndex}`, office_id: other, source: 3, order_id: null, order_date: null, from_office_id: office, cartons: [], total_device_count: 1 },
          }, at(day + 2));
          device({ type: 'DeviceSentToOffice', data: { imei: id, from_office_id: office, office_id: other, job_id: `moved-${jobIndex}`, agent_id: null, agent_job_id: null, manager_id: `mgr-${office}` } }, 2);
          continue;
        }
        device({ type: 'DeviceAssigned', data: { imei: id, office_id: office, agent_id: agent, agent_job_id: `aj-${jobIndex}`, manager_id: `mgr-${office}`, previous_agent_id: null } }, 2);
        if (index === 2) continue;
        device({ type: 'DeviceAcceptedByAgent', data: { imei: id, office_id: office, agent_id: agent, agent_job_id: `aj-${jobIndex}` } }, 3);
        if (cartonIndex === 2) {
          device({
            type: 'DeviceActivated',
            data: { imei: id, activation_date: at(day + 4).toISOString().slice(0, 10), order_id: null, plan_name: jobIndex % 2 ? 'Unlimited' : null, subscriber_state: null, subscriber_zip: null, previous_status: 5, was_in_stock: true, office_id: office, agent_id: agent },
          }, 4);
        }
      }
    }
  }
  return { offices };
}

describe('the device page planner', () => {
  let pool: Pool;
  let db: SqlDb;
  const feed = new EventList();
  const { offices } = business(feed);

  beforeAll(async () => {
    await withServer(async (client) => {
      await client.query(`create database ${databaseName}`);
      await client.query(`comment on database ${databaseName} is 'portal-test ${Date.now()}'`);
    });
    pool = new Pool({ connectionString: urlOf(databaseName), max: 2 });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    for (const migration of projectionRunnerMigrations) await migration.up(db);
    const store: ProjectionDatabase = { db, tryLock: async () => ({ release: async () => undefined }), listen: async () => async () => undefined };
    for (const projection of [orgProjection, inventoryProjection]) {
      const generation = await chooseGeneration(db, projection);
      await followGeneration(store, feed, projection, generation.generation, { batchSize: 500, stopWhenLive: true });
    }
    await sql`analyze`.execute(db);
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await withServer(async (client) => void (await client.query(`drop database if exists ${databaseName} with (force)`)));
  });

  it('built a business with every status and a moved device', async () => {
    const rows = await sql<{ status: number; n: number }>`select status, count(*)::int as n from rm.inventory_devices group by status order by status`.execute(db);
    expect(rows.rows.map((row) => row.status)).toEqual([3, 4, 5, 8, 9]);
    const moved = await sql<{ n: number }>`select count(*)::int as n from rm.inventory_devices where office_id <> allocated_office_id`.execute(db);
    expect(moved.rows[0]!.n).toBeGreaterThan(0);
  });

  it('chooses the same pages whether the filters or the sort order lead: every sort both ways, the name walks across their groups', async () => {
    const scopes: Scope[] = [{ kind: 'all' }, { kind: 'office', officeIds: [offices.dallas] }, { kind: 'retailer', retailerIds: ['ra'] }];
    const sortKeys = [...new Set<string>([...DETAILED_REPORT_SORT_KEYS, ...LEGACY_SORT_KEYS])];
    const unset = { keyword: undefined, ibo_marketer_id: undefined, rma_order_id: undefined };
    let compared = 0;
    for (const scope of scopes) {
      const selections: DeviceSelection[] = [
        { scope, counted: {}, where: detailedConditions(scope, unset) },
        { scope, counted: { device_type: 'PHONE' }, where: detailedConditions(scope, { ...unset, device_type: 'PHONE' }) },
        { scope, counted: { status: [3, 4, 5] }, where: detailedConditions(scope, { ...unset, status: [3, 4, 5] }) },
        { scope, counted: { status: [9] }, where: detailedConditions(scope, { ...unset, status: [9] }) },
        { scope, counted: {}, where: legacyConditions(scope, {}, { combinator: 'or', rules: [{ field: 'carton', operator: '=', values: ['C10'] }, { field: 'pallet', operator: '=', values: ['PAL-9'] }] }) },
      ];
      for (const selection of selections) {
        for (const sort_by of sortKeys) {
          for (const sort of ['ASC', 'DESC'] as const) {
            // Pages of 3 cross from one office, agent, name or order date to the next.
            for (let page = 1; page <= 7; page++) {
              const chosen = (strategy: PageStrategy) => pageImeis(db, selection, { sort_by, sort }, page, 3, strategy);
              const [byFilters, bySortOrder] = [await chosen('filters-first'), await chosen('sort-order')];
              expect({ sort_by, sort, page, imeis: bySortOrder }).toEqual({ sort_by, sort, page, imeis: byFilters });
              compared += byFilters.length;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 120_000);

  it('walks every chosen device in exactly the order the screen pages show them, for every sort both ways (what an export writes)', async () => {
    const scopes: Scope[] = [{ kind: 'all' }, { kind: 'office', officeIds: [offices.dallas] }];
    const sortKeys = [undefined, ...new Set<string>([...DETAILED_REPORT_SORT_KEYS, ...LEGACY_SORT_KEYS])];
    const unset = { keyword: undefined, ibo_marketer_id: undefined, rma_order_id: undefined };
    let compared = 0;
    for (const scope of scopes) {
      const selections: DeviceSelection[] = [
        { scope, counted: {}, where: detailedConditions(scope, unset) },
        { scope, counted: { status: [3, 4, 5] }, where: detailedConditions(scope, { ...unset, status: [3, 4, 5] }) },
      ];
      for (const selection of selections) {
        const all = await sql<{ n: number }>`select count(*)::int as n from rm.inventory_devices d where ${selection.where}`.execute(db);
        for (const sort_by of sortKeys) {
          for (const sort of ['ASC', 'DESC'] as const) {
            const screen = await pageImeis(db, selection, { sort_by, sort }, 1, 1000, 'filters-first');
            // Keyset pages of 4 cross every boundary between values, nulls and holder groups.
            const walked: string[] = [];
            for await (const page of sortedImeiPages(db, selection, { sort_by, sort }, 4)) walked.push(...page);
            expect({ sort_by, sort, imeis: walked }).toEqual({ sort_by, sort, imeis: screen });
            expect(walked).toHaveLength(all.rows[0]!.n);
            compared += walked.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  }, 120_000);

  it('counts matches exactly up to ESTIMATE_ABOVE and says a larger total is an estimate (issue 26)', async () => {
    // More devices than the limit, copies of a received one with IMEIs of their own (read-model rows
    // only: this is about counting them; the counters are not involved with a keyword filter).
    const template = (await sql<{ imei: string }>`select imei from rm.inventory_devices order by imei limit 1`.execute(db)).rows[0]!.imei;
    const live = (await sql<{ generation: number }>`select generation from projection_checkpoints where projection = 'inventory' and status = 'live'`.execute(db)).rows[0]!.generation;
    const table = sql.id(`p_inventory_${live}`, 'inventory_devices');
    const extra = ESTIMATE_ABOVE + 500;
    await sql`
      insert into ${table} select (r).* from (
        select jsonb_populate_record(d, jsonb_build_object('imei', '77' || lpad(n::text, 13, '0'))) as r
        from ${table} d, generate_series(1, ${extra}) n where d.imei = ${template}) x`.execute(db);
    await sql`analyze ${table}`.execute(db);
    try {
      const scope: Scope = { kind: 'all' };
      const unset = { ibo_marketer_id: undefined, rma_order_id: undefined };
      const answer = (keyword: string) =>
        pageAndTotal(db, { scope, counted: {}, where: detailedConditions(scope, { ...unset, keyword }) }, { page: 1, results: 10 }, false);
      // '77' and nine zeros begin the IMEIs of copies 1 to 9,999: fewer than the limit, counted exactly.
      const below = await answer('77000000000');
      expect(below).toMatchObject({ total: 9_999 });
      expect(below.estimated).toBeUndefined();
      expect(below.imeis).toHaveLength(10);
      const above = await answer('7700');
      expect(above.estimated).toBe(true);
      expect(above.total).toBeGreaterThan(ESTIMATE_ABOVE);
      expect(above.imeis).toHaveLength(10);
    } finally {
      await sql`delete from ${table} where imei like '77%'`.execute(db);
    }
  }, 60_000);

  it('lets the filters lead when few match, or when the sort would walk past more devices than match before the first (issue 26)', () => {
    expect(strategyFor(ESTIMATE_ABOVE - 1)).toBe('filters-first');
    expect(strategyFor(27_000)).toBe('sort-order');
    // 27,000 PHONEs activated lately, spread over the models: the first comes after a few hundred devices.
    expect(strategyFor(27_000, 4_300)).toBe('sort-order');
    // The same sorted by model (measured at a million: the first lies past 210,000 devices).
    expect(strategyFor(27_000, 210_000)).toBe('filters-first');
    expect(strategyFor(400_000, 210_000)).toBe('sort-order');
  });

  it('finds exactly the devices whose IMEI contains a part, short or long', async () => {
    const template = (await sql<{ imei: string }>`select imei from rm.inventory_devices order by imei limit 1`.execute(db)).rows[0]!.imei;
    const live = (await sql<{ generation: number }>`select generation from projection_checkpoints where projection = 'inventory' and status = 'live'`.execute(db)).rows[0]!.generation;
    const table = sql.id(`p_inventory_${live}`, 'inventory_devices');
    // 123459234560000 holds both 5-character runs of '123456' (12345, 23456) but not the part itself.
    const crafted = ['123459234560000', '991234560000001', '881234500000002'];
    await sql`
      insert into ${table} select (r).* from (
        select jsonb_populate_record(d, jsonb_build_object('imei', c)) as r
        from ${table} d, unnest(${crafted}::text[]) c where d.imei = ${template}) x`.execute(db);
    await sql`analyze ${table}`.execute(db);
    try {
      const all = (await sql<{ imei: string }>`select imei from rm.inventory_devices`.execute(db)).rows.map((row) => row.imei);
      const scope: Scope = { kind: 'all' };
      const unset = { keyword: undefined, ibo_marketer_id: undefined, rma_order_id: undefined };
      const parts = ['123456', '12345', '2345', '1234500000', '9923', '234560000', template.slice(3, 11), template.slice(-7), template, '%', '5_'];
      for (const part of parts) {
        const found = await pageAndTotal(db, { scope, counted: {}, where: detailedConditions(scope, { ...unset, imei: part }) }, { page: 1, results: 100 }, false);
        const expected = all.filter((imei) => imei.includes(part));
        expect({ part, total: found.total, pageIsMatches: found.imeis.every((imei) => expected.includes(imei)), page: found.imeis.length }).toEqual({
          part, total: expected.length, pageIsMatches: true, page: Math.min(100, expected.length),
        });
      }
    } finally {
      await sql`delete from ${table} where imei = any(${crafted}::text[])`.execute(db);
    }
  }, 60_000);
});
