// Imported through the workspace packages' build output (see bench/eventstore/ours.ts).
import { type Database, openDatabase } from '@portal/services/dist/platform/db/database';
import { migrate } from '@portal/services/dist/platform/db/migrations';
import { allMigrations } from '@portal/services/dist/platform/db/all-migrations';
import { PostgresEventStore } from '@portal/services/dist/platform/event-store/postgres-event-store';
import type { NewEvent, StreamAppend } from '@portal/services/dist/platform/event-store/event-store';
import { eventMetadata, systemContext } from '@portal/services/dist/platform/commands/command-context';
import { DomainError } from '@portal/services/dist/platform/commands/command-errors';
import { decideAssignManagers, decideCreateUser, decideUnitCreated } from '@portal/services/dist/admin/org.decider';
import { type Projection, ProjectionRunner, listGenerations, orgProjection, schemaFor, waitForProjections } from '@portal/projections';
import { type OrgEvent, ROLE, type RoleId } from '@portal/contracts';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { databaseUrl, withServer } from '../eventstore/databases';

/**
 * The export bench's data set: a real organisation history, appended through the event-store
 * port with the events the org commands would write (same decider, same stream names, same
 * metadata), then projected by the real runner into the org read model the export reads.
 *
 *   1 master agent → 1 distributor → 1 retailer → MARKETS IBO/markets → `offices` offices,
 *   one IBO manager per market, a pool of office managers and add-on managers (supervisors),
 *   a manager on every 4th office and an add-on manager on every 8th.
 */
export const MARKETS = 8;
const OFFICE_MANAGERS = 200;
const OFFICE_SUPERVISORS = 100;
const MANAGED_EVERY = 4;
const SUPERVISED_EVERY = 8;
/** Streams per atomic append, and appends in flight, while seeding. */
const STREAMS_PER_APPEND = 1000;
const APPENDERS = 4;

const STATES = ['TX', 'CA', 'FL', 'NY', 'IL', 'GA', 'AZ', 'OH', 'NC', 'WA'];
const CITIES = ['Austin', 'Dallas', 'Houston', 'El Paso', 'Miami', 'Tampa', 'Atlanta', 'Phoenix', 'Chicago', 'Seattle', 'Buffalo', "Coeur d'Alene"];
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eva', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon'];
const LAST = ['Garcia', 'Nguyen', 'Smith', "O'Brien", 'Patel', 'Kim', 'Lopez', 'Brown'];

/** Events the plan appends for `offices` offices: what a complete seed holds. */
export function plannedEvents(offices: number): { offices: number; total: number } {
  const units = 3 + MARKETS; // master agent, distributor, retailer, markets
  const users = MARKETS + OFFICE_MANAGERS + OFFICE_SUPERVISORS;
  const assignments = MARKETS + Math.ceil(offices / MANAGED_EVERY);
  return { offices, total: units + users + assignments + offices };
}

/** A time-ordered (version 7) uuid, as the commands give new entities (uuid's v7). */
export function uuidv7(): string {
  const bytes = randomBytes(16);
  const ms = Date.now();
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The events a decider answered, or its refusal thrown (the bench's data must be valid). */
export function decided(events: readonly OrgEvent[] | DomainError): OrgEvent[] {
  if (events instanceof DomainError) throw new Error(`the org decider refused the bench's data: ${events.message}`);
  return [...events];
}

/** Stamps each event with the metadata a command of this context writes (one command id per command). */
export function commandEvents(events: OrgEvent[], context: ReturnType<typeof systemContext>): NewEvent[] {
  const metadata = eventMetadata(context);
  return events.map((event) => ({ ...event, metadata }));
}

/** Appends in groups of STREAMS_PER_APPEND streams, APPENDERS appends in flight. */
export async function appendAll(store: PostgresEventStore, appends: readonly StreamAppend[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: APPENDERS }, async () => {
      for (;;) {
        const start = next;
        next += STREAMS_PER_APPEND;
        if (start >= appends.length) return;
        await store.append(appends.slice(start, start + STREAMS_PER_APPEND));
      }
    }),
  );
}

