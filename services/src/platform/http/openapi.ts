import { type ApiRoute, CANDIDATE_TOKEN_HEADER, type RoleId, aliasTarget, exportDownloadQuery, findRoute } from '@portal/contracts';
import { type ZodType, z } from 'zod';
import { CANDIDATE_TOKEN_SCHEME, type JsonSchema, type OpenApiAccess, type OpenApiDocument, type OpenApiMediaType, type OpenApiMethod, type OpenApiOperation, type OpenApiParameter, type OpenApiPathItem, type OpenApiReference, type OpenApiResponse, type OpenApiSecurityRequirement, describeCaller } from './openapi-document';

export { type OpenApiDocument, OPENAPI_JSON_PATH, describeAccess } from './openapi-document';
export { operationsOf, renderOpenApiHtml } from './openapi-page';

/**
 * The OpenAPI 3.1 document of the API, generated from the route table in `contracts`
 * (DESIGN.md §6): one operation per route, who may call it, and the zod schemas of its
 * query, body and response as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1).
 */


const BEARER = 'bearerAuth';
const API_KEY = 'apiKey';
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The one error shape of contracts/src/platform/error-shape.ts. */
const errorBodySchema: JsonSchema = {
  type: 'object',
  description: 'The one error shape every failing call answers with.',
  properties: {
    error: { type: 'string', description: 'The reason phrase of the status, e.g. "Bad Request".' },
    message: { type: 'string', description: 'A sentence a person understands.' },
    fields: {
      type: 'object',
      description: 'Each invalid input, named as the spec names it, with its message.',
      additionalProperties: { type: 'string' },
    },
  },
  required: ['error', 'message'],
};

type ErrorStatus = '400' | '401' | '403' | '404' | '409' | '412' | '413' | '416' | '422' | '429' | '431' | '503';

/** The failures an operation may answer, each a shared response (`components.responses`) with an ErrorBody. */
const errorResponses: readonly { status: ErrorStatus; name: string; description: string }[] = [
  { status: '400', name: 'BadRequest', description: 'Invalid input; `fields` names each invalid field. Nothing was written.' },
  { status: '401', name: 'Unauthorized', description: 'No session, an expired session, a missing API key, or wrong credentials.' },
  { status: '403', name: 'Forbidden', description: "The caller's roles do not allow this route (or what the operation names: a disabled account, an invalid download link). Nothing was written." },
  { status: '404', name: 'NotFound', description: "No such record (or none in the caller's scope: the two answer alike), or a route whose capability is not built yet." },
  { status: '409', name: 'Conflict', description: 'The records changed meanwhile, or the request conflicts with their state. Nothing was written.' },
  { status: '412', name: 'PreconditionFailed', description: 'A conditional request (If-Match, If-Unmodified-Since) whose condition the file does not meet.' },
  { status: '413', name: 'PayloadTooLarge', description: 'The body or the uploaded file is larger than the route takes. Nothing was written.' },
  { status: '416', name: 'RangeNotSatisfiable', description: 'A Range the file cannot answer (past its end).' },
  {
    status: '422',
    name: 'UnprocessableEntity',
    description: "Well-formed input the business rules refuse (e.g. an agent who does not work at the chosen office, every IMEI of a job selected); `fields` may name the items. Nothing was written.",
  },
  { status: '429', name: 'TooManyRequests', description: 'Too many failed logins from this address or for this account; try again later.' },
  { status: '431', name: 'RequestHeaderFieldsTooLarge', description: "The request's address (with its query) or headers are longer than 16 kB." },
  {
    status: '503',
    name: 'ServiceUnavailable',
    description: 'The portal is starting, or the database is unreachable, or (for an export) the job queue is: nothing was done; try again (Retry-After).',
  },
];

const CONCURRENT_PASSWORD_CHANGE = 'Another change of the same password got there first (after retries). Nothing was written.';

/**
 * What a route answers beyond the rules of errorStatusesOf, and why (written next to the shared
 * response). Keyed `METHOD /path` as in the route table; a test keeps every key in the table.
 */
export const REFUSALS_BEYOND_THE_RULES: Readonly<Record<string, Readonly<Partial<Record<ErrorStatus, string>>>>> = {
  'POST /api/login': {
    401: "Wrong e-mail or password ('Invalid Password', the same for an unknown e-mail).",
    403: "The account is disabled or holds no role ('User Disabled').",
    429: 'Too many failed logins from this address or for this account; try again later.',
  },
  'POST /api/register': { 409: 'That e-mail is already registered.', 422: 'The e-mail is not valid.' },
  'POST /api/reset_password': { 409: CONCURRENT_PASSWORD_CHANGE },
  'POST /api/v1/change_password': { 409: CONCURRENT_PASSWORD_CHANGE },
  'POST /api/v1/password_force_update': { 403: 'The password was already chosen: Change Password (with the old one) is the way.', 409: CONCURRENT_PASSWORD_CHANGE },
};

