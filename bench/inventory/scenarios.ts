import type { AgentJobRow, CartonRow, ManagerCounts, Listed, ReceiveJobRow } from '@portal/contracts';
import { type Scope, type SqlDb, managerCounts } from '@portal/projections';
import { readManifest } from '@portal/services/dist/inventory/manifest';
import type { Client } from 'pg';
import { type Answer, type Api, expectStatus } from './api';
import { type BenchDevice, ImeiSource, cartonNumbers, manifestCsv } from './devices';
import { waitFor } from './service';
import { fmt, ms } from './stats';

/** Everything the scenarios share: the api, the demo accounts' tokens and ids, a connection for checks. */
export interface Bench {
  readonly api: Api;
  readonly client: Client;
  readonly db: SqlDb;
  readonly imeis: ImeiSource;
  readonly apiKey: string;
  readonly dallas: string;
  /** agent@demo.test: the agent of the command → visible loop. */
  readonly agentId: string;
  /** Other active agents of Dallas: the 50 × 50 assignments go to them in turn. */
  readonly otherAgentIds: readonly string[];
  readonly tokens: { readonly retailer: string; readonly manager: string; readonly agent: string; readonly super: string };
  readonly log: (message: string) => void;
  /**
   * Before each measurement: ANALYZE the database when the server's autovacuum is off (it stands in
   * for autovacuum; without statistics the planner seq-scans es_events for every command), else nothing.
   */
  readonly analyze: () => Promise<void>;
}

// ----- 1. Receive a 10,000-IMEI manifest -----

export interface ManifestRun {
  readonly label: string;
  readonly jobId: string;
  readonly warmUp: boolean;
  readonly devices: number;
  readonly bytes: number;
  /** Send → 201 (the answer waits for the inventory read model: read-your-writes). */
  readonly ms: number;
  /** The read-your-writes wait timed out (x-projections-behind): visibleMs is then the list poll's. */
  readonly behind: boolean;
  /** Send → the job listed in managerjob_v2 with every device (= ms unless behind). */
  readonly visibleMs: number;
  /** The managerjob_v2 call that confirmed it. */
  readonly listMs: number;
  /** Send → the append's transaction started (PostgreSQL now() of the job's event): upload, parse, checks, load, decide. */
  readonly beforeAppendMs: number;
  /** The append's transaction start → 201: append, commit, projection catch-up, read-your-writes wake-up, answer. */
  readonly appendToAnswerMs: number;
  /** The service's own time for the request (its request log), when logged. */
  readonly requestId: string;
  /** readManifest on the same file in the bench process (the service's parser and row checks, alone). */
  readonly parseMs?: number;
  readonly shipments: number;
}

/** PostgreSQL's transaction time of the job's ReceiveJobCreated (ms since the epoch). */
async function appendStartedAt(client: Client, jobId: string): Promise<number> {
  const result = await client.query<{ at: number }>(`select (extract(epoch from recorded_at) * 1000)::float8 as at from es_events where stream_id = $1 order by stream_position limit 1`, [`receive-job-${jobId}`]);
  const at = result.rows[0]?.at;
  if (at === undefined) throw new Error(`no event for receive job ${jobId}`);
  return at;
}

/** The newest receive job of Dallas as the office manager sees it, waiting until it is `jobId` with every device. */
async function confirmListed(bench: Bench, jobId: string, devices: number, cartons: number): Promise<{ listMs: number; visibleAt: number }> {
  let last: Answer<Listed<ReceiveJobRow>> | undefined;
  await waitFor(
    async () => (last = expectStatus(await bench.api.call<Listed<ReceiveJobRow>>('jobs', 'GET', '/api/v1/manager/managerjob_v2', { token: bench.tokens.manager }), 200, 'managerjob_v2')),
    (answer) => {
      const row = answer.body.items.data[0];
      return row?.id === jobId && row.total_device_count === devices && row.total_carton_count === cartons;
    },
    30_000,
    `receive job ${jobId} in managerjob_v2 with ${devices} devices`,
  );
  return { listMs: last!.ms, visibleAt: Date.now() };
}

