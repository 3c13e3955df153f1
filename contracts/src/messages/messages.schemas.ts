import { z } from 'zod';
import { blankAsMissing, multilineText, wholeNumberBetween } from '../platform/input';
import { idParam, listItems, pageParam } from '../platform/list-params';
import { MESSAGE_TEXTS } from './messages.codes';

/** GET /api/v1/manager/transaction_history (doc 2 §7): the caller's messages, newest first. */
export const messageListQuery = z.object({ page: pageParam, results: wholeNumberBetween(1, 100, 'results is a whole number from 1 to 100').default(10) });
export type MessageListQuery = z.infer<typeof messageListQuery>;

/** POST /api/v1/messages (ours, beyond the spec): a manager writes to agents of an office they manage; no agent named: every active agent there. */
export const sendMessageBody = z.object({
  office_id: idParam('Please select office'),
  agent_ids: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : listItems(value)),
    z.array(idParam('agents holds ids'), { error: 'agents is a list of ids' }).max(500, 'At most 500 agents').transform((items) => [...new Set(items)]),
  ),
  message: z.preprocess(blankAsMissing, multilineText(MESSAGE_TEXTS.messageText).trim().min(1, MESSAGE_TEXTS.messageText).max(1000, 'A message is at most 1000 characters')),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;
