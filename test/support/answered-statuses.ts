import { apiRoutes } from '@portal/contracts';
import { type AnsweredRequest, buildOpenApiDocument, undocumentedAnswers } from '../../services/src/platform/http/openapi';

/**
 * Every status a test file's requests get is one the OpenAPI document gives their operation
 * (`setupFilesAfterEnv` of jest's `tests` project): the e2e runs that exercise the routes are the
 * sample, so an answer the document does not list — a 403 of a public route, a 206, a 409 of a
 * read — fails the file that met it. Only answers over the loopback, from a route of the table.
 */
const answers: AnsweredRequest[] = [];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;
const fetchOfNode = globalThis.fetch;

globalThis.fetch = async function recordingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetchOfNode(input, init);
  const request = typeof input === 'object' && 'method' in input ? input : undefined;
  const url = new URL(request?.url ?? String(input));
  if (LOOPBACK.test(url.hostname)) answers.push({ method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), url: `${url.pathname}${url.search}`, status: response.status });
  return response;
};

afterAll(() => {
  globalThis.fetch = fetchOfNode;
  if (answers.length === 0) return;
  const undocumented = undocumentedAnswers(buildOpenApiDocument(apiRoutes, { version: 'test' }), answers);
  if (undocumented.length > 0) {
    throw new Error(`Answers the OpenAPI document does not list for their operation (services/src/platform/http/openapi.ts):\n  ${undocumented.join('\n  ')}`);
  }
});
