import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Test } from '@nestjs/testing';
import { type ApiRoute, apiRoutes, ROLE, wireDate } from '@portal/contracts';
import request from 'supertest';
import { z } from 'zod';
import { OpenApiController } from './openapi.controller';
import { buildOpenApiDocument, type OpenApiDocument, operationsOf, REFUSALS_BEYOND_THE_RULES, renderOpenApiHtml, toOpenApiPath, undocumentedAnswers } from './openapi';
import type { JsonSchema } from './openapi-document';

type ValidatorInput = NonNullable<Parameters<SwaggerParser.ApiCallback>[1]>;

/** Validates against the official OpenAPI 3.1 JSON schema (on a copy: the parser dereferences in place). */
async function validate(document: OpenApiDocument): Promise<void> {
  await SwaggerParser.validate(structuredClone(document) as unknown as ValidatorInput);
}

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(apiRoutes, { version: '9.9.9' });
  const operations = operationsOf(document);
  const operationOf = (route: ApiRoute) => document.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase() as 'get'];

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('9.9.9');
    await expect(validate(document)).resolves.toBeUndefined();
  });

  it('is checked by a validator that does reject a broken document', async () => {
    const broken: Record<string, unknown> = structuredClone(document) as unknown as Record<string, unknown>;
    delete broken.info;
    await expect(SwaggerParser.validate(broken as unknown as ValidatorInput)).rejects.toThrow(/info/);
  });

  it('has every route of the table (and the paths the spec also writes for it) exactly once, and nothing else', () => {
    const table = apiRoutes.flatMap((route) => [route.path, ...(route.aliases ?? [])].map((path) => `${route.method} ${toOpenApiPath(path).path}`)).sort();
    expect(operations).toHaveLength(table.length);
    const documented = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(documented).toEqual(table);
    expect(new Set(documented).size).toBe(table.length);
  });

  it('gives every operation a unique operationId, its summary, its capability as tag, and who may call it', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of apiRoutes) {
      const operation = operationOf(route)!;
      expect(operation.summary).toBe(route.summary);
      expect(operation.tags).toEqual([route.capability]);
      expect(operation.description).toContain(route.spec);
      if (Array.isArray(route.access)) expect(operation['x-roles']).toEqual(route.access);
    }
    expect(document.tags.map((tag) => tag.name).sort()).toEqual([...new Set(apiRoutes.map((route) => route.capability))].sort());
  });

  it('declares every path parameter, required, and no others', () => {
    for (const { path, operation } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name)).toEqual(inPath);
      for (const parameter of declared) expect(parameter.required).toBe(true);
    }
    const aged = document.paths['/api/v1/aged/agent/{id}/{bucket}/{Product_Type}'];
    expect(aged?.get?.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(['id', 'bucket', 'Product_Type']);
  });

  it("secures each route by its access: bearer JWT for roles and signed-in, the API key for integrations, the invite's token on the candidate's page, nothing when public", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(document.components.securitySchemes.candidateToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-candidate-token' });
    const integration = apiRoutes.filter((route) => route.access === 'integration');
    const publicRoutes = apiRoutes.filter((route) => route.access === 'public');
    expect(integration.length).toBeGreaterThan(0);
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const operation = operationOf(route)!;
      if (route.access === 'integration') {
        expect(operation.security).toEqual([{ apiKey: [] }]);
        expect(operation.description).toContain('integration clients with an API key');
      } else if (route.candidateToken) {
        expect(route.access).toBe('public');
        expect(operation.security).toEqual([{ candidateToken: [] }]);
        expect(operation.description).toContain('x-candidate-token');
      } else if (route.access === 'public') {
        expect(operation.security).toEqual([]);
      } else {
        expect(operation.security).toEqual([{ bearerAuth: [] }]);
      }
    }
  });

  it('describes the login body from its zod schema', () => {
    const login = document.paths['/api/login']?.post;
    const schema = login?.requestBody?.content['application/json']?.schema;
    expect(login?.requestBody?.required).toBe(true);
    expect(schema).toMatchObject({
      type: 'object',
      properties: { email: { type: 'string' }, password: { type: 'string' } },
      required: expect.arrayContaining(['email', 'password']),
    });
    expect(login?.security).toEqual([]);
    expect(login?.description).toContain('public');
  });

  const statuses = (method: 'get' | 'post', path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();

  it('answers the errors with the shared ErrorBody and 200 with the envelope when no response schema is given', () => {
    expect(document.components.schemas.ErrorBody).toMatchObject({ required: ['error', 'message'] });
    const errors = {
      400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 412: 'PreconditionFailed', 413: 'PayloadTooLarge', 416: 'RangeNotSatisfiable',
      422: 'UnprocessableEntity', 429: 'TooManyRequests', 431: 'RequestHeaderFieldsTooLarge', 503: 'ServiceUnavailable',
    };
    for (const name of Object.values(errors)) {
      expect(document.components.responses[name]?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
    // What the service really answers: no 501 anywhere; every referenced response is a shared one (with, at most, why this route answers it).
    for (const { operation } of operations) {
      expect(operation.responses['501']).toBeUndefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2') || status === '304') continue;
        expect(response).toMatchObject({ $ref: `#/components/responses/${errors[Number(status) as keyof typeof errors]}` });
        expect(Object.keys(response).filter((key) => key !== '$ref' && key !== 'description')).toEqual([]);
      }
    }
    // A built command of a manager screen: its input, the guard, a missing record, a conflict, a too-large body, a business rule.
    expect(statuses('post', '/api/v1/manager/assigndevice')).toEqual(['200', '400', '401', '403', '404', '409', '413', '422', '431', '503']);
    // A planned route answers only the guard's refusals and 404 "not built yet" (none is left in the table: a made-up one).
    const planned = buildOpenApiDocument([{ method: 'GET', path: '/api/v1/someday', access: [ROLE.OFFICE_MANAGER], capability: 'someday', planned: true, summary: 'Not built yet', spec: 'ours' }], { version: 'test' });
    expect(Object.keys(planned.paths['/api/v1/someday']?.get?.responses ?? {}).sort()).toEqual(['401', '403', '404', '431', '503']);
    expect(planned.paths['/api/v1/someday']?.get?.['x-planned']).toBe(true);
    expect(statuses('get', '/api/v1/detailed_inventory_export')).toEqual(['200', '400', '401', '403', '404', '431', '503']);
    // The spec's literal dashboard path is documented as the same operation.
    expect(document.paths['/dashboard_count']?.get?.summary).toBe(document.paths['/api/v1/dashboard_count']?.get?.summary);
    const success = document.paths['/api/v1/logout']?.post?.responses['200'];
    expect(success && 'content' in success && success.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { data: {}, items: {}, message: { type: 'string' } },
    });
  });
});

