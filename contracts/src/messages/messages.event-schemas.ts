import { z } from 'zod';
import type { EventSchemas } from '../platform/event-schemas';
import type { MessageEvent } from './messages.events';

export const MESSAGE_EVENT_SCHEMAS = {
  ManagerMessageSent: z
    .object({
      message_id: z.uuid(),
      sender_id: z.uuid().describe('The manager\u2019s user id'),
      office_id: z.uuid(),
      recipient_ids: z.array(z.uuid()).describe('The agents written to (user ids): those chosen, or every active agent of the office'),
      message: z.string(),
    })
    .describe('A manager wrote a message to agents of an office they manage.'),
  MessagesRead: z
    .object({ user_id: z.uuid(), read_up_to: z.string().describe('The time of the newest message the user has read, ISO 8601 date-time (UTC)') })
    .describe('A user read their messages up to a point in time (the header bell\u2019s unread count).'),
} satisfies EventSchemas<MessageEvent>;
