import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { type Scope, marketInScope, officeInScope, retailerInScope } from './org.queries';

/**
 * What the write side's rules need to know about the organisation (DESIGN.md §3: facts are
 * passed to deciders): existence, scope, who works where, which retailer an office belongs to.
 */

export async function officeExists(db: SqlDb, officeId: string): Promise<boolean> {
  return (await officeStatus(db, officeId)) !== undefined;
}

/** An office's status (1 active, 0 inactive), undefined when there is no such office. */
export async function officeStatus(db: SqlDb, officeId: string): Promise<number | undefined> {
  const found = await sql<{ status: number }>`select status from rm.org_offices where id = ${officeId}`.execute(db);
  return found.rows[0]?.status;
}

/** An active agent of that office. */
export async function isActiveAgentOfOffice(db: SqlDb, agentId: string, officeId: string): Promise<boolean> {
  const found = await sql<{ id: string }>`
    select id from rm.org_users where id = ${agentId} and ${ROLE.AGENT} = any(role_ids) and office_id = ${officeId} and status = 1`.execute(db);
  return found.rows.length > 0;
}

/** An office may receive a transfer from this scope: an active office, one of the scope's own or of the same retailer(s) (a deactivated office receives nothing). */
export async function canReceiveTransfer(db: SqlDb, scope: Scope, officeId: string): Promise<boolean> {
  const found = await sql<{ found: number }>`
    select 1 as found from rm.org_offices o left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = ${officeId} and o.status = 1 and (${officeInScope(scope, sql`o.id`)} or (i.retailer_id in (
      select mi.retailer_id from rm.org_offices mo join rm.org_ibo_markets mi on mi.id = mo.ibo_marketer_id where ${officeInScope(scope, sql`mo.id`)})))`.execute(db);
  return found.rows.length > 0;
}

/** The retailer of each office (offices without one are left out). */
export async function retailersOfOffices(db: SqlDb, officeIds: readonly string[]): Promise<Map<string, string>> {
  if (officeIds.length === 0) return new Map();
  const result = await sql<{ office_id: string; retailer_id: string }>`
    select o.id as office_id, i.retailer_id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = any(${[...officeIds]}::text[])`.execute(db);
  return new Map(result.rows.map((row) => [row.office_id, row.retailer_id]));
}

/** A manager of the office ('' when it has none). */
export async function managerOfOffice(db: SqlDb, officeId: string): Promise<string> {
  const office = await sql<{ user_id: string }>`select user_id from rm.org_unit_managers where unit_id = ${officeId} and kind = 'manager' limit 1`.execute(db);
  return office.rows[0]?.user_id ?? '';
}

/** A retailer the scope reaches, with the chain above it; undefined when missing or out of scope (they read the same). */
export async function retailerPlacement(db: SqlDb, scope: Scope, retailerId: string): Promise<{ id: string; distributor_id: string; master_agent_id: string } | undefined> {
  const found = await sql<{ id: string; distributor_id: string; master_agent_id: string }>`
    select r.id, r.distributor_id, d.master_agent_id from rm.org_retailers r join rm.org_distributors d on d.id = r.distributor_id
    where r.id = ${retailerId} and ${retailerInScope(scope, sql`r.id`)}`.execute(db);
  return found.rows[0];
}

/** An IBO/market the scope reaches, with the chain above it and its status; undefined when missing or out of scope. */
export async function marketPlacement(
  db: SqlDb,
  scope: Scope,
  marketId: string,
): Promise<{ id: string; retailer_id: string; distributor_id: string; master_agent_id: string; status: number } | undefined> {
  const found = await sql<{ id: string; retailer_id: string; distributor_id: string; master_agent_id: string; status: number }>`
    select i.id, i.retailer_id, r.distributor_id, d.master_agent_id, i.status
    from rm.org_ibo_markets i join rm.org_retailers r on r.id = i.retailer_id join rm.org_distributors d on d.id = r.distributor_id
    where i.id = ${marketId} and ${marketInScope(scope, sql`i.id`, sql`i.retailer_id`)}`.execute(db);
  return found.rows[0];
}

/** An office the scope reaches, with its market, retailer, status and Send Invite setting; undefined when missing or out of scope. */
export async function officePlacement(
  db: SqlDb,
  scope: Scope,
  officeId: string,
): Promise<{ id: string; name: string; ibo_marketer_id: string; retailer_id: string; status: number; lifeline_status: number } | undefined> {
  const found = await sql<{ id: string; name: string; ibo_marketer_id: string; retailer_id: string; status: number; lifeline_status: number }>`
    select o.id, o.name, o.ibo_marketer_id, i.retailer_id, o.status, o.lifeline_status from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = ${officeId} and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return found.rows[0];
}

/** The active agents of an office (a manager's message goes to them). */
export async function activeAgentIdsOfOffice(db: SqlDb, officeId: string): Promise<string[]> {
  const found = await sql<{ id: string }>`select id from rm.org_users where ${ROLE.AGENT} = any(role_ids) and office_id = ${officeId} and status = 1 order by id`.execute(db);
  return found.rows.map((row) => row.id);
}

/** Who a person is, as a signature certificate prints them: name, e-mail, roles, and their office (or the first unit they manage). */
export async function signerFacts(db: SqlDb, userId: string): Promise<{ name: string; email: string; role_ids: number[]; unit_name: string | null } | undefined> {
  const found = await sql<{ name: string; email: string; role_ids: number[]; unit_name: string | null }>`
    select trim(u.first_name || ' ' || u.last_name) as name, u.email, u.role_ids,
      coalesce((select o.name from rm.org_offices o where o.id = u.office_id),
        (select coalesce(o.name, i.name) from rm.org_unit_managers m left join rm.org_offices o on o.id = m.unit_id left join rm.org_ibo_markets i on i.id = m.unit_id
         where m.user_id = u.id order by m.kind, coalesce(o.name, i.name) limit 1),
        (select i.name from rm.org_ibo_markets i where i.id = u.ibo_marketer_id)) as unit_name
    from rm.org_users u where u.id = ${userId}`.execute(db);
  return found.rows[0];
}
