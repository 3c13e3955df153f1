import { CANDIDATE_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import { type ApiRoute, CANDIDATE_TOKEN_HEADER } from '@portal/contracts/platform/api-route';
import type { ErrorBody } from '@portal/contracts/platform/error-shape';
import { ApiFailure, concretePath, noteReadModelsBehind, route } from '../../../app/api-client';

/** The candidate's own page's calls (public; the invite link's token is the credential). */
export const CANDIDATE_PAGE_ROUTES = {
  profile: route('GET', '/api/v1/candidate_profile'),
  save: route('POST', '/api/v1/candidate_profile'),
  upload: route('POST', '/api/v1/candidate_profile/upload'),
  sign: route('POST', '/api/v1/candidate_profile/sign'),
};

/** The header that carries the invite link's token (never the body, never the address of a call): the route table's. */
export { CANDIDATE_TOKEN_HEADER };

/** The server's words for a wrong, replaced, expired or finished link; shown too when the address has no token at all. */
export const LINK_NOT_VALID = CANDIDATE_MESSAGES.linkNotValid;

/** The answer's JSON; {} when empty or not JSON (a proxy's page for a too-large upload: the status still tells). */
function parseAnswer(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/**
 * Calls a candidate-page route with the link's token in `x-candidate-token` (api-client's `call`
 * sends only the session's bearer token): a FormData body as multipart, anything else as JSON.
 * A refusal is api-client's `ApiFailure`, the server's one error shape (`message`, `fields`).
 */
export async function callWithToken<T>(api: ApiRoute, token: string, body?: Record<string, unknown> | FormData): Promise<T> {
  const multipart = body instanceof FormData;
  const response = await fetch(concretePath(api), {
    method: api.method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && !multipart && { 'content-type': 'application/json' }),
      [CANDIDATE_TOKEN_HEADER]: token,
    },
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  const json = parseAnswer(await response.text());
  if (!response.ok) {
    const refused = json as Partial<ErrorBody>;
    throw new ApiFailure(response.status, { error: refused.error ?? 'Error', message: refused.message ?? `The server answered ${response.status}`, fields: refused.fields });
  }
  noteReadModelsBehind(response, json);
  return json as T;
}

/** The link no longer works: the server's 404 for a wrong, replaced, expired or finished link. */
export const isDeadLink = (failure: unknown): failure is ApiFailure => failure instanceof ApiFailure && failure.status === 404;

