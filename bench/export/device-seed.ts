// Imported through the workspace packages' build output (see bench/eventstore/ours.ts).
import { type Database, openDatabase } from '@portal/services/dist/platform/db/database';
import { migrate } from '@portal/services/dist/platform/db/migrations';
import { allMigrations } from '@portal/services/dist/platform/db/all-migrations';
import { PostgresEventStore } from '@portal/services/dist/platform/event-store/postgres-event-store';
import type { StreamAppend } from '@portal/services/dist/platform/event-store/event-store';
import { type CommandContext, systemContext } from '@portal/services/dist/platform/commands/command-context';
import { decideAssignManagers, decideCreateUser, decideUnitCreated } from '@portal/services/dist/admin/org.decider';
import { BulkInventory } from '@portal/services/dist/demo/bulk-inventory';
import { demoDeviceId } from '@portal/services/dist/demo/demo-devices.seed';
import { inventoryProjection, orgProjection } from '@portal/projections';
import { type DeviceTypeCode, ROLE, type RoleId, type ShippedDevice } from '@portal/contracts';
import { sql } from 'kysely';
import { databaseUrl } from '../eventstore/databases';
import { appendAll, commandEvents, databaseExists, decided, project, recreateDatabase, uuidv7 } from './seed';

/**
 * The device lists' data set, in a bench database of its own (the office data set stays as it
 * is): a small organisation (org decider events, as in seed.ts), then `devices` devices through
 * the demo seed's bulk path, `BulkInventory` (services/src/demo/bulk-inventory.ts): the inventory
 * commands' deciders and records, appended in large atomic batches. Then the real runner projects
 * the org and inventory read models the exports read.
 *
 *   1 master agent → 1 distributor → 1 retailer → MARKETS markets → OFFICES offices, each with an
 *   office manager (assigned) and AGENTS_PER_OFFICE agents.
 *   Shipments of 25 cartons × 20 devices (backdated over the last year, oldest first), every other
 *   one to office 1 (the "big office"), the others round the remaining offices; each is accepted
 *   whole by the office manager. By their number in the shipment, cartons 0-3, 10-13 and 20-23
 *   stay in the manager's stock (status 3, 48%), 4-6, 14-16 and 24 are assigned to an agent and
 *   wait for them (4, 28%), 7-9 and 17-19 are assigned and accepted (5, 24%): every device is on
 *   the Reassign list. The big office's assigned cartons all go to ONE agent (the "big agent"),
 *   whose Agent Inventory list is then 26% of the devices (52,000 of 200,000).
 *
 * IMEIs are the demo's (`demoDeviceId`: model codes and spread serials), so the IMEI order the
 * export reads is not the order the rows were written in, as with real shipments.
 */
const MARKETS = 4;
export const OFFICES = 100;
const AGENTS_PER_OFFICE = 8;
const CARTON = 20;
const CARTONS_PER_SHIPMENT = 25;
export const DEVICES_PER_SHIPMENT = CARTON * CARTONS_PER_SHIPMENT;
const BIG_AGENT_EMAIL = 'bench.agent.big@bench.test';
const DAY = 24 * 60 * 60 * 1000;

const STATES = ['TX', 'CA', 'FL', 'NY', 'IL', 'GA', 'AZ', 'OH', 'NC', 'WA'];
const CITIES = ['Austin', 'Dallas', 'Houston', 'El Paso', 'Miami', 'Tampa', 'Atlanta', 'Phoenix', 'Chicago', 'Seattle', 'Buffalo', "Coeur d'Alene"];
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon'];
const LAST = ['Garcia', 'Nguyen', 'Smith', "O'Brien", 'Patel', 'Kim', 'Lopez', 'Brown'];
const MAKES = ['Samsung', 'Motorola', 'Apple', 'TCL'];
const MODELS = ['A15', 'G Play', 'iPhone SE', '30 XE'];

type Fate = 'stock' | 'agent-pending' | 'agent-accepted';
/** A carton's fate by its number within the shipment. */
const fateOf = (carton: number): Fate => (carton % 10 < 4 ? 'stock' : carton % 10 < 7 ? 'agent-pending' : 'agent-accepted');
/** The office (index) of a shipment: every other one to the big office (0). */
const officeOf = (shipment: number) => (shipment % 2 === 0 ? 0 : 1 + (((shipment - 1) / 2) % (OFFICES - 1)));
const deviceTypeOf = (carton: number): DeviceTypeCode => (carton % 10 === 3 ? 'SIM' : carton % 10 === 7 ? 'TABLET' : carton % 2 === 0 ? 'PHONE' : 'FREEPHONE_SMART');

