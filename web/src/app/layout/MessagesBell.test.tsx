import { LIVE_EVENT } from '@portal/contracts/platform/live';
import { ROLE } from '@portal/contracts/platform/roles';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection } from '../live/LiveConnection';
import { installBrowserStubs } from '../report/render.test-util';
import { renderPage, stubApi } from '../testing/page.test-util';
import MessagesBell, { UNREAD_POLL_MS } from './MessagesBell';

/** The socket LiveConnection opens, as a stand-in: the test plays the server's pushes through its handlers. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, (payload?: unknown) => void>();
  return {
    handlers,
    options: [] as unknown[],
    push: (event: string, payload?: unknown) => handlers.get(event)?.(payload),
    reset: () => {
      handlers.clear();
    },
  };
});
vi.mock('socket.io-client', () => ({
  io: (options: unknown) => {
    socket.options.push(options);
    return {
      on: (event: string, handler: (payload?: unknown) => void) => socket.handlers.set(event, handler),
      disconnect: () => undefined,
    };
  },
}));

const UNREAD = '/api/v1/messages/unread';
const HISTORY = '/api/v1/manager/transaction_history';

beforeAll(installBrowserStubs);
beforeEach(() => {
  localStorage.clear();
  socket.reset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A server whose unread count the test sets. */
function serve(initial: number) {
  const state = { unread: initial };
  const api = stubApi(({ path }) => (path === UNREAD ? { unread: state.unread } : {}));
  return { state, asked: () => api.queries(UNREAD).length, requests: api.requests };
}

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

const bell = () => screen.getByTestId('messages-bell');
const badgeText = () => document.querySelector('.ant-badge .ant-scroll-number')?.getAttribute('title') ?? null;

describe('the messages bell', { timeout: 30_000 }, () => {
  it('shows the unread count, hides it at 0, and says 99+ beyond', async () => {
    const server = serve(7);
    const view = renderPage(<MessagesBell />, [ROLE.AGENT]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 7 unread'));
    expect(badgeText()).toBe('7');
    view.unmount();

    server.state.unread = 0;
    const none = renderPage(<MessagesBell />, [ROLE.AGENT]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 0 unread'));
    expect(document.querySelector('.ant-badge .ant-scroll-number')).toBeNull();
    none.unmount();

    server.state.unread = 140;
    renderPage(<MessagesBell />, [ROLE.OFFICE_MANAGER]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 140 unread'));
    expect(document.querySelector('.ant-badge .ant-scroll-number')?.textContent).toBe('99+');
  });

  it('leads an agent-only user to /agent-Transaction and everyone else who may read messages to /Transaction', async () => {
    serve(1);
    const cases: [number[], string][] = [
      [[ROLE.AGENT], '/agent-Transaction'],
      [[ROLE.AGENT, ROLE.OFFICE_MANAGER], '/Transaction'],
      [[ROLE.SUPER_ADMIN], '/Transaction'],
      [[ROLE.IBO_MANAGER], '/Transaction'],
      [[ROLE.RETAILER_MANAGER], '/Transaction'],
    ];
    for (const [roles, target] of cases) {
      const view = renderPage(
        <>
          <MessagesBell />
          <Where />
        </>,
        roles,
      );
      await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 1 unread'));
      fireEvent.click(bell());
      expect(screen.getByTestId('where').textContent).toBe(target);
      view.unmount();
    }
  });

  it('is not shown, and asks nothing, for a role without a messages screen', async () => {
    const server = serve(3);
    renderPage(<MessagesBell />, [ROLE.OFFICE_SUPERVISOR]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('messages-bell')).toBeNull();
    expect(server.asked()).toBe(0);
  });

  it('asks again when the socket says the messages changed, and after a reconnect', async () => {
    const server = serve(2);
    renderPage(
      <>
        <LiveConnection />
        <MessagesBell />
      </>,
      [ROLE.AGENT],
    );
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 2 unread'));
    expect(socket.options).toContainEqual(expect.objectContaining({ path: '/socket.io', auth: { token: 'token-1' } }));
    act(() => socket.push('connect'));

    server.state.unread = 3;
    act(() => socket.push(LIVE_EVENT.messages));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 3 unread'));

    // A push missed while the socket was down: the reconnect asks again.
    server.state.unread = 5;
    act(() => socket.push('disconnect'));
    act(() => socket.push('connect'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 5 unread'));
    expect(server.requests.some((request) => request.path === HISTORY)).toBe(false);
  });

  it('asks again every minute without the socket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve(1);
    renderPage(<MessagesBell />, [ROLE.AGENT]);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 1 unread'));
    const asked = server.asked();
    server.state.unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS - 1_000));
    expect(server.asked()).toBe(asked);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 4 unread'));
  });
});
