import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parsePosition } from '@portal/contracts';
import { ConfigError, loadConfig } from '../config/config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { keyIdOf, loadSigningKey, signatureHolds, signingKeyFile } from './checkpoint-key';
import { checkpointTree, readCheckpoints, recordCheckpoint, streamHeadsAt, verifyCheckpoints } from './checkpoints';
import { verifyAll } from './hash-chain';
import { PostgresEventStore } from './postgres-event-store';

const ed25519Pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('the audit signing key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-signing-key-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('takes AUDIT_SIGNING_KEY as a PKCS#8 PEM of an Ed25519 key (line breaks written \\n too), and refuses anything else without repeating it', async () => {
    const pem = ed25519Pem();
    expect(loadConfig({ AUDIT_SIGNING_KEY: pem }).AUDIT_SIGNING_KEY).toBe(pem);
    expect(loadConfig({ AUDIT_SIGNING_KEY: pem.replace(/\n/g, '\\n') }).AUDIT_SIGNING_KEY).toBe(pem);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const bad of [rsa, 'not a key', pem.slice(0, 60)]) {
      let caught: unknown;
      try {
        loadConfig({ AUDIT_SIGNING_KEY: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).message).toContain('AUDIT_SIGNING_KEY: must be a PKCS#8 PEM of an Ed25519 private key');
      expect((caught as ConfigError).message).not.toContain(bad.slice(0, 40));
    }
    const configured = (await loadSigningKey(loadConfig({ AUDIT_SIGNING_KEY: pem, DATA_DIR: dataDir }), { create: true }))!;
    expect(configured).toMatchObject({ source: 'environment', keyId: keyIdOf(configured.publicKeyRaw) });
    await expect(fs.access(signingKeyFile(dataDir))).rejects.toThrow();
  });

  it('makes one key under DATA_DIR when none is configured, and keeps it (several processes at once keep the same one)', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(await loadSigningKey(config, { create: false })).toBeUndefined();
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadSigningKey(config, { create: true })));
    expect(new Set(keys.map((key) => key!.keyId)).size).toBe(1);
    expect(keys[0]).toMatchObject({ source: 'file', keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect((await fs.stat(signingKeyFile(dataDir))).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(path.dirname(signingKeyFile(dataDir)))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect((await loadSigningKey(config, { create: false }))!.keyId).toBe(keys[0]!.keyId);
  });
});

describe('signed checkpoints', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let dataDir: string;
  const event = (n: number) => ({ type: 'DeviceImageUploaded', data: { file: `f-${n}` }, metadata: { user_id: 'u-1' } });

  beforeAll(async () => {
    test = await createTestDatabase();
    store = new PostgresEventStore(test.database, 50);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-checkpoints-'));
  }, 60_000);
  afterAll(async () => {
    await test?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('signs the Merkle root of every stream\'s head at a position, sorted by UTF-8 bytes, reproducibly after later appends', async () => {
    const platform = { config: loadConfig({ DATA_DIR: dataDir }), database: test.database, eventStore: store };
    const key = (await loadSigningKey(platform.config, { create: true }))!;
    expect(await recordCheckpoint(platform, key)).toEqual({ kind: 'empty' });
    // Ids whose byte order differs from most collations' (upper case, '_' and '-', non-ASCII).
    const ids = ['device-b', 'Device-c', 'device_a', 'device-10', 'devicé-1', 'device-2'];
    await store.append(ids.map((streamId, index) => ({ streamId, expectedVersion: 'no_stream' as const, events: Array.from({ length: index + 1 }, (_, n) => event(n)) })));

    const first = await recordCheckpoint(platform, key, { now: new Date('2026-03-01T00:00:00Z') });
    if (first.kind !== 'recorded') throw new Error(`not recorded: ${first.kind}`);
    expect(first.checkpoint.data).toMatchObject({ kind: 'portal-audit-checkpoint', version: 1, streams: 6, events: 21, signed_at: '2026-03-01T00:00:00.000Z', key_id: key.keyId });
    const heads = await streamHeadsAt(test.database.db, parsePosition(first.checkpoint.data.position)!);
    expect(heads.map((head) => head.stream_id)).toEqual(['Device-c', 'device-10', 'device-2', 'device-b', 'device_a', 'devicé-1']);
    expect(heads.map((head) => head.stream_position)).toEqual([2, 4, 6, 1, 3, 5]);
    expect((await checkpointTree(heads)).root.toString('hex')).toBe(first.checkpoint.data.merkle_root);
    const { key_id: _id, public_key, signature, file, ...payload } = first.checkpoint.data;
    expect(signatureHolds(Buffer.from(public_key, 'base64'), JSON.stringify(payload), signature)).toBe(true);
    await expect(fs.readFile(path.join(dataDir, 'audit', 'checkpoints', file), 'utf8')).resolves.toContain(signature);

    // Nothing new: no second checkpoint; not due yet: none either.
    expect(await recordCheckpoint(platform, key)).toMatchObject({ kind: 'unchanged' });
    await store.append([{ streamId: 'device-b', expectedVersion: 1, events: [event(9)] }, { streamId: 'device-new', expectedVersion: 'no_stream', events: [event(1)] }]);
    expect(await recordCheckpoint(platform, key, { now: new Date('2026-03-01T12:00:00Z'), dueAfterMs: 86_400_000 })).toMatchObject({ kind: 'not due' });
    const second = await recordCheckpoint(platform, key, { now: new Date('2026-03-02T00:00:00Z'), dueAfterMs: 86_400_000 });
    expect(second).toMatchObject({ kind: 'recorded', checkpoint: { data: { streams: 8, events: 24 } } });

    // The first checkpoint's heads are still those at its position: later appends change nothing there.
    expect((await checkpointTree(await streamHeadsAt(test.database.db, parsePosition(first.checkpoint.data.position)!))).root.toString('hex')).toBe(first.checkpoint.data.merkle_root);
    expect((await verifyCheckpoints(test.database.db, (await verifyAll(test.database.db)).breaks)).map((verdict) => verdict.valid)).toEqual([true, true]);
    expect(await readCheckpoints(test.database.db)).toHaveLength(2);

    // A KurrentDB store keeps no chains: nothing to sign.
    await expect(recordCheckpoint({ ...platform, eventStore: Object.assign(Object.create(store) as PostgresEventStore, { name: 'kurrentdb' }) }, key)).rejects.toThrow(/PostgreSQL event store only/);
  });
});
