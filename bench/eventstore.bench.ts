/**
 * Event store benchmark: OUR PostgreSQL event store against Emmett's
 * (@event-driven-io/emmett-postgresql) on the same PostgreSQL, in one run, each in a fresh
 * database of its own, plus raw COPY as the physical limit. Prints every figure and the
 * ratios against the targets. Not a test: it never fails on a miss.
 *
 *   npm run bench:eventstore              (~2-2.5 minutes on 2 cores)
 *   BENCH_SCALE=0.25 npm run bench:eventstore   (durations and data set scaled)
 *   BENCH_ONLY=single npm run bench:eventstore   (only the 1-event appends, for profiling them)
 *   BENCH_CHAIN=off npm run bench:eventstore     (our appends without the hash chain: what it costs)
 */
import os from 'node:os';
import { copyRows, createCopyTable } from './eventstore/copy';
import { captureEmmettParsers, databaseUrl, dropDatabases, recreateDatabases, serverFacts, useParsers, withServer } from './eventstore/databases';
import { EmmettSide } from './eventstore/emmett';
import { OursSide } from './eventstore/ours';
import { type RunResult, deviceStream, imeiOf, percentile, rate, runClients, runFixed, timed } from './eventstore/workload';

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
if (!(SCALE > 0)) throw new Error('BENCH_SCALE must be a positive number');
const CLIENTS = 8;
const BATCH = 500;
const MULTI = 500;
const MANIFEST = 10_000;
/** Events in the read-all / catch-up data set: 10 events per device stream, N/10 devices. */
const N = Math.max(10_000, Math.round((200_000 * SCALE) / 10_000) * 10_000);
const PAGE_SIZES = [1000, 5000] as const;
const CATCH_UP_BATCH = 1000;
const secondsFor = (base: number) => Math.max(1, Math.round(base * SCALE * 10) / 10);
const T_SINGLE = secondsFor(4);
const T_BATCH = secondsFor(5);
const T_MULTI = secondsFor(5);
const T_EMMETT_LOOP = secondsFor(3);
const T_EMMETT_READ_CAP = secondsFor(12);
const T_EMMETT_CATCH_UP_CAP = secondsFor(20);
const SINGLE_STREAMS_PER_CLIENT = 100;
const MULTI_GROUPS_PER_CLIENT = 4;

