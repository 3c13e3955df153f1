import { type ApiRoute, screenRoles } from '../platform/api-route';
import { ROLE } from '../platform/roles';
import { messageListQuery, sendMessageBody } from './messages.schemas';

const capability = 'messages';
/** Transaction (managers) and agent-Transaction (doc 2 §2). */
const everyScreen = screenRoles(ROLE.AGENT, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
const managers = screenRoles(ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER);
const spec = 'doc 2 §7 Compliance and messages; doc 2 §2 Agent Transaction';

export const messagesRoutes: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/v1/manager/transaction_history', access: everyScreen, capability,
    summary: 'The caller\'s message history, newest first, with the unread count; agents call it too', spec, query: messageListQuery },
  { method: 'GET', path: '/api/v1/messages/unread', access: everyScreen, capability,
    summary: 'How many of the caller\'s messages are unread (the header bell; ours)', spec },
  { method: 'POST', path: '/api/v1/messages/read', access: everyScreen, capability,
    summary: 'Mark every message so far as read (the Message History opened; ours)', spec },
  { method: 'POST', path: '/api/v1/messages', access: managers, capability, success: 201,
    summary: 'Write to agents of an office the caller manages; none named: every active agent there (ours, beyond the spec)', spec, body: sendMessageBody },
];
