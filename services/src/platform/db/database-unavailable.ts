/**
 * Whether an error means the database could not be reached (down, restarting, refusing
 * connections) rather than that a query was wrong: the api then answers 503 with a sentence
 * instead of 500, and the caller may retry (README "Several processes and faults").
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres' own words for a connection that went away or never came. */
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|Connection closed/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
