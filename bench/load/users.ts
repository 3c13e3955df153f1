import { withLuhnCheckDigit } from '@portal/contracts';
import type { Answer, Api } from '../inventory/api';
import { pick, random } from '../inventory/stats';
import type { Request } from '../reports/requests';
import type { Recorder } from './recorder';

/*
 * The simulated users of bench:load. Each loops until the run's time is up, with a pause between
 * actions, doing what its kind of user does in the console:
 * - an office crew (the office's manager, one of its agents, and their IBO manager) moves new
 *   devices through every flow: receive from upstream, accept the carton, assign it, the agent
 *   accepts part and hands the rest back, sends one more back, the manager accepts it, opens
 *   RMAs for the three, approves and submits them, the IBO manager rejects the RMA order, the
 *   devices go back to stock and move to another office; and a SIM order the IBO manager approves;
 * - managers (office, IBO, retailer, admin) read the dashboard and the reports with filters, and
 *   now and then export a report and wait for the file;
 * - agents read their dashboard, their inventory and their pending jobs.
 */

export interface Crew {
  /** 1-based office number: makes the crew's IMEIs and cartons its own. */
  readonly number: number;
  readonly officeId: string;
  /** Where the crew's devices go at the end of a cycle (an office of the same retailer). */
  readonly otherOfficeId: string;
  readonly manager: string;
  readonly agent: string;
  readonly agentId: string;
  readonly ibo: string;
  /** The retailer's API key (upstream shipments). */
  readonly apiKey: string;
}

export interface RunControl {
  readonly endsAt: number;
  readonly thinkMs: number;
  /** Distinguishes this run's IMEIs and cartons from an earlier run's on the same database. */
  readonly runTag: string;
}

/** A request id part of the kind (the service keeps ids of letters, digits, dots and dashes only). */
const tagOf = (kind: string) => `load.${kind.replace(/[^\w.-]+/g, '-')}`;

const pause = (next: () => number, thinkMs: number) => new Promise((resolve) => setTimeout(resolve, Math.floor(next() * thinkMs)));

/** A call that never throws: a failed connection is an error of its kind, answered as status 0. */
async function attempt<T>(recorder: Recorder, kind: string, call: () => Promise<Answer<T>>): Promise<Answer<T> | null> {
  try {
    return await call();
  } catch (error) {
    recorder.error(kind, `no answer: ${(error as Error).message}`);
    return null;
  }
}

const SHIPPING = { address: '2100 Commerce St', city: 'Dallas', state: 'TX', zip: '75201', no_of_boxes: 2 };
const ORDER_SHIPPING = { ship_to_name: 'Office receiving desk', address: '2100 Commerce St', city: 'Dallas', state: 'TX', zip: '75201', contact_phone_number: '2145550100', email: 'receiving@example.com' };
const CARTON_SIZE = 6;

interface Listed<T> {
  items: { data: T[]; total: number };
}

export async function crewLoop(api: Api, recorder: Recorder, crew: Crew, control: RunControl): Promise<void> {
  const next = random(100 + crew.number);
  for (let cycle = 1; Date.now() < control.endsAt; cycle++) {
    const ok = await crewCycle(api, recorder, crew, control, cycle, next).catch((error: unknown) => {
      recorder.error('crew cycle', (error as Error).message);
      return false;
    });
    if (!ok) await pause(next, 2000); // a broken cycle: the next starts with new devices
  }
}

