import { sql } from 'kysely';
import type { SqlDb } from '../runner/ports';

/**
 * pg_trgm (partial-IMEI search indexes), created by whichever projection builds its tables first.
 * Two projections creating it at once would collide on the catalog (one fails with a duplicate
 * key): a transaction-scoped advisory lock lets one create it and the other find it there.
 */
export async function ensureTrigramExtension(db: SqlDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('extension pg_trgm', 0))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
}

/** The length of the IMEI grams the partial-IMEI index holds; shorter parts use the trigram index. */
export const IMEI_GRAM_LENGTH = 5;

/**
 * public.imei_grams(text): every IMEI_GRAM_LENGTH-character run of a text, the keys of the
 * partial-IMEI index. Digits make only 1,000 trigrams, each in about 13,000 of a million IMEIs,
 * so a trigram index reads and rechecks tens of thousands of entries for a part that matches a
 * few dozen devices; 5-character grams are 100,000, a part's rarest one is in a few dozen. Under
 * the same lock as the extension: two projections' schemas replacing it at once would collide.
 */
export async function ensureImeiGrams(db: SqlDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('function imei_grams', 0))`.execute(db);
  await sql`
    create or replace function public.imei_grams(imei text) returns text[]
    language sql immutable strict parallel safe
    as ${sql.lit(`select array(select substr(imei, i, ${IMEI_GRAM_LENGTH}) from generate_series(1, length(imei) - ${IMEI_GRAM_LENGTH - 1}) as i)`)}`.execute(db);
}