const DATABASES = { ours: 'bench_ours', emmett: 'bench_emmett', copy: 'bench_copy' } as const;

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';
/** Each line carries the 1-minute load average: the bench itself keeps it near 2-3 on 2 cores; far above, something else was running. */
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0]!.toFixed(2)}] ${message}`);

async function checkpoint(): Promise<void> {
  // Each measurement starts from a clean WAL checkpoint so one side does not pay for the other's writes.
  await withServer((client) => client.query('checkpoint'));
}

interface SingleFigures {
  ours: RunResult;
  emmett: RunResult;
  /** Ours without group commit (8 clients only). */
  ungrouped?: RunResult;
}

interface Figures {
  single1: SingleFigures;
  single8: SingleFigures;
  batch1: { ours: RunResult; emmett: RunResult };
  batch8: { ours: RunResult; emmett: RunResult };
  multi1: RunResult;
  multi8: RunResult;
  manifest: { create: number[]; update: number[] };
  emmettLoop1: RunResult;
  emmettLoop8: RunResult;
  seed: { ours: number; emmett: number };
  readAll: { page: number; ours: { events: number; seconds: number }; emmett: { events: number; distinct: number; seconds: number; complete: boolean } }[];
  catchUp: { ours: { events: number; seconds: number }; emmett: { events: number; seconds: number; complete: boolean } };
  copy1: number;
  copy8: number;
}

/** 1-event appends, each client cycling over its own streams with known expected versions. */
function singleAppender(side: Pick<OursSide, 'appendOne'>, prefix: string, base: number) {
  const versions = new Map<string, number>();
  return async (client: number, iteration: number) => {
    const owner = base + client;
    const device = iteration % SINGLE_STREAMS_PER_CLIENT;
    const streamId = deviceStream(prefix, owner, device);
    const version = versions.get(streamId) ?? 0;
    await side.appendOne(streamId, version, iteration, imeiOf(owner, device));
    versions.set(streamId, version + 1);
    return 1;
  };
}

async function warmUp(clients: number, iterations: number, op: (client: number, iteration: number) => Promise<number>): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let iteration = 0; iteration < iterations; iteration++) await op(client, iteration);
    }),
  );
}

async function singleEvent(ours: OursSide, emmett: EmmettSide, clients: number): Promise<SingleFigures> {
  const result = {} as SingleFigures;
  // 'ungrouped': ours with every append in a statement of its own (no group commit), the profile of issue 26.
  const sides = [['ours', ours], ['ungrouped', ours.ungrouped], ['emmett', emmett]] as const;
  for (const [name, side] of sides) {
    if (name === 'ungrouped' && clients === 1) continue; // one client never waits, so it is never grouped
    useParsers(name === 'emmett' ? 'emmett' : 'ours');
    const op = singleAppender(side, `s${clients}${name === 'ungrouped' ? 'u' : ''}`, clients * 10);
    // The first pass creates each client's streams; the timed part appends to existing ones.
    await warmUp(clients, SINGLE_STREAMS_PER_CLIENT, op);
    await checkpoint();
    const run = await runClients(clients, T_SINGLE, op);
    result[name] = run;
    log(`1-event appends, ${clients} client(s), ${name}: ${fmt(rate(run.events, run.seconds))} events/s, p50 ${fmt(percentile(run.latencies, 50), 2)} ms, p99 ${fmt(percentile(run.latencies, 99), 2)} ms, max ${fmt(run.latencies.at(-1) ?? NaN, 1)} ms (${run.ops} appends in ${fmt(run.seconds, 2)} s)`);
  }
  return result;
}

async function batches(ours: OursSide, emmett: EmmettSide, clients: number): Promise<{ ours: RunResult; emmett: RunResult }> {
  const result = {} as { ours: RunResult; emmett: RunResult };
  for (const [name, side] of [['ours', ours], ['emmett', emmett]] as const) {
    useParsers(name);
    const op = (prefix: string) => async (client: number, iteration: number) => {
      const owner = 100 + clients * 10 + client;
      await side.appendBatch(`carton-${prefix}${clients}-${owner}-${iteration}`, BATCH, imeiOf(owner, iteration));
      return BATCH;
    };
    await warmUp(clients, 2, op('w'));
    await checkpoint();
    result[name] = await runClients(clients, T_BATCH, op('b'));
    log(`${BATCH}-event batches, ${clients} client(s), ${name}: ${fmt(rate(result[name].events, result[name].seconds))} events/s (${result[name].ops} appends in ${fmt(result[name].seconds, 2)} s, p50 ${fmt(percentile(result[name].latencies, 50), 1)} ms, max ${fmt(result[name].latencies.at(-1) ?? NaN, 1)} ms)`);
  }
  return result;
}

/** Ours: 500 streams, one event each, in ONE atomic append; devices exist (the update path). */
async function multiStream(ours: OursSide, clients: number): Promise<RunResult> {
  useParsers('ours');
  const prefix = `m${clients}-`;
  const base = 200 + clients * 10;
  const groupDevices = (group: number) => Array.from({ length: MULTI }, (_, index) => group * MULTI + index);
  // Each client owns 2,000 devices in 4 groups of 500; create them first (untimed).
  await warmUp(clients, MULTI_GROUPS_PER_CLIENT, (client, group) =>
    ours.appendMultiStream(prefix, base + client, groupDevices(group), 'no_stream', 0).then(() => MULTI),
  );
  const versions = Array.from({ length: clients }, () => new Array<number>(MULTI_GROUPS_PER_CLIENT).fill(1));
  await checkpoint();
  const result = await runClients(clients, T_MULTI, async (client, iteration) => {
    const group = iteration % MULTI_GROUPS_PER_CLIENT;
    const version = versions[client]![group]!;
    await ours.appendMultiStream(prefix, base + client, groupDevices(group), version, iteration + 1);
    versions[client]![group] = version + 1;
    return MULTI;
  });
  log(`${MULTI}-stream atomic append, ${clients} client(s), ours: ${fmt(rate(result.events, result.seconds))} events/s (p50 ${fmt(percentile(result.latencies, 50), 1)} ms per append)`);
  return result;
}

/**
 * Ours: a receive manifest, 10,000 new device streams in ONE atomic append, then one more
 * event on each of them (the update path); three of each, in milliseconds.
 */
async function manifest(ours: OursSide): Promise<{ create: number[]; update: number[] }> {
  useParsers('ours');
  const devices = Array.from({ length: MANIFEST }, (_, index) => index);
  const result = { create: [] as number[], update: [] as number[] };
  await checkpoint();
  for (let rep = 0; rep < 3; rep++) {
    const owner = 900 + rep;
    result.create.push((await timed(() => ours.appendMultiStream('manifest-', owner, devices, 'no_stream', 0))).seconds * 1000);
    result.update.push((await timed(() => ours.appendMultiStream('manifest-', owner, devices, 1, 1))).seconds * 1000);
  }
  log(`${fmt(MANIFEST)}-stream atomic append, ours: create ${result.create.map((ms) => fmt(ms)).join(' / ')} ms, update ${result.update.map((ms) => fmt(ms)).join(' / ')} ms`);
  return result;
}

/** Emmett, for reference only: the same 500 devices appended one stream at a time (NOT atomic). */
async function emmettPerStreamLoop(emmett: EmmettSide, clients: number): Promise<RunResult> {
  useParsers('emmett');
  const prefix = `l${clients}-`;
  const base = 300 + clients * 10;
  const versions = Array.from({ length: clients }, () => 0);
  const op = async (client: number) => {
    const owner = base + client;
    const version = versions[client]!;
    for (let device = 0; device < MULTI; device++) {
      await emmett.appendOne(deviceStream(prefix, owner, device), version, version, imeiOf(owner, device));
    }
    versions[client] = version + 1;
    return MULTI;
  };
  await warmUp(clients, 1, op);
  await checkpoint();
  const result = await runClients(clients, T_EMMETT_LOOP, op);
  log(`${MULTI}-stream per-stream loop, ${clients} client(s), emmett: ${fmt(rate(result.events, result.seconds))} events/s`);
  return result;
}

/** The read-all / catch-up data set: N events over N/10 device streams, the same on both sides. */
async function seed(ours: OursSide, emmett: EmmettSide): Promise<{ ours: number; emmett: number }> {
  const devices = N / 10;
  const chunks = devices / MULTI;
  useParsers('ours');
  await ours.truncate();
  // Ours: 10 rounds of 500-device atomic appends, so consecutive events belong to different
  // streams (the hardest order for a batched projection: no two events of a batch share a row).
  const oursSeconds = (
    await timed(async () => {
      for (let round = 0; round < 10; round++) {
        await runFixed(CLIENTS, chunks, (chunk) =>
          ours.appendMultiStream('r', 0, Array.from({ length: MULTI }, (_, index) => chunk * MULTI + index), round === 0 ? 'no_stream' : round, round),
        );
      }
    })
  ).seconds;
  useParsers('emmett');
  await emmett.truncate();
  // Emmett: one 10-event append per device stream (per-stream appends are all it has).
  const emmettSeconds = await runFixed(CLIENTS, devices, (device) => emmett.appendBatch(deviceStream('r', 0, device), 10, imeiOf(0, device)));
  useParsers('ours');
  await ours.vacuum();
  const oursCount = await ours.count();
  await ours.waitVisible(N);
  useParsers('emmett');
  await emmett.vacuum();
  const emmettCount = await emmett.count();
  if (oursCount !== N || emmettCount !== N) throw new Error(`seeding went wrong: ours ${oursCount}, emmett ${emmettCount}, expected ${N}`);
  log(`seeded ${fmt(N)} events over ${fmt(devices)} device streams: ours ${fmt(oursSeconds, 1)} s, emmett ${fmt(emmettSeconds, 1)} s (both then VACUUM ANALYZE)`);
  return { ours: oursSeconds, emmett: emmettSeconds };
}

async function readAll(ours: OursSide, emmett: EmmettSide): Promise<Figures['readAll']> {
  const results: Figures['readAll'] = [];
  for (const page of PAGE_SIZES) {
    useParsers('ours');
    await checkpoint();
    const oursRun = await timed(() => ours.readAll(page));
    if (oursRun.result !== N) throw new Error(`ours read ${oursRun.result} events, expected ${N}`);
    useParsers('emmett');
    await checkpoint();
    const emmettRun = await emmett.readAll(page, T_EMMETT_READ_CAP);
    log(
      `read-all, pages of ${page}: ours ${fmt(rate(N, oursRun.seconds))} events/s (${fmt(oursRun.seconds, 2)} s); ` +
        `emmett ${fmt(rate(emmettRun.events, emmettRun.seconds))} events/s (${fmt(emmettRun.events)} events delivered, ${fmt(emmettRun.distinct)} distinct, in ${fmt(emmettRun.seconds, 1)} s${emmettRun.complete ? `; complete, ${fmt(N - emmettRun.distinct)} of ${fmt(N)} never delivered` : ', stopped at the time cap'})`,
    );
    results.push({ page, ours: { events: N, seconds: oursRun.seconds }, emmett: emmettRun });
  }
  return results;
}

async function catchUp(ours: OursSide, emmett: EmmettSide): Promise<Figures['catchUp']> {
  useParsers('ours');
  await checkpoint();
  const oursRun = await timed(() => ours.catchUp(CATCH_UP_BATCH));
  if (oursRun.result !== N) throw new Error(`ours projected ${oursRun.result} events, expected ${N}`);
  log(`catch-up, ours (batches of ${CATCH_UP_BATCH}, one upsert per batch): ${fmt(rate(N, oursRun.seconds))} events/s (${fmt(oursRun.seconds, 2)} s)`);
  useParsers('emmett');
  await checkpoint();
  const emmettRun = await emmett.catchUp(CATCH_UP_BATCH, T_EMMETT_CATCH_UP_CAP);
  log(
    `catch-up, emmett projector (pulls of ${CATCH_UP_BATCH}, one upsert + checkpoint per event): ${fmt(rate(emmettRun.events, emmettRun.seconds))} events/s ` +
      `(${fmt(emmettRun.events)} events in ${fmt(emmettRun.seconds, 1)} s${emmettRun.complete ? `; complete, ${fmt(N - emmettRun.events)} of ${fmt(N)} events missing from its table` : ', stopped at the time cap'})`,
  );
  return { ours: { events: N, seconds: oursRun.seconds }, emmett: emmettRun };
}

async function copy(): Promise<{ copy1: number; copy8: number }> {
  useParsers('ours');
  const url = databaseUrl(DATABASES.copy);
  await createCopyTable(url);
  await checkpoint();
  const one = await copyRows(url, 1, N);
  await createCopyTable(url);
  await checkpoint();
  const eight = await copyRows(url, CLIENTS, N);
  log(`COPY into an unindexed table: 1 connection ${fmt(rate(N, one))} rows/s, ${CLIENTS} connections ${fmt(rate(N, eight))} rows/s`);
  return { copy1: rate(N, one), copy8: rate(N, eight) };
}

function report(figures: Figures, facts: Awaited<ReturnType<typeof serverFacts>>): void {
  const eps = (run: RunResult) => rate(run.events, run.seconds);
  const lines: string[] = [];
  const row = (cells: string[]) => lines.push(`| ${cells.join(' | ')} |`);
  lines.push('');
  lines.push(`Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, Node ${process.version}`);
  lines.push(`PostgreSQL: ${facts.version.split(',')[0]}; ${Object.entries(facts.settings).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  lines.push(`BENCH_SCALE=${SCALE}: read-all/catch-up data set ${fmt(N)} events over ${fmt(N / 10)} device streams; event data ~200 B JSON, metadata ~100 B`);
  lines.push('');
  row(['Measure', 'Ours', 'Emmett', 'Ours / Emmett']);
  row(['---', '---:', '---:', '---:']);
  const pair = (label: string, ours: number, emmett: number, unit: string, digits = 0) =>
    row([label, `${fmt(ours, digits)} ${unit}`, `${fmt(emmett, digits)} ${unit}`, `${fmt(ours / emmett, 2)}x`]);
  pair('1-event appends, 1 client', eps(figures.single1.ours), eps(figures.single1.emmett), 'ev/s');
  pair('1-event appends, 8 clients', eps(figures.single8.ours), eps(figures.single8.emmett), 'ev/s');
  if (figures.single8.ungrouped) pair('(profile) 1-event appends, 8 clients, one statement each (no group commit)', eps(figures.single8.ungrouped), eps(figures.single8.emmett), 'ev/s');
  pair('500-event batch appends, 1 client', eps(figures.batch1.ours), eps(figures.batch1.emmett), 'ev/s');
  pair('500-event batch appends, 8 clients', eps(figures.batch8.ours), eps(figures.batch8.emmett), 'ev/s');
  const latency = (run: RunResult, p: number) => percentile(run.latencies, p);
  row(['1-event append latency p50, 1 client', `${fmt(latency(figures.single1.ours, 50), 2)} ms`, `${fmt(latency(figures.single1.emmett, 50), 2)} ms`, '']);
  row(['1-event append latency p99, 1 client', `${fmt(latency(figures.single1.ours, 99), 2)} ms`, `${fmt(latency(figures.single1.emmett, 99), 2)} ms`, '']);
  row(['1-event append latency p99, 8 clients', `${fmt(latency(figures.single8.ours, 99), 2)} ms`, `${fmt(latency(figures.single8.emmett, 99), 2)} ms`, '']);
  if (figures.single8.ungrouped) row(['(profile) 1-event append latency p99, 8 clients, no group commit', `${fmt(latency(figures.single8.ungrouped, 99), 2)} ms`, '', '']);
  row(['500-stream atomic append, 1 client', `${fmt(eps(figures.multi1))} ev/s`, 'no atomic multi-stream append', '']);
  row(['500-stream atomic append, 8 clients', `${fmt(eps(figures.multi8))} ev/s`, 'no atomic multi-stream append', '']);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  row([`${fmt(MANIFEST)}-stream atomic append (receive manifest), median of 3`, `create ${fmt(median(figures.manifest.create))} ms, update ${fmt(median(figures.manifest.update))} ms`, 'no atomic multi-stream append', '']);
  row(['(ref.) 500 streams one append each, NOT atomic, 1 client', '', `${fmt(eps(figures.emmettLoop1))} ev/s`, '']);
  row(['(ref.) 500 streams one append each, NOT atomic, 8 clients', '', `${fmt(eps(figures.emmettLoop8))} ev/s`, '']);
  for (const read of figures.readAll) {
    pair(`read-all, pages of ${read.page}${read.emmett.complete ? '' : ' (Emmett time-capped)'}`, rate(read.ours.events, read.ours.seconds), rate(read.emmett.events, read.emmett.seconds), 'ev/s');
  }
  pair(
    `projection catch-up from zero, batches of ${CATCH_UP_BATCH}${figures.catchUp.emmett.complete ? '' : ' (Emmett time-capped)'}`,
    rate(figures.catchUp.ours.events, figures.catchUp.ours.seconds),
    rate(figures.catchUp.emmett.events, figures.catchUp.emmett.seconds),
    'ev/s',
  );
  row(['seeding the data set (info)', `${fmt(N / figures.seed.ours)} ev/s (500-stream appends)`, `${fmt(N / figures.seed.emmett)} ev/s (10-event appends)`, '']);
  row(['COPY, unindexed table, 1 connection', `${fmt(figures.copy1)} rows/s`, '', '']);
  row(['COPY, unindexed table, 8 connections', `${fmt(figures.copy8)} rows/s`, '', '']);

  const copyLimit = Math.max(figures.copy1, figures.copy8);
  const batch8 = eps(figures.batch8.ours);
  const readRatios = figures.readAll.map((read) => ({ page: read.page, ratio: rate(read.ours.events, read.ours.seconds) / rate(read.emmett.events, read.emmett.seconds) }));
  const catchUpRatio = rate(figures.catchUp.ours.events, figures.catchUp.ours.seconds) / rate(figures.catchUp.emmett.events, figures.catchUp.emmett.seconds);
  const p99 = latency(figures.single1.ours, 99);
  const p99at8 = latency(figures.single8.ours, 99);
  const single8Ratio = eps(figures.single8.ours) / eps(figures.single8.emmett);
  const targets: [string, string, string, boolean][] = [
    ['500-event batches, 8 clients vs Emmett', `${fmt(batch8 / eps(figures.batch8.emmett), 2)}x`, '>= 2x', batch8 / eps(figures.batch8.emmett) >= 2],
    ['500-event batches, 8 clients vs COPY (best of 1/8 conn.)', `${fmt((100 * batch8) / copyLimit, 1)}%`, '>= 40%', batch8 / copyLimit >= 0.4],
    ['500-stream atomic append, 8 clients', `${fmt(eps(figures.multi8))} ev/s`, '>= 25,000 ev/s', eps(figures.multi8) >= 25_000],
    ...readRatios.map(({ page, ratio }): [string, string, string, boolean] => [`read-all vs Emmett (pages of ${page})`, `${fmt(ratio, 1)}x`, '>= 5x', ratio >= 5]),
    ['projection catch-up vs Emmett projector', `${fmt(catchUpRatio, 1)}x`, '>= 20x', catchUpRatio >= 20],
    ['1-event append p99, 1 client', `${fmt(p99, 2)} ms`, '< 10 ms', p99 < 10],
    ['1-event appends, 8 clients vs Emmett', `${fmt(single8Ratio, 2)}x`, '>= 1.5x', single8Ratio >= 1.5],
    ['1-event append p99, 8 clients', `${fmt(p99at8, 2)} ms`, '< 10 ms', p99at8 < 10],
  ];
  lines.push('');
  row(['Target', 'Measured', 'Target', 'Result']);
  row(['---', '---:', '---:', '---']);
  for (const [label, measured, target, pass] of targets) row([label, measured, target, pass ? 'PASS' : 'MISS']);
  lines.push('');
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const started = Date.now();
  const facts = await serverFacts();
  log(`event store benchmark, BENCH_SCALE=${SCALE}${process.env.BENCH_CHAIN === 'off' ? ', hash chain OFF' : ''}, ${os.cpus().length} CPUs, ${facts.version.split(',')[0]}`);
  await recreateDatabases(Object.values(DATABASES));
  let ours: OursSide | undefined;
  let emmett: EmmettSide | undefined;
  try {
    emmett = await EmmettSide.open(databaseUrl(DATABASES.emmett));
    captureEmmettParsers();
    useParsers('ours');
    ours = await OursSide.open(databaseUrl(DATABASES.ours));

    const single1 = await singleEvent(ours, emmett, 1);
    const single8 = await singleEvent(ours, emmett, CLIENTS);
    if (process.env.BENCH_ONLY === 'single') {
      const eps = (run: RunResult) => rate(run.events, run.seconds);
      log(`8 clients vs Emmett: ours ${fmt(eps(single8.ours) / eps(single8.emmett), 2)}x, ungrouped ${fmt(eps(single8.ungrouped!) / eps(single8.emmett), 2)}x`);
      return;
    }
    const batch1 = await batches(ours, emmett, 1);
    const batch8 = await batches(ours, emmett, CLIENTS);
    const multi1 = await multiStream(ours, 1);
    const multi8 = await multiStream(ours, CLIENTS);
    const manifested = await manifest(ours);
    const emmettLoop1 = await emmettPerStreamLoop(emmett, 1);
    const emmettLoop8 = await emmettPerStreamLoop(emmett, CLIENTS);
    const seeded = await seed(ours, emmett);
    const reads = await readAll(ours, emmett);
    const caughtUp = await catchUp(ours, emmett);
    const copied = await copy();
    report(
      { single1, single8, batch1, batch8, multi1, multi8, manifest: manifested, emmettLoop1, emmettLoop8, seed: seeded, readAll: reads, catchUp: caughtUp, ...copied },
      facts,
    );
  } finally {
    useParsers('ours');
    await ours?.close().catch((error: unknown) => console.error('closing ours failed', error));
    await emmett?.close().catch((error: unknown) => console.error('closing emmett failed', error));
    await dropDatabases(Object.values(DATABASES));
    log(`done in ${fmt((Date.now() - started) / 1000, 0)} s`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