/** The query parameters an operation declares. */
const fieldsOf = (operation: { parameters?: { name: string; in: string }[] }) => (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);

describe('buildOpenApiDocument: what the service really answers', () => {
  const document = buildOpenApiDocument(apiRoutes, { version: '9.9.9' });
  const operationOf = (route: ApiRoute) => document.paths[toOpenApiPath(route.path).path]?.[route.method.toLowerCase() as 'get'];
  const statuses = (method: 'get' | 'post', path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
  const reasonOf = (method: 'get' | 'post', path: string, status: string) => {
    const response = document.paths[path]?.[method]?.responses[status];
    return response && 'description' in response ? response.description : undefined;
  };

  it("documents login's wrong password (401), disabled account (403) and throttling (429), each saying why", () => {
    expect(statuses('post', '/api/login')).toEqual(['200', '400', '401', '403', '404', '413', '429', '431', '503']);
    expect(reasonOf('post', '/api/login', '401')).toMatch(/Invalid Password/);
    expect(reasonOf('post', '/api/login', '403')).toMatch(/User Disabled/);
    expect(reasonOf('post', '/api/login', '429')).toMatch(/Too many failed logins/i);
  });

  it('documents the 403 of every signed link (a download, a stored file) whose signature does not hold or has expired, though the route is public', () => {
    expect(statuses('get', '/api/v1/exports/{id}/download')).toEqual(['200', '400', '403', '404', '431', '503']);
    expect(document.paths['/api/v1/exports/{id}/download']?.get?.security).toEqual([]);
    const signed = apiRoutes.filter((route) => fieldsOf(operationOf(route)!).includes('signature'));
    expect(signed.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/v1/exports/:id/download', '/api/v1/candidate_files/:id/:file', '/api/v1/training/files/:id', '/api/v1/documents/files/:kind/:id']));
    for (const route of signed) expect({ path: route.path, reason: reasonOf('get', toOpenApiPath(route.path).path, '403') }).toEqual({ path: route.path, reason: expect.stringMatching(/not valid.*expired/) });
  });

  it('documents the partial (206) and unchanged (304) answers of a stored file, and its 412 and 416, on exactly the routes that send one', () => {
    const ranged = apiRoutes.filter((route) => route.ranges).map((route) => `${route.method} ${route.path}`);
    expect(ranged.sort()).toEqual(['GET /api/v1/announcements/files/:id', 'GET /api/v1/candidate_files/:id/:file', 'GET /api/v1/documents/files/:kind/:id', 'GET /api/v1/training/files/:id']);
    for (const route of apiRoutes) {
      const has = ['206', '304', '412', '416'].filter((status) => status in operationOf(route)!.responses);
      expect({ route: route.path, has }).toEqual({ route: route.path, has: route.ranges ? ['206', '304', '412', '416'] : [] });
    }
    expect(document.paths['/api/v1/training/files/{id}']?.get?.responses['206']).toMatchObject({ content: { 'video/webm': { schema: { type: 'string', format: 'binary' } } } });
  });

  it("documents every GET with an effect (it changes records: resend an invite) as a command: 409 for the records' state", () => {
    const effects = apiRoutes.filter((route) => route.effect && !route.planned);
    expect(effects.length).toBeGreaterThan(0);
    for (const route of effects) expect({ route: route.path, has409: '409' in operationOf(route)!.responses }).toEqual({ route: route.path, has409: true });
  });

  it('tells the answers whose status the operation they reached does not document (what the e2e runs check, test/support/answered-statuses.ts)', () => {
    expect(
      undocumentedAnswers(document, [
        { method: 'GET', url: '/api/v1/device_log/356938035643809?x=1', status: 200 },
        { method: 'GET', url: '/api/v1/device_log/356938035643809', status: 409 },
        { method: 'POST', url: '/api/v1/manager/assigndevice', status: 422 },
        { method: 'POST', url: '/api/v1/manager/assigndevice', status: 201 },
        { method: 'GET', url: '/dashboard_count', status: 200 },
        { method: 'GET', url: '/dashboard_count', status: 418 },
        { method: 'GET', url: '/api/v1/training/files/1?expires=1&signature=x', status: 206 },
        { method: 'GET', url: '/api/v1/exports/1/download', status: 206 },
        // No route: an unknown path, another spelling, a method the route does not take.
        { method: 'GET', url: '/API/v1/device_log/1', status: 404 },
        { method: 'DELETE', url: '/api/v1/device_log/1', status: 404 },
      ]),
    ).toEqual(['GET /api/v1/dashboard_count → 418', 'GET /api/v1/device_log/:id → 409', 'GET /api/v1/exports/:id/download → 206', 'POST /api/v1/manager/assigndevice → 201']);
  });

  it('names only routes of the table among the refusals it lists route by route', () => {
    const table = new Set(apiRoutes.map((route) => `${route.method} ${route.path}`));
    expect(Object.keys(REFUSALS_BEYOND_THE_RULES).filter((key) => !table.has(key))).toEqual([]);
  });

  it("documents 422 (a business rule's refusal) on every built command with a body outside auth, and on no read", () => {
    const commands = apiRoutes.filter((route) => !route.planned && route.method !== 'GET' && route.body && route.capability !== 'auth');
    expect(commands.length).toBeGreaterThan(20);
    for (const route of commands) expect({ route: `${route.method} ${route.path}`, has422: '422' in operationOf(route)!.responses }).toEqual({ route: `${route.method} ${route.path}`, has422: true });
    for (const route of apiRoutes.filter((candidate) => candidate.method === 'GET')) expect(operationOf(route)!.responses['422']).toBeUndefined();
    // e.g. 'That agent does not work at the chosen office.' and "Don't Select All IMEI'S in list ".
    expect(statuses('post', '/api/v1/agent/partial_accept')).toContain('422');
    expect(statuses('post', '/api/login')).not.toContain('422');
    expect(statuses('post', '/api/register')).toEqual(expect.arrayContaining(['409', '422']));
  });

  it('documents a success as 201 Created for a route the table marks `success: 201`, and 200 otherwise', async () => {
    const base = { method: 'POST', access: 'integration', capability: 'things', summary: 'A thing', spec: 'ours', body: z.object({ name: z.string() }) } as const;
    const routes = [{ ...base, path: '/api/v1/things', success: 201 } as ApiRoute, { ...base, path: '/api/v1/other_things' }];
    const built = buildOpenApiDocument(routes, { version: '1' });
    await expect(validate(built)).resolves.toBeUndefined();
    expect(built.paths['/api/v1/things']?.post?.responses['201']).toMatchObject({ description: 'Created', content: { 'application/json': {} } });
    expect(built.paths['/api/v1/things']?.post?.responses['200']).toBeUndefined();
    expect(built.paths['/api/v1/other_things']?.post?.responses['200']).toMatchObject({ description: 'Success' });
    expect(built.paths['/api/v1/other_things']?.post?.responses['201']).toBeUndefined();
  });

  /**
   * What each handler answers on success, read from the controllers' decorators: `@HttpCode(n)`,
   * else Nest's default (201 for POST, 200 otherwise). Keyed `METHOD /path` as `@Serves` names them.
   */
  function handlerSuccessStatuses(): Map<string, string> {
    const root = path.resolve(__dirname, '../..');
    const found = new Map<string, string>();
    for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
      // A handler's decorators: consecutive lines that begin with one (the last may go on with the method itself).
      let run: string[] = [];
      for (const line of [...fs.readFileSync(path.join(root, file), 'utf8').split('\n'), '']) {
        const decorator = /^\s*@\w+\(/.test(line);
        if (decorator) run.push(line);
        if (decorator && /^\s*@\w+\(.*\)\s*$/.test(line)) continue;
        const decorators = run.join('\n');
        run = [];
        const serves = /@Serves\(([^)]*)\)/.exec(decorators);
        if (!serves) continue;
        const code = /@HttpCode\((\d+)\)/.exec(decorators)?.[1];
        for (const [, method, served] of serves[1]!.matchAll(/'(GET|POST|PUT|DELETE) ([^']+)'/g)) found.set(`${method} ${served}`, code ?? (method === 'POST' ? '201' : '200'));
      }
    }
    return found;
  }

  it("reads the handlers' success statuses from their decorators", () => {
    const handlers = handlerSuccessStatuses();
    const table = new Set(apiRoutes.map((route) => `${route.method} ${route.path}`));
    expect([...handlers.keys()].filter((key) => !table.has(key))).toEqual([]);
    expect(handlers.size).toBeGreaterThan(100);
    expect(handlers.get('POST /api/v1/manager/device_image')).toBe('201');
    expect(handlers.get('POST /api/integration/v1/shipments')).toBe('201');
    expect(handlers.get('POST /api/v1/manager/assigndevice')).toBe('200');
    expect(handlers.get('GET /api/v1/reference/device_type')).toBe('200');
  });

  // FAILS until the route table marks each route whose handler answers 201 with `success: 201`
  // (contracts/src/platform/api-route.ts): then make this `it` again.
  it("documents each served route's success status as its handler answers it (201 where it creates)", () => {
    const handlers = handlerSuccessStatuses();
    const documented = [...handlers.keys()].map((key) => {
      const route = apiRoutes.find((candidate) => `${candidate.method} ${candidate.path}` === key)!;
      return `${key} → ${Object.keys(operationOf(route)!.responses).find((status) => status.startsWith('2'))}`;
    });
    expect(documented).toEqual([...handlers].map(([key, status]) => `${key} → ${status}`));
  });

  it('documents an upload as multipart/form-data: the fields of its body and its one binary file', () => {
    const uploads = apiRoutes.filter((route) => route.upload);
    expect(uploads.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/v1/manager/device_image', '/api/v1/manager/receive_manifest']));
    for (const route of uploads) {
      const content = operationOf(route)!.requestBody?.content;
      expect(Object.keys(content ?? {})).toEqual(['multipart/form-data']);
      const parts = (content!['multipart/form-data']!.schema.allOf ?? []) as JsonSchema[];
      expect(parts).toContainEqual(expect.objectContaining({ properties: { [route.upload!]: expect.objectContaining({ type: 'string', format: 'binary' }) }, required: [route.upload] }));
    }
    const image = document.paths['/api/v1/manager/device_image']?.post?.requestBody;
    expect(image?.required).toBe(true);
    expect(image?.content['multipart/form-data']?.schema).toEqual({
      allOf: [
        expect.objectContaining({ type: 'object', properties: { imei: expect.objectContaining({ type: 'string' }) }, required: ['imei'] }),
        { type: 'object', properties: { file: expect.objectContaining({ type: 'string', format: 'binary' }) }, required: ['file'] },
      ],
    });
    // A JSON command stays JSON.
    expect(Object.keys(document.paths['/api/v1/manager/assigndevice']?.post?.requestBody?.content ?? {})).toEqual(['application/json']);
  });

  it('says MM-DD-YYYY on every date a client sends, in a query or a body', () => {
    const DATE_DESCRIPTION = wireDate().meta()?.description;
    expect(DATE_DESCRIPTION).toMatch(/MM-DD-YYYY/);
    const resolve = (schema: unknown): JsonSchema => {
      const ref = (schema as JsonSchema | undefined)?.$ref;
      return typeof ref === 'string' ? resolve(document.components.schemas[ref.split('/').pop()!]) : ((schema ?? {}) as JsonSchema);
    };
    /** Its description, or that of each of its branches (`anyOf: [date, null]` for a nullable date). */
    const descriptionsOf = (schema: JsonSchema): unknown[] =>
      schema.description !== undefined ? [schema.description] : ((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]).map(resolve).filter((branch) => branch.type !== 'null').flatMap(descriptionsOf);
    // A date field by its name: `date` as a word of it (order_date, date_range_start), not inside another (candidate_id).
    const DATE_NAME = /(^|_)date(_|$)/i;
    const dates: { where: string; descriptions: unknown[] }[] = [];
    const walk = (schema: JsonSchema, where: string) => {
      for (const part of [...((schema.allOf ?? []) as unknown[]), ...((schema.anyOf ?? []) as unknown[]), ...((schema.oneOf ?? []) as unknown[])]) walk(resolve(part), where);
      if (schema.items) walk(resolve(schema.items), `${where}[]`);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
        if (DATE_NAME.test(name)) dates.push({ where: `${where}.${name}`, descriptions: descriptionsOf(resolve(property)) });
        walk(resolve(property), `${where}.${name}`);
      }
    };
    for (const { method, path: at, operation } of operationsOf(document)) {
      for (const parameter of operation.parameters ?? []) {
        if (DATE_NAME.test(parameter.name)) dates.push({ where: `${method} ${at} ?${parameter.name}`, descriptions: [parameter.description, ...descriptionsOf(parameter.schema)] });
      }
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) walk(resolve(media.schema), `${method} ${at} ${type}`);
    }
    const names = dates.map(({ where }) => where.split(/[.?]/).pop());
    expect(names).toEqual(expect.arrayContaining(['date_range_start', 'date_range_end', 'order_date', 'activation_date']));
    const without = dates.filter(({ descriptions }) => !descriptions.includes(DATE_DESCRIPTION)).map(({ where }) => where);
    expect(without).toEqual([]);
  });
});