export interface DevicePlan {
  readonly devices: number;
  readonly events: number;
  readonly byStatus: Readonly<Record<3 | 4 | 5, number>>;
  /** Devices of the big agent (status 4 or 5). */
  readonly bigAgentDevices: number;
}

/** What the seed appends for `devices` devices (a multiple of DEVICES_PER_SHIPMENT). */
export function plannedDevices(devices: number): DevicePlan {
  const shipments = devices / DEVICES_PER_SHIPMENT;
  const users = OFFICES * (1 + AGENTS_PER_OFFICE);
  let events = 3 + MARKETS + OFFICES + users + OFFICES; // units, users, office manager assignments
  const byStatus = { 3: 0, 4: 0, 5: 0 };
  let bigAgentDevices = 0;
  for (let shipment = 0; shipment < shipments; shipment++) {
    events += 2 + 2 * DEVICES_PER_SHIPMENT; // ReceiveJobCreated + received; ReceiveJobCartonsAccepted + accepted
    for (let carton = 0; carton < CARTONS_PER_SHIPMENT; carton++) {
      const fate = fateOf(carton);
      if (fate === 'stock') {
        byStatus[3] += CARTON;
        continue;
      }
      events += 1 + CARTON; // AgentJobCreated + assigned
      if (fate === 'agent-accepted') events += 1 + CARTON; // AgentJobAnswered + accepted
      byStatus[fate === 'agent-pending' ? 4 : 5] += CARTON;
      if (officeOf(shipment) === 0) bigAgentDevices += CARTON;
    }
  }
  return { devices, events, byStatus, bigAgentDevices };
}

interface Office {
  readonly id: string;
  readonly managerId: string;
  readonly agentIds: string[];
}

/** The organisation, appended through the event-store port with the org decider's events; answers the offices and the event count. */
async function seedOrganisation(store: PostgresEventStore): Promise<{ offices: Office[]; events: number }> {
  const context = () => systemContext(new Date(), 'bench-seed');
  const appends: StreamAppend[] = [];
  const created = (streamId: string, events: ReturnType<typeof decided>) => appends.push({ streamId, expectedVersion: 'no_stream', events: commandEvents(events, context()) });

  const master = uuidv7();
  created(`master-${master}`, decided(decideUnitCreated('Master agent name', 'Bench Device Master Agency', (name) => ({ type: 'MasterAgentRegistered', data: { master_agent_id: master, name } }) as const)));
  const distributor = uuidv7();
  created(
    `distributor-${distributor}`,
    decided(decideUnitCreated('Distributor name', 'Bench Device Distribution', (name) => ({ type: 'DistributorRegistered', data: { distributor_id: distributor, name, master_agent_id: master } }) as const)),
  );
  const retailer = uuidv7();
  created(`retailer-${retailer}`, decided(decideUnitCreated('Retailer name', 'Bench Device Mobile', (name) => ({ type: 'RetailerRegistered', data: { retailer_id: retailer, name, distributor_id: distributor } }) as const)));
  const markets = Array.from({ length: MARKETS }, (_, index) => {
    const market = uuidv7();
    created(
      `market-${market}`,
      decided(decideUnitCreated('IBO/Market name', `${CITIES[index % CITIES.length]} Market ${index + 1}`, (name) => ({ type: 'IboMarketCreated', data: { ibo_marketer_id: market, name, retailer_id: retailer } }) as const)),
    );
    return market;
  });
  // Units first: the users' events name their offices.
  await appendAll(store, appends.splice(0));

  const officeIds = Array.from({ length: OFFICES }, (_, index) => {
    const office = uuidv7();
    const city = CITIES[index % CITIES.length]!;
    const state = STATES[index % STATES.length]!;
    // Some names hold a comma or an apostrophe: quoted CSV fields.
    const data = { name: index % 10 === 0 ? `${city}, ${state} Office ${index + 1}` : `${city} Office ${index + 1}`, office_number: `DV${String(index + 1).padStart(4, '0')}`, state_short_name: state, ibo_marketer_id: markets[index % MARKETS]! };
    created(`office-${office}`, decided(decideUnitCreated('Office name', data.name, (name) => ({ type: 'OfficeCreated', data: { ...data, office_id: office, name } }) as const)));
    return office;
  });
  await appendAll(store, appends.splice(0));

  let userIndex = 0;
  const user = (roles: RoleId[], officeIndex: number, email?: string) => {
    const id = uuidv7();
    const index = userIndex++;
    const events = decided(
      decideCreateUser(
        {
          user_id: id,
          profile: { email: email ?? `bench.${roles.join('-')}.${index}@bench.test`, first_name: FIRST[index % FIRST.length]!, last_name: LAST[(index * 7) % LAST.length]!, retailer_id: retailer, office_id: officeIds[officeIndex]!, ibo_marketer_id: markets[officeIndex % MARKETS]! },
          role_ids: roles,
        },
        { officeExists: true },
      ),
    );
    created(`user-${id}`, events);
    return id;
  };
  const offices: Office[] = officeIds.map((id, index) => ({
    id,
    managerId: user([ROLE.OFFICE_MANAGER], index),
    agentIds: Array.from({ length: AGENTS_PER_OFFICE }, (_, agent) => user([ROLE.AGENT], index, index === 0 && agent === 0 ? BIG_AGENT_EMAIL : undefined)),
  }));
  await appendAll(store, appends.splice(0));

  const assignments: StreamAppend[] = offices.map((office) => ({
    streamId: `office-${office.id}`,
    expectedVersion: 1,
    events: commandEvents(decided(decideAssignManagers({ kind: 'office', office_id: office.id }, [office.managerId], [], { unknownUsers: [] })), context()),
  }));
  await appendAll(store, assignments);
  return { offices, events: 3 + MARKETS + OFFICES + userIndex + assignments.length };
}

