import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, failureMessage } from './api-client';
import { notice } from './notice';

/** What every inventory command answers on success. */
export interface CommandAnswer {
  readonly message: string;
}

/** Refetches every query read through these routes, whatever its filters or page (keys start with method and path: `queryKey`). */
export function reloadLists(client: QueryClient, routes: readonly ApiRoute[]): void {
  for (const api of routes) void client.invalidateQueries({ queryKey: [api.method, api.path] });
}

/**
 * One inventory command (doc 1 §8): sends the body; on success shows the server's `message` in a
 * 'Hooray !' popup and reloads the lists it changed; on failure shows the server's text in an
 * 'Oops' popup with 'Try Again!'. Callers pass their own `onSuccess` to `mutate` (close a drawer,
 * clear a selection).
 */
export function useCommand<Body>(api: ApiRoute, reload: readonly ApiRoute[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => call<CommandAnswer>(api, { body }),
    onSuccess: (answer) => {
      notice.success(answer.message);
      reloadLists(client, reload);
    },
    onError: (failure) => notice.failure(failureMessage(failure)),
  });
}
