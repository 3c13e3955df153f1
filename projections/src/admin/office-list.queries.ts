import { unitFormColumns } from '../documents/documents.queries';
import type { OfficeRow, UnitPerson } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { keysetPages } from '../runner/keyset-pages';
import type { SqlDb } from '../runner/ports';
import { pageWindow } from '../sql/paging';
import { containsPattern, fullName } from '../sql/text';
import { type Scope, officeInScope } from './org.queries';

/** The Office list (doc 3 §9 Offices) and its export: offices in scope with their managers and supervisors. */

export interface OfficeListFilters {
  page: number;
  results: number;
  status?: number;
  search_text?: string;
  ibo_marketer_id?: string;
  office_id?: string;
  lifeline_status?: number;
  sort_by?: 'name' | 'office_number' | 'ibo_marketer_name' | 'created_at' | 'status' | 'state_short_name';
  sort?: 'ASC' | 'DESC';
}

export type { OfficeRow };

const OFFICE_SORT_COLUMNS: Record<NonNullable<OfficeListFilters['sort_by']>, RawBuilder<unknown>> = {
  name: sql`o.name`,
  office_number: sql`o.office_number`,
  ibo_marketer_name: sql`i.name`,
  created_at: sql`o.created_at`,
  status: sql`o.status`,
  state_short_name: sql`o.state_short_name`,
};

const managersOf = (unit: RawBuilder<unknown>, kind: 'manager' | 'supervisor') => sql`
  coalesce((select json_agg(json_build_object('user_id', u.id, 'name', ${fullName('u')}) order by u.first_name)
    from rm.org_unit_managers m join rm.org_users u on u.id = m.user_id where m.unit_id = ${unit} and m.kind = ${kind}), '[]'::json)`;

/** The Office list's filters that choose rows (no paging, no order): the list and its export share them. */
export type OfficeFilters = Pick<OfficeListFilters, 'status' | 'search_text' | 'ibo_marketer_id' | 'office_id' | 'lifeline_status'>;
/** The Office list's filters and its order: what its export follows. */
export type SortedOfficeFilters = OfficeFilters & Partial<Pick<OfficeListFilters, 'sort_by' | 'sort'>>;

/** Offices in scope matching the filters; `o` is the office and `i` its IBO/market. */
function officeWhere(scope: Scope, filters: OfficeFilters): RawBuilder<boolean> {
  const like = containsPattern(filters.search_text);
  return sql<boolean>`${officeInScope(scope, sql`o.id`)}
    and (${filters.status ?? null}::smallint is null or o.status = ${filters.status ?? null})
    and (${filters.ibo_marketer_id ?? null}::text is null or o.ibo_marketer_id = ${filters.ibo_marketer_id ?? null})
    and (${filters.office_id ?? null}::text is null or o.id = ${filters.office_id ?? null})
    and (${filters.lifeline_status ?? null}::smallint is null or o.lifeline_status = ${filters.lifeline_status ?? null})
    and (${like}::text is null or o.name ilike ${like} or o.office_number ilike ${like} or i.name ilike ${like})`;
}

