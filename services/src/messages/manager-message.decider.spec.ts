import { MESSAGE_TEXTS } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';
import { decideMarkRead, decideSendMessage, readMarkOf } from './manager-message.decider';

const refusal = (decision: unknown) => (decision instanceof DomainError ? { status: decision.status, fields: decision.fields } : decision);
const input = { message_id: 'msg-1', sender_id: 'u-om', office_id: 'o-1', agent_ids: [] as string[], message: 'Team meeting at 9' };

describe('a manager writes to agents of their office', () => {
  it('goes to every active agent there when none is named, or to the named ones', () => {
    expect(decideSendMessage(input, { office_in_scope: true, active_agent_ids: ['a-1', 'a-2'] })).toMatchObject([{ type: 'ManagerMessageSent', data: { recipient_ids: ['a-1', 'a-2'] } }]);
    expect(decideSendMessage({ ...input, agent_ids: ['a-2'] }, { office_in_scope: true, active_agent_ids: ['a-1', 'a-2'] })).toMatchObject([{ data: { recipient_ids: ['a-2'] } }]);
  });

  it('refuses an office outside the scope, an agent of another office, and an office with nobody to read it', () => {
    expect(refusal(decideSendMessage(input, { office_in_scope: false, active_agent_ids: ['a-1'] }))).toMatchObject({ status: 404 });
    expect(refusal(decideSendMessage({ ...input, agent_ids: ['a-9'] }, { office_in_scope: true, active_agent_ids: ['a-1'] }))).toMatchObject({ status: 400, fields: { agent_ids: MESSAGE_TEXTS.agents } });
    expect(refusal(decideSendMessage(input, { office_in_scope: true, active_agent_ids: [] }))).toMatchObject({ status: 422 });
  });
});

describe('reading', () => {
  it('moves the read mark forward only', () => {
    const newest = new Date('2026-11-26T10:00:00Z');
    const events = decideMarkRead('u-1', newest, null);
    expect(events).toEqual([{ type: 'MessagesRead', data: { user_id: 'u-1', read_up_to: newest.toISOString() } }]);
    expect(readMarkOf(events)).toEqual(newest);
    expect(decideMarkRead('u-1', newest, newest)).toEqual([]);
    expect(decideMarkRead('u-1', null, null)).toEqual([]);
  });
});
