import { ROLE, type RoleId } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';

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
  const like = term ? `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : undefined;
  const result = await sql<NamedItem & { office_number: string }>`
    select o.id, o.name, o.office_number from rm.org_offices o
    where o.status = 1 and ${officeInScope(scope, sql`o.id`)}
      and (${like ?? null}::text is null or o.name ilike ${like ?? null} or o.office_number ilike ${like ?? null})
    order by o.name limit 200`.execute(db);
  return result.rows;
}
