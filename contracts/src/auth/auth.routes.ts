import type { ApiRoute } from '../platform/api-route';
import {
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  passwordForceUpdateBody,
  registerBody,
  resetPasswordBody,
} from './auth.schemas';

const capability = 'auth';

export const authRoutes: readonly ApiRoute[] = [
  { method: 'POST', path: '/api/login', access: 'public', capability, body: loginBody,
    summary: 'Sign in with e-mail and password; answers the session (token, role_id, password_changed, ...)', spec: 'doc 1 §7 Auth; §5 Login' },
  { method: 'POST', path: '/api/forgot_password', access: 'public', capability, body: forgotPasswordBody,
    summary: 'Send a password-reset link to an e-mail address', spec: 'doc 1 §7 Auth' },
  { method: 'POST', path: '/api/register', access: 'public', capability, body: registerBody,
    summary: 'Sign up with e-mail and password (our own path in place of the identity-provider sign-up)', spec: 'doc 1 §7 Auth (the spec posts sign-up to an identity provider; path is ours)' },
  { method: 'POST', path: '/api/reset_password', access: 'public', capability, body: resetPasswordBody,
    summary: 'Set a new password with the token from the forgot-password e-mail', spec: 'doc 1 §7 Auth forgot password (reset step not shown; path is ours)' },
  // Every user changes their own password, whatever their role: the spec's screens are roles 2, 3, 11 and 12 (doc 1 §2.1, §2.4), and the super role and the auditor have the page too.
  { method: 'POST', path: '/api/v1/password_force_update', access: 'signed-in', capability, body: passwordForceUpdateBody,
    summary: 'Set a new password from the forced dialog while password_changed is 0', spec: 'doc 1 §7 Auth; §2.4 Forced Change Password' },
  { method: 'POST', path: '/api/v1/change_password', access: 'signed-in', capability, body: changePasswordBody,
    summary: 'Change the password, giving the old one', spec: 'doc 1 §7 Auth; §2.4 Change Password page' },
  { method: 'POST', path: '/api/v1/logout', access: 'signed-in', capability,
    summary: 'End the current session', spec: 'doc 1 §2.2 header profile menu (logout; path is ours)' },
];
