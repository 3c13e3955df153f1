import { type AgentJobRow, type DeviceHistoryAnswer, type DeviceStateAsOf, type FleetAsOfStatus, type Listed, ROLE, type StreamVerification, type TransferRequestRow, apiRoutes, withLuhnCheckDigit } from '@portal/contracts';
import os from 'node:os';
import path from 'node:path';
import { businessDate } from '@portal/projections';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { exited, repositoryRoot, startNode, waitFor } from '../support/processes';

const imei = (serial: number) => withLuhnCheckDigit(`35693805${String(serial).padStart(6, '0')}`);

/**
 * The auditor's questions over HTTP (docs/AUDIT.md): one device's history with its envelopes and
 * related records, its state as of each moment of a long history — equal to the read model's row
 * as it was then —, and the auditor's role: everything of its retailer to read, nothing to change.
 */
describe('audit', () => {
  let service: SeededService;
  const tokens: Record<string, string> = {};
  const as = <T>(who: string, method: string, path: string, body?: unknown) => call<T>(service.baseUrl, method, path, { token: tokens[who], body });
  const device = imei(1);

  beforeAll(async () => {
    service = await startSeededService();
    for (const email of ['office.manager@demo.test', 'office.manager2@demo.test', 'agent@demo.test', 'retailer.manager@demo.test', 'retailer.manager2@demo.test', 'auditor@demo.test', 'super@demo.test']) {
      tokens[email] = (await login(service.baseUrl, email)).body.items!.token;
    }
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('answers a device as of every step of its history as the read model had it then, and its history with every envelope and related record', async () => {
    const db = service.test.database.db;
    const office = (name: string) => sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(db).then((result) => result.rows[0]!.id);
    const [dallas, houston] = [await office('Dallas Office'), await office('Houston Office')];
    const agentId = (await sql<{ id: string }>`select id from rm.org_users where email = 'agent@demo.test'`.execute(db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    const apiKey = (await createApiKey(db, retailer, 'audit test')).key;

    /** What the read model holds now, and where the store is: a snapshot to compare the as-of answer with later. */
    const snapshots: { position: string; row: { status: number; office_id: string; agent_id: string | null } }[] = [];
    const snapshot = async (position: string | undefined) => {
      const row = await waitFor(
        async () => (await sql<{ status: number; office_id: string; agent_id: string | null; updated_at: string }>`select status, office_id, agent_id from rm.inventory_devices where imei = ${device}`.execute(db)).rows[0],
        Boolean,
        5_000,
        'the device row',
      );
      snapshots.push({ position: position!, row: { status: row.status, office_id: row.office_id, agent_id: row.agent_id } });
    };
    const step = async (answer: Promise<{ status: number; body: unknown }>) => {
      const done = await answer;
      expect(done.status).toBe(200);
    };
    const lastPosition = async () => {
      const history = await as<DeviceHistoryAnswer>('retailer.manager@demo.test', 'GET', `/api/v1/audit/devices/${device}/history`);
      return history.body.events.filter((event) => event.own).at(-1)!.position;
    };

    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body: { office_id: dallas, devices: [{ imei: device, device_type: 'PHONE', carton_number: 'AUD-1', make: 'Acme', model: 'A1' }] }, headers: { 'x-api-key': apiKey } });
    expect(shipped.status).toBe(201);
    await snapshot(await lastPosition());
    await step(as('office.manager@demo.test', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers: ['AUD-1'], status: 1 }));
    await snapshot(await lastPosition());
    await step(as('office.manager@demo.test', 'POST', '/api/v1/manager/assigndevice', { devicestatus: 0, carton_number: ['AUD-1'], agent_id: agentId, office_id: dallas }));
    await snapshot(await lastPosition());
    const job = (await as<Listed<AgentJobRow>>('agent@demo.test', 'GET', '/api/v1/agent/agentassignlist')).body.items.data[0]!;
    await step(as('agent@demo.test', 'POST', '/api/v1/agent/accept', { imei: [device], agent_job_id: job.job_id }));
    await snapshot(await lastPosition());
    await step(as('agent@demo.test', 'POST', '/api/v1/agent/transfer_device', { imei: [device], accept_transfer_status: 1, reason: 'Back to stock' }));
    await snapshot(await lastPosition());
    const transfer = (await as<Listed<TransferRequestRow>>('office.manager@demo.test', 'GET', '/api/v1/manager/transfer_request')).body.items.data.find((row) => row.imei.includes(device))!;
    await step(as('office.manager@demo.test', 'POST', '/api/v1/manager/accept_transfer', { transfer_job_id: transfer.transfer_job_id, status: 1 }));
    await snapshot(await lastPosition());
    await step(as('office.manager@demo.test', 'POST', '/api/v1/manager/transfer_devices_to_other_office', { devicestatus: 1, imei: [device], office_id: houston }));
    await snapshot(await lastPosition());

    // As of each step's position: the row the projection had then.
    for (const { position, row } of snapshots) {
      const state = await as<DeviceStateAsOf>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}?as_of=${position}`);
      expect({ position, status: state.body.status, office_id: state.body.office_id, agent_id: state.body.agent_id }).toEqual({ position, ...row });
    }
    // Before anything, and now (with names and an age).
    expect((await as<DeviceStateAsOf>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}?as_of=2001-01-01T00:00:00Z`)).body).toMatchObject({ status: 0, holder: 'none', events_applied: 0 });
    expect((await as<DeviceStateAsOf>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}`)).body).toMatchObject({ office_name: 'Houston Office', holder: 'office', age_days: 0, events_applied: 7 });
    expect((await as<DeviceStateAsOf>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}?as_of=${snapshots[3]!.position}`)).body).toMatchObject({ holder: 'agent', agent_name: expect.any(String) });

    // The history: the device's seven events with who did them, and the jobs and transfer it took part in.
    const history = (await as<DeviceHistoryAnswer>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}/history`)).body;
    const own = history.events.filter((event) => event.own);
    expect(own.map((event) => event.type)).toEqual([
      'DeviceReceived', 'DeviceAcceptedByManager', 'DeviceAssigned', 'DeviceAcceptedByAgent', 'DeviceTransferRequested', 'DeviceTransferAccepted', 'DeviceSentToOffice',
    ]);
    expect(own[1]).toMatchObject({ words: 'Accepted by the manager', actor: { user_name: 'Olivia Ortega', roles: [ROLE.OFFICE_MANAGER], command_id: expect.any(String), correlation_id: expect.any(String) } });
    expect(history.events.filter((event) => !event.own).map((event) => event.stream_id.split('-').slice(0, 2).join('-'))).toEqual(expect.arrayContaining(['receive-job', 'agent-job', 'transfer-' + transfer.transfer_job_id.split('-')[0]]));
    const positions = history.events.map((event) => event.position.split('.').map(Number));
    expect(positions).toEqual([...positions].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));

    // Out of scope reads as missing; a bad as_of names the forms it takes.
    expect((await as('retailer.manager2@demo.test', 'GET', `/api/v1/audit/devices/${device}/history`)).status).toBe(404);
    expect((await as('office.manager@demo.test', 'GET', `/api/v1/audit/devices/${device}/history`)).status).toBe(403);
    expect((await as<{ fields: Record<string, string> }>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${device}?as_of=yesterday`)).body.fields).toEqual({ as_of: expect.stringContaining('as_of is an instant') });
  });

  it('reads the fleet reports as of a past position as they were then, and as of a past date as the devices\' own histories say', async () => {
    const db = service.test.database.db;
    const manager = 'retailer.manager@demo.test';
    const events = Number((await sql<{ count: string }>`select count(*)::text as count from es_events`.execute(db)).rows[0]!.count);
    expect(events).toBeLessThanOrEqual(5_000);
    const head = async () => (await sql<{ position: string }>`select transaction_id || '.' || global_position as position from es_events order by transaction_id desc, global_position desc limit 1`.execute(db)).rows[0]!.position;
    /** Waits until the projections have every event (the reports read them). */
    const settled = async () => {
      const position = await head();
      const [transactionId, globalPosition] = position.split('.').map(Number) as [number, number];
      await waitFor(
        async () => (await sql<{ behind: number }>`select count(*)::int as behind from projection_checkpoints where status = 'live' and projection in ('org', 'inventory', 'sales')
          and (transaction_id, global_position) < (${transactionId}::bigint, ${globalPosition}::bigint)`.execute(db)).rows[0]!.behind,
        (behind) => behind === 0,
        10_000,
        'projections caught up',
      );
      return position;
    };
    const reports = [
      '/api/v1/detailed_inventory_report?results=100&sort_by=imei&sort=ASC',
      '/api/v1/inventory_summary_reports/manager?results=50',
      '/api/v1/manager/inventory_summary_for_manager_with_pagination?results=50',
      '/api/v1/aged_inventory_summary_reports/office?results=50',
    ];
    const read = async (who: string, asOf?: string) => {
      const answers: unknown[] = [];
      for (const report of reports) {
        const answer = await as(who, 'GET', asOf ? `${report}&as_of=${asOf}` : report);
        expect({ report, status: answer.status }).toEqual({ report, status: 200 });
        answers.push(answer.body);
      }
      return answers;
    };
    const ready = async (who: string, asOf: string) =>
      waitFor(async () => (await as<FleetAsOfStatus>(who, 'GET', `/api/v1/audit/fleet?as_of=${asOf}`)).body, (status) => status.status !== 'building', 60_000, `the fleet as of ${asOf}`);

    // The reports now, at position P (and instant T); then the fleet changes: a new carton is received.
    // (Read again if anything was appended meanwhile — the seed's last steps may still be landing.)
    let before: string;
    let then: unknown[];
    let instant: string;
    do {
      before = await settled();
      then = await read(manager);
      instant = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
    } while ((await head()) !== before);
    const office = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    const apiKey = (await createApiKey(db, retailer, 'fleet as-of test')).key;
    const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', { body: { office_id: office, devices: [imei(501), imei(502), imei(503)].map((serial) => ({ imei: serial, device_type: 'PHONE', carton_number: 'ASOF-1', make: 'Acme', model: 'A1' })) }, headers: { 'x-api-key': apiKey } });
    expect(shipped.status).toBe(201);
    expect((await as('office.manager@demo.test', 'POST', '/api/v1/manager/manager_accept_selected_cartons', { job_id: shipped.body.job_id, carton_numbers: ['ASOF-1'], status: 1 })).status).toBe(200);
    await settled();
    expect(await read(manager)).not.toEqual(then);

    // Not ready yet: the report says so (409); then the model is built, and the reports as of P are the reports as they were.
    const first = await as<FleetAsOfStatus>('auditor@demo.test', 'GET', `/api/v1/audit/fleet?as_of=${before}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ as_of: before, status: expect.stringMatching(/building|ready/), target_position: before });
    expect((await ready('auditor@demo.test', before)).status).toBe('ready');
    expect(await read(manager, before)).toEqual(then);
    expect(await read('auditor@demo.test', before)).toEqual(then);
    // Its export reads the same model.
    const exported = await as<{ export_id: string }>(manager, 'GET', `/api/v1/detailed_inventory_export?format=csv&as_of=${before}`);
    expect(exported.status).toBe(200);
    // As of the instant T (each event's business time compared): the same reports.
    expect((await ready(manager, instant)).status).toBe('ready');
    expect(await read(manager, instant)).toEqual(then);

    // As of yesterday (the seed's history is dated over the past year): each device as the fleet report shows it is the device folded from its own stream.
    // The business's yesterday (its time zone, not UTC's: past UTC midnight the business may still be on the day before).
    const yesterday = new Date(Date.parse(`${businessDate(new Date())}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await ready(manager, yesterday)).status).toBe('ready');
    const past = await as<{ items: { data: { imei: string; status_name: string; office_name: string | null }[]; total: number } }>(manager, 'GET', `/api/v1/detailed_inventory_report?results=20&as_of=${yesterday}`);
    expect(past.status).toBe(200);
    for (const row of past.body.items.data) {
      const folded = (await as<DeviceStateAsOf>(manager, 'GET', `/api/v1/audit/devices/${row.imei}?as_of=${yesterday}`)).body;
      expect({ imei: row.imei, status: row.status_name, office: row.office_name }).toEqual({ imei: row.imei, status: folded.status_name, office: folded.office_name });
    }
    expect(past.body.items.data.map((row) => row.imei)).not.toContain(imei(501));
    // The organisation was there (the demo business was set up before its devices): its managers are listed.
    const managers = await as<{ items: { total: number } }>(manager, 'GET', `/api/v1/inventory_summary_reports/manager?results=5&as_of=${yesterday}`);
    expect(managers.body.items.total).toBe((then[1] as { items: { total: number } }).items.total);

    // At most two models are kept: the third moment (yesterday) dropped the least recently used (P).
    const kept = (await sql<{ key: string }>`select key from audit_as_of_models`.execute(db)).rows.map((row) => row.key);
    expect(kept).toHaveLength(2);
    expect(kept.some((key) => key.startsWith(`position:${before}@`))).toBe(false);

    // Who may, and what is refused: not an office manager; not today or the future; not a position the store has not reached; as_of is required to prepare one.
    const refused = async (who: string, path: string) => {
      const answer = await as<{ fields?: Record<string, string> }>(who, 'GET', path);
      return { status: answer.status, fields: answer.body.fields };
    };
    expect((await refused('office.manager@demo.test', `/api/v1/detailed_inventory_report?as_of=${yesterday}`)).status).toBe(403);
    expect((await refused('office.manager@demo.test', `/api/v1/audit/fleet?as_of=${yesterday}`)).status).toBe(403);
    const today = new Date().toISOString().slice(0, 10);
    expect(await refused(manager, `/api/v1/audit/fleet?as_of=2099-01-01`)).toEqual({ status: 400, fields: { as_of: expect.any(String) } });
    expect((await refused(manager, `/api/v1/inventory_summary_reports/manager?as_of=${today}T23:59:59Z&results=5`)).status).toBeGreaterThanOrEqual(400);
    expect(await refused(manager, '/api/v1/audit/fleet?as_of=999999999.1')).toEqual({ status: 400, fields: { as_of: expect.any(String) } });
    expect(await refused(manager, '/api/v1/audit/fleet')).toEqual({ status: 400, fields: { as_of: expect.any(String) } });
    for (const hostile of ['__proto__', '%00', 'yesterday', '12-32-2025', '[]']) {
      expect((await refused(manager, `/api/v1/aged_inventory_summary_reports/office?as_of=${hostile}`)).status).toBe(400);
    }
  }, 180_000);

  it('verifies the demo store\'s hash chains (npm run audit:verify and the API), then names the one event edited directly in PostgreSQL', async () => {
    const verifyCli = async () => {
      const child = startNode(path.join(repositoryRoot, 'services', 'dist', 'cli', 'audit-verify.js'), [], { DATABASE_URL: service.test.url, NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), 'audit-verify-cli') });
      const code = await exited(child);
      return { code, output: child.output() };
    };
    const clean = await verifyCli();
    expect(clean.output).toContain('Every chain holds');
    expect(clean.code).toBe(0);
    const stream = `device-${device}`;
    expect((await as<StreamVerification>('auditor@demo.test', 'GET', `/api/v1/audit/verify?stream=${stream}`)).body).toMatchObject({ stream, events: 7, valid: true, first_break: null });
    // Streams other than a device's are the super role's to check; another retailer's device does not exist.
    expect((await as('auditor@demo.test', 'GET', '/api/v1/audit/verify?stream=org-anything')).status).toBe(404);
    expect((await as('retailer.manager2@demo.test', 'GET', `/api/v1/audit/verify?stream=${stream}`)).status).toBe(404);

    const edited = (await sql<{ event_id: string }>`
      update es_events set data = jsonb_set(data, '{office_id}', '"somewhere-else"') where stream_id = ${stream} and stream_position = 3 returning event_id::text`.execute(service.test.database.db)).rows[0]!;
    expect((await as<StreamVerification>('super@demo.test', 'GET', `/api/v1/audit/verify?stream=${stream}`)).body).toMatchObject({ valid: false, first_break: { stream_position: 3, event_id: edited.event_id, reason: 'data changed' } });
    const tampered = await verifyCli();
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain(`BROKEN ${stream} event 3 (${edited.event_id}): data changed`);
  });

  it('gives the auditor every read of its retailer and no write', async () => {
    // Reads: the retailer's offices and the detailed report, not another retailer's.
    const offices = await as<{ items: { total: number } }>('auditor@demo.test', 'GET', '/api/v1/offices?results=50');
    expect(offices.status).toBe(200);
    expect(offices.body.items.total).toBe((await as<{ items: { total: number } }>('retailer.manager@demo.test', 'GET', '/api/v1/offices?results=50')).body.items.total);
    expect((await as('auditor@demo.test', 'GET', '/api/v1/detailed_inventory_report')).status).toBe(200);
    // Writes: every POST and DELETE of the table refuses it before anything else.
    for (const route of apiRoutes.filter((candidate) => candidate.method !== 'GET' && Array.isArray(candidate.access))) {
      const path = route.path.replace(/:\w+/g, '01a20a58-0000-7000-8000-000000000000');
      const answer = await as('auditor@demo.test', route.method, path, {});
      expect({ route: `${route.method} ${route.path}`, status: answer.status }).toEqual({ route: `${route.method} ${route.path}`, status: 403 });
    }
  });
});
