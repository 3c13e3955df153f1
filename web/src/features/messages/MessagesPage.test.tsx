import { MESSAGE_TEXTS } from '@portal/contracts/messages/messages.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import MessagesBell from '../../app/layout/MessagesBell';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, choose, columnTitles, errorsShown, itemOf, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import MessagesPage from './MessagesPage';
import { AGENTS_BY_OFFICE, HISTORY, MARK_READ, MESSAGES, OFFICES, OFFICE_AGENTS, OFFICE_LIST, SEND, UNREAD, historyPage, messageRow } from './messages.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A server whose messages are unread until POST /messages/read. */
function serve(rows = MESSAGES, total = rows.length) {
  let readUpTo = false;
  const api = stubApi(({ method, path, query, body }) => {
    const unread = readUpTo ? 0 : rows.filter((row) => !row.read).length;
    if (method === 'GET' && path === HISTORY) {
      const page = Number(query.get('page') ?? 1);
      return historyPage(rows.map((row) => ({ ...row, read: row.read || readUpTo })), unread, total, page);
    }
    if (method === 'GET' && path === UNREAD) return { unread };
    if (method === 'POST' && path === MARK_READ) {
      readUpTo = true;
      return { message: 'Messages read' };
    }
    if (method === 'GET' && path === OFFICES) return { data: OFFICE_LIST.filter((office) => office.name.toLowerCase().includes((query.get('term') ?? '').toLowerCase())) };
    if (method === 'POST' && path === OFFICE_AGENTS) return { items: AGENTS_BY_OFFICE[(body as { office_id: string }).office_id] ?? [] };
    if (method === 'POST' && path === SEND) return new Reply(201, { message: MESSAGE_TEXTS.messageSent });
    return {};
  });
  return { ...api, posts: (path: string) => api.bodies('POST', path) };
}

const shown = (iso: string) => dayjs(iso).format('MM-DD-YYYY hh:mm A');
const bell = () => screen.getByTestId('messages-bell');
const drawerOpen = () => document.querySelector('.ant-drawer-open') !== null;
const dialog = () => document.querySelector<HTMLElement>('.ant-modal:not(.ant-modal-confirm)')!;

