import { randomBytes } from 'node:crypto';
import { type LoginItems, ROLE_NAMES, type RoleId, isRoleId } from '@portal/contracts';
import { type OrgUser, type Scope, findOrgUser, resolveScope } from '@portal/projections';
import { OrgCommands } from '../admin/org.commands';
import { type CommandContext, eventMetadata, systemContext } from '../platform/commands/command-context';
import { appendWithRecords } from '../platform/commands/append-with-records';
import { DomainError, withConcurrencyRetry } from '../platform/commands/command-errors';
import type { Platform } from '../platform/platform';
import type { LiveBus } from '../platform/realtime/live-bus';
import { type PasswordHasher, clearFailedLogins, countFailedLogins, endResetLinks, useResetToken, findCredentials, findCredentialsByEmail, recordFailedLogin, replacePassword, restorePasswordHash, revokeTokens } from './credentials.store';
import { type IntegrationClient, authenticateApiKey } from './api-keys.store';
import { PASSWORD_ALREADY_SET, type PasswordChangeReason, decidePasswordChange } from './password.decider';
import { SessionTokens } from './session-tokens';
import { mailPasswordLink, passwordTokenHash } from './password-links';

/** The signed-in caller, as every guarded route sees it. */
export interface AuthenticatedUser {
  readonly user_id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly RoleId[];
  readonly scope: Scope;
  readonly password_changed: number;
}

