import { All, Controller, HttpStatus, Req } from '@nestjs/common';
import { findRoute } from '@portal/contracts';
import type { Request } from 'express';
import { ApiError } from './error-filter';

/**
 * Routes of the table whose capability is not built yet answer 501 and say so (after the
 * guard has checked the caller's roles); anything else under /api is 404. Registered last.
 */
@Controller()
export class NotBuiltController {
  @All('api/*path')
  answer(@Req() request: Request): never {
    const route = findRoute(request.method, request.path);
    if (!route) throw new ApiError(HttpStatus.NOT_FOUND, `Cannot ${request.method} ${request.path}`);
    throw new ApiError(HttpStatus.NOT_IMPLEMENTED, `${route.summary}: the ${route.capability} capability is not built yet`);
  }
}