async function crewCycle(api: Api, recorder: Recorder, crew: Crew, control: RunControl, cycle: number, next: () => number): Promise<boolean> {
  const think = () => pause(next, control.thinkMs);
  const carton = `LOAD-${control.runTag}-${crew.number}-${cycle}`;
  const imeis = Array.from({ length: CARTON_SIZE }, (_, index) =>
    withLuhnCheckDigit(`99${control.runTag}${String(crew.number).padStart(2, '0')}${String(cycle * 10 + index).padStart(7, '0')}`),
  );
  const command = async <T>(kind: string, token: string | null, method: string, path: string, body: unknown): Promise<Answer<T> | null> => {
    const answer = await attempt(recorder, kind, () =>
      api.call<T>(tagOf(kind), method, path, token ? { token, body } : { body, headers: { 'x-api-key': crew.apiKey } }),
    );
    return answer && recorder.record(kind, answer, true).status < 300 ? answer : null;
  };
  const read = async <T>(kind: string, token: string, path: string): Promise<Answer<T> | null> => {
    const answer = await attempt(recorder, kind, () => api.call<T>(tagOf(kind), 'GET', path, { token }));
    return answer && recorder.record(kind, answer, false).status < 300 ? answer : null;
  };

  const received = await command<{ job_id: string }>('receive (upstream)', null, 'POST', '/api/integration/v1/shipments', {
    office_id: crew.officeId,
    devices: imeis.map((imei) => ({ imei, device_type: 'PHONE', carton_number: carton, make: 'Acme', model: 'Load 1' })),
  });
  if (!received) return false;
  await think();
  if (!(await command('accept carton', crew.manager, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: received.body.job_id, carton_numbers: [carton], status: 1 }))) return false;
  await think();
  if (!(await command('assign', crew.manager, 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: [carton], imei: [], agent_id: crew.agentId, office_id: crew.officeId, assign_count: CARTON_SIZE }))) return false;
  await think();

  const pending = await read<Listed<{ job_id: string; manager_id: string; imei_device: { imei: string }[] }>>('agent pending jobs', crew.agent, '/api/v1/agent/agentassignlist?results=100');
  const job = pending?.body.items.data.find((row) => row.imei_device.some((device) => device.imei === imeis[0]));
  if (!job) {
    recorder.error('crew cycle', `the agent's pending jobs do not show carton ${carton}`);
    return false;
  }
  const [kept, handedBack] = [imeis.slice(0, 4), imeis.slice(4)];
  if (!(await command('agent accept', crew.agent, 'POST', '/api/v1/agent/accept', { imei: kept, agent_job_id: job.job_id }))) return false;
  if (!(await command('agent hand back', crew.agent, 'POST', '/api/v1/agent/transfer_device', { imei: handedBack, agent_job_id: job.job_id, accept_transfer_status: 0, manager_id: job.manager_id, transfer_count: handedBack.length }))) return false;
  await think();
  const sentBack = kept[0]!;
  if (!(await command('agent transfer back', crew.agent, 'POST', '/api/v1/agent/transfer_device', { imei: [sentBack], accept_transfer_status: 1, reason: 'Load: not needed' }))) return false;
  await think();
  const requests = await read<Listed<{ transfer_job_id: string; imei: string[] }>>('transfer requests', crew.manager, '/api/v1/manager/transfer_request?results=100');
  const transfer = requests?.body.items.data.find((row) => row.imei.includes(sentBack));
  if (!transfer) {
    recorder.error('crew cycle', `the manager's transfer requests do not show ${sentBack}`);
    return false;
  }
  if (!(await command('accept transfer', crew.manager, 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: transfer.transfer_job_id, status: 1 }))) return false;
  await think();

  // RMA: the three devices back with the manager, approved, submitted, rejected by the IBO manager, back to stock.
  const returned = [...handedBack, sentBack];
  const opened = await command<{ rma_device_ids: string[] }>('rma initiate', crew.manager, 'POST', '/api/v1/manager/rma_device_request_v2', {
    imei_list: returned.map((imei, index) => ({ imei, reason: 1 + index, reason_two: '', notes: 'Load: returned' })),
  });
  if (!opened) return false;
  const ids = opened.body.rma_device_ids;
  if (!(await command('rma approve', crew.manager, 'POST', '/api/v1/manager/approve_reject_rma_devices', { status: 2, rma_devices_list: ids.map((rma_device_id) => ({ rma_device_id })) }))) return false;
  const submitted = await command<{ id: string }>('rma submit order', crew.manager, 'POST', '/api/v1/manager/submit_rma_order', { ...SHIPPING, rma_list: ids });
  if (!submitted) return false;
  await think();
  if (!(await command('rma order reject (IBO)', crew.ibo, 'POST', `/api/v1/manager/approve_reject_rma_order/${submitted.body.id}`, { status: 3, comments: 'Load: rejected' }))) return false;
  if (!(await command('return to stock', crew.manager, 'POST', '/api/v1/manager/return_to_stock', { imei: returned }))) return false;
  await think();
  if (!(await command('office transfer', crew.manager, 'POST', '/api/v1/manager/transfer_devices_to_other_office', { devicestatus: 1, imei: returned, office_id: crew.otherOfficeId }))) return false;
  await think();

  // A SIM order (any office may order SIMs), approved by the IBO manager.
  const ordered = await command<{ id: string }>('order request', crew.manager, 'POST', '/api/v1/manager/create_inventory_request_order', { office_id: crew.officeId, method_of_delivery: 4, ...ORDER_SHIPPING, sims_requested: 5 });
  if (!ordered) return false;
  await think();
  if (!(await command('order approve (IBO)', crew.ibo, 'POST', `/api/v1/inventory_request_order_accept_reject/${ordered.body.id}`, { req_action: 2, devices_approved: 0, tablets_approved: 0, sims_approved: 5, ...ORDER_SHIPPING }))) return false;
  await think();
  return true;
}

