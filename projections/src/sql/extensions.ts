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
