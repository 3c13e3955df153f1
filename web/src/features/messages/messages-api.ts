import type { AgentOption } from '@portal/contracts/inventory/inventory.views';
import type { MessageListAnswer } from '@portal/contracts/messages/messages.views';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKey, route } from '../../app/api-client';
import { reloadAfter } from '../../app/command';

/** The Message History's calls (doc 2 §2, §7; the unread count, marking read and writing to agents are ours). */
export const messageRoutes = {
  list: route('GET', '/api/v1/manager/transaction_history'),
  unread: route('GET', '/api/v1/messages/unread'),
  markRead: route('POST', '/api/v1/messages/read'),
  send: route('POST', '/api/v1/messages'),
  offices: route('GET', '/api/v1/reference/offices'),
  /** The reference lookups have no agents-of-one-office list; this one answers the office's active agents, those a message to "none chosen" reaches. */
  officeAgents: route('POST', '/api/v1/manager/agent_list_for_office'),
} as const;

/**
 * The unread count of a list answer (MessageListAnswer's `unread`), read from the page ReportPage
 * hands back, which is typed by its rows only.
 */
export const unreadOf = (answer: object): MessageListAnswer['unread'] => ('unread' in answer && typeof answer.unread === 'number' ? answer.unread : 0);

/**
 * POST /messages/read (ours): marks everything so far as read; then the header bell's count is
 * asked again. Silent: a failure only leaves the count as it was (doc 2 §8: some calls fail silently).
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call<{ message: string }>(messageRoutes.markRead),
    onSuccess: (answer) => reloadAfter(client, answer, [messageRoutes.unread]),
  });
}

const PICKER_STALE_MS = 60_000;

/** The active agents of the chosen office (none until one is chosen). */
export function useOfficeAgents(officeId: string | undefined) {
  const chosen = officeId !== undefined && officeId !== '';
  return useQuery({
    queryKey: [...queryKey(messageRoutes.officeAgents), officeId],
    queryFn: async () => (await call<{ items: readonly AgentOption[] }>(messageRoutes.officeAgents, { body: { office_id: officeId } })).items,
    enabled: chosen,
    staleTime: PICKER_STALE_MS,
  });
}
