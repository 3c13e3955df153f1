import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { firstInward, hostRefusal, isLiteralHost, resolvedRefusal } from './webhook-target';

/** A name's addresses: the system resolver's (getaddrinfo, as every connection uses), or a test's own. */
export type Resolve = (hostname: string) => Promise<readonly dns.LookupAddress[]>;
const systemResolver: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true });

/** A delivery refused before any connection was made: its target is ours. The message is the sentence the delivery log keeps. */
export class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

export interface WebhookAnswer {
  readonly statusCode: number;
  /** The first characters of the answer's body (null when it had none). */
  readonly excerpt: string | null;
}

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  readonly allowPrivateTargets: boolean;
  /** How long one POST may take, answer included (WEBHOOK_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** How much of an answer is read. */
  readonly excerptCharacters: number;
  readonly resolve?: Resolve;
}

export interface WebhookSender {
  /** POSTs one signed delivery; rejects with an Error whose message is what the delivery log says (TargetRefused when the target is ours). */
  post(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<WebhookAnswer>;
  /** Closes the connections kept open between deliveries. */
  close(): void;
}

/**
 * The connection's own resolver: a name is resolved once, every address of the answer is judged,
 * and the connection is made to those very addresses — so a name that resolves inward, or is
 * re-bound to an inward address between a check and a connect, never gets a byte.
 */
function checkedLookup(resolve: Resolve, allowPrivateTargets: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const refused = (error: NodeJS.ErrnoException) => callback(error, '', 0);
    resolve(hostname).then((answer) => {
      const inward = allowPrivateTargets ? undefined : firstInward(answer.map((entry) => entry.address));
      if (inward) return refused(new TargetRefused(resolvedRefusal(hostname, inward)));
      const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
      const addresses = family === 0 ? answer : answer.filter((entry) => entry.family === family);
      const first = addresses[0];
      if (!first) return refused(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }));
      if (options.all) callback(null, [...addresses]);
      else callback(null, first.address, first.family);
    }, refused);
  };
}

/** An error's words for the delivery log: its message and cause (a connection tried on several addresses fails with each). */
export function failureReason(failure: unknown): string {
  if (failure instanceof AggregateError && failure.errors.length > 0) return [...new Set(failure.errors.map(failureReason))].join('; ');
  if (!(failure instanceof Error)) return String(failure);
  const cause = failure.cause instanceof Error ? `: ${failure.cause.message}` : '';
  return `${failure.message || (failure as NodeJS.ErrnoException).code || failure.name}${cause}`;
}

/**
 * Sends webhook deliveries with node:http(s), which never follows a redirect (a 3xx is the
 * receiver's answer: the URL registered is the one we sign for). Unless private targets are
 * allowed, an IP literal is judged before anything is sent, and a name through `checkedLookup`.
 * Connections are kept open between deliveries by this sender's own agents: each was checked
 * when it was made.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { allowPrivateTargets, timeoutMs, excerptCharacters } = options;
  const lookup = checkedLookup(options.resolve ?? systemResolver, allowPrivateTargets);
  const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  const post = (url: string, headers: Readonly<Record<string, string>>, body: string) =>
    new Promise<WebhookAnswer>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TargetRefused(`A webhook URL is http(s), not ${target.protocol}`);
      if (!allowPrivateTargets && isLiteralHost(target.hostname)) {
        const refusal = hostRefusal(target.hostname);
        if (refusal) throw new TargetRefused(refusal);
      }
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const transport = target.protocol === 'https:' ? https : http;
      const request = transport.request(target, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: agents[target.protocol], lookup }, (response) => {
        const statusCode = response.statusCode ?? 0;
        const decoder = new StringDecoder('utf8');
        let text = '';
        const answered = () => settle(() => resolve({ statusCode, excerpt: text === '' ? null : text.slice(0, excerptCharacters) }));
        response.on('data', (chunk: Buffer) => {
          text += decoder.write(chunk);
          // Enough for the log: the rest of a receiver's answer (it may send anything) is not read.
          if (text.length >= excerptCharacters) {
            answered();
            response.destroy();
          }
        });
        response.on('end', answered);
        // The status came: a body cut short (or too slow) still leaves an answer.
        response.on('error', answered);
        response.on('close', answered);
      });
      const timer = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
      request.on('error', (error) => settle(() => reject(error)));
      request.end(body);
    });

  return {
    post,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