/** Receives `devices` through POST receive_manifest (the console's upload, CSV) as the retailer manager. */
export async function receiveManifest(bench: Bench, label: string, devices: readonly BenchDevice[], options: { warmUp?: boolean; parse?: boolean } = {}): Promise<ManifestRun> {
  const csv = manifestCsv(devices);
  const cartons = cartonNumbers(devices).length;
  let parseMs: number | undefined;
  if (options.parse) {
    const started = performance.now();
    const reading = await readManifest(Buffer.from(csv), 'manifest.csv');
    parseMs = performance.now() - started;
    if (reading.devices.length !== devices.length || reading.problems.size > 0) throw new Error(`readManifest read ${reading.devices.length} devices, ${reading.problems.size} problems`);
  }
  await bench.analyze();
  const answer = expectStatus(
    await bench.api.upload<{ message: string; job_id: string }>('manifest', '/api/v1/manager/receive_manifest', bench.tokens.retailer, { office_id: bench.dallas, order_id: label }, { content: csv, name: 'manifest.csv', type: 'text/csv' }),
    201,
    `receive_manifest ${label}`,
  );
  if (answer.body.message !== `Received ${devices.length} devices`) throw new Error(`receive_manifest ${label} answered ${JSON.stringify(answer.body)}`);
  const answeredAt = answer.sentAt + answer.ms;
  const confirmed = await confirmListed(bench, answer.body.job_id, devices.length, cartons);
  const appendAt = await appendStartedAt(bench.client, answer.body.job_id);
  return {
    label,
    jobId: answer.body.job_id,
    warmUp: options.warmUp ?? false,
    devices: devices.length,
    bytes: answer.requestBytes,
    ms: answer.ms,
    behind: answer.behind,
    visibleMs: answer.behind ? confirmed.visibleAt - answer.sentAt : answer.ms,
    listMs: confirmed.listMs,
    beforeAppendMs: appendAt - answer.sentAt,
    appendToAnswerMs: answeredAt - appendAt,
    requestId: answer.requestId,
    parseMs,
    shipments: 1,
  };
}

export interface ShipmentAttempt {
  readonly run?: ManifestRun;
  /** Set when the service refused the shipment (e.g. 413: body larger than the JSON parser's limit). */
  readonly refused?: { readonly status: number; readonly message: string; readonly bytes: number };
}

/** Receives `devices` through POST /api/integration/v1/shipments (JSON, API key), in one shipment. */
export async function receiveShipment(bench: Bench, label: string, devices: readonly BenchDevice[], warmUp = false, analyze = true): Promise<ShipmentAttempt> {
  if (analyze) await bench.analyze();
  const answer = await bench.api.call<{ message: string; job_id: string }>('shipment', 'POST', '/api/integration/v1/shipments', {
    headers: { 'x-api-key': bench.apiKey },
    body: { office_id: bench.dallas, order_id: label, devices },
  });
  if (answer.status !== 201) return { refused: { status: answer.status, message: answer.body.message ?? JSON.stringify(answer.body).slice(0, 200), bytes: answer.requestBytes } };
  const confirmed = await confirmListed(bench, answer.body.job_id, devices.length, cartonNumbers(devices).length);
  const appendAt = await appendStartedAt(bench.client, answer.body.job_id);
  return {
    run: {
      label,
      jobId: answer.body.job_id,
      warmUp,
      devices: devices.length,
      bytes: answer.requestBytes,
      ms: answer.ms,
      behind: answer.behind,
      visibleMs: answer.behind ? confirmed.visibleAt - answer.sentAt : answer.ms,
      listMs: confirmed.listMs,
      beforeAppendMs: appendAt - answer.sentAt,
      appendToAnswerMs: answer.sentAt + answer.ms - appendAt,
      requestId: answer.requestId,
      shipments: 1,
    },
  };
}

/**
 * The same devices as consecutive shipments of `size` devices each. `ms` is the sum of the
 * shipments' answers (each already visible: read-your-writes), without the list checks between.
 */
