import { adminRoutes } from '../admin/admin.routes';
import { authRoutes } from '../auth/auth.routes';
import { dashboardRoutes } from '../dashboard/dashboard.routes';
import { exportsRoutes } from '../exports/exports.routes';
import { auditRoutes } from '../audit/audit.routes';
import { documentsRoutes } from '../documents/documents.routes';
import { helpRoutes } from '../help/help.routes';
import { messagesRoutes } from '../messages/messages.routes';
import { inventoryRoutes } from '../inventory/inventory.routes';
import { onboardingRoutes } from '../onboarding/onboarding.routes';
import { ordersRoutes } from '../orders/orders.routes';
import { reportsRoutes } from '../reports/reports.routes';
import { referenceRoutes } from '../reference/reference.routes';
import { rmaRoutes } from '../rma/rma.routes';
import { salesRoutes } from '../sales/sales.routes';
import { subscriptionsRoutes } from '../subscriptions/subscriptions.routes';
import type { ApiRoute } from './api-route';
import { ROLE } from './roles';

/**
 * The auditor (role 15, issue 23) reads what a retailer manager reads — every GET of theirs that
 * changes nothing — in its own scope, and writes nothing: no POST, no DELETE, no GET with an effect.
 */
export function readableByAuditors(route: ApiRoute): ApiRoute {
  if (route.method !== 'GET' || route.effect || !Array.isArray(route.access) || !route.access.includes(ROLE.RETAILER_MANAGER) || route.access.includes(ROLE.AUDITOR)) return route;
  return { ...route, access: [...route.access, ROLE.AUDITOR] };
}

const spokenRoutes: readonly ApiRoute[] = [
  ...authRoutes,
  ...dashboardRoutes,
  ...inventoryRoutes,
  ...reportsRoutes,
  ...rmaRoutes,
  ...ordersRoutes,
  ...salesRoutes,
  ...onboardingRoutes,
  ...adminRoutes,
  ...referenceRoutes,
  ...helpRoutes,
  ...documentsRoutes,
  ...messagesRoutes,
  ...auditRoutes,
  ...exportsRoutes,
  ...subscriptionsRoutes,
];

/** Every API route the spec's client calls, plus our own auth, audit and integration routes: the one table behind the guard, the OpenAPI document and the route × role tests. */
export const apiRoutes: readonly ApiRoute[] = spokenRoutes.map(readableByAuditors);

/** Alias path → the route's own path (literal paths only). */
const aliasTargets = new Map<string, string>(apiRoutes.flatMap((route) => (route.aliases ?? []).map((alias) => [`${route.method} ${alias}`, route.path] as const)));

/** The route path an alias names (`GET /dashboard_count` → `/api/v1/dashboard_count`), or undefined when the path is no alias. */
export function aliasTarget(method: string, path: string): string | undefined {
  let pathname = path.split(/[?#]/, 1)[0]!;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return aliasTargets.get(`${method.toUpperCase()} ${pathname}`);
}

interface Pattern {
  readonly route: ApiRoute;
  /** Path segments after the leading '/'; a segment starting with ':' matches any one non-empty segment. */
  readonly segments: readonly string[];
}

const isParam = (segment: string): boolean => segment.startsWith(':');

/** A literal segment beats a parameter at the first place two patterns differ, so `/x/action/:id` wins over `/x/:id/:y`. */
function bySpecificity(a: Pattern, b: Pattern): number {
  for (let i = 0; i < a.segments.length; i++) {
    const aParam = isParam(a.segments[i]!);
    if (aParam !== isParam(b.segments[i]!)) return aParam ? 1 : -1;
  }
  return 0;
}

/** Patterns grouped by method and segment count, most specific first. */
const patterns = new Map<string, Pattern[]>();
for (const route of apiRoutes) {
  const segments = route.path.split('/').slice(1);
  const key = `${route.method} ${segments.length}`;
  patterns.set(key, [...(patterns.get(key) ?? []), { route, segments }]);
}
for (const group of patterns.values()) group.sort(bySpecificity);

/**
 * The route a concrete request reaches, e.g. ('GET', '/api/v1/device_log/356938035643809')
 * -> the `/api/v1/device_log/:id` route; undefined when no route matches. Matches segment by
 * segment: a query string and one trailing slash are ignored, a parameter matches exactly one
 * non-empty segment.
 */
export function findRoute(method: string, path: string): ApiRoute | undefined {
  let pathname = path.split(/[?#]/, 1)[0]!;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  if (!pathname.startsWith('/')) return undefined;
  const segments = pathname.split('/').slice(1);
  const candidates = patterns.get(`${method.toUpperCase()} ${segments.length}`) ?? [];
  return candidates.find(({ segments: pattern }) =>
    pattern.every((expected, i) => (isParam(expected) ? segments[i] !== '' : segments[i] === expected)),
  )?.route;
}
