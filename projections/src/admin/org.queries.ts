import { ROLE, type RoleId, type userLookupRoles } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { keysetPages } from '../runner/keyset-pages';

/** A case-insensitive "contains" pattern for ilike, with the user's % and _ taken literally. */
const likePattern = (term: string | undefined) => (term ? `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null);

export interface OrgUser {
  id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  role_ids: RoleId[];
  office_id: string | null;
  ibo_marketer_id: string | null;
  retailer_id: string | null;
  status: number;
  password_changed: number;
}

export async function findOrgUser(db: SqlDb, userId: string): Promise<OrgUser | undefined> {
  const result = await sql<OrgUser>`
    select id, email, first_name, middle_name, last_name, role_ids, office_id, ibo_marketer_id, retailer_id, status, password_changed
    from rm.org_users where id = ${userId}`.execute(db);
  return result.rows[0];
}

/**
 * What a user may see and act on (DESIGN.md §11), resolved from the organisation at the time
 * of the request: everything, a retailer, IBO/markets, offices, or only their own (an agent).
 */
export type Scope =
  | { readonly kind: 'all' }
  | { readonly kind: 'retailer'; readonly retailerIds: readonly string[] }
  | { readonly kind: 'market'; readonly iboMarketerIds: readonly string[] }
  | { readonly kind: 'office'; readonly officeIds: readonly string[] }
  | { readonly kind: 'agent'; readonly agentId: string };

/** The widest scope the user's roles give; an agent-only user sees their own. */
export async function resolveScope(db: SqlDb, user: Pick<OrgUser, 'id' | 'role_ids' | 'retailer_id' | 'ibo_marketer_id'>): Promise<Scope> {
  const roles = user.role_ids;
  if (roles.includes(ROLE.SUPER_ADMIN)) return { kind: 'all' };
  if (roles.includes(ROLE.RETAILER_MANAGER) || roles.includes(ROLE.RETAILER)) {
    return { kind: 'retailer', retailerIds: user.retailer_id ? [user.retailer_id] : [] };
  }
  if (roles.includes(ROLE.IBO_MANAGER)) {
    const managed = await sql<{ unit_id: string }>`
      select m.unit_id from rm.org_unit_managers m join rm.org_ibo_markets i on i.id = m.unit_id where m.user_id = ${user.id}`.execute(db);
    const ids = new Set(managed.rows.map((row) => row.unit_id));
    if (user.ibo_marketer_id) ids.add(user.ibo_marketer_id);
    return { kind: 'market', iboMarketerIds: [...ids] };
  }
  if (roles.includes(ROLE.OFFICE_MANAGER) || roles.includes(ROLE.OFFICE_SUPERVISOR)) {
    const managed = await sql<{ unit_id: string }>`
      select m.unit_id from rm.org_unit_managers m join rm.org_offices o on o.id = m.unit_id where m.user_id = ${user.id}`.execute(db);
    return { kind: 'office', officeIds: managed.rows.map((row) => row.unit_id) };
  }
  return { kind: 'agent', agentId: user.id };
}

/** A condition on an office id column: is this office inside the scope? */
export function officeInScope(scope: Scope, officeColumn: RawBuilder<unknown>): RawBuilder<boolean> {
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'retailer':
      return sql<boolean>`${officeColumn} in (select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id where i.retailer_id = any(${[...scope.retailerIds]}::text[]))`;
    case 'market':
      return sql<boolean>`${officeColumn} in (select o.id from rm.org_offices o where o.ibo_marketer_id = any(${[...scope.iboMarketerIds]}::text[]))`;
    case 'office':
      return sql<boolean>`${officeColumn} = any(${[...scope.officeIds]}::text[])`;
    case 'agent':
      return sql<boolean>`${officeColumn} in (select u.office_id from rm.org_users u where u.id = ${scope.agentId})`;
  }
}

export interface NamedItem {
  id: string;
  name: string;
}

/** Offices in scope whose name or number starts a word with `term`, for type-aheads and pickers. */
export async function officesInScope(db: SqlDb, scope: Scope, term?: string): Promise<(NamedItem & { office_number: string })[]> {
  const like = likePattern(term);
  const result = await sql<NamedItem & { office_number: string }>`
    select o.id, o.name, o.office_number from rm.org_offices o
    where o.status = 1 and ${officeInScope(scope, sql`o.id`)}
      and (${like}::text is null or o.name ilike ${like} or o.office_number ilike ${like})
    order by o.name limit 200`.execute(db);
  return result.rows;
}

/** IBO/markets in scope (a market is in scope when any of its offices could be, or it is the caller's). */
export async function iboMarketsInScope(db: SqlDb, scope: Scope): Promise<NamedItem[]> {
  const result = await sql<NamedItem>`
    select i.id, i.name from rm.org_ibo_markets i
    where i.status = 1 and ${marketInScope(scope, sql`i.id`, sql`i.retailer_id`)}
    order by i.name`.execute(db);
  return result.rows;
}

function marketInScope(scope: Scope, marketColumn: RawBuilder<unknown>, retailerColumn: RawBuilder<unknown>): RawBuilder<boolean> {
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'retailer':
      return sql<boolean>`${retailerColumn} = any(${[...scope.retailerIds]}::text[])`;
    case 'market':
      return sql<boolean>`${marketColumn} = any(${[...scope.iboMarketerIds]}::text[])`;
    case 'office':
      return sql<boolean>`${marketColumn} in (select o.ibo_marketer_id from rm.org_offices o where o.id = any(${[...scope.officeIds]}::text[]))`;
    case 'agent':
      return sql<boolean>`${marketColumn} in (select o.ibo_marketer_id from rm.org_offices o join rm.org_users u on u.office_id = o.id where u.id = ${scope.agentId})`;
  }
}

/** The retailer ids a scope reaches. */
function retailerInScope(scope: Scope, retailerColumn: RawBuilder<unknown>): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.kind === 'retailer') return sql<boolean>`${retailerColumn} = any(${[...scope.retailerIds]}::text[])`;
  return sql<boolean>`${retailerColumn} in (select i.retailer_id from rm.org_ibo_markets i where ${marketInScope(scope, sql`i.id`, sql`i.retailer_id`)})`;
}

export async function retailersInScope(db: SqlDb, scope: Scope): Promise<NamedItem[]> {
  const result = await sql<NamedItem>`select r.id, r.name from rm.org_retailers r where ${retailerInScope(scope, sql`r.id`)} order by r.name`.execute(db);
  return result.rows;
}

export async function distributorsInScope(db: SqlDb, scope: Scope): Promise<NamedItem[]> {
  const result = await sql<NamedItem>`
    select d.id, d.name from rm.org_distributors d
    where ${scope.kind === 'all' ? sql`true` : sql`d.id in (select r.distributor_id from rm.org_retailers r where ${retailerInScope(scope, sql`r.id`)})`}
    order by d.name`.execute(db);
  return result.rows;
}

export async function masterAgentsInScope(db: SqlDb, scope: Scope): Promise<NamedItem[]> {
  const result = await sql<NamedItem>`
    select m.id, m.name from rm.org_master_agents m
    where ${
      scope.kind === 'all'
        ? sql`true`
        : sql`m.id in (select d.master_agent_id from rm.org_distributors d join rm.org_retailers r on r.distributor_id = d.id where ${retailerInScope(scope, sql`r.id`)})`
    }
    order by m.name`.execute(db);
  return result.rows;
}

/** Users lookups by role key (doc 3 §7 Users), in scope; agents match `term` on their names. */
export const USER_LOOKUP_ROLES = {
  agent: { role: ROLE.AGENT, unitKind: null },
  office_manager: { role: ROLE.OFFICE_MANAGER, unitKind: null },
  office_supervisor: { role: ROLE.OFFICE_SUPERVISOR, unitKind: null },
  ibo_manager: { role: ROLE.IBO_MANAGER, unitKind: null },
  ibo_supervisor: { role: ROLE.IBO_MANAGER, unitKind: 'supervisor' },
} as const satisfies Record<(typeof userLookupRoles)[number], { role: RoleId; unitKind: 'supervisor' | null }>;
export type UserLookupRole = keyof typeof USER_LOOKUP_ROLES;

export interface UserLookupItem {
  id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  office_id: string | null;
  office_number: string | null;
}

export async function usersByRole(db: SqlDb, scope: Scope, lookup: UserLookupRole, term?: string): Promise<UserLookupItem[]> {
  const { role, unitKind } = USER_LOOKUP_ROLES[lookup];
  const like = likePattern(term);
  const result = await sql<UserLookupItem>`
    select u.id, u.first_name, u.last_name, trim(u.first_name || ' ' || u.last_name) as full_name, u.office_id, o.office_number
    from rm.org_users u left join rm.org_offices o on o.id = u.office_id
    where u.status = 1 and ${role}::integer = any(u.role_ids)
      and ${unitKind === null ? sql`true` : sql`exists (select 1 from rm.org_unit_managers m where m.user_id = u.id and m.kind = ${unitKind})`}
      and ${userInScope(scope)}
      and (${like}::text is null or (u.first_name || ' ' || u.last_name) ilike ${like} or u.email ilike ${like})
    order by u.first_name, u.last_name limit 200`.execute(db);
  return result.rows;
}

/** Users the scope reaches: by their office, else by their IBO/market, else by their retailer. */
function userInScope(scope: Scope): RawBuilder<boolean> {
  if (scope.kind === 'all') return sql<boolean>`true`;
  if (scope.kind === 'agent') return sql<boolean>`u.id = ${scope.agentId}`;
  return sql<boolean>`(
    (u.office_id is not null and ${officeInScope(scope, sql`u.office_id`)})
    or (u.office_id is null and u.ibo_marketer_id is not null and ${marketInScope(scope, sql`u.ibo_marketer_id`, sql`(select i.retailer_id from rm.org_ibo_markets i where i.id = u.ibo_marketer_id)`)})
    or (u.office_id is null and u.ibo_marketer_id is null and u.retailer_id is not null and ${retailerInScope(scope, sql`u.retailer_id`)})
  )`;
}

export interface OfficeListFilters {
  page: number;
  results: number;
  status?: number;
  search_text?: string;
  ibo_marketer_id?: string;
  office_id?: string;
  sort_by?: 'name' | 'office_number' | 'ibo_marketer_name' | 'created_at' | 'status' | 'state_short_name';
  sort?: 'ASC' | 'DESC';
}

export interface PeopleRef {
  user_id: string;
  name: string;
}

export interface OfficeRow {
  id: string;
  name: string;
  office_number: string;
  state_short_name: string;
  ibo_marketer_id: string;
  ibo_marketer_name: string;
  status: number;
  get_manager_info: PeopleRef[];
  get_supervisor_info: PeopleRef[];
  get_ibo_manager_info: PeopleRef[];
  master_agent_name: string;
  distributor_name: string;
  retailer_name: string;
  created_at: Date;
  /**
   * The status of the last compliance form sent to the office for review (doc 3 §3, §4: 3
   * rejected, 4 accepted …); null while none was sent. Forms are sent by the documents
   * capability, which is not built yet, so it is null for every office today.
   */
  form_status: number | null;
}

const OFFICE_SORT_COLUMNS: Record<NonNullable<OfficeListFilters['sort_by']>, RawBuilder<unknown>> = {
  name: sql`o.name`,
  office_number: sql`o.office_number`,
  ibo_marketer_name: sql`i.name`,
  created_at: sql`o.created_at`,
  status: sql`o.status`,
  state_short_name: sql`o.state_short_name`,
};

const managersOf = (unit: RawBuilder<unknown>, kind: 'manager' | 'supervisor') => sql`
  coalesce((select json_agg(json_build_object('user_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) order by u.first_name)
    from rm.org_unit_managers m join rm.org_users u on u.id = m.user_id where m.unit_id = ${unit} and m.kind = ${kind}), '[]'::json)`;

/** The Office list's filters that choose rows (no paging, no order): the list and its export share them. */
export type OfficeFilters = Pick<OfficeListFilters, 'status' | 'search_text' | 'ibo_marketer_id' | 'office_id'>;

/** Offices in scope matching the filters; `o` is the office and `i` its IBO/market. */
function officeWhere(scope: Scope, filters: OfficeFilters): RawBuilder<boolean> {
  const like = likePattern(filters.search_text);
  return sql<boolean>`${officeInScope(scope, sql`o.id`)}
    and (${filters.status ?? null}::smallint is null or o.status = ${filters.status ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or o.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${filters.office_id ?? null}::text is null or o.id = ${filters.office_id ?? null})
    and (${like}::text is null or o.name ilike ${like} or o.office_number ilike ${like} or i.name ilike ${like})`;
}

/** An office's own columns and its chain's names; `o` the office, `i` its IBO/market. No form is sent yet (see OfficeRow.form_status). */
const OFFICE_COLUMNS = sql`
  o.id, o.name, o.office_number, o.state_short_name, o.ibo_marketer_id, i.name as ibo_marketer_name, o.status,
  ma.name as master_agent_name, d.name as distributor_name, r.name as retailer_name, o.created_at, null::smallint as form_status`;
const OFFICE_FROM = sql`
  from rm.org_offices o
  join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
  join rm.org_retailers r on r.id = i.retailer_id
  join rm.org_distributors d on d.id = r.distributor_id
  join rm.org_master_agents ma on ma.id = d.master_agent_id`;

/** A list page's rows (ten or so): the manager lists by a subquery each. */
const OFFICE_ROW_SELECT = sql`
  select ${OFFICE_COLUMNS},
    ${managersOf(sql`o.id`, 'manager')} as get_manager_info, ${managersOf(sql`o.id`, 'supervisor')} as get_supervisor_info,
    ${managersOf(sql`i.id`, 'manager')} as get_ibo_manager_info
  ${OFFICE_FROM}`;

/** The Office list (doc 3 Office list; GET /api/v1/offices), paged, in scope. */
export async function officeList(db: SqlDb, scope: Scope, filters: OfficeListFilters): Promise<{ data: OfficeRow[]; total: number; current_page: number }> {
  const where = officeWhere(scope, filters);
  const order = OFFICE_SORT_COLUMNS[filters.sort_by ?? 'name'];
  const direction = filters.sort === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, total] = await Promise.all([
    sql<OfficeRow>`${OFFICE_ROW_SELECT}
      where ${where}
      order by ${order} ${direction}, o.id
      limit ${filters.results} offset ${(filters.page - 1) * filters.results}`.execute(db),
    officeCount(db, scope, filters),
  ]);
  return { data: rows.rows, total, current_page: filters.page };
}

/** How many offices the Office list shows for these filters, in scope. */
export async function officeCount(db: SqlDb, scope: Scope, filters: OfficeFilters): Promise<number> {
  const count = await sql<{ total: string }>`
    select count(*)::text as total from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id where ${officeWhere(scope, filters)}`.execute(db);
  return Number(count.rows[0]!.total);
}

/** The office columns without the manager lists, which officePages fetches once per page. */
const OFFICE_PAGE_SELECT = sql`select ${OFFICE_COLUMNS} ${OFFICE_FROM}`;

type OfficeColumns = Omit<OfficeRow, 'get_manager_info' | 'get_supervisor_info' | 'get_ibo_manager_info'>;

/**
 * The managers and add-on managers of a page of offices (sorted by id) and of their markets, in
 * ONE query: the offices' by an index range over the page's id span (not an array of ids, not
 * three subqueries a row), the few markets' by their ids.
 */
async function withManagers(db: SqlDb, rows: OfficeColumns[]): Promise<OfficeRow[]> {
  const first = rows[0]!.id;
  const last = rows[rows.length - 1]!.id;
  const markets = [...new Set(rows.map((row) => row.ibo_marketer_id))];
  const people = await sql<{ unit_id: string; kind: 'manager' | 'supervisor'; user_id: string; name: string }>`
    select m.unit_id, m.kind, u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name
    from (
      select unit_id, user_id, kind from rm.org_unit_managers where unit_id between ${first} and ${last}
      union all
      select unit_id, user_id, kind from rm.org_unit_managers where unit_id = any(${markets}::text[])
    ) m join rm.org_users u on u.id = m.user_id
    order by u.first_name`.execute(db);
  const managers = new Map<string, PeopleRef[]>();
  const supervisors = new Map<string, PeopleRef[]>();
  for (const person of people.rows) {
    const byUnit = person.kind === 'manager' ? managers : supervisors;
    const list = byUnit.get(person.unit_id);
    if (list) list.push({ user_id: person.user_id, name: person.name });
    else byUnit.set(person.unit_id, [{ user_id: person.user_id, name: person.name }]);
  }
  const none: PeopleRef[] = [];
  // New objects of one fixed shape: adding properties to the driver's row objects (or spreading them) is ~60x slower.
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    office_number: row.office_number,
    state_short_name: row.state_short_name,
    ibo_marketer_id: row.ibo_marketer_id,
    ibo_marketer_name: row.ibo_marketer_name,
    status: row.status,
    get_manager_info: managers.get(row.id) ?? none,
    get_supervisor_info: supervisors.get(row.id) ?? none,
    get_ibo_manager_info: managers.get(row.ibo_marketer_id) ?? none,
    master_agent_name: row.master_agent_name,
    distributor_name: row.distributor_name,
    retailer_name: row.retailer_name,
    created_at: row.created_at,
    form_status: row.form_status,
  }));
}

/**
 * The Office list's rows (same filters, same scope) in pages of `pageSize`, keyset by office id,
 * so that an export of any size reads with flat memory and no offset scans. The next page is
 * already being read while the caller writes this one.
 */
export async function* officePages(db: SqlDb, scope: Scope, filters: OfficeFilters, pageSize = 2000): AsyncGenerator<OfficeRow[]> {
  const where = officeWhere(scope, filters);
  const read = async (after: string | null): Promise<OfficeRow[]> => {
    const page = await sql<OfficeColumns>`${OFFICE_PAGE_SELECT}
      where ${where} and (${after}::text is null or o.id > ${after})
      order by o.id
      limit ${pageSize}`.execute(db);
    return page.rows.length === 0 ? [] : withManagers(db, page.rows);
  };
  yield* keysetPages(read, (row) => row.id, pageSize);
}

/** Is this office one the scope reaches? (False for an unknown office too.) */
/** Which of these offices lie in the scope (one query for a batch's offices). */
export async function officeIdsInScope(db: SqlDb, scope: Scope, officeIds: readonly string[]): Promise<Set<string>> {
  if (officeIds.length === 0) return new Set();
  const result = await sql<{ id: string }>`select o.id from rm.org_offices o where o.id = any(${[...officeIds]}::text[]) and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return new Set(result.rows.map((row) => row.id));
}

export async function isOfficeInScope(db: SqlDb, scope: Scope, officeId: string): Promise<boolean> {
  const result = await sql<{ found: number }>`select 1 as found from rm.org_offices o where o.id = ${officeId} and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return result.rows.length > 0;
}
