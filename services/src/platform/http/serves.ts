import { Delete, type ExecutionContext, Get, Post, Put, SetMetadata, applyDecorators, createParamDecorator } from '@nestjs/common';
import { type ApiRoute, type HttpMethod, apiRoutes } from '@portal/contracts';
import type { Request } from 'express';
import type { ZodType } from 'zod';

/**
 * The route table drives the controllers (DESIGN.md §6): `@Serves('POST /api/v1/manager/assigndevice')`
 * mounts the handler on the table's path, and `@RouteBody()`, `@RouteQuery()`, `@RouteParams()`
 * parse with the table's schemas. The guard, the OpenAPI document and validation therefore read
 * one entry and cannot drift. A key missing from the table fails at start-up.
 */

type RouteKey = `${HttpMethod} /api/${string}`;

const SERVED_ROUTES = Symbol('served-routes');
const byKey = new Map(apiRoutes.map((route) => [`${route.method} ${route.path}`, route]));

export function routeOf(key: RouteKey): ApiRoute {
  const route = byKey.get(key);
  if (!route) throw new Error(`${key} is not in the route table (contracts/src/*/*.routes.ts)`);
  return route;
}

const MOUNT: Record<HttpMethod, (path: string[]) => MethodDecorator> = { GET: Get, POST: Post, PUT: Put, DELETE: Delete };

/** Mounts a handler on one or more routes of the table (the same method and schemas; several paths when the spec names one call twice). */
export function Serves(...keys: [RouteKey, ...RouteKey[]]): MethodDecorator {
  const routes = keys.map(routeOf);
  const method = routes[0]!.method;
  const parts = (route: ApiRoute) => `${route.method} ${Boolean(route.body)} ${Boolean(route.query)} ${Boolean(route.params)}`;
  if (routes.some((route) => parts(route) !== parts(routes[0]!))) throw new Error(`${keys.join(', ')}: one handler serves routes of one method and the same request parts`);
  // Controllers are mounted at the root; the table's paths carry their `/api` prefix.
  return applyDecorators(MOUNT[method](routes.map((route) => route.path.slice(1))), SetMetadata(SERVED_ROUTES, routes));
}

/** The route table entry of this request: the path Express matched, among those the handler serves. */
function servedRoute(context: ExecutionContext): ApiRoute | undefined {
  const request = context.switchToHttp().getRequest<Request & { route?: { path?: string } }>();
  const served = Reflect.getMetadata(SERVED_ROUTES, context.getHandler()) as readonly ApiRoute[] | undefined;
  return served?.find((route) => route.path === request.route?.path) ?? served?.[0];
}

function parsePart(part: 'body' | 'query' | 'params', context: ExecutionContext): unknown {
  const route = servedRoute(context);
  const schema: ZodType | undefined = route?.[part];
  if (!schema) throw new Error(`${context.getClass().name}.${context.getHandler().name} reads the ${part} but its route declares no ${part} schema`);
  return schema.parse(context.switchToHttp().getRequest<Request>()[part] ?? {});
}

/** The request body, parsed by the route's `body` schema (a ZodError answers 400 naming each field). */
export const RouteBody = createParamDecorator((_: unknown, context: ExecutionContext) => parsePart('body', context));
/** The query string, parsed by the route's `query` schema. */
export const RouteQuery = createParamDecorator((_: unknown, context: ExecutionContext) => parsePart('query', context));
/** The path parameters, parsed by the route's `params` schema. */
export const RouteParams = createParamDecorator((_: unknown, context: ExecutionContext) => parsePart('params', context));

/** The route table path a request was served on (one handler may serve several: `/api/v1/aged/agent/:id/...`). */
export const ServedPath = createParamDecorator((_: unknown, context: ExecutionContext): string => servedRoute(context)!.path);
