import { STATUS_CODES } from 'node:http';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { DATABASE_UNAVAILABLE_MESSAGE, type ErrorBody, QUEUE_UNAVAILABLE_MESSAGE } from '@portal/contracts';
import type { Request, Response } from 'express';
import { ZodError } from 'zod';
import { DomainError } from '../commands/command-errors';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { ConcurrencyError, IdempotencyKeyReusedError } from '../event-store/event-store';
import type { Logger } from '../logger';
import { QueueUnavailableError } from '../queue/job-queue';

/** HTTP's own reason phrase (Node's table: 412, 416 and 431 have theirs too). */
const reasonPhrase = (status: number) => STATUS_CODES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');

/** Turns any failure into the one error shape, `{ error, message, fields? }`. */
export function toErrorBody(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof DomainError) {
    return { status: exception.status, body: { error: reasonPhrase(exception.status), message: exception.message, ...(exception.fields && { fields: exception.fields }) } };
  }
  if (exception instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of exception.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    return { status: 400, body: { error: 'Bad Request', message: Object.values(fields)[0] ?? 'Invalid input', fields } };
  }
  if (exception instanceof QueueUnavailableError) {
    return { status: 503, body: { error: 'Service Unavailable', message: QUEUE_UNAVAILABLE_MESSAGE } };
  }
  if (exception instanceof IdempotencyKeyReusedError) {
    return { status: 422, body: { error: 'Unprocessable Entity', message: exception.message, fields: { 'Idempotency-Key': 'Used for another request' } } };
  }
  if (exception instanceof ConcurrencyError) {
    return {
      status: 409,
      body: { error: 'Conflict', message: 'Someone else changed these records at the same moment. Reload and try again.' },
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : typeof response === 'object' && response !== null && 'message' in response
          ? [response.message].flat().join('; ')
          : exception.message;
    return { status, body: { error: reasonPhrase(status), message } };
  }
  // body-parser and friends (http-errors): a client error they mark as safe to show, e.g. 413 for a too-large body.
  const clientError = exception as { status?: unknown; expose?: unknown; type?: unknown };
  if (typeof clientError.status === 'number' && clientError.status >= 400 && clientError.status < 500 && clientError.expose === true) {
    const message = clientError.type === 'entity.too.large' ? 'The request is too large.' : clientError.status === 400 ? 'The request body is not valid JSON.' : 'The request was refused.';
    return { status: clientError.status, body: { error: reasonPhrase(clientError.status), message } };
  }
  if (isDatabaseUnavailable(exception)) {
    return { status: 503, body: { error: 'Service Unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal Server Error', message: 'Oops, something went wrong. Try Again!' } };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request & { id?: unknown }>();
    const { status, body } = toErrorBody(exception);
    if (status >= 500) this.logger.error({ err: exception, requestId: request.id, path: request.url }, 'request failed');
    response.status(status).json(body);
  }
}
