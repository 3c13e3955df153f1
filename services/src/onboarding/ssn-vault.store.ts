import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SqlDb } from '@portal/projections';
import { sql } from 'kysely';
import type { Migration } from '../platform/db/migrations';

/**
 * Candidates' social security numbers, kept OUT of the event log (which is kept forever and
 * replayed everywhere): AES-256-GCM ciphertext per candidate in its own table. Events, read models
 * and answers carry only the masked form (`***-**-1234`). The key is SSN_ENCRYPTION_KEY (32 bytes,
 * base64) when configured — keep it outside the database in production —, else one derived from
 * the service's signing secret.
 */
export const ssnVaultMigrations: readonly Migration[] = [
  {
    name: '0009_candidate_ssn_vault',
    async up(db) {
      await sql`
        create table candidate_ssn_vault (
          candidate_id text primary key,
          iv bytea not null,
          ciphertext bytea not null,
          tag bytea not null,
          stored_at timestamptz not null default now()
        )`.execute(db);
    },
  },
];

export const maskSsn = (ssn: string) => `***-**-${ssn.slice(-4)}`;

/** The vault's key: the configured one, or HKDF of the signing secret (info 'candidate-ssn'). */
export function ssnKey(configured: string | undefined, signingSecret: Uint8Array): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new RangeError('SSN_ENCRYPTION_KEY must be 32 bytes, base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', signingSecret, Buffer.alloc(0), 'candidate-ssn', 32));
}

/** Stores (or replaces) a candidate's SSN, nine digits, encrypted with the candidate's id as associated data. */
export async function storeSsn(db: SqlDb, key: Buffer, candidateId: string, ssn: string): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(candidateId));
  const ciphertext = Buffer.concat([cipher.update(ssn, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  await sql`
    insert into candidate_ssn_vault (candidate_id, iv, ciphertext, tag) values (${candidateId}, ${iv}, ${ciphertext}, ${tag})
    on conflict (candidate_id) do update set iv = excluded.iv, ciphertext = excluded.ciphertext, tag = excluded.tag, stored_at = now()`.execute(db);
}

/** A candidate's SSN in clear (for the background check's upstream system only); undefined when none was given. */
export async function readSsn(db: SqlDb, key: Buffer, candidateId: string): Promise<string | undefined> {
  const found = await sql<{ iv: Buffer; ciphertext: Buffer; tag: Buffer }>`select iv, ciphertext, tag from candidate_ssn_vault where candidate_id = ${candidateId}`.execute(db);
  const row = found.rows[0];
  if (!row) return undefined;
  const decipher = createDecipheriv('aes-256-gcm', key, row.iv);
  decipher.setAAD(Buffer.from(candidateId));
  decipher.setAuthTag(row.tag);
  return Buffer.concat([decipher.update(row.ciphertext), decipher.final()]).toString('utf8');
}
