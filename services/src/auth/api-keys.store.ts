import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { SqlDb } from '@portal/projections';
import type { Migration } from '../platform/db/migrations';

/**
 * API keys of upstream systems (warehouse shipments, activations, onboarding stages): each is
 * scoped to one retailer, reaches only the integration routes, and is stored as a SHA-256 hash
 * (a key is 256 random bits, so a fast hash is safe; the key itself is shown once, at creation).
 */
export const apiKeyMigrations: readonly Migration[] = [
  {
    name: '0005_integration_api_keys',
    async up(db) {
      await sql`
        create table integration_api_keys (
          id text primary key,
          retailer_id text not null,
          name text not null,
          key_hash text not null unique,
          created_at timestamptz not null default now(),
          revoked_at timestamptz
        )`.execute(db);
    },
  },
];

export interface IntegrationClient {
  readonly key_id: string;
  readonly retailer_id: string;
  readonly name: string;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The demo business's published key (README): only the demo seed makes it, on an empty store. */
export const DEMO_API_KEY = 'portal_dec0de000001_DemoKeyOfBluebonnetMobileForTheEventFeed-01';

export async function createApiKey(db: SqlDb, retailerId: string, name: string, known?: typeof DEMO_API_KEY): Promise<{ id: string; key: string }> {
  const id = known ? known.slice('portal_'.length, 'portal_'.length + 12) : randomBytes(6).toString('hex');
  const key = known ?? `portal_${id}_${randomBytes(32).toString('base64url')}`;
  await sql`insert into integration_api_keys (id, retailer_id, name, key_hash) values (${id}, ${retailerId}, ${name}, ${hashKey(key)})`.execute(db);
  return { id, key };
}

/** True when a key with that id was live and is now revoked. */
export async function revokeApiKey(db: SqlDb, id: string): Promise<boolean> {
  const result = await sql`update integration_api_keys set revoked_at = now() where id = ${id} and revoked_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function listApiKeys(db: SqlDb): Promise<{ id: string; retailer_id: string; name: string; created_at: Date; revoked_at: Date | null }[]> {
  const result = await sql<{ id: string; retailer_id: string; name: string; created_at: Date; revoked_at: Date | null }>`
    select id, retailer_id, name, created_at, revoked_at from integration_api_keys order by created_at`.execute(db);
  return result.rows;
}

/** The client a presented key belongs to, or null for an unknown or revoked key. */
export async function authenticateApiKey(db: SqlDb, key: string): Promise<IntegrationClient | null> {
  if (!/^portal_[0-9a-f]{12}_[\w-]{43}$/.test(key)) return null;
  const result = await sql<{ id: string; retailer_id: string; name: string }>`
    select id, retailer_id, name from integration_api_keys where key_hash = ${hashKey(key)} and revoked_at is null`.execute(db);
  const row = result.rows[0];
  return row ? { key_id: row.id, retailer_id: row.retailer_id, name: row.name } : null;
}
