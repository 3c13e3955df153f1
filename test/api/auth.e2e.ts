import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SessionTokens } from '../../services/src/auth/session-tokens';
import type { TestDatabase } from '../../services/src/platform/testing/test-database';
import { call, DEMO_PASSWORD, login, type SeededService, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';
import { decodeQuotedPrintable } from '../support/outbox';

const FORCED_UPDATE_REFUSED = {
  status: 403,
  body: { error: 'Forbidden', message: 'Your password has already been set. Use Change Password, which asks for the old one.' },
};

/**
 * A login from another client address: the whole 127.0.0.0/8 is loopback, so binding the client
 * side to 127.0.0.x is a real other address for the service (it trusts no X-Forwarded-For).
 */
function loginFrom(address: string, baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<{ status: number; body: { message?: string } }> {
  const body = JSON.stringify({ email, password, deviceid: 'web-browser', platform_type: 4, portal_type: 2 });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/login`,
      { method: 'POST', localAddress: address, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { message?: string } }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const TOO_MANY_FROM_ADDRESS = 'Too many failed logins from this address. Try again in 15 minutes.';
const TOO_MANY_FOR_ACCOUNT = 'Too many failed logins for this account. Try again in 15 minutes.';

/** Sign-in, sessions and passwords against the api (api + worker, PostgreSQL), seeded with the demo business. */
describe('auth', () => {
  let test: TestDatabase;
  let seeded: SeededService;
  let dataDir: string;
  let baseUrl: string;

  /** The reset tokens e-mailed to `email`, once `count` such e-mails are in the outbox. */
  async function resetLinksTo(email: string, count: number): Promise<string[]> {
    const outbox = path.join(dataDir, 'outbox');
    const mails = await waitFor(
      async () => {
        const files = await fs.readdir(outbox).catch(() => [] as string[]);
        const texts = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
        return texts.filter((text) => text.includes(`To: ${email}`));
      },
      (found) => found.length >= count,
      10_000,
      `${count} reset e-mails to ${email}`,
    );
    return mails.map((mail) => /page-reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail))![1]!);
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-auth-'));
    seeded = await startSeededService({ DATA_DIR: dataDir, PUBLIC_URL: 'http://portal.test' });
    ({ test, baseUrl } = seeded);
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('logs each demo account in with the spec response items', async () => {
    const expected = [
      ['super@demo.test', [1], 'Super Admin', 1],
      ['retailer.manager@demo.test', [12], 'Retailer Manager', 1],
      ['ibo.manager@demo.test', [11], 'IBO Manager', 1],
      ['office.manager@demo.test', [3], 'Office Manager', 1],
      ['agent@demo.test', [2], 'Agent', 1],
      ['new.agent@demo.test', [2], 'Agent', 0],
    ] as const;
    for (const [email, roles, roleName, passwordChanged] of expected) {
      const answer = await login(baseUrl, email);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.items!).sort()).toEqual(['expires_in', 'name', 'password_changed', 'role_id', 'role_name', 'token', 'user_id']);
      expect(answer.body.items).toMatchObject({ role_id: roles, role_name: roleName, password_changed: passwordChanged, expires_in: 1_000_000_000 });
      expect(answer.body.items!.token.split('.')).toHaveLength(3);
    }
  });

  it("answers the spec's messages for bad logins", async () => {
    const empty = await call(baseUrl, 'POST', '/api/login', { body: {} });
    expect(empty).toEqual({ status: 400, body: { error: 'Bad Request', message: 'Email is Required', fields: { email: 'Email is Required', password: 'Password is Required' } } });
    const wrong = await login(baseUrl, 'agent@demo.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ message: 'Invalid Password' });
    const unknown = await login(baseUrl, 'nobody@demo.test');
    expect(unknown.body).toMatchObject({ message: 'Invalid Password' });
  });

  it('signs up an account that logs in only once it has a role', async () => {
    const signUp = await call(baseUrl, 'POST', '/api/register', { body: { email: 'candidate@demo.test', password: 'Secret123!' } });
    expect(signUp).toEqual({ status: 200, body: { message: 'Signup Successfully Completed' } });
    const again = await call(baseUrl, 'POST', '/api/register', { body: { email: 'Candidate@demo.test', password: 'Secret123!' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Email already exists' });
    const disabled = await waitFor(() => login(baseUrl, 'candidate@demo.test', 'Secret123!'), (answer) => answer.status !== 401, 10_000, 'the sign-up to project');
    expect(disabled.status).toBe(403);
    expect(disabled.body).toMatchObject({ message: 'User Disabled' });
  });

  it('resets a forgotten password through a one-time link sent by e-mail', async () => {
    const unknown = await call(baseUrl, 'POST', '/api/forgot_password', { body: { email: 'nobody@demo.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Email not found' });

    expect((await call(baseUrl, 'POST', '/api/forgot_password', { body: { email: 'office.manager2@demo.test' } })).status).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    // The outbox also holds the demo candidates' invites: the reset e-mail is the one to the manager.
    const mail = await waitFor(
      async () => {
        const files = await fs.readdir(outbox).catch(() => [] as string[]);
        const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
        return mails.find((text) => text.includes('To: office.manager2@demo.test')) ?? '';
      },
      (text) => text.length > 0,
      10_000,
      'the reset e-mail',
    );
    expect(mail).toContain('To: office.manager2@demo.test');
    // The body is quoted-printable, as a mail client receives it: decode it as one would.
    const body = decodeQuotedPrintable(mail);
    const token = /page-reset-password\?token=([\w-]+)/.exec(body)?.[1];
    expect(body).toContain('http://portal.test/page-reset-password?token=');
    expect(token).toBeDefined();

    expect((await call(baseUrl, 'POST', '/api/reset_password', { body: { token, password: 'N3w-secret!' } })).status).toBe(200);
    expect((await login(baseUrl, 'office.manager2@demo.test', 'N3w-secret!')).status).toBe(200);
    expect((await login(baseUrl, 'office.manager2@demo.test')).status).toBe(401);
    const reused = await call(baseUrl, 'POST', '/api/reset_password', { body: { token, password: 'Another1!' } });
    expect(reused.status).toBe(400);
  });

  it('ends every other reset link of the account when one is used', async () => {
    for (let asked = 0; asked < 2; asked++) expect((await call(baseUrl, 'POST', '/api/forgot_password', { body: { email: 'office.manager3@demo.test' } })).status).toBe(200);
    const [first, second] = await resetLinksTo('office.manager3@demo.test', 2);
    expect((await call(baseUrl, 'POST', '/api/reset_password', { body: { token: second, password: 'Reset-1!' } })).status).toBe(200);
    const other = await call(baseUrl, 'POST', '/api/reset_password', { body: { token: first, password: 'Reset-2!' } });
    expect(other).toEqual({
      status: 400,
      body: { error: 'Bad Request', message: 'This reset link is invalid or has expired. Ask for a new one.', fields: { token: 'Invalid or expired link' } },
    });
    expect((await login(baseUrl, 'office.manager3@demo.test', 'Reset-1!')).status).toBe(200);
  });

  it('ends older sessions on password change and on logout', async () => {
    const first = (await login(baseUrl, 'agent003@demo.test')).body.items!.token;
    const changed = await call<{ items: { token: string } }>(baseUrl, 'POST', '/api/v1/change_password', {
      token: first,
      body: { old_password: DEMO_PASSWORD, password: 'Changed-1!' },
    });
    expect(changed.status).toBe(200);
    expect((await call(baseUrl, 'POST', '/api/v1/logout', { token: first })).status).toBe(401);
    const fresh = changed.body.items.token;
    expect((await call(baseUrl, 'POST', '/api/v1/logout', { token: fresh })).status).toBe(200);
    expect((await call(baseUrl, 'POST', '/api/v1/logout', { token: fresh })).status).toBe(401);

    const wrongOld = await call(baseUrl, 'POST', '/api/v1/change_password', {
      token: (await login(baseUrl, 'agent003@demo.test', 'Changed-1!')).body.items!.token,
      body: { old_password: 'wrong', password: 'x' },
    });
    expect(wrongOld.status).toBe(400);
  });

  it('lets every user change their own password: the auditor (read-only everywhere else) too', async () => {
    const session = (await login(baseUrl, 'auditor@demo.test')).body.items!;
    const changed = await call<{ message: string; items: { token: string } }>(baseUrl, 'POST', '/api/v1/change_password', { token: session.token, body: { old_password: DEMO_PASSWORD, password: 'Auditor-chose-1!' } });
    expect(changed).toMatchObject({ status: 200, body: { message: 'Password changed successfully' } });
    expect((await login(baseUrl, 'auditor@demo.test', 'Auditor-chose-1!')).status).toBe(200);
    expect((await login(baseUrl, 'auditor@demo.test')).status).toBe(401);
    // Its own password only: still nothing else it may write.
    expect((await call(baseUrl, 'POST', '/api/v1/messages/read', { token: changed.body.items.token })).status).toBe(403);
  });

  it('makes a new agent choose a password, then remembers it', async () => {
    const session = (await login(baseUrl, 'new.agent@demo.test')).body.items!;
    expect(session.password_changed).toBe(0);
    expect((await call(baseUrl, 'POST', '/api/v1/password_force_update', { token: session.token, body: {} })).status).toBe(400);
    const mismatch = await call(baseUrl, 'POST', '/api/v1/password_force_update', { token: session.token, body: { password: 'Chosen-1!', confirm_password: 'Chosen-2!' } });
    expect(mismatch).toMatchObject({ status: 400, body: { message: 'Password Mismatch', fields: { confirm_password: 'Password Mismatch' } } });
    const updated = await call<{ items: { token: string } }>(baseUrl, 'POST', '/api/v1/password_force_update', { token: session.token, body: { password: 'Chosen-1!' } });
    expect(updated.status).toBe(200);
    // At once, before the read model may say so: the forced update is spent.
    const again = await call(baseUrl, 'POST', '/api/v1/password_force_update', { token: updated.body.items.token, body: { password: 'Chosen-2!' } });
    expect(again).toEqual(FORCED_UPDATE_REFUSED);
    const after = await waitFor(() => login(baseUrl, 'new.agent@demo.test', 'Chosen-1!'), (answer) => answer.body.items?.password_changed === 1, 10_000, 'password_changed to project');
    expect(after.body.items!.password_changed).toBe(1);
  });

  it('refuses a forced update once the password has been chosen, and changes nothing', async () => {
    // A session of an account whose password is set (e.g. a stolen token) cannot take it over without the old password.
    const stolen = (await login(baseUrl, 'agent004@demo.test')).body.items!;
    expect(stolen.password_changed).toBe(1);
    expect(await call(baseUrl, 'POST', '/api/v1/password_force_update', { token: stolen.token, body: { password: 'Taken-over-1!' } })).toEqual(FORCED_UPDATE_REFUSED);
    // Nothing changed: the old password and the same session still work (the refusal is 403, not 401).
    expect((await login(baseUrl, 'agent004@demo.test')).status).toBe(200);
    expect((await login(baseUrl, 'agent004@demo.test', 'Taken-over-1!')).status).toBe(401);
    expect(await call(baseUrl, 'POST', '/api/v1/password_force_update', { token: stolen.token, body: { password: 'Taken-over-1!' } })).toEqual(FORCED_UPDATE_REFUSED);
  });

  it('refuses forged, expired and missing tokens with 401', async () => {
    const token = (await login(baseUrl, 'super@demo.test')).body.items!.token;
    // A token signed with the real key whose lifetime has run out.
    const secret = (await sql<{ secret: string }>`select secret from auth_signing_keys where id = 1`.execute(test.database.db)).rows[0]!.secret;
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    const expired = await new SessionTokens(new Uint8Array(Buffer.from(secret, 'base64'))).issue(userId, Date.now() - 2_000_000_000);
    expect((await call(baseUrl, 'GET', '/api/v1/roles', { token: expired })).status).toBe(401);
    expect((await call(baseUrl, 'GET', '/api/v1/roles', { token })).status).toBe(200);
    const [header, payload] = token.split('.');
    expect((await call(baseUrl, 'POST', '/api/v1/logout', { token: `${header}.${payload}.forged-signature` })).status).toBe(401);
    expect((await call(baseUrl, 'POST', '/api/v1/logout')).status).toBe(401);
  });

  it("keeps counting an address's failures when another account signs in from it", async () => {
    const address = '127.0.0.21';
    const guesses: number[] = [];
    const others: number[] = [];
    // 27 guesses on one account in rounds of 9, each round followed by the guesser's own good login.
    for (let round = 0; round < 3; round++) {
      for (let guess = 0; guess < 9; guess++) guesses.push((await loginFrom(address, baseUrl, 'agent010@demo.test', `guess-${round}-${guess}`)).status);
      others.push((await loginFrom(address, baseUrl, 'agent011@demo.test')).status);
    }
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual(Array(17).fill(429));
    expect(others).toEqual([200, 429, 429]);
    expect((await loginFrom(address, baseUrl, 'agent011@demo.test')).body).toMatchObject({ error: 'Too Many Requests', message: TOO_MANY_FROM_ADDRESS });
  });

  it('counts failed logins per account, whatever address they come from', async () => {
    const from = (n: number) => `127.0.0.${100 + n}`;
    for (let n = 0; n < 10; n++) expect((await loginFrom(from(n), baseUrl, 'Agent012@demo.test', `guess-${n}`)).status).toBe(401);
    const refused = await loginFrom(from(10), baseUrl, 'agent012@demo.test', 'guess-10');
    expect(refused).toEqual({ status: 429, body: { error: 'Too Many Requests', message: TOO_MANY_FOR_ACCOUNT } });
    // Even the right password waits: the guesser cannot tell it from a wrong one.
    expect((await loginFrom(from(11), baseUrl, 'agent012@demo.test')).status).toBe(429);
    // Other accounts from those addresses are not held up.
    expect((await loginFrom(from(0), baseUrl, 'agent013@demo.test')).status).toBe(200);
  });

  it("clears an account's count when it signs in, and only its own", async () => {
    for (let n = 0; n < 9; n++) expect((await loginFrom(`127.0.0.${150 + n}`, baseUrl, 'agent014@demo.test', `guess-${n}`)).status).toBe(401);
    expect((await loginFrom('127.0.0.170', baseUrl, 'agent014@demo.test')).status).toBe(200);
    for (let n = 0; n < 10; n++) expect((await loginFrom(`127.0.0.${180 + n}`, baseUrl, 'agent014@demo.test', `guess-${n}`)).status).toBe(401);
    expect((await loginFrom('127.0.0.190', baseUrl, 'agent014@demo.test')).status).toBe(429);
  });

  it('slows down guessing: too many failed logins from one address are refused', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 12; attempt++) last = (await login(baseUrl, 'retailer.manager@demo.test', `guess-${attempt}`)).status;
    expect(last).toBe(429);
    const refused = await login(baseUrl, 'retailer.manager@demo.test');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/Too many failed logins/) });
  });
});
