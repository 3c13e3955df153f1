import type { RoleId } from '@portal/contracts';
import { CANDIDATE_TOKEN_HEADER, ROLE_NAMES } from '@portal/contracts';

/** The OpenAPI 3.1 document's shapes (only what buildOpenApiDocument writes). */

/** A JSON Schema (or an OpenAPI Schema Object, which is one in 3.1). */
export type JsonSchema = { [keyword: string]: unknown };

export type OpenApiMethod = 'get' | 'post' | 'put' | 'delete';

/** How a route is reached, as `x-access` on each operation. */
export type OpenApiAccess = 'roles' | 'public' | 'signed-in' | 'integration';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
}

/** A reference to a shared component, e.g. `#/components/responses/BadRequest`; 3.1 lets it say why this operation answers it. */
export interface OpenApiReference {
  $ref: string;
  description?: string;
}

/** A security requirement: scheme name → scopes (always none here). */
export type OpenApiSecurityRequirement = Record<string, string[]>;

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-access': OpenApiAccess;
  /** The role ids that may call the route; only on routes limited to roles. */
  'x-roles'?: RoleId[];
  'x-spec': string;
  /** The route is in the spec but not built yet. */
  'x-planned'?: true;
  /** `[]` on public routes: no credentials. */
  security: OpenApiSecurityRequirement[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | OpenApiReference>;
}

export type OpenApiPathItem = Partial<Record<OpenApiMethod, OpenApiOperation>>;

export type OpenApiSecurityScheme =
  | { type: 'http'; scheme: 'bearer'; bearerFormat: string; description: string }
  | { type: 'apiKey'; in: 'header'; name: string; description: string };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, OpenApiPathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, OpenApiSecurityScheme>;
  };
}

export const OPENAPI_JSON_PATH = '/api/docs/openapi.json';

/** The security scheme of the candidate's own page: the invite link's token in CANDIDATE_TOKEN_HEADER. */
export const CANDIDATE_TOKEN_SCHEME = 'candidateToken';

/** "Who may call" in words, e.g. 'roles 1 (Super Admin), 3 (Office Manager)'. */
export function describeAccess(access: OpenApiAccess, roles: readonly RoleId[] = []): string {
  switch (access) {
    case 'public':
      return 'public (no credentials)';
    case 'signed-in':
      return 'any signed-in user';
    case 'integration':
      return 'integration clients with an API key (x-api-key)';
    case 'roles':
      return `roles ${roles.map((role) => `${role} (${ROLE_NAMES[role]})`).join(', ')}`;
  }
}

/** "Who may call" an operation: its access in words, or, on the candidate's own page, the candidate with their invite's token. */
export function describeCaller(operation: Pick<OpenApiOperation, 'x-access' | 'x-roles' | 'security'>): string {
  if (operation.security.some((requirement) => Object.hasOwn(requirement, CANDIDATE_TOKEN_SCHEME))) {
    return `the candidate, with the token of their invite link in the ${CANDIDATE_TOKEN_HEADER} header`;
  }
  return describeAccess(operation['x-access'], operation['x-roles']);
}
