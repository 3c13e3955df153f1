import type { InventoryEvent, InventoryOrderEvent, MessageEvent, MessageKind, RecordedEvent, RmaDeviceEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/** Events that leave a message for a named person (written here), and those that concern many (matched when read: messages.queries.ts). */
export const DIRECT_MESSAGE_EVENT_TYPES = ['AgentJobCreated', 'TransferRequested', 'TransferAnswered', 'RmaDeviceOpened', 'RmaDeviceRequestAnswered', 'InventoryOrderRequested', 'InventoryOrderAnswered', 'ManagerMessageSent', 'MessagesRead'] as const;
export const BROADCAST_MESSAGE_EVENT_TYPES = ['ComplianceDocumentPublished', 'AnnouncementPublished', 'UnitFormSent', 'UnitFormReviewed'] as const;

/** `{actor}` in a stored text is the name of `actor_id`, filled in when read (a renamed person reads right). */
export const ACTOR = '{actor}';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What an agent reads when devices are assigned to them: they answer the job on their dashboard's Pending Transfers (Accept, Partial Accept), not under My Inventory. */
export const devicesAssignedMessage = (count: number) => `${plural(count, 'device was', 'devices were')} assigned to you by ${ACTOR}. Accept or return them on your Dashboard, under Pending Transfers.`;

type Handled = InventoryEvent | InventoryOrderEvent | RmaDeviceEvent | MessageEvent | { type: (typeof BROADCAST_MESSAGE_EVENT_TYPES)[number]; data: unknown };

/**
 * Each person's messages (doc 2 §2 Transaction / agent-Transaction): one row per event that names
 * them, in plain words with the counts and names. Beside them, the facts later events need (a
 * transfer's agent, an RMA request's agent, an order's requester) in small tables of their own,
 * and how far each person has read.
 */
export const messagesProjection: Projection = {
  name: 'messages',
  // 2: an assignment's message says where it is answered (issue 42); rebuilt, the stored ones say it too.
  version: 2,
  tables: ['messages_direct', 'messages_reads', 'messages_transfers', 'messages_rma_requests', 'messages_orders'],
  handles: [...DIRECT_MESSAGE_EVENT_TYPES, ...BROADCAST_MESSAGE_EVENT_TYPES],

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('messages_direct')} (
        seq bigint generated always as identity primary key, user_id text not null, kind text not null, message text not null,
        actor_id text, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('messages_direct')} (user_id, created_at desc)`.execute(db);
    await sql`create table ${t('messages_reads')} (user_id text primary key, read_up_to timestamptz not null)`.execute(db);
    await sql`create table ${t('messages_transfers')} (transfer_id text primary key, agent_id text not null, devices integer not null)`.execute(db);
    await sql`create table ${t('messages_rma_requests')} (rma_device_id text primary key, agent_id text not null, imei text not null)`.execute(db);
    await sql`create table ${t('messages_orders')} (order_id text primary key, requested_by text not null, order_prefix text not null)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    const message = (userId: string, kind: MessageKind, text: string, actorId: string | null, at: string) =>
      sql`insert into ${t('messages_direct')} (user_id, kind, message, actor_id, created_at) values (${userId}, ${kind}, ${text}, ${actorId}, ${at})`.execute(db);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as Handled;
      const at = recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'AgentJobCreated': {
          const { data } = event;
          await message(data.agent_id, 'devices_assigned', devicesAssignedMessage(data.imeis.length), data.manager_id, at);
          break;
        }
        case 'TransferRequested': {
          const { data } = event;
          await sql`insert into ${t('messages_transfers')} (transfer_id, agent_id, devices) values (${data.transfer_id}, ${data.agent_id}, ${data.imeis.length}) on conflict do nothing`.execute(db);
          break;
        }
        case 'TransferAnswered': {
          const { data } = event;
          const transfer = await sql<{ agent_id: string; devices: number }>`select agent_id, devices from ${t('messages_transfers')} where transfer_id = ${data.transfer_id}`.execute(db);
          const row = transfer.rows[0];
          if (row) await message(row.agent_id, 'transfer_answered', `Your transfer of ${plural(row.devices, 'device', 'devices')} was ${data.accepted ? 'accepted' : 'rejected'} by your manager.`, null, at);
          break;
        }
        case 'RmaDeviceOpened': {
          const { data } = event;
          if (data.opened_by === 'agent' && data.agent_id) {
            await sql`insert into ${t('messages_rma_requests')} (rma_device_id, agent_id, imei) values (${data.rma_device_id}, ${data.agent_id}, ${data.imei}) on conflict do nothing`.execute(db);
          }
          break;
        }
        case 'RmaDeviceRequestAnswered': {
          const { data } = event;
          const request = await sql<{ agent_id: string }>`select agent_id from ${t('messages_rma_requests')} where rma_device_id = ${data.rma_device_id}`.execute(db);
          const row = request.rows[0];
          if (row) await message(row.agent_id, 'rma_answered', `Your RMA request for IMEI ${data.imei} was ${data.status === 2 ? 'accepted' : 'declined'} by ${ACTOR}.`, data.manager_id, at);
          break;
        }
        case 'InventoryOrderRequested': {
          const { data } = event;
          await sql`insert into ${t('messages_orders')} (order_id, requested_by, order_prefix) values (${data.order_id}, ${data.requested_by}, ${data.order_prefix}) on conflict do nothing`.execute(db);
          break;
        }
        case 'InventoryOrderAnswered': {
          const { data } = event;
          const order = await sql<{ requested_by: string; order_prefix: string }>`select requested_by, order_prefix from ${t('messages_orders')} where order_id = ${data.order_id}`.execute(db);
          const row = order.rows[0];
          if (row) {
            const comments = data.req_action === 3 && data.admin_comments ? ` Comments: ${data.admin_comments}` : '';
            await message(row.requested_by, 'order_answered', `Your device order ${row.order_prefix} was ${data.req_action === 2 ? 'approved' : 'rejected'} by ${ACTOR}.${comments}`, data.answered_by, at);
          }
          break;
        }
        case 'ManagerMessageSent': {
          const { data } = event;
          for (const recipient of data.recipient_ids) await message(recipient, 'from_manager', `${ACTOR} wrote: ${data.message}`, data.sender_id, at);
          break;
        }
        case 'MessagesRead': {
          const { data } = event;
          // Only forward: reading on two devices never makes a message unread again.
          await sql`
            insert into ${t('messages_reads')} as r (user_id, read_up_to) values (${data.user_id}, ${data.read_up_to})
            on conflict (user_id) do update set read_up_to = excluded.read_up_to where excluded.read_up_to > r.read_up_to`.execute(db);
          break;
        }
        default:
          // A broadcast (a document, an announcement, a form): matched to its readers when read.
          break;
      }
    }
  },
};
