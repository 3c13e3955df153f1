import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The Content-Security-Policy of every answer, as data: a later capability extends a list here
 * (e.g. `'img-src'` and `'worker-src'` with `blob:` for an image viewer or pdf.js, `'media-src'`
 * for video) instead of writing a header of its own.
 *
 * - `default-src 'self'`: anything not named below (fonts, frames, media, workers, manifests)
 *   comes from this origin only.
 * - `script-src 'self' 'wasm-unsafe-eval'`: only the console's bundled files; no inline script, no
 *   eval. Vite emits no inline script and the /api/docs page has none. `'wasm-unsafe-eval'` lets
 *   the camera scanner compile its barcode reader (WebAssembly, one of the build's files); it
 *   allows WebAssembly only, not JavaScript's eval or `new Function`.
 * - `style-src 'self' 'unsafe-inline'`: antd 6 writes its CSS-in-JS into `<style>` elements at
 *   run time and components set `style` attributes. A nonce (antd's ConfigProvider `csp`)
 *   would cover antd's own `<style>` elements but not `style` attributes, and would make
 *   index.html a per-request template; styles cannot run code, and scripts stay strict.
 * - `img-src 'self' data: blob:`: antd draws some images (Empty, Image placeholders) as data: URLs;
 *   the image viewers (RMA photos) show bytes fetched with the bearer token as blob: URLs.
 * - `connect-src 'self'`: the api and socket.io on the same origin; Chromium (CSP level 3)
 *   counts ws:/wss: to this host and port as 'self', so the live updates need no ws: entry.
 * - `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`: no plugins, no `<base>`
 *   redirecting relative urls, forms post only here.
 * - `frame-ancestors 'none'`: no site may frame the console (clickjacking); X-Frame-Options:
 *   DENY says the same to browsers without CSP level 2.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The header value of a policy (`directive source source; …`), as helmet writes it. */
export function contentSecurityPolicyHeader(policy: Readonly<Record<string, readonly string[]>> = CONTENT_SECURITY_POLICY): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join(';');
}

/** How long browsers keep to https once they reached the portal over it (ignored over plain http). */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const helmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([name, sources]) => [name, [...sources]])) },
  xFrameOptions: { action: 'deny' },
  // Links carry secrets (signed downloads, reset tokens): no page tells another where it came from.
  referrerPolicy: { policy: 'no-referrer' },
  // The portal speaks for its own host only, not for sibling hosts of its domain.
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false },
  // The rest as helmet sets them: nosniff, no X-Powered-By, COOP/CORP same-origin, Origin-Agent-Cluster, …
});

/**
 * The headers a helmet middleware writes, name → value as it spells them, read off the middleware
 * itself (it only sets and removes headers, synchronously).
 */
function headersWrittenBy(middleware: typeof helmetHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The headers of an answer written without Express (the starting server's, the refusal of a
 * request Node cannot parse): exactly the ones helmet writes on the app's answers (CSP,
 * X-Frame-Options DENY, nosniff, Referrer-Policy no-referrer, HSTS, COOP/CORP, …), taken from
 * the same middleware so they cannot drift, plus `Cache-Control: no-store` (none of those
 * answers may be kept).
 */
export const RAW_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...headersWrittenBy(helmetHeaders), 'Cache-Control': 'no-store' });

/** RAW_ANSWER_HEADERS as the lines of an HTTP head written straight to a socket, each ending in CRLF. */
export function rawAnswerHeaderLines(): string {
  return Object.entries(RAW_ANSWER_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/** The api's paths (the signed export downloads among them): never stored by a browser or proxy. */
const isApiPath = (url: string | undefined) => url !== undefined && /^\/api(?:[/?#]|$)/.test(url);

/**
 * Cache-Control, decided when the head is written: api answers are `no-store` whatever a
 * handler set; any other answer that names no caching of its own is `no-store` too. Only the
 * console's files name theirs (hashed assets a year, index.html and version.json `no-cache`).
 */
function cacheControl(request: IncomingMessage & { originalUrl?: string }, response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    // request.url is the path after route aliases (`/dashboard_count` → `/api/…`) rewrote it.
    if (isApiPath(request.url) || isApiPath(request.originalUrl) || !this.hasHeader('cache-control')) this.setHeader('cache-control', 'no-store');
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** The security headers of every answer; runs first, before anything can answer. */
export function securityHeaders(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void {
  cacheControl(request, response);
  helmetHeaders(request, response, next);
}

/** Applies the security headers to an Express-based app: `applySecurityHeaders(app)` wherever an app is made. */
export function applySecurityHeaders(app: { disable(setting: string): unknown; use(handler: typeof securityHeaders): unknown }): void {
  app.disable('x-powered-by');
  app.use(securityHeaders);
}
