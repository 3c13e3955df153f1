import { aliasTarget } from '@portal/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * Serves a route's alias (a path the spec writes without its base, e.g. `GET /dashboard_count`)
 * as the route itself: the request continues under the route's own path, so the same guard,
 * validation and envelope apply. Runs before routing.
 */
export function serveRouteAliases(request: Request, _response: Response, next: NextFunction): void {
  const target = aliasTarget(request.method, request.path);
  if (target !== undefined) {
    const query = request.url.indexOf('?');
    request.url = query === -1 ? target : `${target}${request.url.slice(query)}`;
  }
  next();
}