/** The devices through BulkInventory: receive, accept, assign, agent answer, as the commands decide them. */
async function seedDevices(store: PostgresEventStore, offices: readonly Office[], devices: number): Promise<void> {
  const inventory = new BulkInventory(store);
  const now = Date.now();
  const shipments = devices / DEVICES_PER_SHIPMENT;
  const ALL = { kind: 'all' } as const;
  const at = (daysAgo: number, hour: number, actor?: { user_id: string; roles: RoleId[] }): CommandContext => {
    const when = new Date(now - Math.max(0, daysAgo) * DAY);
    when.setUTCHours(hour + 6, 0, 0, 0);
    const context = systemContext(when.getTime() > now ? new Date(now) : when, 'bench-seed');
    return actor ? { ...context, actor } : context;
  };
  let serial = 0;
  let agentTurn = 0;
  for (let shipment = 0; shipment < shipments; shipment++) {
    const officeIndex = officeOf(shipment);
    const office = offices[officeIndex]!;
    // Over the last year, oldest first, more of them lately: every aging band fills.
    const sinceStart = 1 - shipment / shipments;
    const daysAgo = Math.round(365 * sinceStart * sinceStart);
    const cartons = Array.from({ length: CARTONS_PER_SHIPMENT }, (_, carton) => {
      const deviceType = deviceTypeOf(carton);
      const number = `CT${String(shipment).padStart(5, '0')}${String(carton).padStart(2, '0')}`;
      const items = Array.from({ length: CARTON }, (): ShippedDevice => {
        serial++;
        return {
          imei: demoDeviceId(serial, deviceType),
          esn: null,
          make: deviceType === 'SIM' ? 'Carrier' : MAKES[serial % MAKES.length]!,
          model: deviceType === 'SIM' ? 'Nano SIM' : MODELS[serial % MODELS.length]!,
          device_type: deviceType,
          pallet: `PL${String(Math.floor(shipment / 4)).padStart(4, '0')}`,
          carton_number: number,
          enroll_id: null,
          enroll_type: null,
          etc_code: null,
        };
      });
      return { number, fate: fateOf(carton), devices: items };
    });
    const received = await inventory.receiveShipment(
      { office_id: office.id, source: 1, order_id: `PO-${100000 + shipment}`, order_date: null, devices: cartons.flatMap((carton) => carton.devices) },
      at(daysAgo, 9),
    );
    const manager = { user_id: office.managerId, roles: [ROLE.OFFICE_MANAGER] as RoleId[] };
    await inventory.answerCartons({ job_id: received.id!, carton_numbers: cartons.map((carton) => carton.number), status: 1 }, ALL, at(daysAgo, 11, manager));
    for (const carton of cartons) {
      if (carton.fate === 'stock') continue;
      const agentId = officeIndex === 0 ? office.agentIds[0]! : office.agentIds[agentTurn++ % AGENTS_PER_OFFICE]!;
      const imeis = carton.devices.map((device) => device.imei);
      const job = await inventory.assign({ office_id: office.id, agent_id: agentId, imeis }, ALL, at(daysAgo - 1, 13, manager));
      if (carton.fate === 'agent-accepted') {
        await inventory.answerAgentJob({ agent_id: agentId, agent_job_id: job.id!, accepted: imeis, returned: [] }, at(daysAgo - 2, 14, { user_id: agentId, roles: [ROLE.AGENT] }));
      }
    }
  }
  await inventory.flush();
}

