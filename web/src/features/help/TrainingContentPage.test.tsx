import { HELP_MESSAGES } from '@portal/contracts/help/help.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, choose, columnTitles, errorsShown, itemOf, openConfirm, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, paged, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import { CONTENT, chosenFile, contentRow } from './help.test-util';
import TrainingContentPage, { REMOVE_CONFIRM } from './TrainingContentPage';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ROWS = [
  contentRow('t-1'),
  contentRow('t-2', { content_kind: 'video', category: 'retailer', category_name: 'Retailer', title: 'Store tour', source_kind: 'link', url: 'https://videos.example/tour', size: null, retailer_name: 'Lone Star Retail', added_by_name: 'Rita Retail', created_at: '2025-12-31T23:00:00.000Z' }),
];

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === CONTENT) return paged(ROWS);
    if (method === 'POST' && path === CONTENT) return new Reply(201, { message: HELP_MESSAGES.contentAdded });
    if (method === 'POST' && path === `${CONTENT}/remove/t-2`) return { message: HELP_MESSAGES.contentRemoved };
    return {};
  });
}

const chooseFile = (file: File) => fireEvent.change(document.querySelector('.ant-drawer input[type=file]')!, { target: { files: [file] } });
const drawerOpen = () => document.querySelector('.ant-drawer-open') !== null;

describe('Training Content', { timeout: 30_000 }, () => {
  it('lists the content with its columns; Type and Keyword go to the server; Remove asks, posts and reloads', async () => {
    const api = serve();
    renderPage(<TrainingContentPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Store tour');
    expect(columnTitles()).toEqual(['Title', 'Type', 'Category', 'Source', 'Retailer', 'Added By', 'Created At', 'Action']);
    const cells = (title: string) => [...rowOf(title).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('Console basics')).toEqual(['Console basics', 'Document', 'Getting Started', 'File (2.4 MB)', 'Everyone', 'Sam Super', '03-04-2025', 'Remove']);
    expect(cells('Store tour').slice(0, 6)).toEqual(['Store tour', 'Video', 'Retailer', 'Link', 'Lone Star Retail', 'Rita Retail']);
    expect(within(rowOf('Store tour')).getByRole('link', { name: 'Store tour' })).toHaveAttribute('target', '_blank');
    expect(buttonOf('Refresh')).toBeInTheDocument();

    await pick('Type', 'Video');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'tour' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(CONTENT).at(-1)).toEqual({ content_kind: 'video', search_text: 'tour', page: '1', results: '10' }));

    const listCalls = api.queries(CONTENT).length;
    const confirm = await openConfirm(screen.getByLabelText('Remove Store tour'));
    expect(confirm.title).toBe(REMOVE_CONFIRM);
    confirm.yes();
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: HELP_MESSAGES.contentRemoved }));
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${CONTENT}/remove/t-2`]);
    await waitFor(() => expect(api.queries(CONTENT).length).toBeGreaterThan(listCalls));
  });

  it('Add Training Content: says what is missing, refuses a wrong or too large file, then posts the document as multipart', async () => {
    const api = serve();
    renderPage(<TrainingContentPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('Store tour');
    fireEvent.click(buttonOf('Add Training Content'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    expect(document.querySelector('.ant-drawer input[type=file]')).toHaveAttribute('accept', '.pdf');

    fireEvent.click(buttonOf('Add'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.category, HELP_MESSAGES.title, HELP_MESSAGES.fileOrLink]));

    chooseFile(chosenFile('tour.mp4', 'video/mp4'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.category, HELP_MESSAGES.title, HELP_MESSAGES.documentFile]));
    chooseFile(chosenFile('manual.pdf', 'application/pdf', 25_000_000));
    await waitFor(() => expect(errorsShown()).toContain('The file must be at most 20 MB'));

    await choose(selectInItem('Category'), 'Office Manager');
    fireEvent.change(screen.getByPlaceholderText('Title'), { target: { value: ' Receiving guide ' } });
    chooseFile(chosenFile('receiving.pdf', 'application/pdf', 400_000));
    await waitFor(() => expect(errorsShown()).toEqual([]));
    fireEvent.click(buttonOf('Add'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: HELP_MESSAGES.contentAdded }));
    const body = api.bodies('POST', CONTENT)[0] as FormData;
    expect([...body.keys()]).toEqual(['content_kind', 'category', 'title', 'file']);
    expect([body.get('content_kind'), body.get('category'), body.get('title'), (body.get('file') as File).name]).toEqual(['document', 'office-manager', 'Receiving guide', 'receiving.pdf']);
    await waitFor(() => expect(drawerOpen()).toBe(false));
  });

  it('a video by link: the Link field checks the address, then posts link_url', async () => {
    const api = serve();
    renderPage(<TrainingContentPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Store tour');
    fireEvent.click(buttonOf('Add Training Content'));
    await waitFor(() => expect(drawerOpen()).toBe(true));
    fireEvent.click(within(itemOf('Type')).getByText('Video'));
    await waitFor(() => expect(document.querySelector('.ant-drawer input[type=file]')).toHaveAttribute('accept', '.webm,.mp4'));
    fireEvent.click(within(itemOf('Source')).getByText('Link'));
    await choose(selectInItem('Category'), 'Agent');
    fireEvent.change(screen.getByPlaceholderText('Title'), { target: { value: 'Store tour' } });
    // The Link field appears once the chosen source has re-rendered the form (slow on a busy CI core).
    fireEvent.change(await screen.findByPlaceholderText('https://'), { target: { value: 'videos.example/tour' } });
    fireEvent.click(buttonOf('Add'));
    await waitFor(() => expect(errorsShown()).toEqual([HELP_MESSAGES.link]));

    fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'https://videos.example/tour' } });
    fireEvent.click(buttonOf('Add'));
    await waitFor(() => expect(api.bodies('POST', CONTENT)).toHaveLength(1));
    const body = api.bodies('POST', CONTENT)[0] as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ content_kind: 'video', category: 'agent', title: 'Store tour', link_url: 'https://videos.example/tour' });
  });
});
