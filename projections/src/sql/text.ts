import { type RawBuilder, sql } from 'kysely';
import { IMEI_GRAM_LENGTH } from './extensions';

/** LIKE's own characters (\ % _) in a user's term, escaped so they match themselves. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE pattern for text containing the term; null when there is no term (the query then ignores it). */
export const containsPattern = (term: string | undefined): string | null => (term ? `%${escapeLike(term)}%` : null);

/**
 * An IMEI column containing `part`. From IMEI_GRAM_LENGTH characters on, the device table's index
 * of IMEI grams finds the rows holding every gram of the part (its rarest gram's few dozen
 * entries), and LIKE keeps those where they follow each other; a shorter part is found by LIKE
 * alone (the trigram index).
 */
export function imeiContains(column: RawBuilder<unknown>, part: string): RawBuilder<boolean> {
  const like = sql<boolean>`${column} like ${containsPattern(part)}`;
  return part.length < IMEI_GRAM_LENGTH ? like : sql<boolean>`(${like} and public.imei_grams(${column}) @> public.imei_grams(${part}))`;
}

/** A user's full name from the org_users row aliased `alias`: `trim(first_name || ' ' || last_name)`. */
export const fullName = (alias: string): RawBuilder<string> => sql<string>`trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)})`;

/** The same where the user may be missing (an outer join): null rather than an empty name. */
export const fullNameOrNull = (alias: string): RawBuilder<string | null> =>
  sql<string | null>`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
