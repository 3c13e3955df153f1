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

/** The header that carries the candidate's invite token (`candidateToken` routes; docs/ONBOARDING.md). */
export const CANDIDATE_TOKEN_HEADER = 'x-candidate-token';

/**
 * One API route of the product, as the spec's client calls it. The route table is the
 * single source for the server's guard, the OpenAPI document and the route × role test.
 */
export interface ApiRoute {
  readonly method: HttpMethod;
  /** Express-style path, e.g. `/api/v1/device_log/:id`. */
  readonly path: string;
  readonly access: RouteAccess;
  /**
   * The spec lists it but no capability serves it yet: it answers 404 saying so. The issue that
   * builds it removes the flag; a test fails for a planned route that is served, and for a route
   * without the flag that only the not-built handler answers (a mistyped controller path).
   */
  readonly planned?: true;
  /**
   * A public route whose credential its handler checks: the candidate's invite token in the
   * CANDIDATE_TOKEN_HEADER header (the candidate's own page). The guard lets it through as public;
   * the OpenAPI document declares the header as the operation's security scheme.
   */
  readonly candidateToken?: true;
  /** The capability folder that serves it (auth, reference, inventory, rma, orders, sales, onboarding, admin, help, dashboard, audit). */
  readonly capability: string;
  /** One line, for the OpenAPI document. */
  readonly summary: string;
  /** Where the spec describes it, e.g. 'doc 1 §7 Auth'. */
  readonly spec: string;
  /**
   * Other paths the spec writes for this route (doc 1 §7 lists some dashboards without a base):
   * a request to one is served exactly as the route itself, behind the same guard.
   */
  readonly aliases?: readonly string[];
  /** The path's parameters (`:id` …), when the route has any. */
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /**
   * The form field of the one file a multipart route takes (`body` then names the fields beside
   * it): the OpenAPI document writes the body as multipart/form-data, the hostile-input test sends
   * files. One image of at most 50,000,000 bytes unless the route says otherwise.
   */
  readonly upload?: string;
  /**
   * A multipart route that takes several files, each optional, by field (Edit Candidate's photo copy
   * and government document, doc 3 §7): `body` names the fields beside them.
   */
  readonly uploads?: readonly string[];
  /** The answer is a file, not JSON: its content types (`image/*`, the export formats), for the OpenAPI document. */
  readonly file?: readonly string[];
  /**
   * The file answer is a stored file sent as it is (`sendStoredFile`): it honours `Range` and
   * conditional requests (206, 304, and 412 or 416 for a precondition or a range it cannot meet).
   */
  readonly ranges?: true;
  /** A GET that changes the business's records (resends a mail, marks an order shipped): no read-only role (the auditor) reaches it. A person's own read mark (announcements viewed) is no such change. */
  readonly effect?: true;
  /** The handler answers 201 Created (`@HttpCode(201)`: it creates a record, a job or a file); otherwise 200. */
  readonly success?: 201;
  readonly response?: ZodType;
}

/** The roles of the screens that call a route, plus role 1 whenever a manager role (3, 11, 12, 14) is among them: role 1 reaches every manager and administration route (DESIGN.md §11). */
export function screenRoles(...roles: RoleId[]): readonly RoleId[] {
  const managers = roles.filter((role) => role !== ROLE.AGENT);
  return managers.length > 0 && !roles.includes(ROLE.SUPER_ADMIN) ? [ROLE.SUPER_ADMIN, ...roles] : roles;
}
