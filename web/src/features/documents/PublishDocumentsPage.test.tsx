import { DOCUMENT_MESSAGES } from '@portal/contracts/documents/documents.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, choose, columnTitles, errorsShown, itemOf, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, paged, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import PublishDocumentsPage from './PublishDocumentsPage';
import { IBO_MARKETS, INVALID_ANSWER, OFFICES, PUBLISHED, VALID_ANSWER, VERIFY, chosenFile, publishedRow } from './compliance.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ROW = publishedRow('d-1');

function serve({ rows = [ROW], publish = () => new Reply(201, { message: DOCUMENT_MESSAGES.published, id: 'd-2' }), verify = () => VALID_ANSWER as unknown }: { rows?: ReturnType<typeof publishedRow>[]; publish?: () => unknown; verify?: () => unknown } = {}) {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === PUBLISHED) return paged(rows);
    if (method === 'POST' && path === PUBLISHED) return publish();
    if (method === 'POST' && path === VERIFY) return verify();
    if (path === OFFICES)
      return {
        data: [
          { id: 'o-1', name: 'Dallas Office', office_number: 'D1' },
          { id: 'o-2', name: 'Austin Office', office_number: 'A2' },
        ],
      };
    if (path === IBO_MARKETS) return { data: [{ id: 'm-1', name: 'Texas Market' }] };
    return {};
  });
}

const drawerOpen = () => document.querySelector('.ant-drawer-open') !== null;
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open')!;
/** Chooses the drawer's file and waits until the Upload lists it (antd takes it asynchronously). */
async function chooseDocument(file: File) {
  fireEvent.change(drawer().querySelector('input[type=file]')!, { target: { files: [file] } });
  await within(drawer()).findByText(file.name);
}
const verifyCard = () => screen.getByText('Verify a signed document').closest<HTMLElement>('.ant-card')!;
const chooseToVerify = (file: File) => fireEvent.change(verifyCard().querySelector('input[type=file]')!, { target: { files: [file] } });

async function openDrawer() {
  await screen.findByText('Code of Conduct 2025');
  fireEvent.click(buttonOf('Publish Document'));
  await waitFor(() => expect(drawerOpen()).toBe(true));
}

