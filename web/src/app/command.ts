import type { ApiRoute } from '@portal/contracts/platform/api-route';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { answeredAheadOfReadModels, call, failureMessage } from './api-client';
import { notice } from './notice';

/** What every inventory command answers on success. */
export interface CommandAnswer {
  readonly message: string;
}

/** Refetches every query read through these routes, whatever its filters or page (keys start with method and path: `queryKey`). */
export function reloadLists(client: QueryClient, routes: readonly ApiRoute[]): void {
  for (const api of routes) void client.invalidateQueries({ queryKey: [api.method, api.path] });
}

/** When the lists are reloaded again after an answer that came ahead of the read models: 1, 3, 7 and 15 s on. */
export const RELOADS_WHILE_BEHIND_MS = [1_000, 3_000, 7_000, 15_000] as const;

/**
 * Reloads the lists a command changed, and once more as the read models catch up when its answer
 * said they were still behind it (answeredAheadOfReadModels): on a busy server the reload made at
 * once can read the row as it was, and nothing else would reload it (CI's loaded runs saw an RMA
 * order stay Approved after 'item shipped').
 */
export function reloadAfter(client: QueryClient, answer: unknown, routes: readonly ApiRoute[]): void {
  reloadWhileBehind(answer, () => reloadLists(client, routes));
}

/** Runs `reload` at once, and again at RELOADS_WHILE_BEHIND_MS when `answer` came ahead of the read models. */
export function reloadWhileBehind(answer: unknown, reload: () => void): void {
  reload();
  if (!answeredAheadOfReadModels(answer)) return;
  for (const delay of RELOADS_WHILE_BEHIND_MS) setTimeout(reload, delay);
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
    ...answered(client, reload),
  });
}

/** A command on one record named in its path (`…/:id`: an RMA order, …), and its body when the route takes one. */
export interface RecordCommand<Body> {
  id: string;
  body?: Body;
}

/** useCommand for a route with the record's id in its path (approve_reject_rma_order/:id, update_rma_order_to_shipped_status/:id). */
export function useRecordCommand<Body = never>(api: ApiRoute, reload: readonly ApiRoute[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: RecordCommand<Body>) => call<CommandAnswer>(api, { params: { id }, body }),
    ...answered(client, reload),
  });
}

/** What every command does with its answer: the message in a popup and the lists reloaded; a failure in words. */
function answered(client: QueryClient, reload: readonly ApiRoute[]) {
  return {
    onSuccess: (answer: CommandAnswer) => {
      notice.success(answer.message);
      reloadAfter(client, answer, reload);
    },
    onError: (failure: unknown) => notice.failure(failureMessage(failure)),
  };
}