async function countEvents(database: Database): Promise<{ received: number; total: number }> {
  const { rows } = await sql<{ received: string; total: string }>`
    select count(*) filter (where type = 'DeviceReceived')::text as received, count(*)::text as total from es_events`.execute(database.db);
  return { received: Number(rows[0]!.received), total: Number(rows[0]!.total) };
}

export interface PreparedDevices {
  readonly url: string;
  readonly database: string;
  readonly plan: DevicePlan;
  readonly reused: boolean;
  readonly seedSeconds: number;
  readonly projectSeconds: number;
  /** Events the projections applied in this run (0 when caught up already). */
  readonly projected: number;
  readonly bigAgentId: string;
}

/**
 * Makes sure `name` holds the seeded devices and caught-up org and inventory read models: reuses
 * the database when its events match the plan, otherwise recreates and seeds it. Then checks the
 * read model against the plan (devices by status, the big agent's devices).
 */
export async function prepareDevices(name: string, devices: number, options: { reseed: boolean; log: (message: string) => void }): Promise<PreparedDevices> {
  const url = databaseUrl(name);
  const plan = plannedDevices(devices);
  let reused = false;
  if (!options.reseed && (await databaseExists(name))) {
    const probe = await openDatabase({ url, poolSize: 2, applicationName: 'bench-export-seed' });
    try {
      await migrate(probe.db, allMigrations);
      const found = await countEvents(probe);
      reused = found.received === devices && found.total === plan.events;
      if (!reused) options.log(`database ${name} holds ${found.total} events (${found.received} devices received), not the ${plan.events} planned: seeding it again`);
    } finally {
      await probe.close();
    }
  }
  if (!reused) await recreateDatabase(name);

  const database = await openDatabase({ url, poolSize: 8, applicationName: 'bench-export-seed' });
  try {
    await migrate(database.db, allMigrations);
    const store = new PostgresEventStore(database);
    let seedSeconds = 0;
    if (reused) {
      options.log(`database ${name} reused: it already holds the ${plan.events.toLocaleString('en-US')} events of ${devices.toLocaleString('en-US')} devices`);
    } else {
      options.log(`seeding ${plan.events.toLocaleString('en-US')} events (${OFFICES} offices, ${devices.toLocaleString('en-US')} devices through BulkInventory) into ${name}...`);
      const started = performance.now();
      const org = await seedOrganisation(store);
      await seedDevices(store, org.offices, devices);
      seedSeconds = (performance.now() - started) / 1000;
      const found = await countEvents(database);
      if (found.total !== plan.events || found.received !== devices) throw new Error(`seeded ${found.total} events (${found.received} devices), planned ${plan.events} (${devices})`);
      await sql`vacuum (analyze) es_events`.execute(database.db);
      await sql`vacuum (analyze) es_streams`.execute(database.db);
      options.log(`seeded in ${seedSeconds.toFixed(1)} s (${Math.round(plan.events / seedSeconds).toLocaleString('en-US')} events/s, then VACUUM ANALYZE)`);
    }

    const projected = await project(database, store, [inventoryProjection, orgProjection], options.log);
    const bigAgentId = (await sql<{ id: string }>`select id from rm.org_users where email = ${BIG_AGENT_EMAIL}`.execute(database.db)).rows[0]?.id;
    if (!bigAgentId) throw new Error(`rm.org_users has no ${BIG_AGENT_EMAIL}`);
    const { rows } = await sql<{ status: number; devices: number; big_agent: number }>`
      select status, count(*)::int as devices, count(*) filter (where agent_id = ${bigAgentId})::int as big_agent from rm.inventory_devices group by status order by status`.execute(database.db);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.devices]));
    const bigAgent = rows.reduce((sum, row) => sum + row.big_agent, 0);
    const expected = { ...plan.byStatus };
    if (JSON.stringify(byStatus) !== JSON.stringify(expected) || bigAgent !== plan.bigAgentDevices) {
      throw new Error(`rm.inventory_devices holds ${JSON.stringify(byStatus)} by status (${bigAgent} with the big agent), expected ${JSON.stringify(expected)} (${plan.bigAgentDevices})`);
    }
    return { url, database: name, plan, reused, seedSeconds, projectSeconds: projected.seconds, projected: projected.events, bigAgentId };
  } finally {
    await database.close();
  }
}
