import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import { type Socket, io } from 'socket.io-client';
import { createApiKey } from '../../services/src/auth/api-keys.store';
import { type SeededService, type SplitService, call, login, startSeededService, startSplitService } from '../support/demo';
import { waitFor } from '../support/processes';

/** How soon a push must follow a change: far below any polling or refresh, far above a busy 2-core runner's scheduling noise. */
const LIVE_PUSH_BOUND_MS = 5_000;

interface CountsPush {
  room: string;
  agents: number;
  offices: number;
  devices_in_stock: number;
}

/** A signed-in socket and every `counts` push it received, with the time it came. */
interface LiveClient {
  socket: Socket;
  pushes: (CountsPush & { at: number })[];
}

/**
 * Live dashboard counts (DESIGN.md §7) with the api and worker as SEPARATE processes, so the
 * scope changes travel over Redis pub/sub from the worker to the api's socket.io gateway.
 */
describe('live dashboard counts over socket.io', () => {
  let api: SplitService;
  const clients: Socket[] = [];

  const connect = (token: string) => io(api.baseUrl, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });

  async function liveClient(email: string): Promise<LiveClient> {
    const answer = await login(api.baseUrl, email);
    expect(answer.status).toBe(200);
    const socket = connect(answer.body.items!.token);
    clients.push(socket);
    const pushes: LiveClient['pushes'] = [];
    socket.on('counts', (push: CountsPush) => pushes.push({ ...push, at: Date.now() }));
    await waitFor(async () => pushes.length, (count) => count > 0, 10_000, `the first counts of ${email}`);
    return { socket, pushes };
  }

  /** Waits until no client got a push for 750 ms. */
  async function quiet(clients: LiveClient[]): Promise<void> {
    const total = () => clients.reduce((sum, client) => sum + client.pushes.length, 0);
    for (let seen = -1; seen !== total(); ) {
      seen = total();
      await new Promise((resolve) => setTimeout(resolve, 750));
    }
  }

  const officeId = async (name: string) =>
    (await sql<{ id: string }>`select id from rm.org_offices where name = ${name}`.execute(api.test.database.db)).rows[0]!.id;

  beforeAll(async () => {
    api = await startSplitService();
  }, 180_000);

  afterAll(async () => {
    for (const socket of clients) socket.disconnect();
    await api?.stop();
  });

  it('pushes fresh counts to the rooms of both offices when an agent moves, and to nobody else', async () => {
    const [dallas, houston, littleRock] = await Promise.all([officeId('Dallas Office'), officeId('Houston Office'), officeId('Little Rock Office')]);
    const dallasManager = await liveClient('office.manager@demo.test');
    const houstonManager = await liveClient('office.manager2@demo.test');
    const otherMarketManager = await liveClient('office.manager5@demo.test');

    // Right after connecting: the current counts of each room the socket joined. Dallas has the seed's
    // ten agents and the candidate onboarded into an agent (docs/ONBOARDING.md demo story).
    expect(dallasManager.pushes[0]).toEqual(expect.objectContaining({ room: `office:${dallas}`, agents: 11, offices: 1 }));
    expect(houstonManager.pushes[0]).toEqual(expect.objectContaining({ room: `office:${houston}`, agents: 10, offices: 1 }));
    expect(otherMarketManager.pushes[0]).toEqual(expect.objectContaining({ room: `office:${littleRock}`, agents: 10, offices: 1 }));
    // The worker publishes the seed's last batch after it commits, so a push for it may still
    // come: wait for a quiet moment, and count only what comes after it.
    await quiet([dallasManager, houstonManager, otherMarketManager]);
    const before = otherMarketManager.pushes.length;
    expect(otherMarketManager.pushes.every((push) => push.agents === 10)).toBe(true);

    const agent = (
      await sql<{ id: string }>`
        select id from rm.org_users where office_id = ${dallas} and ${ROLE.AGENT} = any(role_ids) order by email desc limit 1`.execute(api.test.database.db)
    ).rows[0]!.id;
    const iboManager = await login(api.baseUrl, 'ibo.manager@demo.test');
    const moved = await call(api.baseUrl, 'POST', '/api/v1/change_office', {
      token: iboManager.body.items!.token,
      body: { agent_id: agent, office_id: houston },
    });
    expect(moved.status).toBe(200);
    const movedAt = Date.now();

    const dallasPush = await waitFor(async () => dallasManager.pushes.find((push) => push.agents === 10), Boolean, 2_000, 'Dallas counts with one agent fewer');
    const houstonPush = await waitFor(async () => houstonManager.pushes.find((push) => push.agents === 11), Boolean, 2_000, 'Houston counts with one agent more');
    expect(dallasPush).toMatchObject({ room: `office:${dallas}`, agents: 10, offices: 1 });
    expect(houstonPush).toMatchObject({ room: `office:${houston}`, agents: 11, offices: 1 });
    // A liveness bound, not a speed measure (bench does speed): the push comes with the change, not at some later refresh.
    expect(dallasPush!.at - movedAt).toBeLessThan(LIVE_PUSH_BOUND_MS);
    expect(houstonPush!.at - movedAt).toBeLessThan(LIVE_PUSH_BOUND_MS);

    // Another market's office hears nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(otherMarketManager.pushes.slice(before)).toEqual([]);
  }, 60_000);

  it("pushes an office's device counts within 1 s when a shipment arrives there, and to nobody else", async () => {
    const dallas = await officeId('Dallas Office');
    const dallasManager = await liveClient('office.manager@demo.test');
    const otherMarketManager = await liveClient('office.manager5@demo.test');
    await quiet([dallasManager, otherMarketManager]);
    expect(dallasManager.pushes.at(-1)).toMatchObject({ room: `office:${dallas}`, devices_in_stock: 0 });
    const before = otherMarketManager.pushes.length;

    const retailer = (await sql<{ id: string }>`select id from rm.org_retailers where name = 'Bluebonnet Mobile'`.execute(api.test.database.db)).rows[0]!;
    const { key } = await createApiKey(api.test.database.db, retailer.id, 'live test');
    const shipped = await call(api.baseUrl, 'POST', '/api/integration/v1/shipments', {
      headers: { 'x-api-key': key },
      body: { office_id: dallas, devices: ['356938035643809', '490154203237518'].map((imei) => ({ imei, device_type: 'PHONE', carton_number: 'LIVE-1' })) },
    });
    expect(shipped.status).toBe(201);
    const shippedAt = Date.now();
    const push = await waitFor(async () => dallasManager.pushes.find((candidate) => candidate.devices_in_stock === 2), Boolean, 2_000, 'Dallas counts with two devices in stock');
    expect(push!.at - shippedAt).toBeLessThan(LIVE_PUSH_BOUND_MS);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(otherMarketManager.pushes.slice(before)).toEqual([]);
  }, 60_000);

  it('lets an IBO manager follow their market and its offices', async () => {
    const [dallas, houston, tulsa] = await Promise.all([officeId('Dallas Office'), officeId('Houston Office'), officeId('Tulsa Office')]);
    const ibo = await liveClient('ibo.manager@demo.test');
    await waitFor(async () => ibo.pushes.length, (count) => count >= 4, 5_000, 'the counts of the market and its three offices');
    const rooms = Object.fromEntries(ibo.pushes.map((push) => [push.room, { agents: push.agents, offices: push.offices }]));
    expect(rooms).toMatchObject({ [`office:${dallas}`]: { agents: 10 }, [`office:${houston}`]: { agents: 11 }, [`office:${tulsa}`]: { agents: 10 } });
    expect(Object.entries(rooms).find(([room]) => room.startsWith('market:'))?.[1]).toEqual({ agents: 31, offices: 3 });
  });

  it('refuses a bad token at the handshake', async () => {
    const socket = connect('not-a-session-token');
    clients.push(socket);
    const error = await new Promise<Error>((resolve, reject) => {
      socket.on('connect_error', resolve);
      socket.on('connect', () => reject(new Error('a bad token connected')));
    });
    expect(error.message).toBe('unauthorized');
    expect(socket.connected).toBe(false);
  });
});

