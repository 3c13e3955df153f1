import type { MessageEvent } from './messages.events';
import { MESSAGE_EVENT_SCHEMAS } from './messages.event-schemas';

type DataOf<Type extends MessageEvent['type']> = Extract<MessageEvent, { type: Type }>['data'];

const USER_ID = '0190f1a2-3b4c-7d5e-8f60-718293a4b5c8';

describe('MESSAGE_EVENT_SCHEMAS', () => {
  it('takes a manager\u2019s message to agents, and refuses one without recipients', () => {
    const data: DataOf<'ManagerMessageSent'> = {
      message_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c6',
      sender_id: USER_ID,
      office_id: '0190f1a2-3b4c-7d5e-8f60-718293a4b5c1',
      recipient_ids: ['0190f1a2-3b4c-7d5e-8f60-718293a4b5c2', '0190f1a2-3b4c-7d5e-8f60-718293a4b5c3'],
      message: 'Team meeting on Monday at 9 AM.',
    };
    expect(MESSAGE_EVENT_SCHEMAS.ManagerMessageSent.safeParse(data).success).toBe(true);
    const { recipient_ids: _recipients, ...withoutRecipients } = data;
    expect(MESSAGE_EVENT_SCHEMAS.ManagerMessageSent.safeParse(withoutRecipients).success).toBe(false);
  });

  it('takes a read mark', () => {
    const data: DataOf<'MessagesRead'> = { user_id: USER_ID, read_up_to: '2026-03-02T15:04:05.000Z' };
    expect(MESSAGE_EVENT_SCHEMAS.MessagesRead.safeParse(data).success).toBe(true);
    expect(MESSAGE_EVENT_SCHEMAS.MessagesRead.safeParse({ ...data, read_up_to: null }).success).toBe(false);
  });
});
