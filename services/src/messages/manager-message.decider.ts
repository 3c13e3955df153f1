import { MESSAGE_TEXTS, type MessageEvent } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

/**
 * A manager's message to agents of an office they manage (ours, beyond the spec), pure: the office
 * must be theirs, the agents named must work there (none named: every active agent there), and
 * there must be someone to read it.
 */
export function decideSendMessage(
  input: { readonly message_id: string; readonly sender_id: string; readonly office_id: string; readonly agent_ids: readonly string[]; readonly message: string },
  facts: { readonly office_in_scope: boolean; readonly active_agent_ids: readonly string[] },
): MessageEvent[] | DomainError {
  if (!facts.office_in_scope) return new DomainError('No such office', 404, { office_id: 'No such office' });
  const agents = new Set(facts.active_agent_ids);
  if (input.agent_ids.some((agent) => !agents.has(agent))) return new DomainError(MESSAGE_TEXTS.agents, 400, { agent_ids: MESSAGE_TEXTS.agents });
  const recipients = input.agent_ids.length > 0 ? input.agent_ids : facts.active_agent_ids;
  if (recipients.length === 0) return new DomainError('That office has no active agents to write to', 422, { office_id: 'That office has no active agents to write to' });
  return [{ type: 'ManagerMessageSent', data: { message_id: input.message_id, sender_id: input.sender_id, office_id: input.office_id, recipient_ids: [...recipients], message: input.message } }];
}

/** Marking as read moves the mark forward to the newest message seen; nothing to record when it is already there. */
export function decideMarkRead(userId: string, newest: Date | null, current: Date | null): MessageEvent[] {
  if (!newest || (current && current >= newest)) return [];
  return [{ type: 'MessagesRead', data: { user_id: userId, read_up_to: newest.toISOString() } }];
}

/** The read mark a person's `messages_read` stream leaves. */
export function readMarkOf(events: readonly MessageEvent[]): Date | null {
  const last = [...events].reverse().find((event) => event.type === 'MessagesRead');
  return last?.type === 'MessagesRead' ? new Date(last.data.read_up_to) : null;
}
