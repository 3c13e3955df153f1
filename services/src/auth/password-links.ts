import { createHash, randomBytes } from 'node:crypto';
import { enqueueMail } from '../platform/mail/mail-sender';
import type { Platform } from '../platform/platform';
import { createResetToken } from './credentials.store';

/** How long a link to choose a password works: an hour for a reset asked by the user, three days for a new account's first. */
export const PASSWORD_LINK_MINUTES = { reset: 60, welcome: 3 * 24 * 60 } as const;

/** The stored form of a link's token: only its hash is kept, so the table alone opens no account. */
export const passwordTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * E-mails a one-time link to the reset page (`/page-reset-password?token=…`): asked for by the
 * user ('reset'), or sent to a user an administrator created ('welcome') — no administrator
 * ever chooses someone else's password.
 */
export async function mailPasswordLink(platform: Platform, user: { readonly user_id: string; readonly email: string; readonly first_name?: string }, kind: keyof typeof PASSWORD_LINK_MINUTES): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const minutes = PASSWORD_LINK_MINUTES[kind];
  await createResetToken(platform.database.db, user.user_id, passwordTokenHash(token), minutes);
  const base = platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${platform.config.PORT}`;
  const link = `${base}/page-reset-password?token=${token}`;
  await enqueueMail(
    platform.jobs,
    kind === 'reset'
      ? {
          to: user.email,
          subject: 'Reset your password',
          text: `Someone asked to reset the password of your Distribution Portal account.\n\nOpen this link within ${minutes} minutes to choose a new password:\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
        }
      : {
          to: user.email,
          subject: 'Your Distribution Portal account',
          text: `Hello ${user.first_name ?? ''},\n\nAn account of the Distribution Portal was made for you (${user.email}).\n\nOpen this link within ${minutes / 60 / 24} days to choose your password:\n${link}\n\nIf the link has expired, use "Forgot password" on the sign-in page.`.replace('Hello ,', 'Hello,'),
        },
  );
}