export interface Reader {
  readonly token: string;
  readonly seed: number;
  /** Report requests this user sends (its role's), in turn. */
  readonly reports: readonly (Request & { kind: string })[];
  /** An export this user starts now and then (a GET answering an export id). */
  readonly exportPath: string;
}

/** A manager at the console: the dashboard, then reports with filters; every 15th action an export, waited for. */
export async function managerLoop(api: Api, recorder: Recorder, reader: Reader, control: RunControl): Promise<void> {
  const next = random(reader.seed);
  for (let action = 0; Date.now() < control.endsAt; action++) {
    if (action % 15 === 14) await exportAndWait(api, recorder, reader);
    else if (action % 4 === 0) {
      const answer = await attempt(recorder, 'dashboard', () => api.call('load.dashboard', 'GET', '/api/v1/dashboard_count', { token: reader.token }));
      if (answer) recorder.record('dashboard', answer, false);
    } else {
      const request = pick(next, reader.reports);
      const answer = await attempt(recorder, request.kind, () => api.call(tagOf(request.kind), request.method, request.path, { token: reader.token, body: request.body }));
      if (answer) recorder.record(request.kind, answer, false);
    }
    await pause(next, control.thinkMs);
  }
}

async function exportAndWait(api: Api, recorder: Recorder, reader: Reader): Promise<void> {
  const started = performance.now();
  const asked = await attempt(recorder, 'export start', () => api.call<{ export_id?: string }>('load.export', 'GET', reader.exportPath, { token: reader.token }));
  if (!asked || recorder.record('export start', asked, false).status >= 300 || !asked.body.export_id) return;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const progress = await attempt(recorder, 'export progress', () => api.call<{ status: string }>('load.export-progress', 'GET', `/api/v1/exports/${asked.body.export_id}`, { token: reader.token }));
    if (!progress || progress.status !== 200) {
      if (progress) recorder.record('export progress', progress, false);
      return;
    }
    if (progress.body.status === 'done' || progress.body.status === 'failed') {
      recorder.timed('export until the file is ready', performance.now() - started, progress.body.status === 'done');
      if (progress.body.status === 'failed') recorder.error('export until the file is ready', `export ${asked.body.export_id} failed`);
      return;
    }
    if (performance.now() - started > 300_000) {
      recorder.error('export until the file is ready', `export ${asked.body.export_id} not done after 5 minutes`);
      return;
    }
  }
}

/** An agent at the console: dashboard, inventory, pending jobs. */
export async function agentLoop(api: Api, recorder: Recorder, token: string, seed: number, control: RunControl): Promise<void> {
  const next = random(seed);
  const reads = [
    ['agent dashboard', '/api/v1/agent/agentdashboard'],
    ['agent inventory', '/api/v1/agent/agentinventorylistv1?page=1&results=10'],
    ['agent pending jobs', '/api/v1/agent/agentassignlist'],
  ] as const;
  while (Date.now() < control.endsAt) {
    const [kind, path] = pick(next, reads);
    const answer = await attempt(recorder, kind, () => api.call(tagOf(kind), 'GET', path, { token }));
    if (answer) recorder.record(kind, answer, false);
    await pause(next, control.thinkMs);
  }
}
