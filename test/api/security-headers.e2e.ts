import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ExportAnswer, ExportProgress } from '@portal/contracts';
import { answerUnparsableRequests } from '../../services/src/platform/http/client-errors';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicyHeader, RAW_ANSWER_HEADERS } from '../../services/src/platform/http/security-headers';
import { answerWhileStarting, STARTING_PAGE } from '../../services/src/platform/http/starting-server';
import { call, login, type SeededService, startSeededService } from '../support/demo';
import { waitFor } from '../support/processes';

/** The policy as the header spells it, directive by directive (restated here: loosening it must fail this test). */
const EXPECTED_POLICY = {
  'default-src': ["'self'"],
  // 'wasm-unsafe-eval': WebAssembly only (the camera's barcode reader), never JavaScript's eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const parsePolicy = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );

const NO_STORE = 'no-store';
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Every answer's security headers, and the caching this kind of answer must name. */
function expectSecurityHeaders(response: Response, cacheControl: string): void {
  const headers = Object.fromEntries(response.headers.entries());
  expect({ url: response.url, status: response.status, policy: parsePolicy(headers['content-security-policy'] ?? null) }).toEqual({
    url: response.url,
    status: response.status,
    policy: EXPECTED_POLICY,
  });
  expect(headers).toMatchObject({
    'content-security-policy': contentSecurityPolicyHeader(),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': cacheControl,
  });
  expect(headers['x-powered-by']).toBeUndefined();
}

/**
 * Security headers on every kind of answer of the built service (api + worker, web/dist at /):
 * api answers and errors, /health, the console's page and files, /api/docs, a signed download.
 */
describe('security headers', () => {
  let seeded: SeededService;
  let dataDir: string;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-headers-'));
    seeded = await startSeededService({ DATA_DIR: dataDir });
    ({ baseUrl } = seeded);
    const answer = await login(baseUrl, 'office.manager@demo.test');
    expect(answer.status).toBe(200);
    token = answer.body.items!.token;
  }, 180_000);
  afterAll(async () => {
    await seeded?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${pathname}`, { headers: { accept: 'application/json', ...headers } });
  const bearer = () => ({ authorization: `Bearer ${token}` });

  it('keeps the policy as data, written as one header', () => {
    expect(CONTENT_SECURITY_POLICY).toEqual(EXPECTED_POLICY);
    expect(contentSecurityPolicyHeader()).toBe(
      "default-src 'self';script-src 'self' 'wasm-unsafe-eval';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    );
  });

  it('sends them on api answers, no-store', async () => {
    const list = await get('/api/v1/offices?results=5', bearer());
    expect(list.status).toBe(200);
    expectSecurityHeaders(list, NO_STORE);

    // The login answer carries the session token.
    const signedIn = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'office.manager@demo.test', password: 'Passw0rd!', deviceid: 'web-browser', platform_type: 4, portal_type: 2 }),
    });
    expect(signedIn.status).toBe(200);
    expectSecurityHeaders(signedIn, NO_STORE);
  });

  it('sends them on errors: 404, 401, 400 and a 404 outside the api', async () => {
    const missing = await get('/api/v1/no_such_route', bearer());
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, NO_STORE);

    const anonymous = await get('/api/v1/offices');
    expect(anonymous.status).toBe(401);
    expectSecurityHeaders(anonymous, NO_STORE);

    const badJson = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
    expect(badJson.status).toBe(400);
    expectSecurityHeaders(badJson, NO_STORE);

    const missingAsset = await get('/assets/no-such-file.js');
    expect(missingAsset.status).toBe(404);
    expectSecurityHeaders(missingAsset, NO_STORE);
  });

  it('sends them on the paths the spec also writes for a route (/dashboard_count), no-store, signed in or not', async () => {
    const alias = await get('/dashboard_count', bearer());
    expect(alias.status).toBe(200);
    expectSecurityHeaders(alias, NO_STORE);
    const anonymous = await get('/dashboard_count?x=1');
    expect(anonymous.status).toBe(401);
    expectSecurityHeaders(anonymous, NO_STORE);
  });

  it('sends them on a 413 for a JSON body over the limit', async () => {
    const tooLarge = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'office.manager@demo.test', password: 'x', padding: 'x'.repeat(21_000_000) }),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: 'Payload Too Large', message: 'The request is too large.' });
    expectSecurityHeaders(tooLarge, NO_STORE);
  });

  it("writes helmet's headers on the app's answers exactly as the raw writers send them", async () => {
    const answer = await get('/health');
    const app = Object.fromEntries([...answer.headers.entries()]);
    const raw = Object.fromEntries(Object.entries(RAW_ANSWER_HEADERS).map(([name, value]) => [name.toLowerCase(), value]));
    expect(Object.keys(raw)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'strict-transport-security', 'cache-control']));
    expect(Object.fromEntries(Object.keys(raw).map((name) => [name, app[name]]))).toEqual(raw);
  });

  it('sends them on /health and /health/ready', async () => {
    for (const pathname of ['/health', '/health/ready']) {
      const health = await get(pathname);
      expect(health.status).toBe(200);
      expectSecurityHeaders(health, NO_STORE);
    }
  });

  it("sends them on the console's page (no-cache) and its hashed files (cached a year)", async () => {
    for (const pathname of ['/', '/login', '/inventory/receive']) {
      const page = await get(pathname, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(page, 'no-cache');
    }
    const html = await (await get('/', { accept: 'text/html' })).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    // No inline script in the page: script-src 'self' would refuse it.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = await get(assets[0]!, { accept: '*/*' });
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset, ASSET_CACHE);

    const version = await get('/version.json');
    expect(version.status).toBe(200);
    expectSecurityHeaders(version, 'no-cache');
  });

  it('sends them on /api/docs, whose page needs nothing the policy refuses', async () => {
    const page = await get('/api/docs', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, NO_STORE);
    const html = await page.text();
    // Only its inline <style> (allowed by style-src 'unsafe-inline'): no script, no other origin.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//i);
    for (const pathname of ['/api/docs', '/api/docs/openapi.json']) {
      const json = await get(pathname);
      expect(json.status).toBe(200);
      expectSecurityHeaders(json, NO_STORE);
    }
  });

  it('sends them on a signed export download, no-store', async () => {
    const superToken = (await login(baseUrl, 'super@demo.test')).body.items!.token;
    const started = await call<ExportAnswer>(baseUrl, 'GET', '/api/v1/office_export?format=csv', { token: superToken });
    expect(started.status).toBe(200);
    const url =
      started.body.download === 1
        ? started.body.url!
        : (
            await waitFor(
              () => call<ExportProgress>(baseUrl, 'GET', `/api/v1/exports/${started.body.export_id!}`, { token: superToken }),
              (progress) => progress.body.status === 'done' || progress.body.status === 'failed',
              30_000,
              'the office export',
            )
          ).body.url!;
    // Opened as the browser's new tab does: no token, the signature is the credential.
    const download = await fetch(new URL(url, baseUrl));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expectSecurityHeaders(download, NO_STORE);

    const tampered = new URL(url, baseUrl);
    tampered.searchParams.set('signature', 'x'.repeat(43));
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expectSecurityHeaders(refused, NO_STORE);
  });
});

/**
 * The answers written without Express: the starting server's (while the embedded database is
 * created) and the refusal of a request Node cannot parse. Each on a server of its own here, on a
 * port the system chooses.
 */
describe('security headers on answers written without Express', () => {
  it('sends them on every answer of the starting server: /health, 503 starting, and its self-reloading page (no script)', async () => {
    const starting = await answerWhileStarting(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${starting.port}`;
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
      expectSecurityHeaders(health, NO_STORE);

      const api = await fetch(`${base}/api/v1/offices`, { headers: { accept: 'application/json' } });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('2');
      expect(await api.json()).toMatchObject({ error: 'Service Unavailable' });
      expectSecurityHeaders(api, NO_STORE);

      const ready = await fetch(`${base}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, starting: true });
      expectSecurityHeaders(ready, NO_STORE);

      const page = await fetch(`${base}/inventory`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expectSecurityHeaders(page, NO_STORE);
      const html = await page.text();
      expect(html).toBe(STARTING_PAGE);
      // It reloads itself by meta refresh, which the policy allows: a script (inline or not) would be refused or need a file.
      expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
      expect(html).not.toMatch(/<script|javascript:|\bon\w+=/i);
    } finally {
      await starting.close();
    }
  });

  it('sends them on the 431 and 400 answered to a request Node cannot parse', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    answerUnparsableRequests(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const tooLong = await fetch(`http://127.0.0.1:${port}/api/v1/offices?keyword=${'x'.repeat(20_000)}`);
      expect(tooLong.status).toBe(431);
      expect(await tooLong.json()).toEqual({ error: 'Request Header Fields Too Large', message: "The request's address or headers are too long." });
      expectSecurityHeaders(tooLong, NO_STORE);

      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBroken header without colon\r\n\r\n'));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
      const headers = new Headers(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as [string, string]));
      expectSecurityHeaders(new Response(body, { status: 400, headers }), NO_STORE);
      expect(JSON.parse(body)).toEqual({ error: 'Bad Request', message: 'The request is not valid HTTP.' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