/** Appends the whole organisation; answers the number of events appended. */
async function seedOrganisation(store: PostgresEventStore, offices: number): Promise<number> {
  const context = () => systemContext(new Date(), 'bench-seed');
  let appended = 0;
  const created = async (streamId: string, events: OrgEvent[]) => {
    await store.append([{ streamId, expectedVersion: 'no_stream', events: commandEvents(events, context()) }]);
    appended += events.length;
  };

  const master = uuidv7();
  await created(`master-${master}`, decided(decideUnitCreated('Master agent name', 'Bench Master Agency', (name) => ({ type: 'MasterAgentRegistered', data: { master_agent_id: master, name } }) as const)));
  const distributor = uuidv7();
  await created(
    `distributor-${distributor}`,
    decided(decideUnitCreated('Distributor name', 'Bench Wireless Distribution', (name) => ({ type: 'DistributorRegistered', data: { distributor_id: distributor, name, master_agent_id: master } }) as const)),
  );
  const retailer = uuidv7();
  await created(
    `retailer-${retailer}`,
    decided(decideUnitCreated('Retailer name', 'Bench Mobile', (name) => ({ type: 'RetailerRegistered', data: { retailer_id: retailer, name, distributor_id: distributor } }) as const)),
  );
  const markets: string[] = [];
  for (let index = 0; index < MARKETS; index++) {
    const market = uuidv7();
    markets.push(market);
    await created(
      `market-${market}`,
      decided(decideUnitCreated('IBO/Market name', `${CITIES[index % CITIES.length]} Market ${index + 1}`, (name) => ({ type: 'IboMarketCreated', data: { ibo_marketer_id: market, name, retailer_id: retailer } }) as const)),
    );
  }

  // The offices: one new stream each, as createOffice appends them. Names are valid office
  // names; some hold a comma or an apostrophe, so the CSV quotes them. None holds a newline.
  const officeIds: string[] = [];
  const officeAppends: StreamAppend[] = [];
  for (let index = 0; index < offices; index++) {
    const office = uuidv7();
    officeIds.push(office);
    const market = markets[index % MARKETS]!;
    const city = CITIES[index % CITIES.length]!;
    const state = STATES[index % STATES.length]!;
    const raw = index % 10 === 0 ? `${city}, ${state} Office ${index + 1}` : `${city} Office ${index + 1}`;
    const data = { name: raw, office_number: `OF${String(index + 1).padStart(6, '0')}`, state_short_name: state, ibo_marketer_id: market };
    const events = decided(decideUnitCreated('Office name', data.name, (name) => ({ type: 'OfficeCreated', data: { ...data, office_id: office, name } }) as const));
    officeAppends.push({ streamId: `office-${office}`, expectedVersion: 'no_stream', events: commandEvents(events, context()) });
  }
  await appendAll(store, officeAppends);
  appended += offices;

  // The people: an IBO manager per market, a pool of office managers and supervisors (createUser;
  // the bench needs no credentials, which the command writes beside the event).
  const userAppends: StreamAppend[] = [];
  const user = (roles: RoleId[], index: number, profile: { office_id?: string; ibo_marketer_id?: string }) => {
    const id = uuidv7();
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[(index * 7) % LAST.length]!;
    const events = decided(
      decideCreateUser(
        { user_id: id, profile: { email: `bench.${roles.join('-')}.${index}@bench.test`, first_name: first, last_name: last, retailer_id: retailer, ...profile }, role_ids: roles },
        { officeExists: profile.office_id === undefined ? undefined : true },
      ),
    );
    userAppends.push({ streamId: `user-${id}`, expectedVersion: 'no_stream', events: commandEvents(events, context()) });
    return id;
  };
  const iboManagers = markets.map((market, index) => user([ROLE.IBO_MANAGER], index, { ibo_marketer_id: market }));
  const managers = Array.from({ length: OFFICE_MANAGERS }, (_, index) =>
    user([ROLE.OFFICE_MANAGER], index, { office_id: officeIds[index * MANAGED_EVERY]!, ibo_marketer_id: markets[(index * MANAGED_EVERY) % MARKETS]! }),
  );
  const supervisors = Array.from({ length: OFFICE_SUPERVISORS }, (_, index) =>
    user([ROLE.OFFICE_SUPERVISOR], index, { office_id: officeIds[index * SUPERVISED_EVERY]!, ibo_marketer_id: markets[(index * SUPERVISED_EVERY) % MARKETS]! }),
  );
  await appendAll(store, userAppends);
  appended += userAppends.length;

  // assignManagers: the unit's second event, at expected version 1.
  const assignments: StreamAppend[] = markets.map((market, index) => ({
    streamId: `market-${market}`,
    expectedVersion: 1,
    events: commandEvents(decided(decideAssignManagers({ kind: 'market', ibo_marketer_id: market }, [iboManagers[index]!], [], { unknownUsers: [] })), context()),
  }));
  for (let index = 0; index < offices; index += MANAGED_EVERY) {
    const office = officeIds[index]!;
    const supervisorIds = index % SUPERVISED_EVERY === 0 ? [supervisors[(index / SUPERVISED_EVERY) % OFFICE_SUPERVISORS]!] : [];
    const events = decideAssignManagers({ kind: 'office', office_id: office }, [managers[(index / MANAGED_EVERY) % OFFICE_MANAGERS]!], supervisorIds, { unknownUsers: [] });
    assignments.push({ streamId: `office-${office}`, expectedVersion: 1, events: commandEvents(decided(events), context()) });
  }
  await appendAll(store, assignments);
  appended += assignments.length;
  return appended;
}

