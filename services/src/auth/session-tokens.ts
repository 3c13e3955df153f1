import { SESSION_LIFETIME_MS } from '@portal/contracts';
import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  readonly userId: string;
  /** Issue time in milliseconds: a logout or password change refuses tokens issued before it. */
  readonly issuedAtMs: number;
}

/** Bearer session tokens (JWT, HS256), valid for the spec's session lifetime. */
export class SessionTokens {
  constructor(
    private readonly secret: Uint8Array,
    readonly lifetimeMs: number = SESSION_LIFETIME_MS,
  ) {}

  async issue(userId: string, now = Date.now()): Promise<string> {
    return new SignJWT({ iat_ms: now })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor((now + this.lifetimeMs) / 1000))
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token; null for anything forged, expired or malformed. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : undefined;
      if (!payload.sub || issuedAtMs === undefined) return null;
      return { userId: payload.sub, issuedAtMs };
    } catch {
      return null;
    }
  }
}