export async function receiveInShipments(bench: Bench, label: string, devices: readonly BenchDevice[], size: number, warmUp = false): Promise<ManifestRun> {
  const runs: ManifestRun[] = [];
  await bench.analyze();
  for (let start = 0; start < devices.length; start += size) {
    const attempt = await receiveShipment(bench, `${label}-${start / size + 1}`, devices.slice(start, start + size), warmUp, false);
    if (!attempt.run) throw new Error(`shipment ${label} of ${size} devices refused: ${JSON.stringify(attempt.refused)}`);
    runs.push(attempt.run);
  }
  const sum = (pick: (run: ManifestRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    ...runs[runs.length - 1]!,
    label,
    devices: devices.length,
    bytes: sum((run) => run.bytes),
    ms: sum((run) => run.ms),
    visibleMs: sum((run) => run.visibleMs),
    behind: runs.some((run) => run.behind),
    beforeAppendMs: sum((run) => run.beforeAppendMs),
    appendToAnswerMs: sum((run) => run.appendToAnswerMs),
    shipments: runs.length,
  };
}

// ----- 2. Assign 50 cartons × 50 devices in one call -----

export interface AssignRun {
  readonly warmUp: boolean;
  readonly devices: number;
  readonly cartons: number;
  /** One manager_accept_selected_cartons call with all the cartons (setup, reported for information). */
  readonly acceptMs: number;
  /** The accept's read-your-writes wait timed out; the cartons were in the stock list after acceptVisibleMs. */
  readonly acceptBehind: boolean;
  readonly acceptVisibleMs: number;
  /** One assigndevice call (devicestatus 0, every carton). */
  readonly assignMs: number;
  /** Send → the read model shows every device with the agent (= assignMs unless behind). */
  readonly assignVisibleMs: number;
  readonly behind: boolean;
  readonly requestId: string;
}

export async function assignCartons(bench: Bench, label: string, agentId: string, cartons: number, perCarton: number, warmUp = false): Promise<AssignRun> {
  const devices = bench.imeis.cartons(label, cartons, perCarton);
  const jobId = (await receiveManifest(bench, label, devices)).jobId;
  const numbers = cartonNumbers(devices);
  await bench.analyze();
  const accepted = expectStatus(
    await bench.api.call<{ message: string }>('accept-all', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { token: bench.tokens.manager, body: { job_id: jobId, carton_numbers: numbers, status: 1 } }),
    200,
    `accept ${cartons} cartons`,
  );
  // When the accept's read-your-writes wait timed out, assigning by carton now would find only the
  // devices the read model already shows in stock (the command reads carton → IMEIs there): wait.
  let acceptVisibleMs = accepted.ms;
  if (accepted.behind) {
    await waitFor(
      () => bench.api.call<Listed<CartonRow>>('stock', 'GET', `/api/v1/manager/agentassignlist?keyword=${encodeURIComponent(`${label}-`)}&results=100`, { token: bench.tokens.manager }),
      (answer) => answer.body.items.total === cartons && answer.body.items.data.every((row) => row.imei_count === perCarton),
      30_000,
      `the ${cartons} accepted cartons in the manager's stock`,
    );
    acceptVisibleMs = Date.now() - accepted.sentAt;
  }
  await bench.analyze();
  const assigned = expectStatus(
    await bench.api.call<{ message: string }>('assign-bulk', 'POST', '/api/v1/manager/assigndevice', {
      token: bench.tokens.manager,
      body: { devicestatus: 0, carton_number: numbers, agent_id: agentId, office_id: bench.dallas, assign_count: devices.length },
    }),
    200,
    `assign ${cartons} cartons`,
  );
  if (assigned.body.message !== `${devices.length} devices assigned successfully`) throw new Error(`assigndevice answered ${JSON.stringify(assigned.body)}`);
  // The read model shows every device with the agent (at once, unless the read-your-writes wait timed out).
  const assignedCount = async () =>
    (await bench.client.query<{ n: number }>(`select count(*)::int as n from rm.inventory_devices where carton_number = any($1::text[]) and status = 4 and agent_id = $2`, [numbers, agentId])).rows[0]!.n;
  if (!assigned.behind && (await assignedCount()) !== devices.length) throw new Error(`assigndevice answered without x-projections-behind, yet the read model shows ${await assignedCount()} of ${devices.length} devices assigned`);
  let assignVisibleMs = assigned.ms;
  if (assigned.behind) {
    await waitFor(assignedCount, (count) => count === devices.length, 60_000, `the ${devices.length} assigned devices in the read model`);
    assignVisibleMs = Date.now() - assigned.sentAt;
  }
  return { warmUp, devices: devices.length, cartons, acceptMs: accepted.ms, acceptBehind: accepted.behind, acceptVisibleMs, assignMs: assigned.ms, assignVisibleMs, behind: assigned.behind, requestId: assigned.requestId };
}

// ----- 3. Command → visible in the list -----

export interface VisibleSample {
  readonly commandMs: number;
  /** Command sent → the list answered showing the change. */
  readonly visibleMs: number;
  /** The list call (the last one, when more than one was needed). */
  readonly listMs: number;
  /** Lists that did not show the change yet (0 when read-your-writes held). */
  readonly staleLists: number;
  readonly behind: boolean;
  readonly commandId: string;
  readonly listId: string;
}

async function commandThenList<T>(
  command: () => Promise<Answer<unknown>>,
  list: () => Promise<Answer<T>>,
  shows: (answer: Answer<T>) => boolean,
): Promise<VisibleSample> {
  const started = performance.now();
  const answer = await command();
  if (answer.status !== 200) throw new Error(`command answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  let staleLists = 0;
  for (;;) {
    const listed = await list();
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}: ${JSON.stringify(listed.body)}`);
    if (shows(listed)) {
      return { commandMs: answer.ms, visibleMs: performance.now() - started, listMs: listed.ms, staleLists, behind: answer.behind, commandId: answer.requestId, listId: listed.requestId };
    }
    if (++staleLists > 200) throw new Error('the list never showed the change');
  }
}

