import SwaggerParser from '@apidevtools/swagger-parser';
import { Test } from '@nestjs/testing';
import { type ApiRoute, apiRoutes, ROLE } from '@portal/contracts';
import request from 'supertest';
import { z } from 'zod';
import { OpenApiController } from './openapi.controller';
import { buildOpenApiDocument, type OpenApiDocument, operationsOf, renderOpenApiHtml, toOpenApiPath } from './openapi';

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

  it('secures each route by its access: bearer JWT for roles and signed-in, the API key for integrations, nothing when public', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    const integration = apiRoutes.filter((route) => route.access === 'integration');
    const publicRoutes = apiRoutes.filter((route) => route.access === 'public');
    expect(integration.length).toBeGreaterThan(0);
    expect(publicRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const operation = operationOf(route)!;
      if (route.access === 'integration') {
        expect(operation.security).toEqual([{ apiKey: [] }]);
        expect(operation.description).toContain('integration clients with an API key');
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

  it('answers the errors with the shared ErrorBody and 200 with the envelope when no response schema is given', () => {
    expect(document.components.schemas.ErrorBody).toMatchObject({ required: ['error', 'message'] });
    const errors = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 413: 'PayloadTooLarge', 429: 'TooManyRequests', 503: 'ServiceUnavailable' };
    for (const name of Object.values(errors)) {
      expect(document.components.responses[name]?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
    // What the service really answers: no 501 anywhere; every referenced response is a shared one.
    for (const { operation } of operations) {
      expect(operation.responses['501']).toBeUndefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== '200') expect(response).toEqual({ $ref: `#/components/responses/${errors[Number(status) as keyof typeof errors]}` });
      }
    }
    const statuses = (method: 'get' | 'post', path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    // A built command of a manager screen: its input, the guard, a missing record, a conflict, a too-large body.
    expect(statuses('post', '/api/v1/manager/assigndevice')).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    // A planned route answers only the guard's refusals and 404 "not built yet".
    expect(statuses('get', '/api/v1/users')).toEqual(['401', '403', '404']);
    expect(document.paths['/api/v1/users']?.get?.['x-planned']).toBe(true);
    expect(statuses('post', '/api/login')).toEqual(['200', '400', '404', '413', '429']);
    expect(statuses('get', '/api/v1/detailed_inventory_export')).toEqual(['200', '400', '401', '403', '404', '503']);
    // The spec's literal dashboard path is documented as the same operation.
    expect(document.paths['/dashboard_count']?.get?.summary).toBe(document.paths['/api/v1/dashboard_count']?.get?.summary);
    const success = document.paths['/api/v1/logout']?.post?.responses['200'];
    expect(success && 'content' in success && success.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { data: {}, items: {}, message: { type: 'string' } },
    });
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
});
