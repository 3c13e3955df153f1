import { All, Controller, HttpStatus, Req } from '@nestjs/common';
import { findRoute } from '@portal/contracts';
import type { Request } from 'express';
import { ApiError } from './error-filter';

/**
 * Routes of the table whose capability is not built yet answer 404 and say so plainly (after
 * the guard has checked the caller's roles); anything else under /api is a plain 404.
 * Not 501: a client can call any route of the table, and nothing a client sends gets a 5xx.
 * Registered last.
 */
@Controller()
export class NotBuiltController {
  @All('api/*path')
  answer(@Req() request: Request): never {
    const route = findRoute(request.method, request.path);
    if (!route) throw new ApiError(HttpStatus.NOT_FOUND, `Cannot ${request.method} ${request.path}`);
    throw new ApiError(HttpStatus.NOT_FOUND, `${route.summary}: the ${route.capability} capability is not built yet`);
  }
}
