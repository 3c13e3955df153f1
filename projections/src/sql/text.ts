import { type RawBuilder, sql } from 'kysely';

/** LIKE's own characters (\ % _) in a user's term, escaped so they match themselves. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE pattern for text containing the term; null when there is no term (the query then ignores it). */
export const containsPattern = (term: string | undefined): string | null => (term ? `%${escapeLike(term)}%` : null);

/** A user's full name from the org_users row aliased `alias`: `trim(first_name || ' ' || last_name)`. */
export const fullName = (alias: string): RawBuilder<string> => sql<string>`trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;

/** The same where the user may be missing (an outer join): null rather than an empty name. */
export const fullNameOrNull = (alias: string): RawBuilder<string | null> =>
  sql<string | null>`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