export async function databaseExists(name: string): Promise<boolean> {
  return withServer(async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0);
}

export async function recreateDatabase(name: string): Promise<void> {
  await withServer(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
}

async function countEvents(database: Database): Promise<{ offices: number; total: number }> {
  const { rows } = await sql<{ offices: string; total: string }>`
    select count(*) filter (where type = 'OfficeCreated')::text as offices, count(*)::text as total from es_events`.execute(database.db);
  return { offices: Number(rows[0]!.offices), total: Number(rows[0]!.total) };
}

export interface PreparedData {
  readonly url: string;
  readonly reused: boolean;
  readonly events: number;
  readonly seedSeconds: number;
  readonly projectSeconds: number;
  /** Events the org projection applied in this run (0 when it was caught up already). */
  readonly projected: number;
  readonly officesInReadModel: number;
}

/**
 * Makes sure `name` holds the seeded organisation and a caught-up org read model: reuses the
 * database when its events match the plan, otherwise recreates and seeds it. Always runs the
 * projection to the head (a no-op when it is there already).
 */
export async function prepareData(name: string, offices: number, options: { reseed: boolean; log: (message: string) => void }): Promise<PreparedData> {
  const url = databaseUrl(name);
  const planned = plannedEvents(offices);
  let reused = false;
  if (!options.reseed && (await databaseExists(name))) {
    const probe = await openDatabase({ url, poolSize: 2, applicationName: 'bench-export-seed' });
    try {
      await migrate(probe.db, allMigrations);
      const found = await countEvents(probe);
      reused = found.offices === planned.offices && found.total === planned.total;
      if (!reused) options.log(`database ${name} holds ${found.total} events (${found.offices} offices), not the ${planned.total} planned: seeding it again`);
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
      options.log(`database ${name} reused: it already holds the ${planned.total.toLocaleString('en-US')} events of ${offices.toLocaleString('en-US')} offices`);
    } else {
      options.log(`seeding ${planned.total.toLocaleString('en-US')} org events (${offices.toLocaleString('en-US')} offices) into ${name}...`);
      const started = performance.now();
      const appended = await seedOrganisation(store, offices);
      seedSeconds = (performance.now() - started) / 1000;
      if (appended !== planned.total) throw new Error(`seeded ${appended} events, planned ${planned.total}`);
      await sql`vacuum (analyze) es_events`.execute(database.db);
      await sql`vacuum (analyze) es_streams`.execute(database.db);
      options.log(`seeded in ${seedSeconds.toFixed(1)} s (${Math.round(appended / seedSeconds).toLocaleString('en-US')} events/s, then VACUUM ANALYZE)`);
    }

    const projected = await project(database, store, [orgProjection], options.log);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from rm.org_offices`.execute(database.db);
    const officesInReadModel = Number(rows[0]!.n);
    if (officesInReadModel !== offices) throw new Error(`rm.org_offices holds ${officesInReadModel} offices, expected ${offices}`);
    return { url, reused, events: planned.total, seedSeconds, projectSeconds: projected.seconds, projected: projected.events, officesInReadModel };
  } finally {
    await database.close();
  }
}

/**
 * Runs `projections` with the worker's runner (batches of 1,000, as the worker's default) until
 * they have applied the head; then VACUUM ANALYZE their tables (the bench server runs without
 * autovacuum). Answers the seconds and the events the first projection applied in this run.
 */
export async function project(database: Database, store: PostgresEventStore, projections: readonly Projection[], log: (message: string) => void): Promise<{ seconds: number; events: number }> {
  const names = projections.map((projection) => projection.name);
  const label = `${names.join(' + ')} projection${names.length > 1 ? 's' : ''}`;
  const live = async (name: string) => (await listGenerations(database.db, name)).find((generation) => generation.status === 'live');
  // The newest generation: the live one, or the one being rebuilt beside it.
  const newestApplied = async (name: string) => (await listGenerations(database.db, name)).at(-1)?.eventsApplied ?? 0;
  const current = async () => (await Promise.all(projections.map(async (projection) => (await live(projection.name))?.version === projection.version))).every(Boolean);
  const before = await Promise.all(names.map(live));
  const head = await store.head();
  const runner = new ProjectionRunner(database, store, [...projections], {
    batchSize: 1000,
    logger: { info: () => undefined, error: (details, message) => console.error(message, details) },
  });
  const started = performance.now();
  const progress = setInterval(() => {
    void Promise.all(names.map(newestApplied)).then(
      (applied) => log(`  projecting: ${names.map((name, index) => `${name} ${applied[index]!.toLocaleString('en-US')}`).join(', ')} events applied`),
      () => undefined,
    );
  }, 15_000);
  runner.start();
  let caughtUp: boolean;
  try {
    caughtUp = await waitForProjections(database, names, head, 30 * 60_000);
    // A projection whose version changed is rebuilt beside the live one and swapped in at the
    // head: wait for the swap, so that the exports read what the code's version writes.
    while (caughtUp && !(await current())) {
      if (performance.now() - started > 30 * 60_000) caughtUp = false;
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    clearInterval(progress);
    await runner.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  if (!caughtUp) throw new Error(`the ${label} did not catch up within 30 minutes`);
  const after = await Promise.all(names.map(live));
  // A new generation (the projection's version changed, so the runner rebuilt it) counts all its events.
  const applied = after.map((generation, index) =>
    generation?.generation === before[index]?.generation ? (generation?.eventsApplied ?? 0) - (before[index]?.eventsApplied ?? 0) : (generation?.eventsApplied ?? 0),
  );
  if (applied.some((count) => count > 0)) {
    for (const [index, projection] of projections.entries()) {
      const schema = schemaFor(projection.name, after[index]!.generation);
      for (const table of projection.tables) await sql`vacuum (analyze) ${sql.id(schema, table)}`.execute(database.db);
    }
    const counts = names.map((name, index) => `${name} ${applied[index]!.toLocaleString('en-US')}`).join(', ');
    const total = applied.reduce((sum, count) => sum + count, 0);
    log(`${label} caught up: ${counts} events in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} events/s, batches of 1000, then VACUUM ANALYZE)`);
  } else {
    log(`${label} already caught up (checked in ${seconds.toFixed(1)} s)`);
  }
  return { seconds, events: applied[0]! };
}
