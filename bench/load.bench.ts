/**
 * Load benchmark (issue 26): LOAD_USERS simulated users (default 50) for LOAD_SECONDS (120) doing
 * together what managers and agents do (bench/load/users.ts: every device flow, RMAs and orders as
 * commands; the dashboard, report pages with filters and exports as reads) against LOAD_API api and
 * LOAD_WORKERS worker processes (2 + 2; the built `npm run start:cluster` launcher), on a copy of
 * the reports bench's database of BENCH_REPORTS_DEVICES devices (1,000,000; seeded on first use,
 * as bench:reports does). Loopback only, bounded in time.
 *
 * Prints throughput, p50/p95/p99 and errors per request kind, the projections' lag (how long after
 * an event is stored each live projection has applied it, sampled every 100 ms), then an audit:
 * the events stored during the run are exactly those of the commands answered 2xx (each event's
 * correlation id is its request's id) and none of a refused command, and the read models of
 * LOAD_AUDIT_PROJECTIONS (inventory, rma, orders) equal a clean rebuild from the first event.
 *
 *   npm run bench:load
 *   LOAD_USERS=20 LOAD_SECONDS=30 BENCH_REPORTS_DEVICES=10000 npm run bench:load   (a quick look)
 *   LOAD_AUDIT_PROJECTIONS=rma,orders npm run bench:load   (the inventory rebuild takes ~8 min at 1M devices)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { type Position, comparePositions } from '@portal/contracts';
import { findProjection, followGeneration, schemaFor, startBuilding } from '@portal/projections';
import { openDatabase } from '@portal/services/dist/platform/db/database';
import { PostgresEventStore } from '@portal/services/dist/platform/event-store/postgres-event-store';
import { createApiKey } from '@portal/services/dist/auth/api-keys.store';
import { tablesChecksum } from '@portal/services/dist/platform/testing/events';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { databaseUrl, serverFacts, withClient, withServer } from './eventstore/databases';
import { percentile } from './eventstore/workload';
import { Api } from './inventory/api';
import { seededBenchDatabase } from './inventory/seeded-database';
import { benchLog as log, fmt, integer, ms } from './inventory/stats';
import { startBenchCluster } from './load/cluster';
import { settled } from './inventory/service';
import { Recorder } from './load/recorder';
import { type Crew, type Reader, type RunControl, agentLoop, crewLoop, managerLoop } from './load/users';
import { type Request, agedRequests, detailedRequests, keywordRequests, legacyRequests, pools, summaryRequests } from './reports/requests';

const DEVICES = integer('BENCH_REPORTS_DEVICES', 1_000_000, 1000);
const USERS = integer('LOAD_USERS', 50, 4);
const SECONDS = integer('LOAD_SECONDS', 120, 10);
const API = integer('LOAD_API', 2, 1);
const WORKERS = integer('LOAD_WORKERS', 2, 1);
const THINK_MS = integer('LOAD_THINK_MS', 1000, 0);
const AUDITED = (process.env.LOAD_AUDIT_PROJECTIONS ?? 'inventory,rma,orders').split(',').filter(Boolean);
const SOURCE = `portal_bench_reports_${DEVICES}`;
const DATABASE = 'portal_bench_load';
const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const PASSWORD = 'Passw0rd!';
const TARGETS = { errors: 0, lagP95Ms: 1000 };

interface People {
  crews: Crew[];
  managers: { token: string; role: 'office' | 'ibo' | 'retailer' | 'super'; officeId?: string }[];
  agents: string[];
}

/** The database the run writes to: a copy of the reports bench's, so that bench keeps its data. */
async function copyDatabase(): Promise<number> {
  const started = Date.now();
  await withServer(async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE} template ${SOURCE}`);
    await client.query('checkpoint');
  });
  // The copy leaves gigabytes of dirty pages with the OS: written back during the run, they stalled
  // every query for ~30 s in the first run. PostgreSQL runs on this machine: flush them first.
  execFileSync('sync');
  return (Date.now() - started) / 1000;
}

const query = <T>(work: (client: Client) => Promise<T>): Promise<T> => withClient(DATABASE, work);

/** Who takes part: 12 office crews (fewer when there are fewer users), then managers and agents. */
async function people(api: Api, users: number): Promise<People> {
  const offices = await query(async (client) =>
    (
      await client.query<{ number: number; office_id: string; market: string; retailer: string; manager: string; ibo: string }>(`
        select row_number() over (order by o.office_number)::int as number, o.id as office_id, o.ibo_marketer_id as market, i.retailer_id as retailer,
          (select u.email from rm.org_users u where u.office_id = o.id and u.email like 'office.manager%' order by u.email limit 1) as manager,
          (select u.email from rm.org_users u where u.ibo_marketer_id = o.ibo_marketer_id and u.email like 'ibo.manager%' order by u.email limit 1) as ibo
        from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
        where o.office_number like 'OF%'
        order by o.office_number`)
    ).rows.filter((row) => row.manager && row.ibo),
  );
  const agentsOf = async (officeId: string) =>
    query(async (client) => (await client.query<{ id: string; email: string }>(`select id, email from rm.org_users where office_id = $1 and email like 'agent%' order by email`, [officeId])).rows);
  const keys = new Map<string, string>();
  const keyOf = async (retailer: string) => {
    if (!keys.has(retailer)) {
      const database = await openDatabase({ url: databaseUrl(DATABASE), poolSize: 1 });
      try {
        keys.set(retailer, (await createApiKey(database.db, retailer, 'bench:load')).key);
      } finally {
        await database.close();
      }
    }
    return keys.get(retailer)!;
  };
  const crewCount = Math.min(offices.length, Math.floor(users / 4));
  const crews: Crew[] = [];
  for (const office of offices.slice(0, crewCount)) {
    const agents = await agentsOf(office.office_id);
    const agent = agents[0]!;
    const sameRetailer = offices.filter((other) => other.retailer === office.retailer && other.office_id !== office.office_id);
    crews.push({
      number: office.number,
      officeId: office.office_id,
      otherOfficeId: (sameRetailer[0] ?? office).office_id,
      manager: await api.login(office.manager, PASSWORD),
      agent: await api.login(agent.email, PASSWORD),
      agentId: agent.id,
      ibo: await api.login(office.ibo, PASSWORD),
      apiKey: await keyOf(office.retailer),
    });
  }
  // The rest: two managers for each agent.
  const rest = users - crewCount;
  const agentCount = Math.floor(rest / 3);
  const managerCount = rest - agentCount;
  const upper = [
    ['super', 'super@demo.test'],
    ['retailer', 'retailer.manager@demo.test'],
    ['retailer', 'retailer.manager2@demo.test'],
    ...offices.map((office) => ['ibo', office.ibo] as const),
  ] as const;
  const managers: People['managers'] = [];
  for (let index = 0; index < managerCount; index++) {
    // Every other manager is an office manager; the others go round the IBO, retailer and admin accounts.
    if (index % 2 === 0) {
      const office = offices[(index / 2) % offices.length]!;
      managers.push({ token: await api.login(office.manager, PASSWORD), role: 'office', officeId: office.office_id });
    } else {
      const [role, email] = upper[Math.floor(index / 2) % upper.length]!;
      managers.push({ token: await api.login(email, PASSWORD), role });
    }
  }
  const agents: string[] = [];
  for (let index = 0; index < agentCount; index++) {
    const office = offices[index % offices.length]!;
    const candidates = await agentsOf(office.office_id);
    // Not the crews' agents (index 0): another of the office's.
    const agent = candidates[1 + (Math.floor(index / offices.length) % Math.max(1, candidates.length - 1))] ?? candidates[0]!;
    agents.push(await api.login(agent.email, PASSWORD));
  }
  return { crews, managers, agents };
}

/** Report requests for a manager of this role (office managers leave out what is not theirs). */
function reportsFor(all: Record<string, Request[]>, role: People['managers'][number]['role']): (Request & { kind: string })[] {
  return Object.entries(all).flatMap(([kind, requests]) => requests.filter((request) => request.who === role).map((request) => ({ ...request, kind })));
}

interface LagSampler {
  stop(): Promise<Map<string, number[]>>;
}

/**
 * Every 100 ms: the head of the store and each live projection's checkpoint. A head seen at time t
 * is applied by a projection when its checkpoint reaches it; the lag is the time in between.
 */
async function sampleLag(): Promise<LagSampler> {
  const client = new Client({ connectionString: databaseUrl(DATABASE) });
  await client.connect();
  const pending = new Map<string, { at: number; head: Position }[]>();
  const lags = new Map<string, number[]>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      const head = (
        await client.query<{ t: string; g: string }>(`
          select e.transaction_id::text as t, e.global_position::text as g from es_events e
          where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()) order by e.transaction_id desc, e.global_position desc limit 1`)
      ).rows[0];
      const checkpoints = (await client.query<{ projection: string; t: string; g: string }>(`select projection, transaction_id::text as t, global_position::text as g from projection_checkpoints where status = 'live'`)).rows;
      const now = Date.now();
      for (const row of checkpoints) {
        const checkpoint = { transactionId: Number(row.t), globalPosition: Number(row.g) };
        const waiting = pending.get(row.projection) ?? [];
        while (waiting.length > 0 && comparePositions(checkpoint, waiting[0]!.head) >= 0) {
          const reached = waiting.shift()!;
          lags.set(row.projection, [...(lags.get(row.projection) ?? []), now - reached.at]);
        }
        if (head) {
          const position = { transactionId: Number(head.t), globalPosition: Number(head.g) };
          const last = waiting.at(-1);
          if (comparePositions(checkpoint, position) < 0 && (!last || comparePositions(position, last.head) > 0)) waiting.push({ at, head: position });
        }
        pending.set(row.projection, waiting);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - at))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return lags;
    },
  };
}

/** The events stored since `after`, by correlation id, and those the audit cannot place. */
async function auditEvents(after: Position, recorder: Recorder): Promise<string[]> {
  const rows = await query(async (client) =>
    (
      await client.query<{ correlation: string | null; events: number }>(
        `select e.metadata->>'correlation_id' as correlation, count(*)::int as events from es_events e
         where (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint) group by 1`,
        [String(after.transactionId), after.globalPosition],
      )
    ).rows,
  );
  const lines: string[] = [];
  const byCorrelation = new Map(rows.map((row) => [row.correlation ?? '', row.events]));
  const total = rows.reduce((sum, row) => sum + row.events, 0);
  const ofAccepted = [...recorder.acceptedCommands].reduce((sum, id) => sum + (byCorrelation.get(id) ?? 0), 0);
  const acceptedWithout = [...recorder.acceptedCommands].filter((id) => !byCorrelation.has(id));
  const refusedWith = [...recorder.refusedCommands].filter((id) => byCorrelation.has(id));
  const others = rows.filter((row) => !recorder.acceptedCommands.has(row.correlation ?? '') && !recorder.refusedCommands.has(row.correlation ?? ''));
  lines.push(`events stored during the run: ${fmt(total)}; of the ${fmt(recorder.acceptedCommands.size)} commands answered 2xx: ${fmt(ofAccepted)}`);
  lines.push(`accepted commands with no event: ${acceptedWithout.length}${acceptedWithout.length > 0 ? ` (${acceptedWithout.slice(0, 5).join(', ')})` : ''}`);
  lines.push(`refused commands with events: ${refusedWith.length} of ${recorder.refusedCommands.size} refused`);
  lines.push(`events of no command of the run (logins, the workers' own work): ${fmt(others.reduce((sum, row) => sum + row.events, 0))} under ${others.length} correlation ids`);
  lines.push(`AUDIT events: ${ofAccepted + others.reduce((sum, row) => sum + row.events, 0) === total && acceptedWithout.length === 0 && refusedWith.length === 0 ? 'PASS' : 'FAIL'}`);
  return lines;
}

