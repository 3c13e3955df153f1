import type { AgentOption, OfficeOption } from '@portal/contracts/inventory/inventory.views';
import type { MessageListAnswer, MessageRow } from '@portal/contracts/messages/messages.views';

/** The messages screens' fixtures. */

export const HISTORY = '/api/v1/manager/transaction_history';
export const UNREAD = '/api/v1/messages/unread';
export const MARK_READ = '/api/v1/messages/read';
export const SEND = '/api/v1/messages';
export const OFFICES = '/api/v1/reference/offices';
export const OFFICE_AGENTS = '/api/v1/manager/agent_list_for_office';

export const messageRow = (id: string, message: string, change: Partial<MessageRow> = {}): MessageRow => ({
  id,
  kind: 'from_manager',
  created_date: '2025-03-04T15:05:00.000Z',
  message,
  read: true,
  ...change,
});

/** A page of the history as GET transaction_history answers it (MessageListAnswer). */
export const historyPage = (rows: MessageRow[], unread: number, total = rows.length, page = 1): MessageListAnswer => ({ items: { data: rows, total, current_page: page }, unread });

export const MESSAGES: MessageRow[] = [
  messageRow('m-3', 'Stock count on Friday.\nBring the carton list.\nThe van leaves at 9.', { read: false, created_date: '2025-03-06T16:30:00.000Z' }),
  messageRow('m-2', '5 devices were assigned to you', { kind: 'devices_assigned', created_date: '2025-03-05T10:00:00.000Z' }),
  messageRow('m-1', 'Your RMA request was accepted', { kind: 'rma_answered' }),
];

export const OFFICE_LIST: OfficeOption[] = [
  { id: 'o-1', name: 'Downtown', office_number: 'OF-101' },
  { id: 'o-2', name: 'Harbor', office_number: 'OF-102' },
];

export const agentOf = (id: string, full_name: string, office: OfficeOption): AgentOption => ({ id, full_name, office_number: office.office_number, office_id: office.id });

export const AGENTS_BY_OFFICE: Record<string, AgentOption[]> = {
  'o-1': [agentOf('a-1', 'Ann Agent', OFFICE_LIST[0]!), agentOf('a-2', 'Bob Agent', OFFICE_LIST[0]!)],
  'o-2': [agentOf('a-9', 'Cy Agent', OFFICE_LIST[1]!)],
};