/** Failed logins from one address, and for one account, within the window before further tries are refused. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

const displayName = (user: Pick<OrgUser, 'first_name' | 'last_name' | 'email'>) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;


/** Sign-in, sessions and passwords (doc 1 §7 Auth). */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly platform: Platform,
    private readonly tokens: SessionTokens,
    private readonly org: OrgCommands,
    private readonly hasher: PasswordHasher,
    private readonly live: LiveBus,
  ) {}

  private get db() {
    return this.platform.database.db;
  }

  async login(email: string, password: string, address: string): Promise<LoginItems> {
    const failures = await countFailedLogins(this.db, address, email, LOGIN_FAILURE_WINDOW_MINUTES);
    if (failures.fromAddress >= LOGIN_FAILURE_LIMIT) {
      throw new DomainError(`Too many failed logins from this address. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`, 429);
    }
    // Counted for any e-mail, known or not, so the refusal reveals no accounts either.
    if (failures.forAccount >= LOGIN_FAILURE_LIMIT) {
      throw new DomainError(`Too many failed logins for this account. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`, 429);
    }
    const credentials = await findCredentialsByEmail(this.db, email);
    // The same answer, and the same work (one argon2id verification), for an unknown e-mail and a
    // wrong password: neither the message nor the time of a login reveals which accounts exist.
    const verified = await this.hasher.verify(credentials?.password_hash ?? (await this.nobodysHash()), password);
    if (!credentials || !verified) {
      await recordFailedLogin(this.db, address, email, LOGIN_FAILURE_WINDOW_MINUTES);
      throw new DomainError('Invalid Password', 401, { password: 'Invalid Password' });
    }
    const user = await findOrgUser(this.db, credentials.user_id);
    if (!user || user.status !== 1 || user.role_ids.length === 0) throw new DomainError('User Disabled', 403);
    await clearFailedLogins(this.db, email);
    return this.sessionFor(user);
  }

  /** A hash of a random password, made once with the same parameters as real ones, to verify unknown e-mails against. */
  private nobodysHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(randomBytes(32).toString('base64url'));
    return this.dummyHash;
  }

  private async sessionFor(user: OrgUser): Promise<LoginItems> {
    const roles = user.role_ids.filter(isRoleId);
    const primary = roles.find((role) => role !== 2) ?? roles[0]!;
    return {
      name: displayName(user),
      expires_in: this.tokens.lifetimeMs,
      token: await this.tokens.issue(user.id),
      password_changed: user.password_changed,
      role_id: roles,
      user_id: user.id,
      role_name: ROLE_NAMES[primary],
    };
  }

  /** The caller of a bearer token, or null when the token is invalid, revoked or its user disabled. */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const credentials = await findCredentials(this.db, claims.userId);
    if (!credentials || claims.issuedAtMs < new Date(credentials.tokens_valid_after).getTime()) return null;
    const user = await findOrgUser(this.db, claims.userId);
    if (!user || user.status !== 1 || user.role_ids.length === 0) return null;
    return {
      user_id: user.id,
      email: user.email,
      name: displayName(user),
      roles: user.role_ids.filter(isRoleId),
      scope: await resolveScope(this.db, user),
      password_changed: user.password_changed,
    };
  }

  authenticateIntegration(key: string): Promise<IntegrationClient | null> {
    return authenticateApiKey(this.db, key);
  }

  async register(email: string, password: string): Promise<void> {
    await this.org.register(email, password, systemContext(new Date(), 'sign-up'));
  }

  async forgotPassword(email: string): Promise<void> {
    const credentials = await findCredentialsByEmail(this.db, email);
    if (!credentials) throw new DomainError('Email not found', 404, { email: 'Email not found' });
    await mailPasswordLink(this.platform, credentials, 'reset');
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const userId = await useResetToken(this.db, passwordTokenHash(token));
    if (!userId) throw new DomainError('This reset link is invalid or has expired. Ask for a new one.', 400, { token: 'Invalid or expired link' });
    await this.setPassword(userId, password, 'reset', systemContext(new Date(), userId));
  }

  /** A new password for a signed-in user; answers a fresh token, since the change ends every older session. */
  async changePassword(user: AuthenticatedUser, password: string, oldPassword: string | undefined, context: CommandContext): Promise<{ token: string; expires_in: number }> {
    // The read model answers most refused forced updates before any hashing; the stream decides the rest.
    if (oldPassword === undefined && user.password_changed !== 0) throw new DomainError(PASSWORD_ALREADY_SET, 403);
    if (oldPassword !== undefined) {
      const credentials = await findCredentials(this.db, user.user_id);
      if (!credentials || !(await this.hasher.verify(credentials.password_hash, oldPassword))) {
        throw new DomainError('Old password is incorrect', 400, { old_password: 'Old password is incorrect' });
      }
    }
    await this.setPassword(user.user_id, password, oldPassword === undefined ? 'forced_update' : 'changed', context);
    return { token: await this.tokens.issue(user.user_id), expires_in: this.tokens.lifetimeMs };
  }

  async logout(user: AuthenticatedUser): Promise<void> {
    await revokeTokens(this.db, user.user_id);
    await this.sessionsEnded(user.user_id);
  }

  /**
   * Tells every api process that the user's earlier sessions ended, so their live sockets close
   * now. Best effort: a message lost (Redis away) leaves it to the gateways' periodic re-check.
   */
  private async sessionsEnded(userId: string): Promise<void> {
    await this.live.publish({ kind: 'session-ended', user_id: userId }).catch((error: unknown) => {
      this.platform.logger.warn({ err: error, user: userId }, 'could not announce ended sessions; live sockets end at the next re-check');
    });
  }

  private async setPassword(userId: string, password: string, reason: PasswordChangeReason, context: CommandContext): Promise<void> {
    const hash = await this.hasher.hash(password);
    const previous = await findCredentials(this.db, userId);
    // Two changes at once: the retry decides again on the other's event (a second forced update is refused).
    await withConcurrencyRetry(async () => {
      const history = await this.platform.eventStore.readStream(`user-${userId}`);
      const decided = decidePasswordChange(userId, reason, history);
      if (decided instanceof DomainError) throw decided;
      await appendWithRecords(
        this.platform.database,
        this.platform.eventStore,
        [{ streamId: `user-${userId}`, expectedVersion: history.length, events: decided.map((event) => ({ ...event, metadata: eventMetadata(context) })) }],
        {
          // A link asked for before this change must not undo it (nor outlive a reset by another link).
          write: async (trx) => {
            await replacePassword(trx, userId, hash);
            await endResetLinks(trx, userId);
          },
          undo: async (db) => {
            if (previous) await restorePasswordHash(db, userId, previous.password_hash);
          },
        },
      );
    });
    await this.sessionsEnded(userId);
  }
}
