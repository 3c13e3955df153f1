import { createHash, randomBytes } from 'node:crypto';
import type { Platform } from '../platform/platform';

/**
 * The candidate's one-time link (doc 3 Send Invite; docs/ONBOARDING.md): a random token whose
 * SHA-256 alone is kept (in the event), valid until `expires_at` unless the profile is completed.
 * Resend and reminders make a new one; the old one stops working.
 */
export const candidateTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedLink {
  readonly token: string;
  readonly token_hash: string;
  readonly expires_at: string;
  readonly url: string;
}

/** The public self-service page the link opens (a bare route: its last segment holds 'page'). */
export const CANDIDATE_PAGE_PATH = '/onboarding-page';

export function issueCandidateLink(platform: Pick<Platform, 'config'>, now: Date): IssuedLink {
  const token = randomBytes(32).toString('base64url');
  const base = platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${platform.config.PORT}`;
  return {
    token,
    token_hash: candidateTokenHash(token),
    expires_at: new Date(now.getTime() + platform.config.ONBOARDING_INVITE_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    url: `${base}${CANDIDATE_PAGE_PATH}?token=${token}`,
  };
}
