import { unitFormColumns } from '../documents/documents.queries';
import type { MarketRow, Page } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { SqlDb } from '../runner/ports';
import { type Paging, pageWindow } from '../sql/paging';
import { containsPattern, fullName } from '../sql/text';
import { type Scope, marketInScope, officeInScope } from './org.queries';

/** The IBO/Market list (doc 3 §2, §7 GET /api/v1/ibo_marketers) and its export. */

export interface MarketFilters {
  readonly status?: number;
  readonly search_text?: string;
  readonly retailer_id?: string;
  readonly ibo_marketer_id?: string;
  readonly sort_by?: 'name' | 'retailer_name' | 'created_at' | 'status';
  readonly sort?: 'ASC' | 'DESC';
}

const SORT_COLUMNS: Record<NonNullable<MarketFilters['sort_by']>, RawBuilder<unknown>> = {
  name: sql`i.name`,
  retailer_name: sql`r.name`,
  created_at: sql`i.created_at`,
  status: sql`i.status`,
};

const managersOf = (kind: 'manager' | 'supervisor') => sql`
  coalesce((select json_agg(json_build_object('user_id', u.id, 'name', ${fullName('u')}) order by u.first_name, u.last_name)
    from rm.org_unit_managers m join rm.org_users u on u.id = m.user_id where m.unit_id = i.id and m.kind = ${kind}), '[]'::json)`;

export async function marketList(db: SqlDb, scope: Scope, filters: MarketFilters & Paging): Promise<Page<MarketRow>> {
  const like = containsPattern(filters.search_text);
  const where = sql<boolean>`${marketInScope(scope, sql`i.id`, sql`i.retailer_id`)}
    and (${filters.status ?? null}::smallint is null or i.status = ${filters.status ?? null})
    and (${filters.retailer_id ?? null}::text is null or i.retailer_id = ${filters.retailer_id ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or i.id = ${filters.ibo_marketer_id ?? null})
    and (${like}::text is null or i.name ilike ${like} or r.name ilike ${like})`;
  const from = sql`from rm.org_ibo_markets i join rm.org_retailers r on r.id = i.retailer_id
    join rm.org_distributors d on d.id = r.distributor_id join rm.org_master_agents ma on ma.id = d.master_agent_id`;
  const direction = filters.sort === 'DESC' ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    sql<MarketRow>`
      select i.id, i.name, i.retailer_id, i.status, ${managersOf('manager')} as get_manager_info, ${managersOf('supervisor')} as get_supervisor_info,
        ma.name as master_agent_name, d.name as distributor_name, r.name as retailer_name,
        to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, ${unitFormColumns(sql`i.id`)}
      ${from} where ${where}
      order by ${SORT_COLUMNS[filters.sort_by ?? 'name']} ${direction}, i.id
      ${pageWindow(filters)}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total ${from} where ${where}`.execute(db),
  ]);
  return { data: rows.rows, total: Number(count.rows[0]!.total), current_page: filters.page };
}

/** An IBO/market the scope reaches, for its edit and status commands: its retailer, status and offices. */
export async function marketForChange(db: SqlDb, scope: Scope, marketId: string): Promise<{ id: string; name: string; retailer_id: string; status: number; office_ids: string[] } | undefined> {
  const found = await sql<{ id: string; name: string; retailer_id: string; status: number; office_ids: string[] }>`
    select i.id, i.name, i.retailer_id, i.status, coalesce((select array_agg(o.id) from rm.org_offices o where o.ibo_marketer_id = i.id), '{}') as office_ids
    from rm.org_ibo_markets i where i.id = ${marketId} and ${marketInScope(scope, sql`i.id`, sql`i.retailer_id`)}`.execute(db);
  return found.rows[0];
}

/** Whether a retailer already has an IBO/market of this name (case and spacing aside), other than `except`. */
export async function marketNameTaken(db: SqlDb, retailerId: string, name: string, except?: string): Promise<boolean> {
  const found = await sql<{ id: string }>`
    select id from rm.org_ibo_markets where retailer_id = ${retailerId} and lower(btrim(name)) = lower(btrim(${name})) and (${except ?? null}::text is null or id <> ${except ?? null})`.execute(db);
  return found.rows.length > 0;
}

/** Of these users, the active ones working for the retailer and their roles (who may be chosen as a unit's manager). */
export async function usersOfRetailer(db: SqlDb, retailerId: string, userIds: readonly string[]): Promise<Map<string, readonly number[]>> {
  if (userIds.length === 0) return new Map();
  const found = await sql<{ id: string; role_ids: number[] }>`
    select id, role_ids from rm.org_users where id = any(${[...userIds]}::text[]) and status = 1 and retailer_id = ${retailerId}`.execute(db);
  return new Map(found.rows.map((row) => [row.id, row.role_ids]));
}

/** Active agents working in these offices (an office or market that has them cannot be deactivated). */
export async function activeAgentsIn(db: SqlDb, officeIds: readonly string[]): Promise<number> {
  if (officeIds.length === 0) return 0;
  const found = await sql<{ n: number }>`
    select count(*)::int as n from rm.org_users where office_id = any(${[...officeIds]}::text[]) and status = 1 and 2 = any(role_ids)`.execute(db);
  return found.rows[0]!.n;
}

/** An office the scope reaches, for its edit and status commands: its market's retailer, status and Send Invite setting. */
export async function officeForChange(
  db: SqlDb,
  scope: Scope,
  officeId: string,
): Promise<{ id: string; name: string; ibo_marketer_id: string; retailer_id: string; status: number; lifeline_status: number } | undefined> {
  const found = await sql<{ id: string; name: string; ibo_marketer_id: string; retailer_id: string; status: number; lifeline_status: number }>`
    select o.id, o.name, o.ibo_marketer_id, i.retailer_id, o.status, o.lifeline_status from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
    where o.id = ${officeId} and ${officeInScope(scope, sql`o.id`)}`.execute(db);
  return found.rows[0];
}

/** The highest office number given so far (OF012 → 12); numbers that do not follow the OF### form are skipped. */
export async function highestOfficeNumber(db: SqlDb): Promise<number> {
  const found = await sql<{ n: number | null }>`
    select max(substring(office_number from '^OF([0-9]{1,9})$')::int) as n from rm.org_offices`.execute(db);
  return found.rows[0]?.n ?? 0;
}
