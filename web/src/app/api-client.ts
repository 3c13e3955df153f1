import { apiRoutes } from '@portal/contracts/browser-route-table';
import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { ErrorBody } from '@portal/contracts/platform/error-shape';

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

/** Calls a route of the table with the session's bearer token; JSON in, JSON out. */
export async function call<T>(api: ApiRoute, options: CallOptions = {}): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const url = `${concretePath(api, options.params)}${search.size ? `?${search}` : ''}`;
  // A FormData body (file uploads) goes as multipart, its boundary set by the browser; anything else as JSON.
  const multipart = options.body instanceof FormData;
  const response = await fetch(url, {
    method: api.method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined && !multipart && { 'content-type': 'application/json' }),
      ...(bearer && api.access !== 'public' && { authorization: `Bearer ${bearer}` }),
    },
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = parseAnswer(text);
  if (!response.ok) {
    const body = json as Partial<ErrorBody>;
    if (response.status === 401 && api.access !== 'public') for (const listener of unauthorizedListeners) listener();
    throw new ApiFailure(response.status, { error: body.error ?? 'Error', message: body.message ?? `The server answered ${response.status}`, fields: body.fields });
  }
  return json as T;
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
