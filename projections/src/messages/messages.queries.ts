import type { MessageKind, Page } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { complianceDocumentMessages, unitFormMessages } from '../documents/documents.queries';
import { announcementMessages } from '../help/announcements.queries';
import type { SqlDb } from '../runner/ports';
import { fullNameOrNull } from '../sql/text';
import { ACTOR } from './messages.projection';

/**
 * A person's messages (Transaction / agent-Transaction): the ones written for them (messages_direct)
 * and the ones they share with others, each from the capability that owns it (a document to sign,
 * a form, an announcement), newest first. Unread: after the person's read mark.
 */

export interface MessageReader {
  readonly user_id: string;
  readonly roles: readonly number[];
}

function allMessagesOf(reader: MessageReader): RawBuilder<unknown> {
  return sql`
    select 'm-' || m.seq as id, m.kind, replace(m.message, ${ACTOR}, coalesce((select ${fullNameOrNull('a')} from rm.org_users a where a.id = m.actor_id), 'a manager')) as message, m.created_at
    from rm.messages_direct m where m.user_id = ${reader.user_id}
    union all ${complianceDocumentMessages(reader.user_id)}
    union all ${unitFormMessages(reader.user_id)}
    union all ${announcementMessages(reader)}`;
}

const readMark = (userId: string) => sql`coalesce((select r.read_up_to from rm.messages_reads r where r.user_id = ${userId}), '-infinity'::timestamptz)`;

export interface MessageRowOfReader {
  id: string;
  kind: MessageKind;
  message: string;
  created_at: Date;
  read: boolean;
}

export async function messagesOf(db: SqlDb, reader: MessageReader, page: number, results: number): Promise<Page<MessageRowOfReader> & { unread: number }> {
  const all = allMessagesOf(reader);
  const [rows, counts] = await Promise.all([
    sql<MessageRowOfReader>`
      select x.id, x.kind, x.message, x.created_at, x.created_at <= ${readMark(reader.user_id)} as read
      from (${all}) x order by x.created_at desc, x.id desc limit ${results} offset ${(page - 1) * results}`.execute(db),
    sql<{ total: string; unread: string }>`
      select count(*) as total, count(*) filter (where x.created_at > ${readMark(reader.user_id)}) as unread from (${all}) x`.execute(db),
  ]);
  return { data: rows.rows, total: Number(counts.rows[0]!.total), current_page: page, unread: Number(counts.rows[0]!.unread) };
}

export async function unreadMessageCount(db: SqlDb, reader: MessageReader): Promise<number> {
  const result = await sql<{ unread: string }>`select count(*) as unread from (${allMessagesOf(reader)}) x where x.created_at > ${readMark(reader.user_id)}`.execute(db);
  return Number(result.rows[0]!.unread);
}

/** The newest message's time (marking as read records it, so a message arriving meanwhile stays unread); null when there is none. */
export async function newestMessageTime(db: SqlDb, reader: MessageReader): Promise<Date | null> {
  const result = await sql<{ newest: Date | null }>`select max(x.created_at) as newest from (${allMessagesOf(reader)}) x`.execute(db);
  return result.rows[0]!.newest;
}

/**
 * Whose messages a batch of the messages projection changed (the live push): the people named, or
 * null when an event concerns many (a document, an announcement, a form). Read after the batch
 * committed, so the transfer's agent, the request's agent and the order's requester are known.
 */
export async function messageRecipientsOf(db: SqlDb, events: readonly { readonly type: string; readonly data: unknown }[]): Promise<string[] | null> {
  const people = new Set<string>();
  const ids = (type: string, key: string) => events.filter((event) => event.type === type).map((event) => (event.data as Record<string, string>)[key]!);
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'ComplianceDocumentPublished':
      case 'AnnouncementPublished':
      case 'UnitFormSent':
      case 'UnitFormReviewed':
        return null;
      case 'AgentJobCreated':
        people.add(data.agent_id as string);
        break;
      case 'ManagerMessageSent':
        for (const id of data.recipient_ids as string[]) people.add(id);
        break;
      case 'MessagesRead':
        people.add(data.user_id as string);
        break;
    }
  }
  const lookups = await Promise.all([
    sql<{ id: string }>`select agent_id as id from rm.messages_transfers where transfer_id = any(${ids('TransferAnswered', 'transfer_id')}::text[])`.execute(db),
    sql<{ id: string }>`select agent_id as id from rm.messages_rma_requests where rma_device_id = any(${ids('RmaDeviceRequestAnswered', 'rma_device_id')}::text[])`.execute(db),
    sql<{ id: string }>`select requested_by as id from rm.messages_orders where order_id = any(${ids('InventoryOrderAnswered', 'order_id')}::text[])`.execute(db),
  ]);
  for (const found of lookups) for (const row of found.rows) people.add(row.id);
  return [...people];
}
