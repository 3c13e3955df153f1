import { ROLE, type RoleId, type userLookupRoles } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { containsPattern, fullName } from '../sql/text';


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
  // The auditor (issue 23) reads one retailer, or everything when no retailer was given (created by the super role).
  if (roles.includes(ROLE.AUDITOR)) return user.retailer_id ? { kind: 'retailer', retailerIds: [user.retailer_id] } : { kind: 'all' };
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
/** An office as the pickers list it; `short_code` is its state's (doc 2 §5: Order Devices shows phone and tablet fields only for CA). */
export async function officesInScope(db: SqlDb, scope: Scope, term?: string, iboMarketerId?: string, sendInviteOnly = false): Promise<(NamedItem & { office_number: string; short_code: string })[]> {
  const like = containsPattern(term);
  const result = await sql<NamedItem & { office_number: string; short_code: string }>`
    select o.id, o.name, o.office_number, o.state_short_name as short_code from rm.org_offices o
    where o.status = 1 and ${officeInScope(scope, sql`o.id`)}
      and (${like}::text is null or o.name ilike ${like} or o.office_number ilike ${like})
      and (${iboMarketerId ?? null}::text is null or o.ibo_marketer_id = ${iboMarketerId ?? null})
      and (not ${sendInviteOnly} or o.lifeline_status = 1)
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

/** A condition on an IBO/market (its id and retailer columns): does the scope reach it? */
export function marketInScope(scope: Scope, marketColumn: RawBuilder<unknown>, retailerColumn: RawBuilder<unknown>): RawBuilder<boolean> {
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
export function retailerInScope(scope: Scope, retailerColumn: RawBuilder<unknown>): RawBuilder<boolean> {
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

/** `iboMarketerId`: only people of that IBO/market's retailer (who may manage its offices: a new market has none of its own yet). */
export async function usersByRole(db: SqlDb, scope: Scope, lookup: UserLookupRole, term?: string, iboMarketerId?: string): Promise<UserLookupItem[]> {
  const { role, unitKind } = USER_LOOKUP_ROLES[lookup];
  const like = containsPattern(term);
  const result = await sql<UserLookupItem>`
    select u.id, u.first_name, u.last_name, ${fullName('u')} as full_name, u.office_id, o.office_number
    from rm.org_users u left join rm.org_offices o on o.id = u.office_id
    where u.status = 1 and ${role}::integer = any(u.role_ids)
      and ${unitKind === null ? sql`true` : sql`exists (select 1 from rm.org_unit_managers m where m.user_id = u.id and m.kind = ${unitKind})`}
      and ${userInScope(scope)}
      and (${like}::text is null or ${fullName('u')} ilike ${like} or u.email ilike ${like})
      and (${iboMarketerId ?? null}::text is null or u.retailer_id = (select i.retailer_id from rm.org_ibo_markets i where i.id = ${iboMarketerId ?? null}))
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

/** Which of these offices lie in the scope (one query for a batch's offices). */
export async function officeIdsInScope(db: SqlDb, scope: Scope, officeIds: readonly string[]): Promise<Set<string>> {
  if (officeIds.length === 0) return new Set();
  const result = await sql<{ id: string }>`select o.id from rm.org_offices o where o.id = any(${[...officeIds]}::text[]) and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return new Set(result.rows.map((row) => row.id));
}

/** Is this office one the scope reaches? (False for an unknown office too.) */
export async function isOfficeInScope(db: SqlDb, scope: Scope, officeId: string): Promise<boolean> {
  const result = await sql<{ found: number }>`select 1 as found from rm.org_offices o where o.id = ${officeId} and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return result.rows.length > 0;
}

/** People's and offices' names by id (an audit trail names who and where; unknown ids are left out). */
export async function namesOf(db: SqlDb, ids: { readonly users: readonly string[]; readonly offices: readonly string[] }): Promise<{ users: Map<string, string>; offices: Map<string, string> }> {
  const [users, offices] = await Promise.all([
    ids.users.length === 0 ? { rows: [] as { id: string; name: string }[] } : sql<{ id: string; name: string }>`select u.id, ${fullName('u')} as name from rm.org_users u where u.id = any(${[...ids.users]}::text[])`.execute(db),
    ids.offices.length === 0 ? { rows: [] as { id: string; name: string }[] } : sql<{ id: string; name: string }>`select o.id, o.name from rm.org_offices o where o.id = any(${[...ids.offices]}::text[])`.execute(db),
  ]);
  return { users: new Map(users.rows.map((row) => [row.id, row.name])), offices: new Map(offices.rows.map((row) => [row.id, row.name])) };
}
