import type { Page } from '../platform/page';
import type { MessageKind } from './messages.codes';

/** One message of the Message History (doc 2 §3 "Message": created_date, message). */
export interface MessageRow {
  readonly id: string;
  readonly kind: MessageKind;
  readonly created_date: string;
  readonly message: string;
  readonly read: boolean;
}

export interface MessageListAnswer {
  readonly items: Page<MessageRow>;
  readonly unread: number;
}

/** GET /api/v1/messages/unread: the header bell. */
export interface UnreadAnswer {
  readonly unread: number;
}
