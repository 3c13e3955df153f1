import { ROLE, ROLE_NAMES, type RoleId, type UserListSortKey, type UserRow, agentStatuses } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern } from '../sql/text';
import type { Scope } from './org.queries';

/** The Users list (doc 3 §2 /employee, §7 GET /api/v1/users) and its export. */

export interface UserFilters {
  readonly role?: readonly number[];
  readonly status?: readonly number[];
  readonly search_text?: string;
  readonly office_id?: string;
  readonly ibo_marketer_id?: string;
}

export interface SortedUserFilters extends UserFilters {
  readonly sort_by?: UserListSortKey;
  readonly sort?: 'ASC' | 'DESC';
}

/**
 * Whom a scope administers among users (the Users list, Edit User): a retailer's or IBO/market's
 * people by their own retailer or market or the office they work in, an office's (working there or
 * managing it), an agent themself. Stricter than the lookups' `userInScope`, which lets an IBO
 * manager's lookups reach their retailer's people: the list never shows someone above the viewer's unit.
 */
export function userAdministeredBy(scope: Scope, user: string): RawBuilder<boolean> {
  const u = (column: string) => sql.ref(`${user}.${column}`);
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'retailer':
      return sql<boolean>`(${u('retailer_id')} = any(${[...scope.retailerIds]}::text[])
        or ${u('ibo_marketer_id')} in (select i.id from rm.org_ibo_markets i where i.retailer_id = any(${[...scope.retailerIds]}::text[]))
        or ${u('office_id')} in (select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id where i.retailer_id = any(${[...scope.retailerIds]}::text[])))`;
    case 'market':
      return sql<boolean>`(${u('ibo_marketer_id')} = any(${[...scope.iboMarketerIds]}::text[])
        or ${u('office_id')} in (select o.id from rm.org_offices o where o.ibo_marketer_id = any(${[...scope.iboMarketerIds]}::text[])))`;
    case 'office':
      return sql<boolean>`(${u('office_id')} = any(${[...scope.officeIds]}::text[])
        or ${u('id')} in (select m.user_id from rm.org_unit_managers m where m.unit_id = any(${[...scope.officeIds]}::text[])))`;
    case 'agent':
      return sql<boolean>`${u('id')} = ${scope.agentId}`;
  }
}

const SORT_COLUMNS: Record<UserListSortKey, RawBuilder<unknown>> = {
  first_name: sql`u.first_name`,
  middle_name: sql`u.middle_name`,
  last_name: sql`u.last_name`,
  email: sql`lower(u.email)`,
  mobile_number: sql`u.mobile_number`,
  office_number: sql`o.office_number`,
  user_ibo_market_name: sql`i.name`,
  rad: sql`u.rad`,
  excess_code: sql`u.excess_code`,
  address: sql`u.address`,
  city: sql`u.city`,
  state: sql`u.state`,
  zip: sql`u.zip`,
  status: sql`u.status`,
  updated_at: sql`u.updated_at`,
  created_at: sql`u.created_at`,
};

const FROM = sql`from rm.org_users u left join rm.org_offices o on o.id = u.office_id left join rm.org_ibo_markets i on i.id = u.ibo_marketer_id`;

function userWhere(scope: Scope, filters: UserFilters): RawBuilder<boolean> {
  const like = containsPattern(filters.search_text);
  const roles = filters.role && filters.role.length > 0 ? [...filters.role] : null;
  const statuses = filters.status && filters.status.length > 0 ? [...filters.status] : null;
  return sql<boolean>`${userAdministeredBy(scope, 'u')}
    and (${roles}::integer[] is null or u.role_ids && ${roles}::integer[])
    and (${statuses}::smallint[] is null or u.status = any(${statuses}::smallint[]))
    and (${filters.office_id ?? null}::text is null or u.office_id = ${filters.office_id ?? null}
      or u.id in (select m.user_id from rm.org_unit_managers m where m.unit_id = ${filters.office_id ?? null}))
    and (${filters.ibo_marketer_id ?? null}::text is null or u.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${like}::text is null or u.first_name ilike ${like} or u.last_name ilike ${like} or u.middle_name ilike ${like}
      or u.email ilike ${like} or u.mobile_number ilike ${like} or u.rad ilike ${like} or u.excess_code ilike ${like} or o.office_number ilike ${like})`;
}

