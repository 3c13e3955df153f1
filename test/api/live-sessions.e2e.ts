import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Socket, io } from 'socket.io-client';
import { DEMO_PASSWORD, type SeededService, type SplitService, call, login, startSeededService, startSplitService } from '../support/demo';

/** How soon a socket must close after its session ended (logout, password change): well inside the minute of the periodic re-check, so only the session-ended message can do it, with room for a busy 2-core runner. */
const SESSION_END_MS = 5_000;

/** Connected sockets of one service, and what each sees. */
function liveSockets(baseUrl: () => string) {
  const sockets: Socket[] = [];
  return {
    /** A socket.io client signed in with `token`, once connected; `ended` settles with the reason it was disconnected. */
    async connect(token: string): Promise<{ socket: Socket; ended: Promise<string> }> {
      const socket = io(baseUrl(), { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const ended = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return { socket, ended };
    },
    close: () => sockets.forEach((socket) => socket.disconnect()),
  };
}

/** The reason the socket was disconnected within `ms`, or 'still connected'. */
const endedWithin = (ended: Promise<string>, ms: number) => Promise.race([ended, new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), ms))]);

const token = async (baseUrl: string, email: string, password = DEMO_PASSWORD) => {
  const answer = await login(baseUrl, email, password);
  expect(answer.status).toBe(200);
  return answer.body.items!.token;
};

/**
 * Live sockets end with their session (README "Sign-in, access and integration keys"). Here the
 * api and the worker are SEPARATE processes and the re-check interval is the default minute, so
 * an end within seconds can only come from the `session-ended` message over Redis.
 */
describe('live sockets end with their session (Redis, separate processes)', () => {
  let api: SplitService;
  const live = liveSockets(() => api.baseUrl);

  beforeAll(async () => {
    api = await startSplitService();
  }, 180_000);

  afterAll(async () => {
    live.close();
    await api?.stop();
  });

  it('disconnects the sockets of a session within seconds of its logout', async () => {
    const session = await token(api.baseUrl, 'agent005@demo.test');
    const [first, second] = [await live.connect(session), await live.connect(session)];
    // Another user's socket is not touched.
    const other = await live.connect(await token(api.baseUrl, 'agent015@demo.test'));
    expect((await call(api.baseUrl, 'POST', '/api/v1/logout', { token: session })).status).toBe(200);
    expect(await endedWithin(first.ended, SESSION_END_MS)).toBe('io server disconnect');
    expect(await endedWithin(second.ended, SESSION_END_MS)).toBe('io server disconnect');
    expect(await endedWithin(other.ended, 500)).toBe('still connected');
  });

  it('disconnects older sockets on a password change, and keeps one opened with the new session', async () => {
    const session = await token(api.baseUrl, 'agent006@demo.test');
    const older = await live.connect(session);
    const changed = await call<{ items: { token: string } }>(api.baseUrl, 'POST', '/api/v1/change_password', {
      token: session,
      body: { old_password: DEMO_PASSWORD, password: 'Changed-1!' },
    });
    expect(changed.status).toBe(200);
    const newer = await live.connect(changed.body.items.token);
    expect(await endedWithin(older.ended, SESSION_END_MS)).toBe('io server disconnect');
    expect(await endedWithin(newer.ended, 1_000)).toBe('still connected');
  });

  it('disconnects the sockets of a user who chose their first password, and of one whose password was reset', async () => {
    const firstSession = await token(api.baseUrl, 'new.agent@demo.test');
    const forced = await live.connect(firstSession);
    const chosen = await call(api.baseUrl, 'POST', '/api/v1/password_force_update', { token: firstSession, body: { password: 'Chosen-1!' } });
    expect(chosen.status).toBe(200);
    expect(await endedWithin(forced.ended, SESSION_END_MS)).toBe('io server disconnect');

    // A reset link as the forgot-password e-mail carries it (its hash is what the table keeps).
    const resetSocket = await live.connect(await token(api.baseUrl, 'agent007@demo.test'));
    const link = randomBytes(32).toString('base64url');
    await sql`
      insert into auth_reset_tokens (token_hash, user_id, expires_at)
      select ${createHash('sha256').update(link).digest('hex')}, id, now() + interval '1 hour' from rm.org_users where email = 'agent007@demo.test'`.execute(api.test.database.db);
    expect((await call(api.baseUrl, 'POST', '/api/reset_password', { body: { token: link, password: 'Reset-1!' } })).status).toBe(200);
    expect(await endedWithin(resetSocket.ended, SESSION_END_MS)).toBe('io server disconnect');
  });
});

/** The single-process default without Redis: the auth service and the gateway share the in-process bus. */
describe('live sockets end with their session (one process)', () => {
  let service: SeededService;
  const live = liveSockets(() => service.baseUrl);

  beforeAll(async () => {
    service = await startSeededService({ LOG_LEVEL: 'warn' });
  }, 180_000);

  afterAll(async () => {
    live.close();
    await service?.stop();
  });

  it('disconnects a socket within seconds of its logout', async () => {
    const session = await token(service.baseUrl, 'agent005@demo.test');
    const socket = await live.connect(session);
    expect((await call(service.baseUrl, 'POST', '/api/v1/logout', { token: session })).status).toBe(200);
    expect(await endedWithin(socket.ended, SESSION_END_MS)).toBe('io server disconnect');
  });
});

/** With SOCKET_RECHECK_MS small, a session ended behind the api's back (no message) ends its sockets at the next re-check. */
describe('live sockets re-check their session periodically', () => {
  let service: SeededService;
  const live = liveSockets(() => service.baseUrl);

  beforeAll(async () => {
    service = await startSeededService({ LOG_LEVEL: 'warn', SOCKET_RECHECK_MS: '300' });
  }, 180_000);

  afterAll(async () => {
    live.close();
    await service?.stop();
  });

  it('disconnects a socket whose session was revoked in the database, and keeps the others', async () => {
    const revoked = await live.connect(await token(service.baseUrl, 'agent008@demo.test'));
    const kept = await live.connect(await token(service.baseUrl, 'agent009@demo.test'));
    await sql`
      update auth_credentials set tokens_valid_after = now()
      where user_id = (select id from rm.org_users where email = 'agent008@demo.test')`.execute(service.test.database.db);
    expect(await endedWithin(revoked.ended, SESSION_END_MS)).toBe('io server disconnect');
    // Several re-checks later the valid session is still connected.
    expect(await endedWithin(kept.ended, 1_000)).toBe('still connected');
  });
});