const refusalsBeyondTheRules = (route: ApiRoute) => REFUSALS_BEYOND_THE_RULES[`${route.method} ${route.path}`] ?? {};

/** A link signed by the service (a download, a stored file): its query carries the signature and the expiry. */
const signedLink = (route: ApiRoute) => route.query === exportDownloadQuery;
const SIGNED_LINK_REFUSAL = 'The link is not valid (its signature does not match) or has expired: open it again from the page that gave it.';

/**
 * What the service really answers for a route: every route 404 (no such record, or not built yet),
 * 431 (an address over Node's limit) and 503 (starting, or a store unreachable); the guard's 401/403
 * by its access; a built one 400 for its input, 404 for a record it names, 409 and 422 for a command
 * (the current state, the business rules; a GET with an effect is a command too), 413 for a body,
 * 403 for a signed link that does not hold, 412 and 416 for a stored file's conditions and ranges,
 * and what REFUSALS_BEYOND_THE_RULES names (login's 401, 403 and 429, …).
 */
function errorStatusesOf(route: ApiRoute): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(['404', '431', '503']);
  if (route.access !== 'public') statuses.add('401');
  if (Array.isArray(route.access)) statuses.add('403');
  if (!route.planned) {
    const hasBody = route.method !== 'GET';
    const command = hasBody || route.effect === true;
    // Auth's commands decide no business state: what they refuse beyond their input is listed per route.
    const business = command && route.capability !== 'auth';
    if (hasBody || route.query || route.params || /:/.test(route.path)) statuses.add('400');
    if (business) statuses.add('409');
    if (hasBody) statuses.add('413');
    if (business && route.body) statuses.add('422');
    if (signedLink(route)) statuses.add('403');
    if (route.ranges) for (const status of ['412', '416'] as const) statuses.add(status);
    for (const status of Object.keys(refusalsBeyondTheRules(route)) as ErrorStatus[]) statuses.add(status);
  }
  return errorResponses.map(({ status }) => status).filter((status) => statuses.has(status));
}

/**
 * The status of a success: 201 for a route the table marks `success: 201` (its handler has
 * `@HttpCode(201)`: it creates a record, a job or a file), else 200.
 */
export function successStatusOf(route: ApiRoute): '200' | '201' {
  return route.success === 201 ? '201' : '200';
}

/** `/api/v1/device_log/:id` → `/api/v1/device_log/{id}`, with the parameter names in order. */
export function toOpenApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** `GET /api/v1/device_log/:id` → `get_api_v1_device_log_by_id`. */
function baseOperationId(route: ApiRoute): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, 'by_$1');
  return `${route.method.toLowerCase()}_${path}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

function accessOf(route: ApiRoute): OpenApiAccess {
  return typeof route.access === 'string' ? route.access : 'roles';
}


function securityOf(route: ApiRoute, access: OpenApiAccess): OpenApiSecurityRequirement[] {
  switch (access) {
    case 'public':
      // The candidate's own page: public to the guard, the invite's token is the credential its handler checks.
      return route.candidateToken ? [{ [CANDIDATE_TOKEN_SCHEME]: [] }] : [];
    case 'integration':
      return [{ [API_KEY]: [] }];
    case 'signed-in':
    case 'roles':
      return [{ [BEARER]: [] }];
  }
}

function isJsonSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deep copy of `value` with every `$ref` string passed through `rewrite`. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (!isJsonSchema(value)) return value;
  const copy: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = key === '$ref' && typeof item === 'string' ? rewrite(item) : rewriteRefs(item, rewrite);
  }
  return copy;
}

/**
 * A JSON Schema placed inside an OpenAPI or AsyncAPI document. Zod's `$ref`s point into the schema
 * itself (`#` for recursion, `#/$defs/x` for definitions), which inside the document would mean the
 * document's root: definitions move to `components.schemas` as `<name>_<def>`, a recursive root
 * to `<name>`, and the references follow them. `use` is what to write where the schema is used.
 */
