import type { ZodType } from 'zod';
import { ROLE, type RoleId } from './roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route:
 * - a list of role ids: a signed-in user holding at least one of them (deny by default);
 * - 'public': anyone (login, forgot password, sign-up);
 * - 'signed-in': any signed-in user whatever the role (logout, change password);
 * - 'integration': an upstream system with an API key (warehouse shipments, activations).
 */
export type RouteAccess = readonly RoleId[] | 'public' | 'signed-in' | 'integration';

/**
 * One API route of the product, as the spec's client calls it. The route table is the
 * single source for the server's guard, the OpenAPI document and the route × role test.
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  /** Express-style path, e.g. `/api/v1/device_log/:id`. */
  readonly path: string;
  readonly access: RouteAccess;
  /** The capability folder that serves it (auth, reference, inventory, rma, orders, sales, onboarding, admin, help, dashboard, audit). */
  readonly capability: string;
  /** One line, for the OpenAPI document. */
  readonly summary: string;
  /** Where the spec describes it, e.g. 'doc 1 §7 Auth'. */
  readonly spec: string;
  readonly query?: ZodType;
  readonly body?: ZodType;
  readonly response?: ZodType;
}

/** The roles of the screens that call a route, plus role 1 whenever a manager role (3, 11, 12, 14) is among them: role 1 reaches every manager and administration route (DESIGN.md §11). */
export function screenRoles(...roles: RoleId[]): readonly RoleId[] {
  const managers = roles.filter((role) => role !== ROLE.AGENT);
  return managers.length > 0 && !roles.includes(ROLE.SUPER_ADMIN) ? [ROLE.SUPER_ADMIN, ...roles] : roles;
}
