import type { ApiRoute } from '@portal/contracts/platform/api-route';
import type { ErrorBody } from '@portal/contracts/platform/error-shape';
import { useCallback } from 'react';
import { ApiFailure, concretePath } from '../../../app/api-client';
import { SESSION_EXPIRED_MESSAGE } from '../../../app/session';
import { useSession } from '../../../app/session-context';
import type { CommandAnswer } from './command';

function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {}; // e.g. a proxy's HTML page for a too-large body: the status still tells
  }
}

/**
 * A multipart POST (file uploads): `call` sends JSON only, so this sends the FormData itself with
 * the same headers (JSON accept, the session's bearer token) and reads the same answers: the
 * command's `{ message }`, or the one error shape thrown as an `ApiFailure`. A 401 ends the
 * session, as `call` does.
 */
export function usePostForm() {
  const { user, signOut } = useSession();
  const token = user?.idToken;
  return useCallback(
    async (api: ApiRoute, form: FormData): Promise<CommandAnswer> => {
      const response = await fetch(concretePath(api), {
        method: api.method,
        headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: form,
      });
      const json = readJson(await response.text()) as Partial<ErrorBody>;
      if (response.ok) return { message: json.message ?? '' };
      if (response.status === 401) signOut(SESSION_EXPIRED_MESSAGE);
      throw new ApiFailure(response.status, { error: json.error ?? 'Error', message: json.message ?? `The server answered ${response.status}`, fields: json.fields });
    },
    [token, signOut],
  );
}
