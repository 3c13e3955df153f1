import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { OrgCommands } from '../admin/org.commands';
import type { Platform } from '../platform/platform';
import { createLiveBus } from '../platform/realtime/live-bus';
import { AccessGuard } from './access.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AUTH_SERVICE } from './auth.tokens';
import { PRODUCTION_HASHING, type PasswordHasher, TEST_HASHING, argon2Hasher, signingSecret } from './credentials.store';
import { SessionTokens } from './session-tokens';

/** Sign-in and the global deny-by-default guard. */
@Module({})
export class AuthModule {
  static register(platform: Platform): DynamicModule {
    return {
      module: AuthModule,
      controllers: [AuthController],
      providers: [
        {
          provide: AUTH_SERVICE,
          useFactory: async () => createAuthService(platform),
        },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
      exports: [AUTH_SERVICE],
    };
  }
}

export function passwordHashing(platform: Platform) {
  return platform.config.NODE_ENV === 'test' ? TEST_HASHING : PRODUCTION_HASHING;
}

/** The auth service on a platform; `hasher` is argon2id with the platform's parameters unless a test wraps it to count. */
export async function createAuthService(platform: Platform, hasher: PasswordHasher = argon2Hasher(passwordHashing(platform))): Promise<AuthService> {
  const org = new OrgCommands(platform.database, platform.eventStore, passwordHashing(platform));
  const tokens = new SessionTokens(await signingSecret(platform.database.db));
  return new AuthService(platform, tokens, org, hasher, createLiveBus(platform));
}
