import { z } from 'zod';
import { text, wholeNumber } from '../platform/input';

/**
 * Request bodies of the auth routes, with the spec's messages where it gives them
 * (doc 1 §5: 'Email is Required', 'Password is Required'). A missing field and an empty
 * one answer the same message. No password policy yet: the spec states none.
 */
const email = text('Email is Required').trim().min(1, 'Email is Required').max(254, 'An e-mail address is at most 254 characters');
/** A password may hold any character a keyboard types, but no control character; argon2 needs no more than 1,000. */
const password = text('Password is Required').min(1, 'Password is Required').max(1000, 'A password is at most 1,000 characters');

/** POST /api/login (doc 1 §7 Auth): the web client also sends deviceid 'web-browser', platform_type 4, portal_type 2. */
export const loginBody = z.object({
  email,
  password,
  deviceid: text('deviceid is text').max(200, 'deviceid is at most 200 characters').optional(),
  platform_type: wholeNumber('platform_type is a whole number').optional(),
  portal_type: wholeNumber('portal_type is a whole number').optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/forgot_password. */
export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** A confirmation, when the client sends one, must repeat the new password (doc 1 §5: 'Password Mismatch'). */
const confirmed = <T extends { password: string; confirm_password?: string }>(body: T, context: z.RefinementCtx) => {
  if (body.confirm_password !== undefined && body.confirm_password !== body.password) {
    context.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Password Mismatch' });
  }
};

/** POST /api/v1/password_force_update: the new password, while password_changed is 0. */
const confirmPassword = text('Password Mismatch').max(1000, 'Password Mismatch').optional();
export const passwordForceUpdateBody = z.object({ password, confirm_password: confirmPassword }).superRefine(confirmed);
export type PasswordForceUpdateBody = z.infer<typeof passwordForceUpdateBody>;

/** POST /api/v1/change_password. */
export const changePasswordBody = z
  .object({
    old_password: text('Old Password is Required').min(1, 'Old Password is Required').max(1000, 'Old password is incorrect'),
    password,
    confirm_password: confirmPassword,
  })
  .superRefine(confirmed);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/register: our sign-up in place of the spec's identity-provider endpoint (email, password). */
export const registerBody = z.object({
  email: email.pipe(z.email('Enter valid email address')),
  password,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/reset_password: the token from the forgot-password e-mail and the new password. */
export const resetPasswordBody = z.object({
  token: text('Token is Required').min(1, 'Token is Required').max(200, 'Invalid or expired link'),
  password,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** What POST /api/login answers in `items` (doc 1 §7 Auth). */
export interface LoginItems {
  name: string;
  /** Session lifetime in milliseconds (about 1,000,000,000). */
  expires_in: number;
  token: string;
  password_changed: number;
  role_id: number[];
  user_id: string;
  role_name: string;
}
