import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../commands/command-errors';

const KEY_PATTERN = /^[\w.:-]{8,200}$/;

/**
 * The `Idempotency-Key` header of a command request: a retried command with the same key
 * appends nothing new and gets the first answer. Keys are scoped to the caller, so two users
 * cannot collide, nor can two retailers' systems. 400 when malformed; undefined when absent.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined => {
  const request = context.switchToHttp().getRequest<Request & { user?: { user_id?: string }; integration?: { retailer_id?: string } }>();
  const key = request.header('idempotency-key');
  if (key === undefined || key === '') return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw new DomainError('Idempotency-Key must be 8 to 200 letters, digits or . _ : -', 400, { 'Idempotency-Key': 'Invalid Idempotency-Key' });
  }
  // An integration's keys are its retailer's: a rotated key still finds its retries, and two
  // retailers' systems choosing the same key never meet (before, both were 'anonymous').
  const caller = request.user?.user_id ? `user:${request.user.user_id}` : request.integration?.retailer_id ? `retailer:${request.integration.retailer_id}` : 'anonymous';
  return `${caller}:${request.method} ${request.route?.path ?? request.path}:${key}`;
});