export function placeJsonSchema(schema: JsonSchema, name: string, components: Record<string, JsonSchema>): { inline: JsonSchema; use: JsonSchema } {
  const { $schema: _dialect, $defs, ...root } = schema;
  let rootReferenced = false;
  const rewrite = (ref: string): string => {
    if (ref === '#') {
      rootReferenced = true;
      return `#/components/schemas/${name}`;
    }
    const def = /^#\/\$defs\/([^/]+)(.*)$/.exec(ref);
    return def ? `#/components/schemas/${name}_${def[1]!.replace(/[^A-Za-z0-9._-]/g, '_')}${def[2]}` : ref;
  };
  const inline = rewriteRefs(root, rewrite) as JsonSchema;
  if (isJsonSchema($defs)) {
    for (const [defName, def] of Object.entries($defs)) {
      components[`${name}_${defName.replace(/[^A-Za-z0-9._-]/g, '_')}`] = rewriteRefs(def, rewrite) as JsonSchema;
    }
  }
  if (!rootReferenced) return { inline, use: inline };
  components[name] = inline;
  return { inline, use: { $ref: `#/components/schemas/${name}` } };
}

/** A zod schema as JSON Schema inside the document (placeJsonSchema). */
function jsonSchemaOf(schema: ZodType, io: 'input' | 'output', name: string, components: Record<string, JsonSchema>): { inline: JsonSchema; use: JsonSchema } {
  return placeJsonSchema(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, name, components);
}

/** Each property of an object query schema is one query parameter; anything else is one exploded form parameter. */
function queryParameters(schema: JsonSchema): OpenApiParameter[] {
  const properties = schema.properties;
  if (schema.type !== 'object' || !isJsonSchema(properties)) {
    return [{ name: 'query', in: 'query', required: false, schema, style: 'form', explode: true }];
  }
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).map(([name, property]) => {
    const propertySchema = isJsonSchema(property) ? property : {};
    const description = typeof propertySchema.description === 'string' ? propertySchema.description : undefined;
    return { name, in: 'query' as const, required: required.includes(name), ...(description && { description }), schema: propertySchema };
  });
}

/** The 200 answer when the route declares no response schema: the spec's envelope. */
function envelopeSchema(route: ApiRoute): JsonSchema {
  return {
    type: 'object',
    description: `The spec's response envelope (${route.spec}): \`data\`, \`items\` (a page: items.data, items.total, items.current_page) and/or \`message\`.`,
    properties: {
      data: { description: 'The record or list asked for.' },
      items: { type: 'object', description: 'A page of rows: items.data, items.total, items.current_page.' },
      message: { type: 'string' },
    },
  };
}

const json = (schema: JsonSchema): Record<string, OpenApiMediaType> => ({ 'application/json': { schema } });
/** A multipart body: the route's fields and its one file. */
const multipart = (fields: JsonSchema, fileFields: readonly string[], required: boolean): Record<string, OpenApiMediaType> => ({
  'multipart/form-data': {
    schema: {
      allOf: [
        fields,
        {
          type: 'object',
          properties: Object.fromEntries(fileFields.map((field) => [field, { type: 'string', format: 'binary', description: 'The file' }])),
          ...(required && { required: [...fileFields] }),
        },
      ],
    },
  },
});

