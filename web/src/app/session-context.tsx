import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { onUnauthorized, setBearer } from './api-client';
import { type LoginItems, SESSION_EXPIRED_MESSAGE, type SessionUser, clearSession, loadSession, saveSession, updateSession } from './session';

interface SessionContextValue {
  user: SessionUser | null;
  /** Why the last session ended, for the login page to show. */
  endedBecause: string | null;
  signIn(items: LoginItems, email: string, remember: boolean): SessionUser;
  signOut(reason?: string): void;
  update(change: Partial<SessionUser>): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

function initialState(): { user: SessionUser | null; endedBecause: string | null } {
  const stored = loadSession(Date.now());
  if (stored.state === 'active') {
    setBearer(stored.user.idToken);
    return { user: stored.user, endedBecause: null };
  }
  return { user: null, endedBecause: stored.state === 'expired' ? SESSION_EXPIRED_MESSAGE : null };
}

/** Holds the session: restored on load while unexpired, ended by its timer, by any 401, or by logout. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(initialState);

  const signOut = useCallback((reason?: string) => {
    clearSession();
    setBearer(undefined);
    setState({ user: null, endedBecause: reason ?? null });
  }, []);

  const signIn = useCallback((items: LoginItems, email: string, remember: boolean) => {
    const user = saveSession(items, email, remember, Date.now());
    setBearer(user.idToken);
    setState({ user, endedBecause: null });
    return user;
  }, []);

  const update = useCallback((change: Partial<SessionUser>) => {
    const user = updateSession(change);
    if (user) {
      if (change.idToken) setBearer(change.idToken);
      setState((previous) => ({ ...previous, user }));
    }
  }, []);

  // The automatic logout when the lifetime runs out (timers cap at ~24.8 days, far above 11.6).
  useEffect(() => {
    if (!state.user) return;
    const left = Date.parse(state.user.expireDate) - Date.now();
    const timer = setTimeout(() => signOut(SESSION_EXPIRED_MESSAGE), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [state.user, signOut]);

  useEffect(() => onUnauthorized(() => signOut(SESSION_EXPIRED_MESSAGE)), [signOut]);

  const value = useMemo(() => ({ ...state, signIn, signOut, update }), [state, signIn, signOut, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
