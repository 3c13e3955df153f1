import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './layout/memory-storage.test-util';
import { type LoginItems, landingPath, loadSession, readSession, saveSession } from './session';


const items: LoginItems = { name: 'Olivia Office1', expires_in: 1_000_000_000, token: 'a.b.c', password_changed: 1, role_id: [3], user_id: 'u1', role_name: 'Office Manager' };

describe('session', () => {
  it('is restored while unexpired and reported expired after its lifetime', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    const now = Date.parse('2026-11-21T10:00:00Z');
    saveSession(items, 'office.manager@demo.test', true, now, storages);
    expect(loadSession(now + 999_999_999, storages)).toMatchObject({ state: 'active', user: { idToken: 'a.b.c', role_id: [3], displayName: 'Olivia Office1' } });
    expect(loadSession(now + 1_000_000_000, storages)).toEqual({ state: 'expired' });
    // Expired sessions are cleared, so the message shows once.
    expect(loadSession(now, storages)).toEqual({ state: 'none' });
  });

  it('is peeked at without ending it: the expired message still shows once the provider loads it', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    const now = Date.parse('2026-11-21T10:00:00Z');
    saveSession(items, 'office.manager@demo.test', true, now, storages);
    expect(readSession(now + 1_000_000_000, storages)).toEqual({ state: 'expired' });
    expect(loadSession(now + 1_000_000_000, storages)).toEqual({ state: 'expired' });
    storages.local.setItem('user', '{"idToken":"a.b.c"}');
    expect(readSession(now, storages)).toEqual({ state: 'invalid' });
    expect(storages.local.length).toBe(1);
  });

  it('keeps a session without Remember me for the tab only', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    saveSession(items, 'x@demo.test', false, Date.now(), storages);
    expect(storages.local.length).toBe(0);
    expect(storages.session.length).toBe(1);
  });

  it('lands an agent on the agent dashboard and everyone else on /', () => {
    expect(landingPath([2])).toBe('/agent-dashboard');
    expect(landingPath([3])).toBe('/');
    expect(landingPath([1])).toBe('/');
  });
});
