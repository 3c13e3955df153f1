import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TARGET_RULE } from './webhook-target';
import { type Resolve, TargetRefused, type WebhookSender, createWebhookSender, failureReason } from './webhook-sender';

interface Receiver {
  readonly port: number;
  /** Connections made to it (a refused delivery makes none) and requests it answered. */
  readonly connections: number;
  readonly requests: { host: string | undefined; path: string | undefined; body: string }[];
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1 that answers each request with `answer`. */
async function startReceiver(answer: (response: http.ServerResponse) => void = (response) => response.writeHead(204).end()): Promise<Receiver> {
  const requests: Receiver['requests'] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      requests.push({ host: request.headers.host, path: request.url, body });
      answer(response);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const headers = { 'content-type': 'application/cloudevents+json', 'webhook-id': 'evt-1' };

describe('sending a webhook delivery', () => {
  const open: (Receiver | WebhookSender)[] = [];
  const receiver = async (answer?: (response: http.ServerResponse) => void) => {
    const started = await startReceiver(answer);
    open.push(started);
    return started;
  };
  const sender = (allowPrivateTargets: boolean, resolve?: Resolve, timeoutMs = 5000) => {
    const created = createWebhookSender({ allowPrivateTargets, timeoutMs, excerptCharacters: 20, resolve });
    open.push(created);
    return created;
  };
  /** A resolver that answers every name with these addresses, and counts its questions. */
  const resolverOf = (...addresses: string[]) => {
    const asked: string[] = [];
    const resolve: Resolve = (hostname) => {
      asked.push(hostname);
      return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };
    return { resolve, asked };
  };
  const refusalOf = (post: Promise<unknown>) =>
    post.then(
      () => 'sent',
      (error: unknown) => (error instanceof TargetRefused ? error.message : `not refused: ${failureReason(error)}`),
    );

  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });

  it('refuses, before any connection, a name that resolves to loopback: the receiver on 127.0.0.1 gets nothing', async () => {
    const target = await receiver();
    const { resolve, asked } = resolverOf('127.0.0.1');
    const refusal = await refusalOf(sender(false, resolve).post(`http://receiver.test:${target.port}/hooks`, headers, '{}'));
    expect(refusal).toBe(`${TARGET_RULE} (receiver.test resolves to 127.0.0.1, which is loopback).`);
    expect(asked).toEqual(['receiver.test']);
    expect({ connections: target.connections, requests: target.requests }).toEqual({ connections: 0, requests: [] });
  });

  it('judges every address a name resolves to: one inward address among others refuses it', async () => {
    const target = await receiver();
    const { resolve } = resolverOf('127.0.0.1', '::ffff:7f00:1', '::1');
    expect(await refusalOf(sender(false, resolve).post(`http://receiver.test:${target.port}/hooks`, headers, '{}'))).toMatch(/receiver\.test resolves to 127\.0\.0\.1, which is loopback/);
    const mapped = resolverOf('::ffff:7f00:1');
    expect(await refusalOf(sender(false, mapped.resolve).post(`http://receiver.test:${target.port}/hooks`, headers, '{}'))).toBe(`${TARGET_RULE} (receiver.test resolves to ::ffff:7f00:1 (127.0.0.1), which is loopback).`);
    expect(target.connections).toBe(0);
  });

  // Loopback only: were the refusal broken, a test must still send nothing beyond this machine (the other classes: webhook-target.spec.ts).
  it('refuses localhost through the system resolver, and IP literals however they are spelt, sending nothing', async () => {
    const target = await receiver();
    const refusing = sender(false);
    expect(await refusalOf(refusing.post(`http://localhost:${target.port}/hooks`, headers, '{}'))).toMatch(/^The webhook URL must not point at a private, loopback or link-local address \(localhost resolves to (127\.0\.0\.1|::1), which is loopback\)\.$/);
    for (const [host, reason] of [
      ['127.0.0.1', '127.0.0.1 is loopback'],
      ['2130706433', '127.0.0.1 is loopback'],
      ['0x7f.1', '127.0.0.1 is loopback'],
      ['[::ffff:127.0.0.1]', '::ffff:7f00:1 (127.0.0.1) is loopback'],
      ['[::1]', '::1 is loopback'],
      ['127.0.0.2', '127.0.0.2 is loopback'],
    ]) {
      expect({ host, refusal: await refusalOf(refusing.post(`http://${host}:${target.port}/hooks`, headers, '{}')) }).toEqual({ host, refusal: `${TARGET_RULE} (${reason}).` });
    }
    expect({ connections: target.connections, requests: target.requests }).toEqual({ connections: 0, requests: [] });
  });

  it('with private targets allowed, connects to the very address its resolver answered (pinned: one question, no second lookup) and delivers', async () => {
    const target = await receiver();
    const { resolve, asked } = resolverOf('127.0.0.1');
    const answer = await sender(true, resolve).post(`http://receiver.test:${target.port}/hooks`, headers, '{"id":"evt-1"}');
    expect(answer).toEqual({ statusCode: 204, excerpt: null });
    // receiver.test is a name no real resolver knows: the connection went where the checked answer said.
    expect(asked).toEqual(['receiver.test']);
    expect(target.requests).toEqual([{ host: `receiver.test:${target.port}`, path: '/hooks', body: '{"id":"evt-1"}' }]);
    expect(await sender(true).post(`http://localhost:${target.port}/hooks`, headers, '{}')).toEqual({ statusCode: 204, excerpt: null });
  });

  it('never follows a redirect: a 3xx is the answer, and its Location gets nothing', async () => {
    const elsewhere = await receiver();
    const redirecting = await receiver((response) => response.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/stolen` }).end('moved'));
    expect(await sender(true).post(`http://127.0.0.1:${redirecting.port}/hooks`, headers, '{}')).toEqual({ statusCode: 307, excerpt: 'moved' });
    expect(redirecting.requests).toHaveLength(1);
    expect(elsewhere.connections).toBe(0);
  });

  it('keeps only the first characters of an answer, and gives up on a receiver that does not answer in time', async () => {
    const talkative = await receiver((response) => response.writeHead(500).end('x'.repeat(100_000)));
    expect(await sender(true).post(`http://127.0.0.1:${talkative.port}/hooks`, headers, '{}')).toEqual({ statusCode: 500, excerpt: 'x'.repeat(20) });
    const silent = await receiver(() => {});
    const failure = await sender(true, undefined, 200)
      .post(`http://127.0.0.1:${silent.port}/hooks`, headers, '{}')
      .then(
        () => 'answered',
        (error: unknown) => failureReason(error),
      );
    expect(failure).toBe('No answer within 200 ms');
    expect(silent.requests).toHaveLength(1);
  });
});
