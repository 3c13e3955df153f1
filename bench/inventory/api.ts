import type { LoginItems } from '@portal/contracts';

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  /** Wall time in ms from sending the request to the whole answer read and parsed. */
  readonly ms: number;
  /** The request id the bench sent (x-request-id): the service logs its own time under it. */
  readonly requestId: string;
  /** True when the command's read-your-writes wait timed out (`x-projections-behind: 1`). */
  readonly behind: boolean;
  /** Bytes of the request body (0 for none). */
  readonly requestBytes: number;
  /** Date.now() when the request was sent (to compare with PostgreSQL's clock on this machine). */
  readonly sentAt: number;
}

/**
 * The api as the console calls it (JSON in, JSON out, bearer token), timed from the client.
 * Every request carries an `x-request-id` of the bench's (`bench.<tag>.<n>`), which the
 * service's request log repeats with its own response time.
 */
export class Api {
  private sequence = 0;

  constructor(readonly baseUrl: string) {}

  private nextId(tag: string): string {
    return `bench.${tag}.${++this.sequence}`;
  }

  async call<T = Record<string, unknown>>(
    tag: string,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const requestId = this.nextId(tag);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const sentAt = Date.now();
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-request-id': requestId,
        ...(payload !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      body: payload,
    });
    const text = await response.text();
    const body = (text ? JSON.parse(text) : {}) as T;
    const ms = performance.now() - started;
    return { status: response.status, body, ms, requestId, behind: response.headers.get('x-projections-behind') === '1', requestBytes: payload ? Buffer.byteLength(payload) : 0, sentAt };
  }

  /** A multipart upload (the console's manifest upload): the form fields and one file. */
  async upload<T = Record<string, unknown>>(tag: string, path: string, token: string, fields: Record<string, string>, file: { content: string; name: string; type: string }): Promise<Answer<T>> {
    const requestId = this.nextId(tag);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([file.content], { type: file.type }), file.name);
    const sentAt = Date.now();
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-request-id': requestId, authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    const body = (text ? JSON.parse(text) : {}) as T;
    const ms = performance.now() - started;
    return { status: response.status, body, ms, requestId, behind: response.headers.get('x-projections-behind') === '1', requestBytes: Buffer.byteLength(file.content), sentAt };
  }

  async login(email: string, password: string): Promise<string> {
    const answer = await this.call<{ message?: string; items?: LoginItems }>('login', 'POST', '/api/login', {
      body: { email, password, deviceid: 'web-browser', platform_type: 4, portal_type: 2 },
    });
    if (answer.status !== 200 || !answer.body.items?.token) throw new Error(`login of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.items.token;
  }
}

/** Throws unless the answer has the expected status (the bench measures working calls only). */
export function expectStatus<T>(answer: Answer<T>, status: number, what: string): Answer<T> {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 600)}`);
  return answer;
}
