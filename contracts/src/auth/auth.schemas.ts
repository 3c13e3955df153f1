import { z } from 'zod';

/**
 * Request bodies of the auth routes, with the spec's messages where it gives them
 * (doc 1 §5: 'Email is Required', 'Password is Required'). A missing field and an empty
 * one answer the same message. No password policy yet: the spec states none.
 */
const email = z.string({ error: 'Email is Required' }).trim().min(1, 'Email is Required');
const password = z.string({ error: 'Password is Required' }).min(1, 'Password is Required');

/** POST /api/login (doc 1 §7 Auth): the web client also sends deviceid 'web-browser', platform_type 4, portal_type 2. */
export const loginBody = z.object({
  email,
  password,
  deviceid: z.string().optional(),
  platform_type: z.coerce.number().int().optional(),
  portal_type: z.coerce.number().int().optional(),
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
export const passwordForceUpdateBody = z.object({ password, confirm_password: z.string().optional() }).superRefine(confirmed);
export type PasswordForceUpdateBody = z.infer<typeof passwordForceUpdateBody>;

/** POST /api/v1/change_password. */
export const changePasswordBody = z
  .object({
    old_password: z.string({ error: 'Old Password is Required' }).min(1, 'Old Password is Required'),
    password,
    confirm_password: z.string().optional(),
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
  token: z.string({ error: 'Token is Required' }).min(1, 'Token is Required'),
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