describe('Publish Documents', { timeout: 30_000 }, () => {
  it('lists Name, Audience, Signed, Published By, Created At and View; Retailer for the super role or when a row names one', async () => {
    const api = serve();
    const view = renderPage(<PublishDocumentsPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Code of Conduct 2025');
    expect(columnTitles()).toEqual(['Name', 'Audience', 'Signed', 'Published By', 'Created At', 'Document']);
    const row = within(rowOf('Code of Conduct 2025'));
    expect(row.getByText('3 of 10')).toBeInTheDocument();
    expect(row.getByText('Agents and managers of Dallas Office')).toBeInTheDocument();
    expect(row.getByText('Rita Retail')).toBeInTheDocument();
    expect(row.getByText(dayjs(ROW.created_at).format('MM-DD-YYYY hh:mm A'))).toBeInTheDocument();
    const link = row.getByRole('link', { name: 'View Code of Conduct 2025' });
    expect(link).toHaveAttribute('href', ROW.document_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(api.queries(PUBLISHED)[0]).toMatchObject({ page: '1', results: '10' });
    expect(buttonOf('Refresh')).toBeInTheDocument();
    view.unmount();

    const superView = renderPage(<PublishDocumentsPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('Code of Conduct 2025');
    expect(columnTitles()).toEqual(['Name', 'Audience', 'Signed', 'Retailer', 'Published By', 'Created At', 'Document']);
    expect(within(rowOf('Code of Conduct 2025')).getByText('All retailers')).toBeInTheDocument();
    superView.unmount();

    serve({ rows: [publishedRow('d-3', { document_name: 'Store Rules', retailer_name: 'Acme Wireless' })] });
    renderPage(<PublishDocumentsPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Store Rules');
    await waitFor(() => expect(columnTitles()).toContain('Retailer'));
    expect(within(rowOf('Store Rules')).getByText('Acme Wireless')).toBeInTheDocument();
  });

  it('Publish refuses a missing name, file and audience and a file that is not a PDF', async () => {
    const api = serve();
    renderPage(<PublishDocumentsPage />, [ROLE.RETAILER_MANAGER]);
    await openDrawer();
    expect(screen.getByText(/No office and no IBO\/Market chosen: the document is for everyone in your scope/)).toBeInTheDocument();

    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(errorsShown()).toEqual([DOCUMENT_MESSAGES.name, DOCUMENT_MESSAGES.file, DOCUMENT_MESSAGES.audienceRoles]));

    fireEvent.change(screen.getByPlaceholderText('Document name'), { target: { value: '   ' } });
    await chooseDocument(chosenFile('notes.txt', 'text/plain'));
    fireEvent.click(within(itemOf('For')).getByText('Managers'));
    fireEvent.click(buttonOf('Publish'));
    await waitFor(() => expect(errorsShown()).toEqual([DOCUMENT_MESSAGES.name, DOCUMENT_MESSAGES.file]));
    expect(api.bodies('POST', PUBLISHED)).toEqual([]);
  });

  it('Publish sends the name, the audience flags, the offices and IBOs/markets (comma lists) and the PDF; says so, closes, reloads', async () => {
    const api = serve();
    renderPage(<PublishDocumentsPage />, [ROLE.RETAILER_MANAGER]);
    await openDrawer();
    fireEvent.change(screen.getByPlaceholderText('Document name'), { target: { value: ' Store Rules 2025 ' } });
    await chooseDocument(chosenFile('rules.pdf', 'application/pdf'));
    fireEvent.click(within(itemOf('For')).getByText('Agents'));
    await choose(selectInItem('Offices'), 'Dallas Office (D1)');
    await choose(selectInItem('Offices'), 'Austin Office (A2)');
    await choose(selectInItem('IBOs/Markets'), 'Texas Market');
    const listCalls = api.queries(PUBLISHED).length;
    fireEvent.click(buttonOf('Publish'));

    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: DOCUMENT_MESSAGES.published }));
    const body = api.bodies('POST', PUBLISHED)[0] as FormData;
    expect([...body.keys()]).toEqual(['document_name', 'agents', 'managers', 'office_ids', 'ibo_marketer_ids', 'file']);
    expect([body.get('document_name'), body.get('agents'), body.get('managers'), body.get('office_ids'), body.get('ibo_marketer_ids'), (body.get('file') as File).name]).toEqual([
      'Store Rules 2025',
      '1',
      '0',
      'o-1,o-2',
      'm-1',
      'rules.pdf',
    ]);
    await waitFor(() => expect(drawerOpen()).toBe(false));
    await waitFor(() => expect(api.queries(PUBLISHED).length).toBeGreaterThan(listCalls));
  });

  it('to everyone in scope: empty office and IBO/market lists; a refusal\'s fields show on their fields', async () => {
    const api = serve({ publish: () => new Reply(400, { error: 'Bad Request', message: 'Please check the form', fields: { document_name: 'A document of that name exists', managers: DOCUMENT_MESSAGES.audienceRoles } }) });
    renderPage(<PublishDocumentsPage />, [ROLE.SUPER_ADMIN]);
    await openDrawer();
    fireEvent.change(screen.getByPlaceholderText('Document name'), { target: { value: 'Code of Conduct 2025' } });
    await chooseDocument(chosenFile('conduct.pdf', 'application/pdf'));
    fireEvent.click(within(itemOf('For')).getByText('Agents'));
    fireEvent.click(within(itemOf('For')).getByText('Managers'));
    fireEvent.click(buttonOf('Publish'));

    await waitFor(() => expect(errorsShown()).toEqual(['A document of that name exists', DOCUMENT_MESSAGES.audienceRoles]));
    const body = api.bodies('POST', PUBLISHED)[0] as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({ document_name: 'Code of Conduct 2025', agents: '1', managers: '1', office_ids: '', ibo_marketer_ids: '' });
    expect(drawerOpen()).toBe(true);
  });

  it('Verify: a signed document names the document, signer, role, office, time and SHA-256; another file the reason and its SHA-256', async () => {
    let answer: unknown = VALID_ANSWER;
    const api = serve({ verify: () => answer });
    renderPage(<PublishDocumentsPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('Code of Conduct 2025');

    chooseToVerify(chosenFile('photo.png', 'image/png'));
    expect(await within(verifyCard()).findByText(DOCUMENT_MESSAGES.file)).toBeInTheDocument();
    expect(api.bodies('POST', VERIFY)).toEqual([]);

    chooseToVerify(chosenFile('signed-conduct.pdf', 'application/pdf'));
    const card = within(verifyCard());
    const signedAt = dayjs(VALID_ANSWER.record!.signed_at).format('MM-DD-YYYY hh:mm A');
    // The headline and the details give the time in one format, the spec's; never the raw instant.
    expect(await card.findByText(`Signed by Alex Agent on ${signedAt}; unchanged since it was signed.`)).toBeInTheDocument();
    expect(verifyCard().textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    const sent = api.bodies('POST', VERIFY)[0] as FormData;
    expect((sent.get('file') as File).name).toBe('signed-conduct.pdf');
    expect(card.queryByText(DOCUMENT_MESSAGES.file)).toBeNull();
    expect(card.getByText('Code of Conduct 2025 (Compliance document)')).toBeInTheDocument();
    expect(card.getByText('Alex Agent')).toBeInTheDocument();
    expect(card.getByText('Agent')).toBeInTheDocument();
    expect(card.getByText('Dallas Office')).toBeInTheDocument();
    expect(card.getByText(signedAt)).toBeInTheDocument();
    expect(card.getByText(VALID_ANSWER.sha256)).toBeInTheDocument();
    expect(verifyCard().querySelector('.ant-alert-success')).not.toBeNull();

    answer = INVALID_ANSWER;
    chooseToVerify(chosenFile('edited.pdf', 'application/pdf'));
    expect(await card.findByText(INVALID_ANSWER.message)).toBeInTheDocument();
    expect(card.getByText(INVALID_ANSWER.sha256)).toBeInTheDocument();
    expect(card.getByText('edited.pdf')).toBeInTheDocument();
    expect(card.queryByText('Alex Agent')).toBeNull();
    expect(verifyCard().querySelector('.ant-alert-warning')).not.toBeNull();
  });
});
