import { type CheckpointKeyAnswer, type DeviceProofAnswer, withLuhnCheckDigit } from '@portal/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type CheckpointFile, readCheckpoints, verifyCheckpoint, verifyCheckpoints } from '../../services/src/platform/event-store/checkpoints';
import { verifyAll } from '../../services/src/platform/event-store/hash-chain';
import { type SeededService, call, login, startSeededService } from '../support/demo';
import { exited, repositoryRoot, startNode, waitFor } from '../support/processes';

const imei = (serial: number) => withLuhnCheckDigit(`35693806${String(serial).padStart(6, '0')}`);

/**
 * Signed checkpoints and offline proofs (docs/AUDIT.md "Signed checkpoints and proofs"): a
 * checkpoint recorded by `npm run audit:checkpoint`, a device's proof that the plain Node script
 * accepts, then the same device's event edited in PostgreSQL: the script, and audit:verify's
 * checkpoint check, name what no longer holds.
 */
describe('signed checkpoints and device proofs', () => {
  let service: SeededService;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const as = <T>(who: string, method: string, route: string) => call<T>(service.baseUrl, method, route, { token: tokens[who] });
  const devices = [imei(1), imei(2), imei(3)];
  const cliEnv = () => ({ DATABASE_URL: service.test.url, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const runCli = async (script: string) => {
    const child = startNode(path.join(repositoryRoot, 'services', 'dist', 'cli', script), [], cliEnv());
    return { code: await exited(child), output: child.output() };
  };
  /** Writes a proof to a file and runs the offline script on it, as an auditor would. */
  const verifyProof = async (proof: unknown, ...args: string[]) => {
    const file = path.join(dataDir, `proof-${Math.random().toString(36).slice(2)}.json`);
    await fs.writeFile(file, JSON.stringify(proof));
    const child = startNode(path.join(repositoryRoot, 'scripts', 'verify-proof.mjs'), [file, ...args], {});
    return { code: await exited(child), output: child.output() };
  };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-checkpoints-'));
    // The key is kept under DATA_DIR (no AUDIT_SIGNING_KEY): the service and the command-line tools share it; no timer in the test.
    service = await startSeededService({ DATA_DIR: dataDir, AUDIT_CHECKPOINT_INTERVAL_MS: '0' });
    for (const email of ['office.manager@demo.test', 'retailer.manager@demo.test', 'retailer.manager2@demo.test', 'auditor@demo.test']) {
      tokens[email] = (await login(service.baseUrl, email)).body.items!.token;
    }
    // The seed's own checkpoint, its last step.
    await waitFor(async () => (await readCheckpoints(service.test.database.db)).length, (count) => count === 1, 30_000, 'the seed\'s checkpoint');
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('proves a device\'s events against a signed checkpoint offline, and names the event edited in PostgreSQL afterwards', async () => {
    const db = service.test.database.db;
    const dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    const apiKey = (await createApiKey(db, retailer, 'checkpoint test')).key;
    const ship = async (imeis: string[], carton: string) => {
      const shipped = await call<{ job_id: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', {
        body: { office_id: dallas, devices: imeis.map((device) => ({ imei: device, device_type: 'PHONE', carton_number: carton, make: 'Acme', model: 'A1' })) },
        headers: { 'x-api-key': apiKey },
      });
      expect(shipped.status).toBe(201);
      return shipped.body.job_id;
    };
    const job = await ship(devices, 'CKP-1');
    await waitFor(() => call(service.baseUrl, 'POST', '/api/v1/manager/manager_accept_selected_cartons', { token: tokens['office.manager@demo.test'], body: { job_id: job, carton_numbers: ['CKP-1'], status: 1 } }), (answer) => answer.status === 200, 10_000, 'the cartons accepted');
    const stream = `device-${devices[0]}`;

    const recorded = await runCli('audit-checkpoint.js');
    expect(recorded.output).toContain('Recorded checkpoint');
    expect(recorded.code).toBe(0);
    const checkpoints = await readCheckpoints(db);
    expect(checkpoints).toHaveLength(2);
    const checkpoint = checkpoints[1]!;
    if (!('data' in checkpoint)) throw new Error(`unreadable checkpoint: ${checkpoint.problem}`);
    // Nothing new since: the tool says so and records nothing.
    expect((await runCli('audit-checkpoint.js')).output).toContain(`Nothing was appended since checkpoint ${checkpoint.data.position}`);
    expect(await readCheckpoints(db)).toHaveLength(2);
    // Its file: the event's data and the exact text signed.
    const file = JSON.parse(await fs.readFile(path.join(dataDir, 'audit', 'checkpoints', checkpoint.data.file), 'utf8')) as CheckpointFile;
    expect(file).toEqual({ ...checkpoint.data, payload: expect.stringMatching(/^\{"kind":"portal-audit-checkpoint","version":1,"position":"\d+\.\d+","streams":\d+,"events":\d+,"merkle_root":"[0-9a-f]{64}","signed_at":"[^"]+"\}$/) });

    // The key, for an auditor to pin; the proof, for the auditor and the retailer's manager alike.
    const key = await as<CheckpointKeyAnswer>('auditor@demo.test', 'GET', '/api/v1/audit/checkpoints/key');
    expect(key.status).toBe(200);
    expect(key.body).toMatchObject({ key_id: checkpoint.data.key_id, public_key_base64: checkpoint.data.public_key, public_key_pem: expect.stringContaining('BEGIN PUBLIC KEY') });
    const proof = await as<DeviceProofAnswer>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${devices[0]}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.body).toMatchObject({
      imei: devices[0],
      stream_id: stream,
      checkpoint: { position: checkpoint.data.position, merkle_root: checkpoint.data.merkle_root, signature: checkpoint.data.signature, payload: file.payload },
      leaf: { stream_id: stream, stream_position: 2 },
    });
    expect(proof.body.events.map((event) => event.type)).toEqual(['DeviceReceived', 'DeviceAcceptedByManager']);
    expect((await as<DeviceProofAnswer>('retailer.manager@demo.test', 'GET', `/api/v1/audit/devices/${devices[0]}/proof`)).body).toEqual(proof.body);
    const verified = await verifyProof(proof.body, key.body.key_id);
    expect(verified.output).toMatch(/^OK: 2 events of device-\d+ up to position 2 are in checkpoint/);
    expect(verified.code).toBe(0);

    // A tampered signature, another root, another expected key: each fails and says which.
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    expect(await verifyProof({ ...proof.body, checkpoint: { ...proof.body.checkpoint, signature: flip(proof.body.checkpoint.signature) } })).toEqual({ code: 1, output: expect.stringContaining('signature does not hold') });
    expect(await verifyProof({ ...proof.body, checkpoint: { ...proof.body.checkpoint, merkle_root: '0'.repeat(64) } })).toEqual({ code: 1, output: expect.stringContaining('inclusion path reaches') });
    expect(await verifyProof(proof.body, '0123456789abcdef')).toEqual({ code: 1, output: expect.stringContaining('not the expected 0123456789abcdef') });
    expect(await verifyCheckpoint(db, { ...checkpoint, data: { ...checkpoint.data, signature: flip(checkpoint.data.signature) } }, [])).toMatchObject({ valid: false, problem: expect.stringContaining('signature does not hold') });

    // Out of scope reads as missing; a device no checkpoint covers yet has no proof.
    expect((await as('retailer.manager2@demo.test', 'GET', `/api/v1/audit/devices/${devices[0]}/proof`)).status).toBe(404);
    expect((await as('office.manager@demo.test', 'GET', `/api/v1/audit/devices/${devices[0]}/proof`)).status).toBe(403);
    await ship([imei(9)], 'CKP-2');
    expect((await as<{ message: string }>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${imei(9)}/proof`)).body).toMatchObject({ message: expect.stringContaining('No checkpoint yet') });

    // Every checkpoint holds; then one event of the device is edited directly in PostgreSQL.
    expect((await verifyCheckpoints(db, (await verifyAll(db)).breaks)).map((verdict) => verdict.valid)).toEqual([true, true]);
    const edited = (await sql<{ event_id: string }>`
      update es_events set data = jsonb_set(data, '{carton_number}', '"CKP-9"') where stream_id = ${stream} and stream_position = 1 returning event_id::text`.execute(db)).rows[0]!;
    const tampered = await as<DeviceProofAnswer>('auditor@demo.test', 'GET', `/api/v1/audit/devices/${devices[0]}/proof`);
    expect(await verifyProof(tampered.body, key.body.key_id)).toEqual({ code: 1, output: expect.stringContaining(`event 1 (${edited.event_id}, DeviceReceived): its hash does not follow`) });
    const verdicts = await verifyCheckpoints(db, (await verifyAll(db)).breaks);
    const signed = verdicts.find((verdict) => verdict.position === checkpoint.data.position)!;
    expect(signed).toMatchObject({ valid: false, problem: expect.stringContaining(`Merkle root no longer matches`) });
    expect(signed.problem).toContain(`${stream} event 1 (${edited.event_id}) changed since it was signed`);
    const cli = await runCli('audit-verify.js');
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(`CHECKPOINT ${checkpoint.data.position} (signed ${checkpoint.data.signed_at} by key ${checkpoint.data.key_id}): FAILS: its Merkle root no longer matches`);
  });
});
