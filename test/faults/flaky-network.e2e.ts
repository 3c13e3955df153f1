import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withLuhnCheckDigit } from '@portal/contracts';
import { sql } from 'kysely';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, startSeededService } from '../support/demo';

const COMMANDS = 30;
const DEVICES_PER_COMMAND = 3;

type Fate = 'request lost' | 'answer lost' | 'cut mid-flight' | 'delivered';

/**
 * A proxy between the client and the portal that drops connections at random: before the
 * request reaches the portal, after the portal answered (the answer never reaches the client),
 * or while the portal is still working (the client's retry then races its first attempt).
 */
function startFlakyProxy(target: string, random: () => number) {
  const fates = new Map<Fate, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const draw = random();
      const fate: Fate = draw < 0.25 ? 'request lost' : draw < 0.5 ? 'answer lost' : draw < 0.65 ? 'cut mid-flight' : 'delivered';
      fates.set(fate, (fates.get(fate) ?? 0) + 1);
      if (fate === 'request lost') return request.socket.destroy();
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const forwarded = fetch(`${target}${request.url}`, { method: request.method, headers, body: Buffer.concat(chunks) });
      if (fate === 'cut mid-flight') {
        setTimeout(() => request.socket.destroy(), 5);
        void forwarded.then((answer) => answer.arrayBuffer(), () => undefined);
        return;
      }
      void forwarded.then(
        async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          if (fate === 'answer lost') return request.socket.destroy();
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(body);
        },
        () => request.socket.destroy(),
      );
    });
  });
  return new Promise<{ url: string; fates: Map<Fate, number>; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, fates, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** A seeded random (mulberry32): a failing run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const imei = (command: number, device: number) => withLuhnCheckDigit(`35${String(process.pid % 1000).padStart(3, '0')}${String(command * 10 + device).padStart(9, '0')}`);

/**
 * Issue 25, fault 9: a client that retries every command with the same Idempotency-Key until it
 * gets an answer, through a connection that loses requests and answers at random, gets exactly
 * one effect per command, and its answer is that effect's (the same receive job every time).
 */
describe('retries with an Idempotency-Key through a connection that drops', () => {
  let service: SeededService;
  let apiKey: string;
  let dallas: string;

  beforeAll(async () => {
    service = await startSeededService();
    const db = service.test.database.db;
    dallas = (await sql<{ id: string }>`select id from rm.org_offices where name = 'Dallas Office'`.execute(db)).rows[0]!.id;
    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(db)).rows[0]!.id;
    apiKey = (await createApiKey(db, retailer, 'flaky network test')).key;
  }, 180_000);

  afterAll(async () => {
    await service?.stop();
  });

  it(`has exactly one effect for each of ${COMMANDS} commands`, async () => {
    const seed = Number(process.env.FLAKY_SEED ?? Date.now() % 100_000);
    const proxy = await startFlakyProxy(service.baseUrl, seededRandom(seed));
    let attempts = 0;
    const send = async (command: number): Promise<{ status: number; job_id?: string }> => {
      const body = JSON.stringify({ office_id: dallas, devices: Array.from({ length: DEVICES_PER_COMMAND }, (_, device) => ({ imei: imei(command, device), device_type: 'PHONE', carton_number: `FLAKY-${command}` })) });
      for (let attempt = 1; attempt <= 60; attempt++) {
        attempts += 1;
        try {
          const answer = await fetch(`${proxy.url}/api/integration/v1/shipments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'idempotency-key': `flaky-${process.pid}-${seed}-${command}` },
            body,
          });
          return { status: answer.status, ...((await answer.json()) as { job_id?: string }) };
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      throw new Error(`command ${command}: no answer in 60 attempts (seed ${seed})`);
    };
    try {
      // Three at a time: retries of one command race the others' as well as their own first attempts.
      const answers: { status: number; job_id?: string }[] = [];
      for (let start = 0; start < COMMANDS; start += 3) answers.push(...(await Promise.all([start, start + 1, start + 2].filter((command) => command < COMMANDS).map(send))));

      expect(answers.map((answer) => answer.status)).toEqual(Array(COMMANDS).fill(201));
      const jobIds = answers.map((answer) => answer.job_id!);
      expect(new Set(jobIds).size).toBe(COMMANDS);

      // Exactly one effect each: every device received once, on the job its command was answered with; one job per command.
      const db = service.test.database.db;
      const received = await sql<{ imei: string; times: number; job_ids: string[] }>`
        select data->>'imei' as imei, count(*)::int as times, array_agg(distinct data->>'job_id') as job_ids
        from es_events where type = 'DeviceReceived' and data->>'carton_number' like 'FLAKY-%' group by 1 order by 1`.execute(db);
      expect(received.rows).toHaveLength(COMMANDS * DEVICES_PER_COMMAND);
      for (const row of received.rows) {
        const command = Math.floor(Number(row.imei.slice(5, 14)) / 10);
        expect({ imei: row.imei, times: row.times, job_ids: row.job_ids }).toEqual({ imei: row.imei, times: 1, job_ids: [jobIds[command]] });
      }
      const jobs = await sql<{ n: number }>`select count(*)::int as n from es_streams where stream_id = any(${jobIds.map((id) => `receive-job-${id}`)}::text[])`.execute(db);
      expect(jobs.rows[0]!.n).toBe(COMMANDS);
      // A key is its caller's: the same key from another retailer's system is another request;
      // from the same system with other devices, a mistake it is told of.
      const coastline = (await sql<{ id: string; office: string }>`
        select r.id, (select o.id from rm.org_offices o join rm.org_ibo_markets m on m.id = o.ibo_marketer_id
                      where m.retailer_id = r.id and o.status = 1 order by o.name limit 1) as office
        from rm.org_retailers r where r.name = 'Coastline Connect'`.execute(db)).rows[0]!;
      const otherKey = (await createApiKey(db, coastline.id, 'flaky network test, another retailer')).key;
      const sameKey = { 'content-type': 'application/json', 'idempotency-key': `flaky-${process.pid}-${seed}-0` };
      const other = await fetch(`${service.baseUrl}/api/integration/v1/shipments`, {
        method: 'POST',
        headers: { ...sameKey, 'x-api-key': otherKey },
        body: JSON.stringify({ office_id: coastline.office, devices: [{ imei: imei(90, 0), device_type: 'PHONE', carton_number: 'OTHER-1' }] }),
      });
      expect(other.status).toBe(201);
      expect(((await other.json()) as { job_id: string }).job_id).not.toBe(jobIds[0]);
      const reused = await fetch(`${service.baseUrl}/api/integration/v1/shipments`, {
        method: 'POST',
        headers: { ...sameKey, 'x-api-key': apiKey },
        body: JSON.stringify({ office_id: dallas, devices: [{ imei: imei(91, 0), device_type: 'PHONE', carton_number: 'REUSED-1' }] }),
      });
      expect(reused.status).toBe(422);
      console.log(`flaky network (seed ${seed}): ${COMMANDS} commands in ${attempts} attempts; ${[...proxy.fates].map(([fate, count]) => `${fate} ${count}`).join(', ')}; one effect each`);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
