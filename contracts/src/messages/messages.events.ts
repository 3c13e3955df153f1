/**
 * Messages (Transaction / agent-Transaction; docs/DOCUMENTS.md). Most messages are written by the
 * messages projection from other capabilities' events; these are the messages' own:
 * - `manager_message-<id>`: a manager wrote to agents of an office they manage (ours, beyond the spec);
 * - `messages_read-<user id>`: how far the user has read (the header bell's unread count).
 */
export type MessageEvent =
  | { type: 'ManagerMessageSent'; data: { message_id: string; sender_id: string; office_id: string; recipient_ids: readonly string[]; message: string } }
  | { type: 'MessagesRead'; data: { user_id: string; read_up_to: string } };

export const managerMessageStream = (messageId: string) => `manager_message-${messageId}`;
export const messagesReadStream = (userId: string) => `messages_read-${userId}`;