/** Each audited projection's live tables against a generation built from the first event to the same head. */
async function auditRebuilds(): Promise<string[]> {
  const lines: string[] = [];
  const database = await openDatabase({ url: databaseUrl(DATABASE), poolSize: 4 });
  const store = new PostgresEventStore(database);
  try {
    for (const name of AUDITED) {
      const projection = findProjection(name);
      if (!projection) {
        lines.push(`AUDIT ${name}: no such projection`);
        continue;
      }
      const live = (await database.db.selectFrom('projection_checkpoints').select(['generation']).where('projection', '=', name).where('status', '=', 'live').executeTakeFirst()) as { generation: number } | undefined;
      if (!live) {
        lines.push(`AUDIT ${name}: no live generation`);
        continue;
      }
      const head = await store.head();
      const liveSums = await tablesChecksum(database.db, schemaFor(name, live.generation), projection.tables);
      const started = Date.now();
      const clean = await startBuilding(database.db, projection);
      await followGeneration(database, store, projection, clean.generation, { batchSize: 5000, stopWhenLive: true, until: head });
      const cleanSums = await tablesChecksum(database.db, schemaFor(name, clean.generation), projection.tables);
      const same = JSON.stringify(liveSums) === JSON.stringify(cleanSums);
      const rows = Object.entries(liveSums).map(([table, sum]) => `${table} ${fmt(Number(sum.split(':')[0]))} rows`).join(', ');
      lines.push(`AUDIT ${name}: ${same ? 'PASS' : 'FAIL'}, the live read model ${same ? 'equals' : 'DIFFERS FROM'} a clean rebuild (${rows}; rebuilt in ${fmt((Date.now() - started) / 1000, 1)} s)`);
      if (!same) lines.push(`  live ${JSON.stringify(liveSums)}\n  clean ${JSON.stringify(cleanSums)}`);
    }
  } finally {
    await store.close();
    await database.close();
  }
  return lines;
}

