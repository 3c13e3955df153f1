import type { OrgEvent } from '@portal/contracts';
import { DomainError } from '../platform/commands/command-errors';

export type PasswordChangeReason = 'changed' | 'forced_update' | 'reset';

export const PASSWORD_ALREADY_SET = 'Your password has already been set. Use Change Password, which asks for the old one.';

/**
 * Whether the user chose their own password (the read model's `password_changed` 1): they signed
 * up with it, or changed it after an administrator set the first one.
 */
export function passwordChosen(history: readonly { readonly type: string }[]): boolean {
  return history.some((event) => event.type === 'UserRegistered' || event.type === 'UserPasswordChanged');
}

/**
 * A new password for a user, from their stream's history. The forced update asks for no old
 * password, so it is only for the first choice: afterwards a session alone (a stolen token) must
 * not be enough to take the account over.
 */
export function decidePasswordChange(userId: string, reason: PasswordChangeReason, history: readonly { readonly type: string }[]): OrgEvent[] | DomainError {
  if (history.length === 0) return new DomainError('That user does not exist', 404);
  if (reason === 'forced_update' && passwordChosen(history)) return new DomainError(PASSWORD_ALREADY_SET, 403);
  return [{ type: 'UserPasswordChanged', data: { user_id: userId, reason } }];
}