describe('buildOpenApiDocument: what a client needs to call every route', () => {
  const document = buildOpenApiDocument(apiRoutes, { version: '9.9.9' });
  const resolve = (schema: unknown): JsonSchema => {
    const ref = (schema as JsonSchema | undefined)?.$ref;
    return typeof ref === 'string' ? resolve(document.components.schemas[ref.split('/').pop()!]) : ((schema ?? {}) as JsonSchema);
  };
  /** Each property named `name` of a request body, with where it is. */
  const bodyProperties = (name: string) => {
    const found: { where: string; schema: JsonSchema }[] = [];
    const walk = (schema: JsonSchema, where: string) => {
      for (const part of [...((schema.allOf ?? []) as unknown[]), ...((schema.anyOf ?? []) as unknown[])]) walk(resolve(part), where);
      for (const [property, value] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) if (property === name) found.push({ where, schema: resolve(value) });
    };
    for (const { method, path: at, operation } of operationsOf(document)) for (const media of Object.values(operation.requestBody?.content ?? {})) walk(resolve(media.schema), `${method} ${at}`);
    return found;
  };

  it("describes each date of birth by its own rule (from 01-01-1900, never in the future; a candidate's at least 18), not the business dates' 2000-2099", () => {
    const births = bodyProperties('dob');
    expect(births.map(({ where }) => where).sort()).toEqual(['post /api/v1/candidate/update_candidate_info/{id}', 'post /api/v1/candidate_profile', 'post /api/v1/users', 'post /api/v1/users/{id}']);
    for (const { where, schema } of births) {
      expect({ where, description: schema.description }).toEqual({ where, description: expect.stringMatching(/MM-DD-YYYY.*from 01-01-1900/) });
      expect(String(schema.description)).not.toMatch(/2000|2099/);
    }
    const candidate = births.filter(({ where }) => where.includes('candidate'));
    for (const { schema } of candidate) expect(schema.description).toMatch(/at least 18/);
    expect(births.find(({ where }) => where === 'post /api/v1/users')?.schema.description).toMatch(/never in the future/);
  });

  it("gives every list's sort key (sort_by; sort_key on the onboarding lists) as an enum of its columns, saying any other value is refused", () => {
    const sorted = operationsOf(document).flatMap(({ method, path: at, operation }) =>
      (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && (parameter.name === 'sort_by' || parameter.name === 'sort_key')).map((parameter) => ({ where: `${method} ${at}`, parameter })),
    );
    expect(sorted.length).toBeGreaterThan(40);
    expect(sorted.map(({ where }) => where)).toEqual(expect.arrayContaining(['get /api/v1/manager/agentlist_with_pagination', 'get /api/v1/inventory_summary_reports/manager', 'get /api/v1/aged_inventory_summary_reports/office', 'get /api/v1/onboarding_summary_report']));
    for (const { where, parameter } of sorted) {
      const keys = parameter.schema.enum as unknown[];
      expect({ where, type: parameter.schema.type, keys: Array.isArray(keys) && keys.length > 0 && keys.every((key) => typeof key === 'string') }).toEqual({ where, type: 'string', keys: true });
      expect(parameter.required).toBe(false);
      expect(parameter.description).toMatch(/refused/);
    }
    expect(sorted.find(({ where }) => where === 'get /api/v1/manager/agentlist_with_pagination')?.parameter.schema.enum).toEqual(['agent_name', 'office_name', 'agent_assigned', 'agent_pending', 'sold_30_days']);
  });
});

