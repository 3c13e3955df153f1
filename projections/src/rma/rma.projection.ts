import { RMA_DEVICE_EVENT_TYPES, type RecordedEvent, type RmaDeviceEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * RMA devices (doc 2 §3; docs/RMA.md): one row per RMA device stream, for the Pending RMA
 * Request, Approved RMA Request, Approve RMA and agent RMA Status lists. The device's own status
 * lives in the inventory projection; this keeps the request's life (who, reasons, answers).
 */
export const rmaProjection: Projection = {
  name: 'rma',
  version: 2,
  tables: ['rma_devices'],
  handles: RMA_DEVICE_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`
      create table ${t('rma_devices')} (
        id text primary key, imei text not null, opened_by text not null, awaiting_manager boolean not null,
        status smallint not null, office_id text not null, agent_id text, manager_id text, opened_by_user_id text,
        reason smallint not null, reason_two smallint, notes text, comments text, image_file text,
        created_at timestamptz not null, answered_at timestamptz
      )`.execute(db);
    await sql`create index on ${t('rma_devices')} (office_id, status, created_at desc)`.execute(db);
    await sql`create index on ${t('rma_devices')} (agent_id, created_at desc) where agent_id is not null`.execute(db);
    await sql`create index on ${t('rma_devices')} (imei)`.execute(db);
  },

  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as RmaDeviceEvent;
      // The business time of the step (a backdated seed or import says when it happened), else when it was recorded.
      const at = recorded.metadata.occurred_at ?? recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'RmaDeviceOpened': {
          const data = event.data;
          await sql`
            insert into ${t('rma_devices')} (id, imei, opened_by, awaiting_manager, status, office_id, agent_id, manager_id, opened_by_user_id, reason, reason_two, notes, image_file, created_at)
            values (${data.rma_device_id}, ${data.imei}, ${data.opened_by}, ${data.opened_by === 'agent'}, 1, ${data.office_id}, ${data.agent_id}, ${data.manager_id},
              ${recorded.metadata.user_id}, ${data.reason}, ${data.reason_two}, ${data.notes}, ${data.image_file}, ${at})
            on conflict (id) do nothing`.execute(db);
          break;
        }
        case 'RmaDeviceRequestAnswered':
          // Accepted: still pending, now awaiting Approve RMA; declined: rejected.
          await sql`update ${t('rma_devices')} set awaiting_manager = false, manager_id = ${event.data.manager_id}, status = ${event.data.status === 2 ? 1 : 3},
            answered_at = ${event.data.status === 2 ? null : at} where id = ${event.data.rma_device_id}`.execute(db);
          break;
        case 'RmaDeviceAnswered':
          await sql`update ${t('rma_devices')} set status = ${event.data.status}, comments = ${event.data.comments}, manager_id = ${event.data.manager_id}, answered_at = ${at}
            where id = ${event.data.rma_device_id}`.execute(db);
          break;
        case 'RmaDeviceImageReplaced':
          await sql`update ${t('rma_devices')} set image_file = ${event.data.image_file} where id = ${event.data.rma_device_id}`.execute(db);
          break;
      }
    }
  },
};