describe('Message History', { timeout: 30_000 }, () => {
  it('lists date and message, 10 a page, unread rows in bold with a dot; opening marks everything read once, and the bell follows', async () => {
    const api = serve();
    renderPage(
      <>
        <MessagesBell />
        <MessagesPage />
      </>,
      [ROLE.AGENT],
    );
    expect(await screen.findByText('Message History')).toBeInTheDocument();
    await screen.findByText('5 devices were assigned to you');
    // jsdom matches no breakpoint: the phone layout, whose last column is as narrow as its icon button.
    expect(columnTitles()).toEqual(['Date', 'Message', 'View']);
    expect(api.queries(HISTORY)[0]).toEqual({ page: '1', results: '10' });

    const unreadRow = rowOf(shown(MESSAGES[0]!.created_date));
    expect(within(unreadRow).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(unreadRow).getByText(/^Stock count on Friday/)).toHaveStyle({ fontWeight: '600', whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
    const readRow = rowOf('5 devices were assigned to you');
    expect(within(readRow).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(readRow).getByText('5 devices were assigned to you')).not.toHaveStyle({ fontWeight: '600' });
    expect(within(readRow).getByText(shown(MESSAGES[1]!.created_date))).toBeInTheDocument();

    // Marked read once; the bell asks again and its count goes.
    await waitFor(() => expect(api.posts(MARK_READ)).toHaveLength(1));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Messages, 0 unread'));
    expect(api.queries(UNREAD).length).toBeGreaterThanOrEqual(2);
    // What was new on this visit stays marked as new though the server now says read.
    expect(within(rowOf(shown(MESSAGES[0]!.created_date))).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(api.posts(MARK_READ)).toHaveLength(1);
  });

  it('View Message shows the date and the whole message, line breaks kept', async () => {
    serve();
    renderPage(<MessagesPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('5 devices were assigned to you');
    const row = rowOf(shown(MESSAGES[0]!.created_date));
    fireEvent.click(within(row).getByRole('button', { name: 'View Message' }));
    await waitFor(() => expect(dialog()).toBeTruthy());
    expect(dialog().querySelector('.ant-modal-title')?.textContent).toBe('View Message');
    expect(within(dialog()).getByTestId('message-date').textContent).toBe(shown(MESSAGES[0]!.created_date));
    const text = within(dialog()).getByTestId('message-text');
    expect(text.textContent).toBe('Stock count on Friday.\nBring the carton list.\nThe van leaves at 9.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    fireEvent.click(within(dialog()).getByText('Close'));
    await waitFor(() => expect(dialog()).toHaveClass('ant-zoom-leave'));

    fireEvent.click(within(rowOf('5 devices were assigned to you')).getByRole('button', { name: 'View Message' }));
    await waitFor(() => expect(within(dialog()).getByTestId('message-text').textContent).toBe('5 devices were assigned to you'));
    expect(within(dialog()).getByTestId('message-date').textContent).toBe(shown(MESSAGES[1]!.created_date));
  });

  it('stays on one read mark across pages; with nothing unread nothing is marked', async () => {
    const many = Array.from({ length: 10 }, (_unused, at) => messageRow(`p-${at}`, `Message ${at}`, { read: at > 0 }));
    const api = serve(many, 25);
    renderPage(<MessagesPage />, [ROLE.AGENT]);
    await screen.findByText('Message 1');
    await waitFor(() => expect(api.posts(MARK_READ)).toHaveLength(1));
    fireEvent.click(document.querySelector<HTMLElement>('.ant-pagination-item-2')!);
    await waitFor(() => expect(api.queries(HISTORY).at(-1)).toEqual({ page: '2', results: '10' }));
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-active')?.textContent).toBe('2'));
    expect(api.posts(MARK_READ)).toHaveLength(1);
    cleanup();

    const quiet = serve(MESSAGES.map((row) => ({ ...row, read: true })));
    renderPage(<MessagesPage />, [ROLE.AGENT]);
    await screen.findByText('5 devices were assigned to you');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quiet.posts(MARK_READ)).toEqual([]);
  });

  it('Send Message is for managers (roles 1, 3, 11, 12), not agents', async () => {
    serve();
    const agent = renderPage(<MessagesPage />, [ROLE.AGENT]);
    await screen.findByText('5 devices were assigned to you');
    expect(screen.queryByText('Send Message')).toBeNull();
    agent.unmount();
    for (const role of [ROLE.SUPER_ADMIN, ROLE.OFFICE_MANAGER, ROLE.IBO_MANAGER, ROLE.RETAILER_MANAGER]) {
      const manager = renderPage(<MessagesPage />, [role]);
      expect(await screen.findByText('Send Message')).toBeInTheDocument();
      manager.unmount();
    }
  });

  it('Send Message: the office and the message are required; sends office_id, the chosen agent_ids and the message; says so and closes', async () => {
    const api = serve();
    renderPage(<MessagesPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('5 devices were assigned to you');
    fireEvent.click(buttonOf('Send Message'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    expect(screen.getByText('None chosen: every active agent of the office')).toBeInTheDocument();
    expect(selectInItem('Agents').closest('.ant-select')).toHaveClass('ant-select-disabled');

    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(errorsShown()).toEqual(['Please select office', MESSAGE_TEXTS.messageText]));
    fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: '   ' } });
    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(errorsShown()).toEqual(['Please select office', MESSAGE_TEXTS.messageText]));
    expect(api.posts(SEND)).toEqual([]);

    // Harbor first: its agents are dropped when the office changes.
    await choose(selectInItem('Office'), 'Harbor (OF-102)', 'Ha');
    // The agents of the office chosen are asked for; the select opens once it is enabled.
    await waitFor(() => expect(api.posts(OFFICE_AGENTS)).toEqual([{ office_id: 'o-2' }]));
    await waitFor(() => expect(selectInItem('Agents').closest('.ant-select')).not.toHaveClass('ant-select-disabled'));
    await choose(selectInItem('Agents'), 'Cy Agent (OF-102)');
    await waitFor(() => expect(within(itemOf('Agents')).getByText('Cy Agent (OF-102)')).toBeInTheDocument());
    await choose(selectInItem('Office'), 'Downtown (OF-101)', 'Do');
    await waitFor(() => expect(api.posts(OFFICE_AGENTS)).toEqual([{ office_id: 'o-2' }, { office_id: 'o-1' }]));
    expect(within(itemOf('Agents')).queryByText('Cy Agent (OF-102)')).toBeNull();
    await choose(selectInItem('Agents'), 'Bob Agent (OF-101)');
    fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: ' Stock count on Friday.\nBring the list. ' } });
    await waitFor(() => expect(errorsShown()).toEqual([]));

    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: MESSAGE_TEXTS.messageSent }));
    expect(api.posts(SEND)).toEqual([{ office_id: 'o-1', agent_ids: ['a-2'], message: 'Stock count on Friday.\nBring the list.' }]);
    await waitFor(() => expect(drawerOpen()).toBe(false));
  });

  it('Send Message with no agent chosen sends an empty agent_ids (every active agent of the office)', async () => {
    const api = serve();
    renderPage(<MessagesPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('5 devices were assigned to you');
    fireEvent.click(buttonOf('Send Message'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    await choose(selectInItem('Office'), 'Downtown (OF-101)', 'Do');
    fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: 'Office closed Monday' } });
    fireEvent.click(buttonOf('Send'));
    await waitFor(() => expect(api.posts(SEND)).toEqual([{ office_id: 'o-1', agent_ids: [], message: 'Office closed Monday' }]));
  });
});
