import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App, { PRODUCT_NAME } from './App';
import { screenRoutes } from './routes';
import { installBrowserStubs } from './report/render.test-util';
import { SESSION_EXPIRED_MESSAGE } from './session';

const storeSession = (roles: number[], expireDate: string) =>
  localStorage.setItem(
    'user',
    JSON.stringify({ email: 'x@demo.test', idToken: 'a.b.c', localId: 'u1', expiresIn: 1_000_000_000, role_id: roles, role_name: 'X', displayName: 'X Y', expireDate, password_changed: 1, user_id: 'u1' }),
  );

describe('route guard', () => {
  beforeEach(() => {
    // The shell asks the api for announcements and the build version, a screen for its list: answer nothing new, no rows.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { view_flag: 0 }, items: { data: [], total: 0, current_page: 1 } }), { status: 200, headers: { 'content-type': 'application/json' } })));
    installBrowserStubs();
  });
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the 403 page on a screen the roles do not reach', async () => {
    storeSession([2], new Date(Date.now() + 60_000).toISOString());
    window.history.pushState({}, '', '/assignagent');
    render(<App />);
    expect(await screen.findByText('Forbidden Error!', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this resource.')).toBeInTheDocument();
  });

  it('titles the tab after the screen, and the header holds no sample-content panel', async () => {
    storeSession([ROLE.OFFICE_MANAGER], new Date(Date.now() + 60_000).toISOString());
    window.history.pushState({}, '', '/assignagent');
    render(<App />);
    expect((await screen.findAllByTestId('profile-menu', {}, { timeout: 10_000 }))[0]).toBeInTheDocument();
    const screenTitle = screenRoutes.find((route) => route.path === '/assignagent')!.title;
    await waitFor(() => expect(document.title).toBe(`${screenTitle} · ${PRODUCT_NAME}`));
    expect(screen.queryAllByRole('button', { name: 'Open side panel' })).toEqual([]);
  }, 20_000);

  it('sends a visitor without a session to the login page', async () => {
    window.history.pushState({}, '', '/assignagent');
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  const signInWith = (roles: number[]) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = String(url).endsWith('/api/login')
          ? { message: 'Login successful', items: { name: 'Olive Office', expires_in: 1_000_000_000, token: 'a.b.c', password_changed: 1, role_id: roles, user_id: 'u1', role_name: 'X' } }
          : { data: { view_flag: 0 }, items: { data: [], total: 0, current_page: 1 } };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  };
  const submitLogin = async () => {
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), { target: { value: 'office.manager@demo.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  };

  it('returns a deep link opened while signed out to its page, query included, once signed in', async () => {
    signInWith([ROLE.OFFICE_MANAGER]);
    window.history.pushState({}, '', '/InventoryDetailedReport?status=4');
    render(<App />);
    await submitLogin();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe('/InventoryDetailedReport?status=4'), { timeout: 10_000 });
  }, 20_000);

  it("lands on the role's home when the deep link is a screen the role may not open", async () => {
    signInWith([ROLE.AGENT]);
    window.history.pushState({}, '', '/assignagent');
    render(<App />);
    await submitLogin();
    await waitFor(() => expect(window.location.pathname).toBe('/agent-dashboard'), { timeout: 10_000 });
  }, 20_000);

  it('logs an expired stored session out with the spec message', async () => {
    storeSession([3], new Date(Date.now() - 1000).toISOString());
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
