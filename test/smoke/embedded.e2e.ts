import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exited, startService, waitFor } from '../support/processes';

/**
 * The README's first command on a fresh machine: no DATABASE_URL, no REDIS_URL. The service
 * runs on the embedded PGlite under DATA_DIR with in-process jobs, and serves /health.
 */
describe('embedded default (PGlite, in-process jobs)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-embedded-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts with no database configured, answers /health and /health/ready, and keeps its data across restarts', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined };
    const first = await startService([], env, 90_000);
    try {
      const ready = await waitFor(
        () => fetch(`${first.baseUrl}/health/ready`).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> })),
        (answer) => answer.status === 200 && Array.isArray(answer.body.projections) && (answer.body.projections as unknown[]).length > 0,
        30_000,
        'readiness on PGlite',
      );
      expect(ready.body).toMatchObject({ ready: true, database: { ok: true, kind: 'pglite' }, eventStore: { name: 'postgres' } });
      expect(ready.body.redis).toBeUndefined();
    } finally {
      first.child.kill('SIGTERM');
      expect(await exited(first.child)).toBe(0);
    }
    await expect(fs.stat(path.join(dataDir, 'pglite', 'PG_VERSION'))).resolves.toBeTruthy();

    const second = await startService([], env, 90_000);
    try {
      const response = await fetch(`${second.baseUrl}/health/ready`);
      const body = (await response.json()) as { projections: { generation: number }[] };
      // Same database: the projection's first generation is still the live one.
      expect(body.projections.map((projection) => projection.generation)).toEqual([1]);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 240_000);
});
