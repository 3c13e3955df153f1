import { DATABASE_UNAVAILABLE_MESSAGE, withLuhnCheckDigit } from '@portal/contracts';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type Database, openDatabase } from '../../services/src/platform/db/database';
import { testRedisPrefix, testRedisUrl } from '../../services/src/platform/testing/test-database';
import { call, waitForDemoBusiness } from '../support/demo';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres';
import { exited, startService, waitFor } from '../support/processes';

interface Answered {
  readonly imei: string;
  readonly status: number;
  readonly message?: string;
  readonly at: number;
}

const imei = (serial: number) => withLuhnCheckDigit(`35${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(9, '0')}`);

/**
 * PostgreSQL stopped and started under a running portal (issue 25, fault 6), on a cluster of
 * the test's own. A client keeps receiving one device at a time: while the database is down
 * every answer is a 503 with a sentence (never a 500), the portal recovers by itself when it is
 * back, every command answered 2xx is in the event store, and the projections resume and hold
 * every one of them.
 */
describe('PostgreSQL restarted while commands and projections run', () => {
  let postgres: OwnPostgres;
  let service: Awaited<ReturnType<typeof startService>>;
  let database: Database;
  let apiKey: string;
  let dallas: string;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    service = await startService([], { DATABASE_URL: postgres.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: testRedisPrefix(), NODE_ENV: 'test' }, 120_000);
    database = await openDatabase({ url: postgres.url, poolSize: 2 });
    await waitForDemoBusiness(database.db, 180_000);
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(database.db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(database.db)).rows[0]!.id;
    apiKey = (await createApiKey(database.db, retailer, 'restart test')).key;
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    if (service) {
      service.child.kill('SIGTERM');
      await exited(service.child);
    }
    await postgres?.remove();
  });

  it('answers 503 with a sentence while it is down, recovers by itself, and loses no command answered 2xx', async () => {
    const answers: Answered[] = [];
    let serial = 0;
    let running = true;
    const client = (async () => {
      while (running) {
        const device = imei(++serial);
        const answer = await call<{ message?: string }>(service.baseUrl, 'POST', '/api/integration/v1/shipments', {
          headers: { 'x-api-key': apiKey },
          body: { office_id: dallas, devices: [{ imei: device, device_type: 'PHONE', carton_number: `PG-${serial}` }] },
        }).catch(() => ({ status: 0, body: { message: 'no answer' } }));
        answers.push({ imei: device, status: answer.status, message: answer.body.message, at: Date.now() });
        if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const accepted = (after: number) => answers.filter((answer) => answer.status === 201 && answer.at > after).length;

    let recoveredMs: number;
    let downMs: number;
    try {
      await waitFor(async () => accepted(0), (count) => count >= 10, 30_000, '10 commands before the restart');
      await postgres.stop();
      const downAt = Date.now();
      const alive = () => {
        if (service.child.exitCode !== null || service.child.signalCode !== null) throw new Error(`the portal stopped (${service.child.exitCode ?? service.child.signalCode}):\n${service.child.output()}`);
      };
      const ready = await waitFor(
        () => {
          alive();
          return call<{ database: { ok: boolean } }>(service.baseUrl, 'GET', '/health/ready');
        },
        (answer) => answer.status === 503,
        10_000,
        'readiness to say the database is down',
      );
      expect(ready.body.database.ok).toBe(false);
      await waitFor(async () => answers.filter((answer) => answer.at > downAt && answer.status === 503).length, (count) => count >= 5, 15_000, 'refusals while down');
      // Down for a few seconds, as a restart under load or a fail-over would be.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + 3_000 - Date.now())));
      alive();

      await postgres.start();
      const upAt = Date.now();
      downMs = upAt - downAt;
      await waitFor(async () => accepted(upAt), (count) => count >= 10, 60_000, '10 commands after the restart');
      recoveredMs = answers.find((answer) => answer.at > upAt && answer.status === 201)!.at - upAt;
    } finally {
      // Also when a step failed: no client left calling a stopped portal.
      running = false;
      await client;
    }

    // Nothing but 201 and the 503 with its sentence; no 500, no dropped connection.
    const others = answers.filter((answer) => answer.status !== 201 && !(answer.status === 503 && answer.message === DATABASE_UNAVAILABLE_MESSAGE));
    expect(others).toEqual([]);

    // Every 2xx is in the store, and the projections (resumed) hold each one.
    const shipped = answers.filter((answer) => answer.status === 201).map((answer) => answer.imei);
    const stored = await sql<{ n: number }>`
      select count(distinct e.data->>'imei')::int as n from es_events e
      where e.type = 'DeviceReceived' and e.data->>'imei' = any(${shipped}::text[])`.execute(database.db);
    expect(stored.rows[0]!.n).toBe(shipped.length);
    await waitFor(
      async () => (await sql<{ n: number }>`select count(*)::int as n from rm.inventory_devices where imei = any(${shipped}::text[])`.execute(database.db)).rows[0]!.n,
      (count) => count === shipped.length,
      30_000,
      'the projections to hold every accepted device',
    );
    const readyAgain = await waitFor(() => call(service.baseUrl, 'GET', '/health/ready'), (answer) => answer.status === 200, 30_000, 'readiness after the restart');
    expect(readyAgain.status).toBe(200);
    console.log(
      `PostgreSQL restart: ${shipped.length} commands accepted, ${answers.filter((answer) => answer.status === 503).length} refused with 503 while down ` +
        `(${downMs} ms); the first command after the start was accepted ${recoveredMs} ms after it`,
    );
  }, 240_000);
});