interface UserRecord extends Omit<UserRow, 'role_info' | 'status_text' | 'office_mapping_info'> {
  readonly role_ids: readonly RoleId[];
  readonly managed_offices: readonly string[];
}

const STATUS_TEXT = new Map<number, string>(agentStatuses.map((status) => [status.id, status.name]));

function toRow({ role_ids, managed_offices, ...user }: UserRecord): UserRow {
  return {
    ...user,
    role_info: role_ids.map((role_id) => ({ role_id, role_name: ROLE_NAMES[role_id] ?? String(role_id) })),
    office_mapping_info: managed_offices.map((office_id) => ({ office_id })),
    status_text: STATUS_TEXT.get(user.status) ?? String(user.status),
  };
}

/** The Users list: users in scope matching the filters, one page in the chosen order (first name by default). */
export async function userList(db: SqlDb, scope: Scope, filters: SortedUserFilters & Paging): Promise<{ data: UserRow[]; total: number; current_page: number }> {
  const where = userWhere(scope, filters);
  const order = SORT_COLUMNS[filters.sort_by ?? 'first_name'];
  const direction = filters.sort === 'DESC' ? sql`desc nulls last` : sql`asc nulls first`;
  const [rows, count] = await Promise.all([
    sql<UserRecord>`
      select u.id, u.first_name, u.middle_name, u.last_name, u.email, u.mobile_number, u.role_ids, u.office_id, o.office_number,
        o.name as office_name, u.ibo_marketer_id, i.name as user_ibo_market_name, u.retailer_id, u.distributor_id, u.master_agent_id, u.address, u.city, u.state, u.zip,
        u.gender_id, to_char(u.dob, 'YYYY-MM-DD') as dob, to_char(u.application_date, 'YYYY-MM-DD') as application_date,
        u.rad, u.promo_code, u.excess_code, u.status,
        to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        coalesce((select array_agg(m.unit_id order by m.unit_id) from rm.org_unit_managers m join rm.org_offices mo on mo.id = m.unit_id
          where m.user_id = u.id), '{}') as managed_offices
      ${FROM}
      where ${where}
      order by ${order} ${direction}, u.id
      ${pageWindow(filters)}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total ${FROM} where ${where}`.execute(db),
  ]);
  return { data: rows.rows.map(toRow), total: Number(count.rows[0]!.total), current_page: filters.page };
}

/** When the users' read model last changed: the list's `last_run_date` (doc 3 §3; our reading). */
export async function usersLastChanged(db: SqlDb): Promise<string | null> {
  const result = await sql<{ at: string | null }>`
    select to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at from rm.org_users`.execute(db);
  return result.rows[0]?.at ?? null;
}

/** A user as Edit User needs them (roles and place), when the scope reaches them; undefined otherwise (missing or out of scope read the same). */
export async function userPlaceInScope(
  db: SqlDb,
  scope: Scope,
  userId: string,
): Promise<{ user_id: string; roles: RoleId[]; office_id: string | null; ibo_marketer_id: string | null; retailer_id: string | null; distributor_id: string | null; master_agent_id: string | null } | undefined> {
  const found = await sql<{ user_id: string; roles: RoleId[]; office_id: string | null; ibo_marketer_id: string | null; retailer_id: string | null; distributor_id: string | null; master_agent_id: string | null }>`
    select u.id as user_id, u.role_ids as roles, u.office_id, u.ibo_marketer_id, u.retailer_id, u.distributor_id, u.master_agent_id
    from rm.org_users u where u.id = ${userId} and ${userAdministeredBy(scope, 'u')}`.execute(db);
  return found.rows[0];
}

/**
 * The agents (role 2) the scope administers, as a row source for other capabilities' lists
 * (onboarding's Agent Summary): one row per agent with the columns of doc 3 §3 agent summary row.
 */
export const agentRowsIn = (scope: Scope): RawBuilder<unknown> => sql`(
  select u.id, u.rad, i.name as user_ibo_market_name, u.ibo_marketer_id, o.office_number, u.office_id, u.first_name, u.middle_name, u.last_name, u.mobile_number, u.email,
    u.excess_code, u.address, u.city, u.state, u.zip, u.status, u.created_at, u.updated_at
  from rm.org_users u left join rm.org_offices o on o.id = u.office_id left join rm.org_ibo_markets i on i.id = u.ibo_marketer_id
  where ${ROLE.AGENT} = any(u.role_ids) and ${userAdministeredBy(scope, 'u')})`;
