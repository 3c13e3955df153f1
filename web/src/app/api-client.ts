import { apiRoutes } from '@portal/contracts/browser-route-table';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { ErrorBody } from '@portal/contracts/platform/error-shape';
import { rememberBusinessToday } from './report/business-today';

/** Thrown for every failed call: the server's one error shape, plus the status. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Any 401 ends the session: the app listens and goes to /login. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

let bearer: string | undefined;
export function setBearer(token: string | undefined): void {
  bearer = token;
}

/** The route of the table with this method and pattern: the one place that knows the API's paths. */
export function route(method: ApiRoute['method'], path: string): ApiRoute {
  const found = apiRoutes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the route table`);
  return found;
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
}

export function concretePath(api: ApiRoute, params: CallOptions['params'] = {}): string {
  return api.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${api.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A react-query key derived from the route and its inputs. */
export function queryKey(api: ApiRoute, options: CallOptions = {}): unknown[] {
  return [api.method, api.path, options.params ?? {}, options.query ?? {}];
}

/** Sends a request to a route of the table with the session's bearer token (a FormData body as multipart, anything else as JSON). */
function send(api: ApiRoute, options: CallOptions, accept: string): Promise<Response> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const url = `${concretePath(api, options.params)}${search.size ? `?${search}` : ''}`;
  // A FormData body (file uploads) goes as multipart, its boundary set by the browser; anything else as JSON.
  const multipart = options.body instanceof FormData;
  return fetch(url, {
    method: api.method,
    headers: {
      accept,
      ...(options.body !== undefined && !multipart && { 'content-type': 'application/json' }),
      ...(bearer && api.access !== 'public' && { authorization: `Bearer ${bearer}` }),
    },
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
  });
}

/** The failure of an answer that is not ok: the server's error shape read from its JSON; a 401 ends the session. */
function failureOf(api: ApiRoute, status: number, json: unknown): ApiFailure {
  const body = json as Partial<ErrorBody>;
  if (status === 401 && api.access !== 'public') for (const listener of unauthorizedListeners) listener();
  return new ApiFailure(status, { error: body.error ?? 'Error', message: body.message ?? `The server answered ${status}`, fields: body.fields });
}

/**
 * Answers that said the read models had not applied them yet. A command route waits, within a
 * bound, until the read models have applied what it wrote (read-your-writes: services/src/
 * platform/http/read-your-writes.ts); past the bound — a busy server — it answers with
 * `x-projections-behind: 1`, and a list reloaded at once may not show the change yet.
 */
const answersAheadOfReadModels = new WeakSet<object>();

/** Notes the answer (its JSON) when its response says the read models were still behind it. */
export function noteReadModelsBehind(response: Response, json: unknown): void {
  if (response.headers?.get('x-projections-behind') === '1' && typeof json === 'object' && json !== null) answersAheadOfReadModels.add(json);
}

/** Whether this answer (what `call` or the candidate page's callWithToken returned) said the read models were still behind it. */
export function answeredAheadOfReadModels(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && answersAheadOfReadModels.has(answer);
}

/** Calls a route of the table with the session's bearer token; JSON in, JSON out. */
export async function call<T>(api: ApiRoute, options: CallOptions = {}): Promise<T> {
  const response = await send(api, options, 'application/json');
  const json = parseAnswer(await response.text());
  if (!response.ok) throw failureOf(api, response.status, json);
  noteReadModelsBehind(response, json);
  // Answers that say the business's today (the sales dashboards and reports: `as_of_date`) keep
  // the date pickers on it, whatever the browser's time zone says.
  const asOf = (json as { as_of_date?: unknown; data?: { data?: { as_of_date?: unknown } } } | null);
  const said = asOf?.as_of_date ?? asOf?.data?.data?.as_of_date;
  if (typeof said === 'string') rememberBusinessToday(said);
  return json as T;
}

/**
 * Calls a route of the table that answers bytes (an RMA device's photo) with the session's bearer
 * token, so a guarded file can be shown (`URL.createObjectURL`) where an `<img src>` could not
 * send the token. A refusal is the server's error shape, as with `call`.
 */
export async function callForBlob(api: ApiRoute, options: CallOptions = {}): Promise<Blob> {
  const response = await send(api, options, '*/*');
  if (!response.ok) throw failureOf(api, response.status, parseAnswer(await response.text()));
  return response.blob();
}

/** The answer's JSON; {} when empty or not JSON (a proxy's HTML page for a too-large upload: the status still tells). */
function parseAnswer(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/** The sentence to show for a failed call: the server's own message, or that it did not answer. */
export function failureMessage(failure: unknown, otherwise = 'Oops, the server did not answer. Try Again!'): string {
  return failure instanceof ApiFailure ? failure.message : otherwise;
}