describe('buildOpenApiDocument with schemas of every kind', () => {
  const Node: z.ZodType<{ name: string; children: unknown[] }> = z.object({
    name: z.string(),
    get children() {
      return z.array(Node);
    },
  });
  const Money = z.object({ amount: z.number(), currency: z.string() }).meta({ id: 'Money' });
  const routes: ApiRoute[] = [
    {
      method: 'GET', path: '/api/v1/things/:thingId', access: [ROLE.SUPER_ADMIN, ROLE.AGENT], capability: 'things', summary: 'One thing', spec: 'ours',
      query: z.object({ page: z.coerce.number().int().describe('1-based page'), search: z.string().optional() }),
      response: z.object({ data: z.object({ tree: Node, price: Money, total: Money }) }),
    },
    { method: 'PUT', path: '/api/v1/things/:thingId', access: 'signed-in', capability: 'things', summary: 'Change a thing', spec: 'ours', body: Node },
    { method: 'DELETE', path: '/api/v1/things/thingId', access: 'integration', capability: 'things', summary: 'Literal segment', spec: 'ours' },
  ];
  const document = buildOpenApiDocument(routes, { version: '1.0.0' });

  it('stays valid with recursive schemas and shared definitions, their references resolving inside the document', async () => {
    await expect(validate(document)).resolves.toBeUndefined();
    const references = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const reference of references) {
      const [, kind, name] = /#\/components\/(schemas|responses)\/([^"]+)"/.exec(reference) ?? [];
      expect(kind && name && document.components[kind as 'schemas'][name]).toBeTruthy();
    }
    expect(references.length).toBeGreaterThan(0);
  });

  it('turns each property of a query object into a query parameter', () => {
    const parameters = document.paths['/api/v1/things/{thingId}']?.get?.parameters;
    expect(parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } },
      expect.objectContaining({ name: 'page', in: 'query', required: true, description: '1-based page', schema: expect.objectContaining({ type: 'integer' }) }),
      { name: 'search', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('names the roles and keeps operationIds apart for a parameter and a literal segment', () => {
    const get = document.paths['/api/v1/things/{thingId}']?.get;
    expect(get?.description).toContain('roles 1 (Super Admin), 2 (Agent)');
    expect(get?.['x-roles']).toEqual([1, 2]);
    expect(document.paths['/api/v1/things/{thingId}']?.put?.description).toContain('any signed-in user');
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses a route listed twice', () => {
    expect(() => buildOpenApiDocument([routes[0]!, routes[0]!], { version: '1' })).toThrow(/twice/);
  });
});

describe('renderOpenApiHtml', () => {
  it('lists the operations by tag, escaped, links to the JSON and loads nothing from elsewhere', () => {
    const document = buildOpenApiDocument(
      [{ method: 'GET', path: '/api/v1/x', access: 'public', capability: 'help', summary: 'Tags <b>&</b> "quotes"', spec: 'doc 1' }],
      { version: '1.0.0' },
    );
    const html = renderOpenApiHtml(document);
    expect(html).toContain('<section id="tag-help">');
    expect(html).toContain('Tags &lt;b&gt;&amp;&lt;/b&gt; &quot;quotes&quot;');
    expect(html).toContain('href="/api/docs/openapi.json"');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
  });

  it("names the candidate's invite token as who may call the candidate's own page, not 'no credentials'", () => {
    const html = renderOpenApiHtml(buildOpenApiDocument(apiRoutes, { version: 'test' }));
    const row = html.split('<tr ').find((candidate) => candidate.includes('<code>/api/v1/candidate_profile/upload</code>'))!;
    expect(row).toContain('the candidate, with the token of their invite link in the x-candidate-token header');
    expect(row).not.toContain('no credentials');
  });
});

describe('OpenApiController', () => {
  it('serves JSON by default and on /openapi.json, and the HTML page to a browser', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [OpenApiController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      const server = app.getHttpServer();
      const json = await request(server).get('/api/docs').expect(200).expect('content-type', /application\/json/);
      expect(json.body).toMatchObject({ openapi: '3.1.0', info: { version: '0.1.0' } });
      await request(server).get('/api/docs/openapi.json').set('accept', 'text/html').expect(200).expect('content-type', /application\/json/);
      const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      const html = await request(server).get('/api/docs').set('accept', browser).expect(200).expect('content-type', /text\/html/);
      expect(html.text).toContain('/api/docs/openapi.json');
      expect(html.headers.vary).toMatch(/accept/i);
    } finally {
      await app.close();
    }
  });

  it('documents a route that answers a file with its content types, as bytes (the download, an RMA photo)', () => {
    const document = buildOpenApiDocument(apiRoutes, { version: 'test' });
    const success = (path: string) => (document.paths[path]?.get?.responses['200'] as { content: Record<string, { schema: unknown }> }).content;
    expect(success('/api/v1/manager/rma_device_image/{id}')).toEqual({ 'image/*': { schema: { type: 'string', format: 'binary' } } });
    expect(Object.keys(success('/api/v1/exports/{id}/download'))).toEqual(['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  });
});
