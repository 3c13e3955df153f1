import { SOLD_WINDOW_DAYS } from '@portal/contracts';
import { type RawBuilder, sql } from 'kysely';
import { type Scope, officeInScope } from '../admin/org.queries';
import { sqlToday } from '../business-time';
import type { Condition } from '../sql/conditions';
import { fullNameOrNull } from '../sql/text';

/**
 * Who the by-* and aged reports group by (doc 1 §2.10, §2.13), read from the counters the
 * inventory projection keeps (inventory_counts, inventory_sales_counts, inventory_stock_ages),
 * never from the million device rows; days and "sold in the last 30 days" are computed at query
 * time, in the business's time zone (DESIGN.md §5, §11).
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

/** "Sold in the last 30 days": activation dates from today - 29 to today, in the business's days. */
export const soldWindow = (column: RawBuilder<unknown>, asOf: string | undefined): Condition =>
  sql<boolean>`${column} between ${sqlToday(asOf)} - ${SOLD_WINDOW_DAYS - 1}::int and ${sqlToday(asOf)}`;

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
      return sql`select o.id as holder_id, o.name as holder_name, null::text as office_name, null::text as office_number, o.id as office_id from rm.org_offices o where ${officeInScope(scope, sql`o.id`)}`;
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


/** The device condition (alias d) of "the devices this holder holds". */
export function heldBy(holder: Holder, holderId: string): Condition {
  switch (holder) {
    case 'office':
      return sql<boolean>`d.office_id = ${holderId}`;
    case 'agent':
      return sql<boolean>`d.agent_id = ${holderId}`;
    case 'ibo':
      return sql<boolean>`d.office_id in (select o.id from rm.org_offices o where o.ibo_marketer_id = ${holderId})`;
    case 'manager':
      return sql<boolean>`d.office_id in (select m.unit_id from rm.org_unit_managers m where m.user_id = ${holderId} and m.kind = 'manager')`;
  }
}

