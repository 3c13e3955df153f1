import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAuthService } from '../../services/src/auth/auth.module';
import type { AuthService } from '../../services/src/auth/auth.service';
import { PRODUCTION_HASHING, type PasswordHasher, argon2Hasher } from '../../services/src/auth/credentials.store';
import { loadConfig } from '../../services/src/platform/config/config';
import { DomainError } from '../../services/src/platform/commands/command-errors';
import { createLogger } from '../../services/src/platform/logger';
import { type Platform, openPlatform } from '../../services/src/platform/platform';
import { type TestDatabase, createTestDatabase } from '../../services/src/platform/testing/test-database';

/**
 * A login form must not tell which e-mails have accounts by how long it takes: an unknown e-mail
 * costs one argon2id verification, like a wrong password. The auth service runs in this process
 * on a real PostgreSQL database with the production argon2id parameters; its hasher is wrapped
 * only to count the verifications (the real argon2 runs).
 */
describe('login work for an unknown e-mail and a wrong password', () => {
  const accounts = ['known0@timing.test', 'known1@timing.test', 'known2@timing.test', 'known3@timing.test'];
  let test: TestDatabase;
  let dataDir: string;
  let platform: Platform;
  let auth: AuthService;
  let verifications = 0;

  beforeAll(async () => {
    test = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-login-work-'));
    // 'development' hashes with the production parameters, as a real deployment does.
    const config = loadConfig({ DATABASE_URL: test.url, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false' });
    platform = await openPlatform(config, createLogger(config, 'test'));
    const argon2 = argon2Hasher(PRODUCTION_HASHING);
    const counting: PasswordHasher = {
      hash: (password) => argon2.hash(password),
      verify: (hash, password) => {
        verifications++;
        return argon2.verify(hash, password);
      },
    };
    auth = await createAuthService(platform, counting);
    for (const email of accounts) await auth.register(email, 'Right-password-1!');
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
    await test?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Answers the refusal's status and how many verifications and milliseconds the attempt took. */
  async function attempt(email: string, address: string): Promise<{ status: number; verified: number; ms: number }> {
    const before = verifications;
    const started = performance.now();
    const status = await auth.login(email, 'Wrong-password-1!', address).then(
      () => 200,
      (error: unknown) => (error instanceof DomainError ? error.status : 500),
    );
    return { status, verified: verifications - before, ms: performance.now() - started };
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('verifies one argon2id hash per attempt either way, and takes about as long', async () => {
    // The dummy hash is made at the first unknown e-mail: not part of what is measured.
    await attempt('warm-up@timing.test', '10.9.0.1');
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so a busy moment of the machine falls on both; each account and address stays under the login limits.
    for (let n = 0; n < 20; n++) {
      const forUnknown = await attempt(`nobody${n}@timing.test`, `10.9.1.${n}`);
      const forWrong = await attempt(accounts[n % accounts.length]!, `10.9.2.${n}`);
      expect([forUnknown.status, forUnknown.verified]).toEqual([401, 1]);
      expect([forWrong.status, forWrong.verified]).toEqual([401, 1]);
      unknown.push(forUnknown.ms);
      wrong.push(forWrong.ms);
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(median(wrong) / 2);
  }, 60_000);
});
