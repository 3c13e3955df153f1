import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from './org.queries';
import type { Condition } from '../sql/conditions';
import { fullNameOrNull } from '../sql/text';

/**
 * Who the by-* reports group by (doc 1 §2.10, §2.13; doc 2 §2 sales summaries): agents, offices,
 * managers and IBOs/markets through the org tables, over counter rows keyed by office and agent
 * (inventory's counters, sales' daily counts) — never over the million device rows (DESIGN.md §5).
 */

/** The holders the by-* and aged reports group by (the spec's path words). */
export type Holder = 'manager' | 'ibo' | 'agent' | 'office';

export interface SummaryPaging {
  readonly page: number;
  readonly results: number;
  readonly sort_by?: string;
  readonly sort?: 'ASC' | 'DESC';
  /** Fixes "today" (tests, exports); now without it. */
  readonly asOf?: string;
}


export interface SummaryFilters {
  /** Only this holder. */
  readonly holder_id?: string;
  /** A part of the holder's name. */
  readonly filter?: string;
  /** Only agents of this office (by agents). */
  readonly office_id?: string;
}

/**
 * The holder of a counter row (alias c: office_id, agent_id) as (holder_id) for each report:
 * a manager holds what the offices they manage hold; an IBO/market what its offices hold.
 */
export function holderSource(holder: Holder, counters: RawBuilder<unknown>, scope: Scope): RawBuilder<unknown> {
  const inScope = officeInScope(scope, sql`c.office_id`);
  switch (holder) {
    case 'office':
      return sql`select c.office_id as holder_id, c.* from ${counters} c where ${inScope}`;
    case 'agent':
      return sql`select c.agent_id as holder_id, c.* from ${counters} c where c.agent_id <> '' and ${inScope}`;
    case 'ibo':
      return sql`select o.ibo_marketer_id as holder_id, c.* from ${counters} c join rm.org_offices o on o.id = c.office_id where ${inScope}`;
    case 'manager':
      return sql`select m.user_id as holder_id, c.* from ${counters} c join rm.org_unit_managers m on m.unit_id = c.office_id and m.kind = 'manager' where ${inScope}`;
  }
}

/** The holders a report lists (also those holding nothing), with their names, in scope. */
export function holderList(holder: Holder, scope: Scope): RawBuilder<unknown> {
  switch (holder) {
    case 'office':
      return sql`select o.id as holder_id, o.name as holder_name, null::text as office_name, o.office_number, o.id as office_id from rm.org_offices o where ${officeInScope(scope, sql`o.id`)}`;
    case 'agent':
      return sql`
        select u.id as holder_id, coalesce(${fullNameOrNull('u')}, u.email) as holder_name, o.name as office_name, o.office_number, u.office_id
        from rm.org_users u left join rm.org_offices o on o.id = u.office_id
        where 2 = any(u.role_ids) and u.office_id is not null and ${officeInScope(scope, sql`u.office_id`)}`;
    case 'ibo':
      return sql`
        select i.id as holder_id, i.name as holder_name, null::text as office_name, null::text as office_number, null::text as office_id from rm.org_ibo_markets i
        where exists (select 1 from rm.org_offices o where o.ibo_marketer_id = i.id and ${officeInScope(scope, sql`o.id`)})`;
    case 'manager':
      return sql`
        select u.id as holder_id, coalesce(${fullNameOrNull('u')}, u.email) as holder_name, null::text as office_name, null::text as office_number, null::text as office_id from rm.org_users u
        where exists (select 1 from rm.org_unit_managers m where m.user_id = u.id and m.kind = 'manager' and ${officeInScope(scope, sql`m.unit_id`)})`;
  }
}


/** The row condition (a table aliased `alias` with office_id and agent_id, d by default) of "what this holder holds". */
export function heldBy(holder: Holder, holderId: string, alias = 'd'): Condition {
  const office = sql.ref(`${alias}.office_id`);
  switch (holder) {
    case 'office':
      return sql<boolean>`${office} = ${holderId}`;
    case 'agent':
      return sql<boolean>`${sql.ref(`${alias}.agent_id`)} = ${holderId}`;
    case 'ibo':
      return sql<boolean>`${office} in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${holderId})`;
    case 'manager':
      return sql<boolean>`${office} in (select m.unit_id from rm.org_unit_managers m where m.user_id = ${holderId} and m.kind = 'manager')`;
  }
}

