import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RAW_ANSWER_HEADERS } from './security-headers';

export interface StartingServer {
  /**
   * The app listens on this server's socket, bound and listening as it is (Node's
   * `server.listen(handle)`): no connection is refused or cut while the port changes hands.
   * The starting server then answers only the connections it had already accepted.
   */
  handOverTo(app: { listen(port: number | string): Promise<unknown> }): Promise<void>;
  /** The port it answers on: the one asked for, or the one the system chose for 0 (tests). */
  readonly port: number;
  /** Stops answering and frees the port (a test's, or a start given up); never after handOverTo, when the socket is the app's. */
  close(): Promise<void>;
}

/**
 * The page a browser gets meanwhile. It reloads itself by `<meta http-equiv="refresh">`, which
 * the Content-Security-Policy allows (an inline script would be refused by `script-src 'self'`);
 * its one inline `style` attribute is allowed by `style-src 'unsafe-inline'`.
 */
export const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<title>Distribution portal</title></head><body style="font-family:sans-serif;margin:3rem">
<p>The portal is starting: its database is being created. This page reloads by itself.</p></body></html>`;

/**
 * Answers on the service's port while the process cannot serve yet: the first start creates
 * the embedded database (PGlite's initdb takes ~8 s, longer on a busy machine), and DESIGN.md
 * §1 wants /health answered at once. /health says the process lives, /health/ready that it is
 * not ready, anything else 503 with Retry-After (a page that reloads itself for a browser).
 * Every answer closes its connection, so no client keeps a socket to this server.
 */
export async function answerWhileStarting(port: number, host: string): Promise<StartingServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      // The app's security headers (helmet's, and no-store): this server answers on the same origin.
      response.writeHead(status, {
        ...RAW_ANSWER_HEADERS,
        'Content-Type': type,
        Connection: 'close',
        ...(status === 503 && { 'Retry-After': '2' }),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (path === '/health') return send(200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok', starting: true }));
    if (path === '/health/ready') {
      return send(503, 'application/json; charset=utf-8', JSON.stringify({ ready: false, starting: true, database: { ok: false, kind: 'pglite', error: 'The embedded database is being created.' }, projections: [] }));
    }
    if (!path.startsWith('/api') && (request.headers.accept ?? '').includes('text/html')) return send(503, 'text/html; charset=utf-8', STARTING_PAGE);
    return send(503, 'application/json; charset=utf-8', JSON.stringify({ error: 'Service Unavailable', message: 'The portal is starting. Please try again in a few seconds.' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
    async handOverTo(app) {
      // Nest passes its first argument to the HTTP server's listen() unchanged, and Node takes
      // a server there ("a server, a socket, ... anything with an underlying _handle"). The
      // starting server must never be closed afterwards: its socket is the app's now.
      await app.listen(server as unknown as number);
    },
  };
}
