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
    actor: { user_id: user?.user_id ?? 'anonymous', roles: user?.roles ?? [] },
    now: new Date(),
    correlationId: typeof request.id === 'string' ? request.id : randomUUID(),
  };
});