function operationOf(route: ApiRoute, operationId: string, params: string[], components: Record<string, JsonSchema>): OpenApiOperation {
  const access = accessOf(route);
  const roles = Array.isArray(route.access) ? [...(route.access as readonly RoleId[])] : undefined;
  const security = securityOf(route, access);

  const pathSchema = route.params ? jsonSchemaOf(route.params, 'input', `${operationId}_params`, components).inline : undefined;
  const pathProperties = isJsonSchema(pathSchema?.properties) ? pathSchema.properties : {};
  const parameters: OpenApiParameter[] = params.map((name) => {
    const schema = pathProperties[name];
    return { name, in: 'path', required: true, schema: isJsonSchema(schema) ? schema : { type: 'string' } };
  });
  if (route.query) parameters.push(...queryParameters(jsonSchemaOf(route.query, 'input', `${operationId}_query`, components).inline));

  const responses: Record<string, OpenApiResponse | OpenApiReference> = {};
  if (!route.planned) {
    const success = successStatusOf(route);
    const bytes = route.file && Object.fromEntries(route.file.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
    responses[success] = {
      description: success === '201' ? 'Created' : 'Success',
      content: bytes ?? json(route.response ? jsonSchemaOf(route.response, 'output', `${operationId}_response`, components).use : envelopeSchema(route)),
    };
    if (route.ranges) {
      responses['206'] = { description: 'The part of the file a `Range` header asked for (Content-Range says which).', ...(bytes && { content: bytes }) };
      responses['304'] = { description: 'Not modified since the copy the client holds (If-None-Match, If-Modified-Since): no body.' };
    }
  }
  const why: Partial<Record<ErrorStatus, string>> = { ...(signedLink(route) && { 403: SIGNED_LINK_REFUSAL }), ...refusalsBeyondTheRules(route) };
  for (const status of errorStatusesOf(route)) {
    const shared = `#/components/responses/${errorResponses.find((response) => response.status === status)!.name}`;
    // OpenAPI 3.1 lets a reference carry its own description: the route's reason beside the shared one.
    responses[status] = why[status] ? { $ref: shared, description: why[status] } : { $ref: shared };
  }

  return {
    operationId,
    summary: route.summary,
    description: `${route.planned ? 'Not built yet: answers 404 saying so.\n\n' : ''}Who may call: ${describeCaller({ 'x-access': access, 'x-roles': roles, security })}.\n\nSpec: ${route.spec}.`,
    ...(route.planned && { 'x-planned': true }),
    tags: [route.capability],
    'x-access': access,
    ...(roles && { 'x-roles': roles }),
    'x-spec': route.spec,
    security,
    ...(parameters.length > 0 && { parameters }),
    ...((route.body || route.upload || route.uploads) && {
      requestBody: {
        required: true,
        content:
          route.upload || route.uploads
            ? multipart(route.body ? jsonSchemaOf(route.body, 'input', `${operationId}_body`, components).use : { type: 'object' }, route.upload ? [route.upload] : route.uploads!, route.upload !== undefined)
            : json(jsonSchemaOf(route.body!, 'input', `${operationId}_body`, components).use),
      },
    }),
    responses,
  };
}

/** The OpenAPI 3.1 document of `routes`. A route listed twice (same method and path) is a mistake in the table: it throws. */
export function buildOpenApiDocument(routes: readonly ApiRoute[], info: { version: string }): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = { ErrorBody: errorBodySchema };
  const paths: Record<string, OpenApiPathItem> = {};
  const tags: string[] = [];
  const operationIds = new Set<string>();

  for (const route of routes) {
    const { path, params } = toOpenApiPath(route.path);
    const method = route.method.toLowerCase() as OpenApiMethod;
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`The route table lists ${route.method} ${route.path} twice`);

    let operationId = baseOperationId(route);
    for (let n = 2; operationIds.has(operationId); n++) operationId = `${baseOperationId(route)}_${n}`;
    operationIds.add(operationId);

    item[method] = operationOf(route, operationId, params, schemas);
    // A path the spec also writes for the route (e.g. /dashboard_count) is the same operation.
    for (const alias of route.aliases ?? []) (paths[alias] ??= {})[method] = { ...item[method], operationId: `${operationId}_at_${alias.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}` };
    if (!tags.includes(route.capability)) tags.push(route.capability);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Distribution portal API',
      version: info.version,
      description:
        'Generated from the route table in contracts (DESIGN.md §6). Every failing call answers `{ error, message, fields? }`. ' +
        'Routes limited to roles take a bearer JWT from POST /api/login; integration routes take an API key in `x-api-key`; ' +
        `the candidate's own page takes the token of the invite link in \`${CANDIDATE_TOKEN_HEADER}\`.`,
    },
    // Relative to where the document is served: the portal itself, whose paths start at its root.
    servers: [{ url: '/', description: 'This portal: the API answers on the same origin as this document.' }],
    tags: tags.map((name) => ({ name, description: `The ${name} capability` })),
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        errorResponses.map(({ name, description }) => [name, { description, content: json({ $ref: ERROR_BODY_REF }) }]),
      ),
      securitySchemes: {
        [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token answered by POST /api/login.' },
        [API_KEY]: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The API key of an integration client.' },
        [CANDIDATE_TOKEN_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: CANDIDATE_TOKEN_HEADER,
          description: "The token of the candidate's invite link (the `token` of /onboarding-page?token=… in the invite e-mail); a wrong, replaced or expired one answers 404.",
        },
      },
    },
  };
}

/** An answer the service gave: the request's method and address (path and query), and the status. */
export interface AnsweredRequest {
  readonly method: string;
  readonly url: string;
  readonly status: number;
}

/**
 * The answers whose status the document does not give the operation their request reached (a
 * route of the table, or a path the spec also writes for one), each as `METHOD /path → status`.
 * A request that reaches no route (an unknown path, another spelling: 404 before any route) is not counted.
 */
export function undocumentedAnswers(document: OpenApiDocument, answers: readonly AnsweredRequest[]): string[] {
  const found = new Set<string>();
  for (const { method, url, status } of answers) {
    const pathname = url.split(/[?#]/, 1)[0]!;
    const route = findRoute(method, aliasTarget(method, pathname) ?? pathname);
    if (!route) continue;
    const operation = document.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase() as OpenApiMethod];
    if (!operation || !(String(status) in operation.responses)) found.add(`${route.method} ${route.path} → ${status}`);
  }
  return [...found].sort();
}
