import { HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, errorsShown, itemOf } from '../../app/testing/form.test-util';
import { Reply, lastNotice, paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import AnnouncementsPage from './AnnouncementsPage';
import { ANNOUNCEMENTS, chosenFile } from './help.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ROW = { id: 'a-1', message_text: 'New price list from Monday', documents: [{ name: 'Prices.pdf', aws_document_url: '/api/v1/announcements/files/f-1?expires=1&signature=s' }], created_at: '2025-03-04T15:00:00.000Z' };

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === ANNOUNCEMENTS) return paged([ROW]);
    if (method === 'POST' && path === ANNOUNCEMENTS) return new Reply(201, { message: HELP_MESSAGES.announcementPublished });
    return {};
  });
}

const chooseFile = (file: File) => fireEvent.change(document.querySelector('.ant-drawer input[type=file]')!, { target: { files: [file] } });
const drawerOpen = () => document.querySelector('.ant-drawer-open') !== null;

describe('Announcements', { timeout: 30_000 }, () => {
  it('lists the announcements with Refresh; Publish Announcement is for the super role and retailer managers only', async () => {
    serve();
    const view = renderPage(<AnnouncementsPage />, [ROLE.OFFICE_MANAGER]);
    expect(await screen.findByText('New price list from Monday')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prices.pdf' })).toHaveAttribute('target', '_blank');
    expect(buttonOf('Refresh')).toBeInTheDocument();
    expect(screen.queryByText('Publish Announcement')).toBeNull();
    view.unmount();

    for (const role of [ROLE.AGENT, ROLE.IBO_MANAGER]) {
      const other = renderPage(<AnnouncementsPage />, [role]);
      await screen.findByText('New price list from Monday');
      expect(screen.queryByText('Publish Announcement')).toBeNull();
      other.unmount();
    }
    for (const role of [ROLE.SUPER_ADMIN, ROLE.RETAILER_MANAGER]) {
      const publisher = renderPage(<AnnouncementsPage />, [role]);
      expect(await screen.findByText('Publish Announcement')).toBeInTheDocument();
      publisher.unmount();
    }
  });

  it('publishes: the message is required; posts message, audience (comma list) and file as multipart; says so, reloads, closes', async () => {
    const api = serve();
    renderPage(<AnnouncementsPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('New price list from Monday');
    fireEvent.click(buttonOf('Publish Announcement'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    expect(screen.getByText('None ticked: everyone')).toBeInTheDocument();
    expect(within(itemOf('Audience')).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Agent', 'Office Manager', 'IBO Manager', 'Retailer Manager']);

    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.message]));
    expect(api.bodies('POST', ANNOUNCEMENTS)).toEqual([]);

    fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: ' Stock count on Friday ' } });
    fireEvent.click(within(itemOf('Audience')).getByText('Agent'));
    fireEvent.click(within(itemOf('Audience')).getByText('IBO Manager'));
    chooseFile(chosenFile('notes.txt', 'text/plain'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.announcementFile]));
    chooseFile(chosenFile('count.pdf', 'application/pdf'));
    await waitFor(() => expect(errorsShown()).toEqual([]));

    const listCalls = api.queries(ANNOUNCEMENTS).length;
    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: HELP_MESSAGES.announcementPublished }));
    const body = api.bodies('POST', ANNOUNCEMENTS)[0] as FormData;
    expect([...body.keys()]).toEqual(['message_text', 'audience_roles', 'file']);
    expect([body.get('message_text'), body.get('audience_roles'), (body.get('file') as File).name]).toEqual(['Stock count on Friday', '2,11', 'count.pdf']);
    await waitFor(() => expect(drawerOpen()).toBe(false));
    await waitFor(() => expect(api.queries(ANNOUNCEMENTS).length).toBeGreaterThan(listCalls));
  });

  it('a link instead of a file, to everyone: posts link_url and link_name with an empty audience', async () => {
    const api = serve();
    renderPage(<AnnouncementsPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('New price list from Monday');
    fireEvent.click(buttonOf('Publish Announcement'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    fireEvent.change(screen.getByPlaceholderText('Message'), { target: { value: 'Read the new policy' } });
    fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'policy.example' } });
    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.link]));
    fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'https://policy.example/2025' } });
    fireEvent.change(screen.getByPlaceholderText('Link name'), { target: { value: 'Policy 2025' } });
    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(api.bodies('POST', ANNOUNCEMENTS)).toHaveLength(1));
    const body = api.bodies('POST', ANNOUNCEMENTS)[0] as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ message_text: 'Read the new policy', audience_roles: '', link_url: 'https://policy.example/2025', link_name: 'Policy 2025' });
  });
});