/** An office's own columns and its chain's names; `o` the office, `i` its IBO/market. Its form's status and id come from the documents capability. */
const OFFICE_COLUMNS = sql`
  o.id, o.name, o.office_number, o.state_short_name, o.ibo_marketer_id, i.name as ibo_marketer_name, o.status, o.lifeline_status,
  ma.name as master_agent_name, d.name as distributor_name, r.name as retailer_name,
  to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, ${unitFormColumns(sql`o.id`)}`;
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
      ${pageWindow(filters)}`.execute(db),
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
async function withManagers(db: SqlDb, rows: OfficeColumns[], idOrder = true): Promise<OfficeRow[]> {
  const first = rows[0]!.id;
  const last = rows[rows.length - 1]!.id;
  const markets = [...new Set(rows.map((row) => row.ibo_marketer_id))];
  // A page in another order than the ids' (an export following the screen's sort) names its offices.
  const offices = idOrder ? sql`unit_id between ${first} and ${last}` : sql`unit_id = any(${rows.map((row) => row.id)}::text[])`;
  const people = await sql<{ unit_id: string; kind: 'manager' | 'supervisor'; user_id: string; name: string }>`
    select m.unit_id, m.kind, u.id as user_id, ${fullName('u')} as name
    from (
      select unit_id, user_id, kind from rm.org_unit_managers where ${offices}
      union all
      select unit_id, user_id, kind from rm.org_unit_managers where unit_id = any(${markets}::text[])
    ) m join rm.org_users u on u.id = m.user_id
    order by u.first_name`.execute(db);
  const managers = new Map<string, UnitPerson[]>();
  const supervisors = new Map<string, UnitPerson[]>();
  for (const person of people.rows) {
    const byUnit = person.kind === 'manager' ? managers : supervisors;
    const list = byUnit.get(person.unit_id);
    if (list) list.push({ user_id: person.user_id, name: person.name });
    else byUnit.set(person.unit_id, [{ user_id: person.user_id, name: person.name }]);
  }
  const none: UnitPerson[] = [];
  // New objects of one fixed shape: adding properties to the driver's row objects (or spreading them) is ~60x slower.
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    office_number: row.office_number,
    state_short_name: row.state_short_name,
    ibo_marketer_id: row.ibo_marketer_id,
    ibo_marketer_name: row.ibo_marketer_name,
    status: row.status,
    lifeline_status: row.lifeline_status,
    get_manager_info: managers.get(row.id) ?? none,
    get_supervisor_info: supervisors.get(row.id) ?? none,
    get_ibo_manager_info: managers.get(row.ibo_marketer_id) ?? none,
    master_agent_name: row.master_agent_name,
    distributor_name: row.distributor_name,
    retailer_name: row.retailer_name,
    created_at: row.created_at,
    form_status: row.form_status,
    form_id: row.form_id,
  }));
}

/**
 * The Office list's rows (same filters, same scope) in pages of `pageSize`, keyset by office id,
 * so that an export of any size reads with flat memory and no offset scans. The next page is
 * already being read while the caller writes this one.
 */
export async function* officePages(db: SqlDb, scope: Scope, filters: SortedOfficeFilters, pageSize = 2000): AsyncGenerator<OfficeRow[]> {
  const where = officeWhere(scope, filters);
  if (filters.sort_by || filters.sort) {
    // In the screen's order: the ordered ids first (offices number in the thousands), then their rows page by page.
    const order = OFFICE_SORT_COLUMNS[filters.sort_by ?? 'name'];
    const ids = (
      await sql<{ id: string }>`select o.id from rm.org_offices o join rm.org_ibo_markets i on i.id = o.ibo_marketer_id
        where ${where} order by ${order} ${filters.sort === 'DESC' ? sql`desc` : sql`asc`}, o.id`.execute(db)
    ).rows.map((row) => row.id);
    for (let start = 0; start < ids.length; start += pageSize) {
      const chunk = ids.slice(start, start + pageSize);
      const found = await sql<OfficeColumns>`${OFFICE_PAGE_SELECT} where o.id = any(${chunk}::text[])`.execute(db);
      const byId = new Map(found.rows.map((row) => [row.id, row]));
      const page = chunk.map((id) => byId.get(id)).filter((row): row is OfficeColumns => row !== undefined);
      if (page.length > 0) yield await withManagers(db, page, false);
    }
    return;
  }
  const read = async (after: string | null): Promise<OfficeRow[]> => {
    const page = await sql<OfficeColumns>`${OFFICE_PAGE_SELECT}
      where ${where} and (${after}::text is null or o.id > ${after})
      order by o.id
      limit ${pageSize}`.execute(db);
    return page.rows.length === 0 ? [] : withManagers(db, page.rows);
  };
  yield* keysetPages(read, (row) => row.id, pageSize);
}

