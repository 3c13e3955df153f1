import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { sql } from 'kysely';
import type { SqlDb } from '@portal/projections';
import type { Migration } from '../platform/db/migrations';

/**
 * Secrets stay out of the event log (it is streamed to downstream systems): password hashes,
 * reset tokens and the signing key live in these tables. A command that needs one writes it in
 * the same transaction as its events.
 */
export const authMigrations: readonly Migration[] = [
  {
    name: '0004_auth_credentials',
    async up(db) {
      await sql`
        create table auth_credentials (
          user_id text primary key,
          email text not null,
          password_hash text not null,
          -- Tokens issued before this instant are refused (logout, password change).
          tokens_valid_after timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index auth_credentials_email on auth_credentials (lower(email))`.execute(db);
      await sql`
        create table auth_reset_tokens (
          token_hash text primary key,
          user_id text not null,
          expires_at timestamptz not null,
          used_at timestamptz
        )`.execute(db);
      await sql`create table auth_failed_logins (address text not null, at timestamptz not null default now())`.execute(db);
      await sql`create index auth_failed_logins_by_address on auth_failed_logins (address, at)`.execute(db);
      await sql`create table auth_signing_keys (id integer primary key, secret text not null, created_at timestamptz not null default now())`.execute(db);
    },
  },
  {
    // Failed logins are counted per account too (lower-cased e-mail, known or not): guessing from
    // many addresses, or between good logins of one's own account, meets a limit as well.
    name: '0007_auth_failed_logins_by_account',
    async up(db) {
      await sql`alter table auth_failed_logins add column email text`.execute(db);
      await sql`create index auth_failed_logins_by_email on auth_failed_logins (email, at)`.execute(db);
    },
  },
];

export interface PasswordHashing {
  readonly memoryCost: number;
  readonly timeCost: number;
}

/** OWASP's argon2id baseline; tests use far cheaper parameters (still argon2id). */
export const PRODUCTION_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2 };
export const TEST_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1 };

export function hashPassword(password: string, hashing: PasswordHashing): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: hashing.memoryCost, timeCost: hashing.timeCost, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Hashing and checking passwords, as the auth service sees it: argon2id. A seam so a test can
 * count the checks a login makes while the real argon2 still runs.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export function argon2Hasher(hashing: PasswordHashing): PasswordHasher {
  return { hash: (password) => hashPassword(password, hashing), verify: verifyPassword };
}

export interface Credentials {
  user_id: string;
  email: string;
  password_hash: string;
  tokens_valid_after: Date;
}

export async function findCredentialsByEmail(db: SqlDb, email: string): Promise<Credentials | undefined> {
  const result = await sql<Credentials>`select user_id, email, password_hash, tokens_valid_after from auth_credentials where lower(email) = lower(${email})`.execute(db);
  return result.rows[0];
}

export async function findCredentials(db: SqlDb, userId: string): Promise<Credentials | undefined> {
  const result = await sql<Credentials>`select user_id, email, password_hash, tokens_valid_after from auth_credentials where user_id = ${userId}`.execute(db);
  return result.rows[0];
}

/** Inserts credentials; a taken e-mail fails with the unique violation 23505. */
export async function insertCredentials(db: SqlDb, userId: string, email: string, passwordHash: string): Promise<void> {
  await sql`insert into auth_credentials (user_id, email, password_hash) values (${userId}, ${email}, ${passwordHash})`.execute(db);
}

/** Undoes insertCredentials (the KurrentDB path, when the append after it failed). */
export async function deleteCredentials(db: SqlDb, userId: string): Promise<void> {
  await sql`delete from auth_credentials where user_id = ${userId}`.execute(db);
}

/** Puts a previous password hash back (the KurrentDB path, when the append after a change failed). */
export async function restorePasswordHash(db: SqlDb, userId: string, passwordHash: string): Promise<void> {
  await sql`update auth_credentials set password_hash = ${passwordHash} where user_id = ${userId}`.execute(db);
}

/** A reset link's token (kept as its hash), valid for `minutes`. */
export async function createResetToken(db: SqlDb, userId: string, tokenHash: string, minutes: number): Promise<void> {
  await sql`
    insert into auth_reset_tokens (token_hash, user_id, expires_at)
    values (${tokenHash}, ${userId}, now() + make_interval(mins => ${minutes}))`.execute(db);
}

/** Uses a reset link once: the user it was for, or undefined when it is unknown, used or expired. */
export async function useResetToken(db: SqlDb, tokenHash: string): Promise<string | undefined> {
  const found = await sql<{ user_id: string }>`
    update auth_reset_tokens set used_at = now()
    where token_hash = ${tokenHash} and used_at is null and expires_at > now()
    returning user_id`.execute(db);
  return found.rows[0]?.user_id;
}

/** A new password, and every token issued before now refused. */
export async function replacePassword(db: SqlDb, userId: string, passwordHash: string): Promise<void> {
  await sql`update auth_credentials set password_hash = ${passwordHash}, tokens_valid_after = clock_timestamp(), updated_at = now() where user_id = ${userId}`.execute(db);
}

/** Every reset link of the user not used yet stops working: the password they were asked for is set. */
export async function endResetLinks(db: SqlDb, userId: string): Promise<void> {
  await sql`update auth_reset_tokens set used_at = now() where user_id = ${userId} and used_at is null`.execute(db);
}

export async function revokeTokens(db: SqlDb, userId: string): Promise<void> {
  await sql`update auth_credentials set tokens_valid_after = clock_timestamp(), updated_at = now() where user_id = ${userId}`.execute(db);
}

/** Failed logins within the last `windowMinutes`: from this address (any account), and for this account (any address). */
export async function countFailedLogins(db: SqlDb, address: string, email: string, windowMinutes: number): Promise<{ fromAddress: number; forAccount: number }> {
  const result = await sql<{ from_address: number; for_account: number }>`
    select
      (select count(*)::int from auth_failed_logins where address = ${address} and at > now() - make_interval(mins => ${windowMinutes})) as from_address,
      (select count(*)::int from auth_failed_logins where email = lower(${email}) and at > now() - make_interval(mins => ${windowMinutes})) as for_account`.execute(db);
  const counts = result.rows[0]!;
  return { fromAddress: counts.from_address, forAccount: counts.for_account };
}

/** One more failure; rows of this address and account that left the window go at the same time, so the table stays small. */
export async function recordFailedLogin(db: SqlDb, address: string, email: string, windowMinutes: number): Promise<void> {
  await sql`
    with expired as (
      delete from auth_failed_logins
      where (address = ${address} or email = lower(${email})) and at <= now() - make_interval(mins => ${windowMinutes})
    )
    insert into auth_failed_logins (address, email) values (${address}, lower(${email}))`.execute(db);
}

/** A good login clears its own account's failures only: other accounts' failures from the same address still count. */
export async function clearFailedLogins(db: SqlDb, email: string): Promise<void> {
  await sql`delete from auth_failed_logins where email = lower(${email})`.execute(db);
}

/** The key that signs session tokens: made once, shared by every api process through the database. */
export async function signingSecret(db: SqlDb): Promise<Uint8Array> {
  await sql`insert into auth_signing_keys (id, secret) values (1, ${randomBytes(48).toString('base64')}) on conflict (id) do nothing`.execute(db);
  const result = await sql<{ secret: string }>`select secret from auth_signing_keys where id = 1`.execute(db);
  return new Uint8Array(Buffer.from(result.rows[0]!.secret, 'base64'));
}
