import { can } from './access';
import type { LoginItems } from '@portal/contracts/auth/auth.schemas';
import { SESSION_LIFETIME_MS } from '@portal/contracts';

/** The signed-in user as the console keeps it (doc 1 §3 Session user). */
export interface SessionUser {
  email: string;
  idToken: string;
  localId: string;
  expiresIn: number;
  role_id: number[];
  role_name: string;
  displayName: string;
  /** ISO instant after which the session is over. */
  expireDate: string;
  password_changed: number;
  user_id: string;
}

export type { LoginItems };

const KEY = 'user';

export type StoredSession = { state: 'none' } | { state: 'active'; user: SessionUser } | { state: 'expired' };

/** Remember me keeps the session across browser restarts (localStorage); otherwise it lives with the tab. */
export function saveSession(items: LoginItems, email: string, remember: boolean, now: number, storages = { local: localStorage, session: sessionStorage }): SessionUser {
  const lifetime = items.expires_in || SESSION_LIFETIME_MS;
  const user: SessionUser = {
    email,
    idToken: items.token,
    localId: items.user_id,
    expiresIn: lifetime,
    role_id: items.role_id,
    role_name: items.role_name,
    displayName: items.name,
    expireDate: new Date(now + lifetime).toISOString(),
    password_changed: items.password_changed,
    user_id: items.user_id,
  };
  clearSession(storages);
  (remember ? storages.local : storages.session).setItem(KEY, JSON.stringify(user));
  return user;
}

export function updateSession(change: Partial<SessionUser>, storages = { local: localStorage, session: sessionStorage }): SessionUser | null {
  for (const storage of [storages.local, storages.session]) {
    const text = storage.getItem(KEY);
    if (!text) continue;
    const user = { ...(JSON.parse(text) as SessionUser), ...change };
    storage.setItem(KEY, JSON.stringify(user));
    return user;
  }
  return null;
}

/** What the browser holds, read only: a peek (the screen preload) must not end what the session provider reports. */
export function readSession(now: number, storages = { local: localStorage, session: sessionStorage }): StoredSession | { state: 'invalid' } {
  const text = storages.local.getItem(KEY) ?? storages.session.getItem(KEY);
  if (!text) return { state: 'none' };
  try {
    const user = JSON.parse(text) as SessionUser;
    if (!user.idToken || !user.expireDate) return { state: 'invalid' };
    return Date.parse(user.expireDate) <= now ? { state: 'expired' } : { state: 'active', user };
  } catch {
    return { state: 'invalid' };
  }
}

/** What the browser holds: an unexpired session is restored; an expired one is reported (and cleared). */
export function loadSession(now: number, storages = { local: localStorage, session: sessionStorage }): StoredSession {
  const stored = readSession(now, storages);
  if (stored.state === 'active' || stored.state === 'none') return stored;
  clearSession(storages);
  return stored.state === 'expired' ? { state: 'expired' } : { state: 'none' };
}

export function clearSession(storages = { local: localStorage, session: sessionStorage }): void {
  storages.local.removeItem(KEY);
  storages.session.removeItem(KEY);
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please try login';

/** Where a user lands after login: an agent on the agent dashboard, everyone else on /. */
export function landingPath(roles: readonly number[]): string {
  return can.landOnAgentDashboard(roles) ? '/agent-dashboard' : '/';
}