/** The single-process default without Redis: scope changes go from worker to gateway in-process. */
describe('live dashboard counts with api and worker in one process', () => {
  let service: SeededService;
  let socket: Socket | undefined;

  beforeAll(async () => {
    service = await startSeededService({ LOG_LEVEL: 'warn' });
  }, 180_000);

  afterAll(async () => {
    socket?.disconnect();
    await service?.stop();
  });

  it('pushes the moved agent to the office manager', async () => {
    const offices = await sql<{ id: string; name: string }>`select id, name from rm.org_offices where name in ('Dallas Office', 'Houston Office')`.execute(service.test.database.db);
    const dallas = offices.rows.find((office) => office.name === 'Dallas Office')!.id;
    const houston = offices.rows.find((office) => office.name === 'Houston Office')!.id;
    const session = await login(service.baseUrl, 'office.manager2@demo.test');
    const pushes: CountsPush[] = [];
    socket = io(service.baseUrl, { path: '/socket.io', auth: { token: session.body.items!.token }, transports: ['websocket'], reconnection: false });
    socket.on('counts', (push: CountsPush) => pushes.push(push));
    await waitFor(async () => pushes.length, (count) => count > 0, 10_000, 'the first counts');
    expect(pushes[0]).toEqual({ room: `office:${houston}`, agents: 10, offices: 1, devices_in_stock: 0 });

    const agent = (await sql<{ id: string }>`select id from rm.org_users where office_id = ${dallas} and ${ROLE.AGENT} = any(role_ids) limit 1`.execute(service.test.database.db)).rows[0]!.id;
    const iboManager = await login(service.baseUrl, 'ibo.manager@demo.test');
    const moved = await call(service.baseUrl, 'POST', '/api/v1/change_office', { token: iboManager.body.items!.token, body: { agent_id: agent, office_id: houston } });
    expect(moved.status).toBe(200);
    await waitFor(async () => pushes.at(-1), (push) => push?.agents === 11, LIVE_PUSH_BOUND_MS, 'Houston counts with one agent more');
  }, 60_000);
});
