import type { IntegrationClient } from './api-keys.store';
import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../platform/commands/command-context';
import type { AuthenticatedRequest } from './access.guard';
import type { AuthenticatedUser } from './auth.service';

/** The signed-in caller the AccessGuard attached. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser on a route the AccessGuard did not authenticate');
  return user;
});

/** The command context of a request: the caller, now, and the request id as correlation id. */
export const Command = createParamDecorator((_data: unknown, context: ExecutionContext): CommandContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest & { id?: unknown }>();
  const user = request.user;
  return {
    // An integration call acts as its API key (events then name which upstream system said so).
    actor: { user_id: user?.user_id ?? (request.integration ? `integration:${request.integration.key_id}` : 'anonymous'), roles: user?.roles ?? [] },
    now: new Date(),
    correlationId: typeof request.id === 'string' ? request.id : randomUUID(),
  };
});

/** The upstream system calling an integration route (its API key, scoped to one retailer). */
export const IntegrationCaller = createParamDecorator((_data: unknown, context: ExecutionContext): IntegrationClient => {
  const client = context.switchToHttp().getRequest<AuthenticatedRequest>().integration;
  if (!client) throw new Error('IntegrationCaller on a route the AccessGuard did not authenticate with an API key');
  return client;
});