export interface VisibleLoops {
  readonly accept: VisibleSample[];
  readonly assign: VisibleSample[];
  readonly cartonSize: number;
}

/**
 * One receive job of (warm-up + iterations) cartons of `cartonSize`; then, per carton:
 *   A. accept it (manager_accept_selected_cartons) → the manager's agentassignlist shows it first;
 *   B. (after every A) assign it to agent@demo.test (assigndevice by carton) → the agent's
 *      agentassignlist shows the new job first, with the carton's IMEIs.
 * The first `warmUp` of each are not counted.
 */
export async function commandToVisible(bench: Bench, warmUp: number, iterations: number, cartonSize: number): Promise<VisibleLoops> {
  const total = warmUp + iterations;
  const devices = bench.imeis.cartons('CV', total, cartonSize);
  const received = await receiveManifest(bench, 'CV', devices);
  const jobId = received.jobId;
  bench.log(`command → visible: received ${fmt(received.devices)} devices in ${fmt(total)} cartons of ${cartonSize} (${ms(received.ms)})`);
  const numbers = cartonNumbers(devices);
  const imeisOf = new Map(numbers.map((carton) => [carton, devices.filter((device) => device.carton_number === carton).map((device) => device.imei).sort()]));

  await bench.analyze();
  const accept: VisibleSample[] = [];
  for (let index = 0; index < total; index++) {
    const carton = numbers[index]!;
    const sample = await commandThenList(
      () => bench.api.call('cv-accept', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { token: bench.tokens.manager, body: { job_id: jobId, carton_numbers: [carton], status: 1 } }),
      () => bench.api.call<Listed<CartonRow>>('cv-stock', 'GET', '/api/v1/manager/agentassignlist', { token: bench.tokens.manager }),
      (answer) => answer.body.items.data[0]?.carton_number === carton && answer.body.items.data[0].imei_count === cartonSize,
    );
    if (index >= warmUp) accept.push(sample);
  }
  bench.log(`command → visible: ${fmt(total)} × accept one carton → manager's agentassignlist done`);

  await bench.analyze();
  const assign: VisibleSample[] = [];
  for (let index = 0; index < total; index++) {
    const carton = numbers[index]!;
    const expected = imeisOf.get(carton)!.join(',');
    const sample = await commandThenList(
      () =>
        bench.api.call('cv-assign', 'POST', '/api/v1/manager/assigndevice', {
          token: bench.tokens.manager,
          body: { devicestatus: 0, carton_number: [carton], agent_id: bench.agentId, office_id: bench.dallas, assign_count: cartonSize },
        }),
      () => bench.api.call<Listed<AgentJobRow>>('cv-agentlist', 'GET', '/api/v1/agent/agentassignlist', { token: bench.tokens.agent }),
      (answer) => {
        const job = answer.body.items.data[0];
        return job !== undefined && job.imei_device.map((item) => item.imei).join(',') === expected;
      },
    );
    if (index >= warmUp) assign.push(sample);
  }
  bench.log(`command → visible: ${fmt(total)} × assign one carton → agent's agentassignlist done`);
  return { accept, assign, cartonSize };
}

// ----- 4. Dashboard count query -----

export interface DashboardRun {
  readonly who: string;
  readonly http: number[];
  readonly httpIds: string[];
  /** The same query in this process through @portal/projections' managerCounts (no HTTP, no auth). */
  readonly direct: number[];
  readonly counts: ManagerCounts;
}

export async function dashboard(bench: Bench, who: 'manager' | 'super', scope: Scope, warmUp: number, calls: number): Promise<DashboardRun> {
  const http: number[] = [];
  const httpIds: string[] = [];
  let counts: ManagerCounts | undefined;
  await bench.analyze();
  for (let index = 0; index < warmUp + calls; index++) {
    const answer = expectStatus(await bench.api.call<{ data: { data: ManagerCounts } }>(`dash-${who}`, 'GET', '/api/v1/dashboard_count', { token: bench.tokens[who] }), 200, 'dashboard_count');
    counts = answer.body.data.data;
    if (index >= warmUp) {
      http.push(answer.ms);
      httpIds.push(answer.requestId);
    }
  }
  const direct: number[] = [];
  for (let index = 0; index < warmUp + calls; index++) {
    const started = performance.now();
    await managerCounts(bench.db, scope);
    if (index >= warmUp) direct.push(performance.now() - started);
  }
  return { who, http, httpIds, direct, counts: counts! };
}
