import { ORG_EVENT_TYPES, type OrgEvent, type RecordedEvent } from '@portal/contracts';
import { sql } from 'kysely';
import type { Projection } from '../runner/projection';
import type { SqlDb } from '../runner/ports';

/**
 * The organisation read model: the small tables every query joins at read time for names,
 * managers and scope (DESIGN.md §5: device rows carry ids, org tables carry the names).
 */
export const orgProjection: Projection = {
  name: 'org',
  // 2: the users' Add/Edit User fields (address … excess_code), an agent's market following their office; offices' lifeline_status.
  version: 2,
  tables: ['org_master_agents', 'org_distributors', 'org_retailers', 'org_ibo_markets', 'org_offices', 'org_unit_managers', 'org_users'],
  handles: ORG_EVENT_TYPES,

  async createTables(db: SqlDb, schema: string) {
    const t = (name: string) => sql.id(schema, name);
    await sql`create table ${t('org_master_agents')} (id text primary key, name text not null, created_at timestamptz not null)`.execute(db);
    await sql`create table ${t('org_distributors')} (id text primary key, name text not null, master_agent_id text not null, created_at timestamptz not null)`.execute(db);
    await sql`create table ${t('org_retailers')} (id text primary key, name text not null, distributor_id text not null, created_at timestamptz not null)`.execute(db);
    await sql`
      create table ${t('org_ibo_markets')} (
        id text primary key, name text not null, retailer_id text not null, status smallint not null default 1, created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table ${t('org_offices')} (
        id text primary key, name text not null, office_number text not null, state_short_name text not null,
        ibo_marketer_id text not null, status smallint not null default 1, lifeline_status smallint not null default 1, created_at timestamptz not null
      )`.execute(db);
    await sql`create index on ${t('org_offices')} (ibo_marketer_id)`.execute(db);
    // Who manages an office or an IBO/market: 'manager' (office manager, IBO manager) or 'supervisor' (add-on manager).
    await sql`
      create table ${t('org_unit_managers')} (
        unit_id text not null, user_id text not null, kind text not null check (kind in ('manager', 'supervisor')),
        primary key (unit_id, user_id, kind)
      )`.execute(db);
    await sql`create index on ${t('org_unit_managers')} (user_id)`.execute(db);
    await sql`
      create table ${t('org_users')} (
        id text primary key, email text not null, first_name text not null default '', middle_name text, last_name text not null default '',
        mobile_number text, role_ids integer[] not null default '{}', office_id text, ibo_marketer_id text, retailer_id text,
        distributor_id text, master_agent_id text, address text, city text, state text, zip text, gender_id smallint, dob date,
        application_date date, rad text, promo_code text, excess_code text, status smallint not null default 1, password_changed smallint not null default 0,
        created_at timestamptz not null, updated_at timestamptz not null
      )`.execute(db);
    await sql`create unique index on ${t('org_users')} (lower(email))`.execute(db);
    await sql`create index on ${t('org_users')} using gin (role_ids)`.execute(db);
    await sql`create index on ${t('org_users')} (office_id)`.execute(db);
  },

  // Organisation changes are rare and small: one statement per event keeps each rule plain.
  async apply(_db, events, schema) {
    const db = _db as unknown as SqlDb;
    const t = (name: string) => sql.id(schema, name);
    for (const recorded of events as readonly RecordedEvent[]) {
      const event = { type: recorded.type, data: recorded.data } as OrgEvent;
      const at = recorded.recordedAt.toISOString();
      switch (event.type) {
        case 'MasterAgentRegistered':
          await sql`insert into ${t('org_master_agents')} values (${event.data.master_agent_id}, ${event.data.name}, ${at})`.execute(db);
          break;
        case 'DistributorRegistered':
          await sql`insert into ${t('org_distributors')} values (${event.data.distributor_id}, ${event.data.name}, ${event.data.master_agent_id}, ${at})`.execute(db);
          break;
        case 'RetailerRegistered':
          await sql`insert into ${t('org_retailers')} values (${event.data.retailer_id}, ${event.data.name}, ${event.data.distributor_id}, ${at})`.execute(db);
          break;
        case 'IboMarketCreated':
          await sql`insert into ${t('org_ibo_markets')} (id, name, retailer_id, created_at) values (${event.data.ibo_marketer_id}, ${event.data.name}, ${event.data.retailer_id}, ${at})`.execute(db);
          break;
        case 'OfficeCreated':
          await sql`
            insert into ${t('org_offices')} (id, name, office_number, state_short_name, ibo_marketer_id, lifeline_status, created_at)
            values (${event.data.office_id}, ${event.data.name}, ${event.data.office_number}, ${event.data.state_short_name}, ${event.data.ibo_marketer_id},
              ${event.data.lifeline_status ?? 1}, ${at})`.execute(db);
          break;
        case 'IboMarketRenamed':
          await sql`update ${t('org_ibo_markets')} set name = ${event.data.name} where id = ${event.data.ibo_marketer_id}`.execute(db);
          break;
        case 'IboMarketStatusChanged':
          await sql`update ${t('org_ibo_markets')} set status = ${event.data.status} where id = ${event.data.ibo_marketer_id}`.execute(db);
          break;
        case 'OfficeInviteSettingChanged':
          await sql`update ${t('org_offices')} set lifeline_status = ${event.data.lifeline_status} where id = ${event.data.office_id}`.execute(db);
          break;
        case 'OfficeStatusChanged':
          await sql`update ${t('org_offices')} set status = ${event.data.status} where id = ${event.data.office_id}`.execute(db);
          break;
        case 'IboMarketManagersAssigned':
        case 'OfficeManagersAssigned': {
          const unit = event.type === 'OfficeManagersAssigned' ? event.data.office_id : event.data.ibo_marketer_id;
          await sql`delete from ${t('org_unit_managers')} where unit_id = ${unit}`.execute(db);
          const rows = [
            ...event.data.manager_ids.map((user) => ({ user, kind: 'manager' })),
            ...event.data.supervisor_ids.map((user) => ({ user, kind: 'supervisor' })),
          ];
          for (const row of rows) {
            await sql`insert into ${t('org_unit_managers')} values (${unit}, ${row.user}, ${row.kind}) on conflict do nothing`.execute(db);
          }
          break;
        }
        case 'UserCreated': {
          const user = event.data;
          await sql`
            insert into ${t('org_users')} (id, email, first_name, middle_name, last_name, mobile_number, role_ids, office_id, ibo_marketer_id,
              retailer_id, distributor_id, master_agent_id, address, city, state, zip, gender_id, dob, application_date, rad, promo_code, excess_code,
              status, password_changed, created_at, updated_at)
            values (${user.user_id}, ${user.email}, ${user.first_name}, ${user.middle_name ?? null}, ${user.last_name}, ${user.mobile_number ?? null},
              ${user.role_ids}::integer[], ${user.office_id ?? null}, ${user.ibo_marketer_id ?? null}, ${user.retailer_id ?? null},
              ${user.distributor_id ?? null}, ${user.master_agent_id ?? null}, ${user.address ?? null}, ${user.city ?? null}, ${user.state ?? null},
              ${user.zip ?? null}, ${user.gender_id ?? null}, ${user.dob ?? null}, ${user.application_date ?? null}, ${user.rad ?? null},
              ${user.promo_code ?? null}, ${user.excess_code ?? null}, 1, 0, ${at}, ${at})`.execute(db);
          break;
        }
        case 'UserRegistered':
          // Signed up on their own: no role, so no access until an administrator gives one.
          await sql`
            insert into ${t('org_users')} (id, email, role_ids, status, password_changed, created_at, updated_at)
            values (${event.data.user_id}, ${event.data.email}, '{}', 0, 1, ${at}, ${at})`.execute(db);
          break;
        case 'UserRolesChanged':
          await sql`
            update ${t('org_users')} set role_ids = ${event.data.role_ids}::integer[], status = case when cardinality(${event.data.role_ids}::integer[]) > 0 then 1 else 0 end,
              updated_at = ${at} where id = ${event.data.user_id}`.execute(db);
          break;
        case 'UserProfileEdited': {
          // The whole form: a field left empty is cleared.
          const user = event.data;
          await sql`
            update ${t('org_users')} set first_name = ${user.first_name}, middle_name = ${user.middle_name ?? null}, last_name = ${user.last_name},
              ibo_marketer_id = ${user.ibo_marketer_id ?? null}, retailer_id = ${user.retailer_id ?? null}, distributor_id = ${user.distributor_id ?? null},
              master_agent_id = ${user.master_agent_id ?? null}, address = ${user.address ?? null}, city = ${user.city ?? null}, state = ${user.state ?? null},
              zip = ${user.zip ?? null}, gender_id = ${user.gender_id ?? null}, dob = ${user.dob ?? null}, application_date = ${user.application_date ?? null},
              rad = ${user.rad ?? null}, promo_code = ${user.promo_code ?? null}, excess_code = ${user.excess_code ?? null}, updated_at = ${at}
            where id = ${user.user_id}`.execute(db);
          break;
        }
        case 'AgentOfficeChanged':
          // The agent's market is their office's: a move to an office of another market moves them there.
          await sql`
            update ${t('org_users')} set office_id = ${event.data.office_id},
              ibo_marketer_id = coalesce((select o.ibo_marketer_id from ${t('org_offices')} o where o.id = ${event.data.office_id}), ibo_marketer_id),
              updated_at = ${at}
            where id = ${event.data.user_id}`.execute(db);
          break;
        case 'UserPasswordChanged':
          await sql`update ${t('org_users')} set password_changed = 1, updated_at = ${at} where id = ${event.data.user_id}`.execute(db);
          break;
      }
    }
  },
};
