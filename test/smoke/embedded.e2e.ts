import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projections } from '@portal/projections';
import type { ExportAnswer } from '@portal/contracts';
import { call, login } from '../support/demo';
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
        // The first start now answers /health at once, while it creates the database: readiness waits for that too.
        90_000,
        'readiness on PGlite',
      );
      expect(ready.body).toMatchObject({ ready: true, database: { ok: true, kind: 'pglite' }, eventStore: { name: 'postgres' } });
      expect(ready.body.redis).toBeUndefined();

      // The first start of an empty store seeds the demo business in the background: its accounts log in.
      const session = await waitFor(
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return login(first.baseUrl, 'office.manager@demo.test');
        },
        // The seed makes the accounts, then marks their passwords as chosen: on a busy machine a
        // login can come between the two steps.
        (answer) => answer.status === 200 && answer.body.items?.password_changed === 1,
        90_000,
        'the demo business on PGlite',
      );
      expect(session.body.items).toMatchObject({ role_id: [3], role_name: 'Office Manager', password_changed: 1 });

      // Exports run in-process here, with the same answers: a small list is ready within the wait.
      const exported = await call<ExportAnswer>(first.baseUrl, 'GET', '/api/v1/announcement_export?format=xlsx', { token: session.body.items!.token });
      expect(exported.status).toBe(200);
      expect(exported.body).toMatchObject({ download: 1, message: 'Your report is ready.' });
      const file = await fetch(new URL(exported.body.url!, first.baseUrl));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    } finally {
      first.child.kill('SIGTERM');
      expect(await exited(first.child)).toBe(0);
    }
    await expect(fs.stat(path.join(dataDir, 'pglite', 'PG_VERSION'))).resolves.toBeTruthy();

    const second = await startService([], env, 90_000);
    try {
      const response = await fetch(`${second.baseUrl}/health/ready`);
      const body = (await response.json()) as { projections: { generation: number }[] };
      // Same database: each projection's first generation is still the live one.
      expect(body.projections.map((projection) => projection.generation)).toEqual(projections.map(() => 1));
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 240_000);
});
