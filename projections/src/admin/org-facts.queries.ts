import { ROLE } from '@portal/contracts';
import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { type Scope, officeInScope } from './org.queries';

/**
 * What the write side's rules need to know about the organisation (DESIGN.md §3: facts are
 * passed to deciders): existence, scope, who works where, which retailer an office belongs to.
 */

export async function officeExists(db: SqlDb, officeId: string): Promise<boolean> {
  const found = await sql<{ id: string }>`select id from rm.org_offices where id = ${officeId}`.execute(db);
  return found.rows.length > 0;
}

/** An active agent of that office. */
export async function isActiveAgentOfOffice(db: SqlDb, agentId: string, officeId: string): Promise<boolean> {
  const found = await sql<{ id: string }>`
    select id from rm.org_users where id = ${agentId} and ${ROLE.AGENT} = any(role_ids) and office_id = ${officeId} and status = 1`.execute(db);
  return found.rows.length > 0;
}

/** An office may receive a transfer from this scope: one of the scope's own, or an active office of the same retailer(s). */
export async function canReceiveTransfer(db: SqlDb, scope: Scope, officeId: string): Promise<boolean> {
  const found = await sql<{ found: number }>`
    select 1 as found from rm.org_offices o left join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = ${officeId} and (${officeInScope(scope, sql`o.id`)} or (o.status = 1 and i.retailer_id in (
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
