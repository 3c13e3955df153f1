import type { AgentOption, OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey, route } from '../../../app/api-client';

/**
 * The rows of a list answer that is not paged. The contracts give `{ items: OfficeOption[] }` for
 * the office lists and leave the agent lists and the job's carton list unsaid: read `items` (a
 * list, or a page's `items.data`), else `data`.
 */
export type ListAnswer<Row> = { items?: readonly Row[] | { data: readonly Row[] }; data?: readonly Row[] };

export function rowsOf<Row>(answer: ListAnswer<Row>): readonly Row[] {
  const { items, data } = answer;
  if (Array.isArray(items)) return items;
  if (items && 'data' in items) return items.data;
  return data ?? [];
}

const managerOffices = route('GET', '/api/v1/manager/get_manager_office_list');
const otherOffices = route('GET', '/api/v1/manager/get_other_office_list');
const officeAgents = route('POST', '/api/v1/manager/agent_list_for_office');
const scopeAgents = route('GET', '/api/v1/manager/manager_agents_list');

const PICKER_STALE_MS = 60_000;

/** Offices the caller manages (Assign, Reassign and Upload Manifest office selects). */
export function useManagerOffices() {
  return useQuery({
    queryKey: queryKey(managerOffices),
    queryFn: async () => rowsOf(await call<ListAnswer<OfficeOption>>(managerOffices)),
    staleTime: PICKER_STALE_MS,
  });
}

/** Offices a transfer can go to (Transfer Inventory). */
export function useOtherOffices() {
  return useQuery({
    queryKey: queryKey(otherOffices),
    queryFn: async () => rowsOf(await call<ListAnswer<OfficeOption>>(otherOffices)),
    staleTime: PICKER_STALE_MS,
  });
}

/**
 * Agents to pick: those of the chosen office (POST agent_list_for_office), or before an office
 * is chosen, when `beforeOffice` is 'scope', every agent of the caller (GET manager_agents_list)
 * so that choosing an agent can fill the office (doc 1 §5).
 */
export function useAgents(officeId: string | undefined, beforeOffice: 'scope' | 'none') {
  const ofOffice = officeId !== undefined && officeId !== '';
  return useQuery({
    queryKey: ofOffice ? [...queryKey(officeAgents), officeId] : queryKey(scopeAgents),
    queryFn: async () => rowsOf(ofOffice ? await call<ListAnswer<AgentOption>>(officeAgents, { body: { office_id: officeId } }) : await call<ListAnswer<AgentOption>>(scopeAgents)),
    enabled: ofOffice || beforeOffice === 'scope',
    staleTime: PICKER_STALE_MS,
  });
}