async function headOf(): Promise<Position> {
  const database = await openDatabase({ url: databaseUrl(DATABASE), poolSize: 1 });
  try {
    return await new PostgresEventStore(database).head();
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const logFile = path.join(os.tmpdir(), `bench-load-${process.pid}.log`);
  const facts = await seededBenchDatabase({ database: SOURCE, devices: DEVICES, reseed: false, logFile, log });
  log(`${fmt(facts.devices)} devices, ${fmt(facts.events)} events in ${SOURCE}; copying it to ${DATABASE}…`);
  log(`copied in ${fmt(await copyDatabase(), 1)} s`);
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  await redis.quit();

  const requests = await pools(DATABASE);
  const reports: Record<string, Request[]> = {
    'detailed report': detailedRequests(requests, 400),
    'keyword search': keywordRequests(requests, 200),
    'legacy data': legacyRequests(requests, 200),
    'summary reports': summaryRequests(requests, 200),
    'aged reports': agedRequests(requests, 200),
  };
  const cluster = await startBenchCluster(
    { api: API, worker: WORKERS },
    { DATABASE_URL: databaseUrl(DATABASE), REDIS_URL, NODE_ENV: 'production', SEED_ON_EMPTY: 'false', LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn' },
    logFile,
  );
  log(`cluster: ${API} api + ${WORKERS} worker processes at ${cluster.baseUrl} (log: ${logFile})`);
  log(`the cluster settled ${fmt(await settled(), 1)} s after it answered (start-up work: each api process reads the audit checkpoint's tree)`);
  const api = new Api(cluster.baseUrl);
  const recorder = new Recorder();
  let audit: string[] = [];
  let lags = new Map<string, number[]>();
  let wallSeconds = 0;
  try {
    const who = await people(api, USERS);
    const start = await headOf();
    log(`${USERS} users: ${who.crews.length} office crews (commands), ${who.managers.length} managers, ${who.agents.length} agents; ${SECONDS} s, pauses up to ${THINK_MS} ms`);
    const control: RunControl = { endsAt: Date.now() + SECONDS * 1000, thinkMs: THINK_MS, runTag: String(Date.now() % 1000).padStart(3, '0') };
    const sampler = await sampleLag();
    const started = Date.now();
    const stopRecording = setTimeout(() => recorder.stop(), SECONDS * 1000);
    await Promise.all([
      ...who.crews.map((crew) => crewLoop(api, recorder, crew, control)),
      ...who.managers.map((manager, index) => {
        const reader: Reader = {
          token: manager.token,
          seed: 1000 + index,
          reports: reportsFor(reports, manager.role),
          exportPath: `/api/v1/detailed_inventory_export?${new URLSearchParams(manager.role === 'office' ? { status: '13' } : { status: '13', office_id: requests.offices[index % requests.offices.length]! })}`,
        };
        return managerLoop(api, recorder, reader, control);
      }),
      ...who.agents.map((token, index) => agentLoop(api, recorder, token, 2000 + index, control)),
    ]);
    clearTimeout(stopRecording);
    recorder.stop();
    wallSeconds = (Date.now() - started) / 1000;
    log(`load done in ${fmt(wallSeconds, 1)} s; waiting for the projections to reach the head…`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    lags = await sampler.stop();
    await cluster.stop();
    audit = [...(await auditEvents(start, recorder)), ...(await auditRebuilds())];
  } finally {
    await cluster.stop();
  }
  report(recorder, lags, audit, wallSeconds, facts);
  const server = await serverFacts();
  console.log(`PostgreSQL: ${server.version.split(',')[0]}; ${Object.entries(server.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  await withServer((client) => client.query(`drop database if exists ${DATABASE} with (force)`));
}

function report(recorder: Recorder, lags: Map<string, number[]>, audit: string[], wallSeconds: number, facts: { devices: number; events: number }): void {
  const lines: string[] = [''];
  lines.push(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; ${USERS} users, ${SECONDS} s, ${API} api + ${WORKERS} workers, ${fmt(facts.devices)} devices / ${fmt(facts.events)} events`);
  lines.push('');
  lines.push('| Request kind | n | per s | p50 | p95 | p99 | errors | read models behind |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  let total = 0;
  let errors = 0;
  const kinds = [...recorder.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [kind, outcomes] of kinds) {
    const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const failed = outcomes.filter((outcome) => !outcome.ok).length + (recorder.errors.get(kind)?.filter((message) => message.startsWith('no answer')).length ?? 0);
    total += outcomes.length;
    errors += failed;
    lines.push(`| ${kind} | ${fmt(outcomes.length)} | ${fmt(outcomes.length / SECONDS, 1)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${failed} | ${recorder.behind.get(kind) ?? ''} |`);
  }
  const otherErrors = [...recorder.errors.entries()].filter(([kind]) => !recorder.byKind.has(kind));
  for (const [, messages] of otherErrors) errors += messages.length;
  lines.push(`| **all** | ${fmt(total)} | ${fmt(total / SECONDS, 1)} | | | | ${errors} | ${[...recorder.behind.values()].reduce((sum, count) => sum + count, 0)} |`);
  lines.push('');
  const lagLines = [...lags.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([projection, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { projection, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
  });
  lines.push('| Projection | heads applied | lag p50 | lag p95 | lag max |');
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  for (const lag of lagLines) lines.push(`| ${lag.projection} | ${lag.n} | ${ms(lag.p50)} | ${ms(lag.p95)} | ${ms(lag.max)} |`);
  const worstLag = Math.max(...lagLines.map((lag) => lag.p95).filter(Number.isFinite), 0);
  lines.push('');
  for (const [kind, messages] of recorder.errors) lines.push(`errors, ${kind}: ${messages.length}; first: ${messages.slice(0, 3).join(' | ')}`);
  lines.push('');
  lines.push(...audit);
  lines.push('');
  lines.push('| Target | Measured | Target | Result |');
  lines.push('| --- | ---: | ---: | --- |');
  lines.push(`| errors | ${errors} | ${TARGETS.errors} | ${errors === TARGETS.errors ? 'PASS' : 'MISS'} |`);
  lines.push(`| projection lag p95 (worst projection) | ${ms(worstLag)} | < ${TARGETS.lagP95Ms} ms | ${worstLag < TARGETS.lagP95Ms ? 'PASS' : 'MISS'} |`);
  lines.push(`| audit (events, rebuilds) | ${audit.filter((line) => line.includes('FAIL')).length} failed | all pass | ${audit.some((line) => line.includes('FAIL')) ? 'MISS' : 'PASS'} |`);
  lines.push(`(wall ${fmt(wallSeconds, 1)} s; throughput ${fmt(total / SECONDS, 1)} requests/s)`);
  console.log(lines.join('\n'));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
