import { All, Controller, Inject, Req } from '@nestjs/common';
import { findRoute } from '@portal/contracts';
import type { Request } from 'express';
import type { Platform } from '../platform';
import { PLATFORM } from '../tokens';
import { DomainError } from '../commands/command-errors';

/** The sentence a planned route answers. */
export const notBuiltMessage = (summary: string, capability: string) => `${summary}: the ${capability} capability is not built yet`;

/**
 * Routes of the table whose capability is not built yet answer 404 and say so plainly (after
 * the guard has checked the caller's roles); anything else under /api is a plain 404.
 * Not 501: a client can call any route of the table, and nothing a client sends gets a 5xx.
 * Registered last.
 */
@Controller()
export class NotBuiltController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @All('api/*path')
  answer(@Req() request: Request): never {
    const route = findRoute(request.method, request.path);
    if (route?.planned) throw new DomainError(notBuiltMessage(route.summary, route.capability), 404);
    // A built route of the table that no controller serves is our mistake (a mistyped controller path): say so in the log.
    if (route) this.platform.logger.error({ route: `${route.method} ${route.path}` }, 'a route of the table is served by no controller');
    throw new DomainError(`Cannot ${request.method} ${request.path}`, 404);
  }
}
