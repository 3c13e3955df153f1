import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';

export interface Migration {
  readonly name: string;
  up(db: SqlDb): Promise<void>;
}

/**
 * Applies the migrations not applied yet, in order, each in its own transaction, under a
 * transaction-level advisory lock so that several processes starting at once apply each once.
 */
export async function migrate(db: SqlDb, migrations: readonly Migration[]): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended('schema_migrations', 0))`.execute(trx);
      const done = await sql`select 1 from schema_migrations where name = ${migration.name}`.execute(trx);
      if (done.rows.length > 0) return false;
      await migration.up(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
