import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { type Scope, officeInScope } from './org.queries';

/** The organisation figures a live dashboard shows for one scope (later capabilities add device counts). */
export interface OrgCounts {
  /** Active agents whose office is in the scope. */
  agents: number;
  /** Active offices in the scope. */
  offices: number;
}

export async function orgCounts(db: SqlDb, scope: Scope): Promise<OrgCounts> {
  const result = await sql<{ agents: number; offices: number }>`
    select
      (select count(*)::int from rm.org_users u
        where u.status = 1 and ${ROLE.AGENT} = any(u.role_ids) and u.office_id is not null and ${officeInScope(scope, sql`u.office_id`)}) as agents,
      (select count(*)::int from rm.org_offices o where o.status = 1 and ${officeInScope(scope, sql`o.id`)}) as offices`.execute(db);
  const row = result.rows[0]!;
  return { agents: row.agents, offices: row.offices };
}

/** Where an office sits in the organisation, for fanning a change out to the wider scopes. */
export interface OfficeAncestry {
  office_id: string;
  ibo_marketer_id: string;
  retailer_id: string | null;
}

export async function officeAncestry(db: SqlDb, officeIds: readonly string[]): Promise<OfficeAncestry[]> {
  if (officeIds.length === 0) return [];
  const result = await sql<OfficeAncestry>`
    select o.id as office_id, o.ibo_marketer_id, i.retailer_id
    from rm.org_offices o left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = any(${[...officeIds]}::text[])`.execute(db);
  return result.rows;
}

/** The retailers of IBO/markets. */
export async function marketRetailers(db: SqlDb, marketIds: readonly string[]): Promise<{ ibo_marketer_id: string; retailer_id: string }[]> {
  if (marketIds.length === 0) return [];
  const result = await sql<{ ibo_marketer_id: string; retailer_id: string }>`
    select id as ibo_marketer_id, retailer_id from rm.org_ibo_markets where id = any(${[...marketIds]}::text[])`.execute(db);
  return result.rows;
}

/** The offices of IBO/markets (an IBO manager's socket also joins each office's room). */
export async function officesOfMarkets(db: SqlDb, marketIds: readonly string[]): Promise<string[]> {
  if (marketIds.length === 0) return [];
  const result = await sql<{ id: string }>`select id from rm.org_offices where ibo_marketer_id = any(${[...marketIds]}::text[])`.execute(db);
  return result.rows.map((row) => row.id);
}

/** A user's office in the read model, if any. */
export async function officeOfUser(db: SqlDb, userId: string): Promise<string | null> {
  const result = await sql<{ office_id: string | null }>`select office_id from rm.org_users where id = ${userId}`.execute(db);
  return result.rows[0]?.office_id ?? null;
}
