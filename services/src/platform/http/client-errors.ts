import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { rawAnswerHeaderLines } from './security-headers';

/**
 * Node answers a request it cannot parse (an address or headers beyond its limits, broken HTTP)
 * on its own, with an empty body, before Express sees it. Those answers come in the one error
 * shape too, so a client reads every refusal the same way.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLong = error.code === 'HPE_HEADER_OVERFLOW';
    const [status, reason, message] = tooLong
      ? [431, 'Request Header Fields Too Large', "The request's address or headers are too long."]
      : [400, 'Bad Request', 'The request is not valid HTTP.'];
    const body = JSON.stringify({ error: reason, message });
    // The app's security headers (helmet's, and no-store), as every other answer carries them.
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${rawAnswerHeaderLines()}Connection: close\r\n\r\n${body}`,
    );
  });
}
