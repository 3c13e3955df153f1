import { type RawBuilder, sql } from 'kysely';
import { sqlDayStart } from '../business-time';

/**
 * The SQL toolkit of the read side (one of each): conditions, text matching, names, paging.
 * Every query file builds its SQL from these instead of a private copy.
 */

/** A WHERE condition. */
export type Condition = RawBuilder<boolean>;

export const TRUE: Condition = sql<boolean>`true`;

/** All of the conditions (true when there are none). */
export const and = (conditions: readonly Condition[]): Condition => (conditions.length === 0 ? TRUE : sql<boolean>`(${sql.join(conditions, sql` and `)})`);

/** An inclusive business-date range on a timestamptz column, as a range the column's index can walk. */
export function instantBetween(column: RawBuilder<unknown>, start: string | undefined, end: string | undefined): Condition[] {
  const conditions: Condition[] = [];
  if (start) conditions.push(sql<boolean>`${column} >= ${sqlDayStart(sql`${start}::date`)}`);
  if (end) conditions.push(sql<boolean>`${column} < ${sqlDayStart(sql`${end}::date + 1`)}`);
  return conditions;
}

/** An inclusive range on a date column. */
export function dateBetween(column: RawBuilder<unknown>, start: string | undefined, end: string | undefined): Condition[] {
  const conditions: Condition[] = [];
  if (start) conditions.push(sql<boolean>`${column} >= ${start}::date`);
  if (end) conditions.push(sql<boolean>`${column} <= ${end}::date`);
  return conditions;
}
