import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RAW_ANSWER_HEADERS } from '../../services/src/platform/http/security-headers';
import { call, login } from '../support/demo';
import { exited, startService } from '../support/processes';

/**
 * The README's first start, measured (issue 12): no DATABASE_URL, no REDIS_URL, an empty
 * DATA_DIR, so the embedded PGlite — ONE connection, on the service's own thread — is created,
 * migrated and seeded while a user is already there. Every 200 ms the test asks /health,
 * /health/ready and, once the demo accounts exist, the office manager's My Inventory list, until
 * the device seed has ended (or 60 s): no answer may take 5 s (before the fix, every request
 * waited for the whole seed, minutes). It runs alone (`*.alone.e2e.ts`, after the other tests):
 * latencies measured beside other test files would measure them.
 */
const SAMPLE_EVERY_MS = 200;
// Sampling lasts until the seed has ended (the state waited for; about 65-75 s quiet, longer on a
// loaded machine): the bound only stops a seed that hangs.
const SAMPLE_FOR_MS = 480_000;
const WORST_ALLOWED_MS = 5_000;

interface Sample {
  readonly at: number;
  readonly ms: number;
  readonly status: number;
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

describe('the first start on the embedded database stays responsive while it seeds', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-first-start-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers /health, /health/ready and a list within 5 s all through the seed of 3,000 devices', async () => {
    const launched = Date.now();
    // LOG_LEVEL info: the seed's progress ("demo business seeded", "demo devices seeded") is in the output.
    const service = await startService([], { DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined, SEED_DEVICES: '3000', LOG_LEVEL: 'info' }, 90_000);
    const firstHealthMs = Date.now() - launched;
    // The first answers come from the starting server (503 'starting' while the database is created): with the app's security headers all the same.
    const first = await fetch(`${service.baseUrl}/api/v1/offices`, { headers: { accept: 'application/json' } });
    const firstAnswer = { status: first.status, body: (await first.json()) as unknown };
    const securityHeaders = Object.fromEntries(Object.entries(RAW_ANSWER_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
    expect({ ...firstAnswer, headers: Object.fromEntries(Object.keys(securityHeaders).map((name) => [name, first.headers.get(name)])) }).toEqual({
      ...firstAnswer,
      headers: { ...securityHeaders, 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' },
    });
    const output = () => service.child.output();
    const samples: Record<'health' | 'ready' | 'list', Sample[]> = { health: [], ready: [], list: [] };
    const started = Date.now();
    const seedEnded = () => output().includes('demo devices seeded');
    const sampling = () => !seedEnded() && Date.now() - started < SAMPLE_FOR_MS;
    const timed = async (into: Sample[], request: () => Promise<{ status: number }>) => {
      const at = Date.now();
      // A request that never answers counts as the longest wait, not as a crash of the test.
      const status = await request().then((answer) => answer.status, () => 0);
      into.push({ at: at - started, ms: Date.now() - at, status });
    };
    const every = async (tick: () => Promise<void>) => {
      while (sampling()) {
        const at = Date.now();
        await tick();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAMPLE_EVERY_MS - (Date.now() - at))));
      }
    };
    const get = (url: string, token?: string) => fetch(`${service.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(30_000) }).then(async (response) => {
      await response.arrayBuffer();
      return response;
    });

    let token: string | undefined;
    try {
      await Promise.all([
        every(() => timed(samples.health, () => get('/health'))),
        every(() => timed(samples.ready, () => get('/health/ready'))),
        every(async () => {
          if (!token) {
            // Only once the accounts exist: failed logins would trip the per-address limiter.
            if (!output().includes('demo business seeded')) return;
            const session = await login(service.baseUrl, 'office.manager@demo.test').catch(() => undefined);
            token = session?.status === 200 ? session.body.items?.token : undefined; // 403 until the organisation's read model has the account
            return;
          }
          await timed(samples.list, () => get('/api/v1/manager/managerinventorylist_optimisation', token));
        }),
      ]);
      const sampledMs = Date.now() - started;

      const report = Object.entries(samples).map(([name, taken]) => {
        const sorted = taken.map((sample) => sample.ms).sort((a, b) => a - b);
        return `${name.padEnd(6)} n=${String(sorted.length).padStart(3)} p50=${percentile(sorted, 0.5)} ms p95=${percentile(sorted, 0.95)} ms max=${sorted.at(-1)} ms`;
      });
      const seeded = /"msg":"demo business seeded"/.test(output()) ? /"ms":(\d+),"msg":"demo business seeded"/.exec(output())?.[1] : undefined;
      const devices = /"path":"(\w+)","ms":(\d+),"msg":"demo devices seeded"/.exec(output());
      console.log(
        [
          `first start on PGlite, SEED_DEVICES=3000: first /health ${firstHealthMs} ms after launch (then an api call answered ${firstAnswer.status}); organisation seeded in ${seeded ?? '?'} ms; ` +
            (devices ? `devices seeded (${devices[1]} path) in ${devices[2]} ms, ${Date.now() - launched} ms after launch` : `devices not seeded within ${sampledMs} ms of sampling`),
          ...report,
        ].join('\n'),
      );

      // Every answer came, and quickly; the list was asked while the devices were being seeded.
      for (const taken of Object.values(samples)) expect(taken.every((sample) => sample.status !== 0)).toBe(true);
      expect(Math.max(...Object.values(samples).flat().map((sample) => sample.ms))).toBeLessThan(WORST_ALLOWED_MS);
      expect(samples.list.length).toBeGreaterThan(0);
      expect(samples.list.every((sample) => sample.status === 200)).toBe(true);
      expect(samples.health.every((sample) => sample.status === 200)).toBe(true);
      expect(seedEnded()).toBe(true);

      // Once the seed has ended, every count is there: the office manager's stock is listed.
      const listed = await call<{ items?: unknown }>(service.baseUrl, 'GET', '/api/v1/manager/managerinventorylist_optimisation', { token });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body.items)).toMatch(/CT\d{5}/);
    } finally {
      service.child.kill('SIGTERM');
      await exited(service.child);
    }
  }, 600_000);
});
