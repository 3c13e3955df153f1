import { pads, stroke } from '../../app/testing/signature-pad.test-util';
import { DOCUMENT_MESSAGES } from '@portal/contracts/documents/documents.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import ComplianceDocumentsPage from './ComplianceDocumentsPage';
import { COMPLETED_ROW, COMPLIANCE_LIST, PENDING_ROW, SAVE_DOCUMENT, complianceRow } from './compliance.test-util';

/**
 * jsdom has no pdf.js: the loader module is replaced by one answering a document of `pages.count`
 * pages (or failing with `pages.failure`), recording the links opened and the pages drawn.
 */
const pdfs = vi.hoisted(() => ({ opened: [] as string[], drawn: [] as number[], count: 3, failure: undefined as string | undefined }));
vi.mock('./pdf-document', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./pdf-document')>();
  const { fakePdf: fake } = await import('./compliance.test-util');
  return {
    ...actual,
    openPdf: async (url: string) => {
      pdfs.opened.push(url);
      if (pdfs.failure) throw new actual.PdfLoadFailure(pdfs.failure);
      return fake(pdfs.count, pdfs.drawn);
    },
  };
});

vi.mock('signature_pad', () => import('../../app/testing/signature-pad.test-util').then((util) => util.signaturePadModule));


beforeAll(installBrowserStubs);
beforeEach(() => {
  localStorage.clear();
  Object.assign(pdfs, { opened: [], drawn: [], count: 3, failure: undefined });
  pads.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SIGNED_URL = '/api/v1/documents/files/signed/as-1?expires=2&signature=u';

function serve(save: () => unknown = () => ({ message: DOCUMENT_MESSAGES.signed, signed_document_url: SIGNED_URL })) {
  return stubApi(({ method, path, query }) => {
    if (method === 'GET' && path === COMPLIANCE_LIST) return { items: { data: [PENDING_ROW, COMPLETED_ROW], total: 12, current_page: Number(query.get('page') ?? 1) } };
    if (method === 'POST' && path === SAVE_DOCUMENT) return save();
    return {};
  });
}

const consentBox = () => screen.getByRole('checkbox', { name: DOCUMENT_MESSAGES.consent });
const blockedBecause = (text: string) => buttonOf(text).closest('[data-blocked-because]')?.getAttribute('data-blocked-because') ?? null;

/** Opens the viewer of the row showing `name` and waits for its first page. */
async function view(name: string, pages = 3) {
  fireEvent.click(within(rowOf(name)).getByText('View Document'));
  await screen.findByText(`Page 1 of ${pages}`);
}

/** Pages to the last page of a 3-page document. */
async function readToTheEnd() {
  fireEvent.click(buttonOf('Next'));
  await screen.findByText('Page 2 of 3');
  fireEvent.click(buttonOf('Next'));
  await screen.findByText('Page 3 of 3');
}

describe('Compliance Documents', { timeout: 30_000 }, () => {
  it('lists Name, Status chips, Date and Time and View Document, ten to a page', async () => {
    const api = serve();
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    expect(await screen.findByText('Code of Conduct 2025')).toBeInTheDocument();
    expect(columnTitles()).toEqual(['Name', 'Status', 'Date and Time', 'Action']);
    expect(within(rowOf('Code of Conduct 2025')).getByText('Pending')).toHaveClass('ant-tag-orange');
    expect(within(rowOf('Privacy Notice')).getByText('Completed')).toHaveClass('ant-tag-green');
    expect(within(rowOf('Code of Conduct 2025')).getByText(dayjs(PENDING_ROW.created_date).format('MM-DD-YYYY hh:mm A'))).toBeInTheDocument();
    expect(within(rowOf('Code of Conduct 2025')).getByText('Published')).toBeInTheDocument();
    // A signed one shows when it was signed, not when it was published.
    expect(within(rowOf('Privacy Notice')).getByText(dayjs(COMPLETED_ROW.signed_at).format('MM-DD-YYYY hh:mm A'))).toBeInTheDocument();
    expect(within(rowOf('Privacy Notice')).queryByText(dayjs(COMPLETED_ROW.created_date).format('MM-DD-YYYY hh:mm A'))).toBeNull();
    expect(within(rowOf('Privacy Notice')).getByText('Signed')).toBeInTheDocument();
    expect(within(rowOf('Privacy Notice')).getByText('View Document')).toBeInTheDocument();
    expect(api.queries(COMPLIANCE_LIST)[0]).toMatchObject({ page: '1', results: '10' });

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.queries(COMPLIANCE_LIST).at(-1)).toMatchObject({ page: '2', results: '10' }));
  });

  it('a pending document: read page by page; the consent waits for the last page', async () => {
    serve();
    renderPage(<ComplianceDocumentsPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Code of Conduct 2025');
    await view('Code of Conduct 2025');
    expect(pdfs.opened).toEqual([PENDING_ROW.document_url]);
    expect(screen.getByRole('img', { name: 'Code of Conduct 2025, page 1 of 3' }).tagName).toBe('CANVAS');
    expect(buttonOf('Previous')).toBeDisabled();
    expect(consentBox()).toBeDisabled();
    expect(screen.getByText(DOCUMENT_MESSAGES.lastPage, { selector: '.ant-typography' })).toBeInTheDocument();
    expect(screen.getByLabelText('Signature for Code of Conduct 2025').tagName).toBe('CANVAS');

    fireEvent.click(buttonOf('Next'));
    await screen.findByText('Page 2 of 3');
    expect(consentBox()).toBeDisabled();
    fireEvent.click(buttonOf('Previous'));
    await screen.findByText('Page 1 of 3');
    await readToTheEnd();
    expect(buttonOf('Next')).toBeDisabled();
    await waitFor(() => expect(consentBox()).toBeEnabled());
    expect(screen.queryByText(DOCUMENT_MESSAGES.lastPage, { selector: '.ant-typography' })).toBeNull();
    expect(pdfs.drawn).toEqual([1, 2, 1, 2, 3]);

    // Going back keeps the consent open: the last page has been shown.
    fireEvent.click(buttonOf('Previous'));
    await screen.findByText('Page 2 of 3');
    expect(consentBox()).toBeEnabled();
  });

  it('Save waits for the consent and a drawing, each named; Clear empties the pad', async () => {
    const api = serve();
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    await screen.findByText('Code of Conduct 2025');
    await view('Code of Conduct 2025');
    expect(buttonOf('Save')).toBeDisabled();
    expect(blockedBecause('Save')).toBe(DOCUMENT_MESSAGES.lastPage);

    await readToTheEnd();
    await waitFor(() => expect(blockedBecause('Save')).toBe(DOCUMENT_MESSAGES.consentRequired));
    stroke();
    expect(buttonOf('Save')).toBeDisabled();
    fireEvent.click(consentBox());
    await waitFor(() => expect(buttonOf('Save')).toBeEnabled());

    fireEvent.click(buttonOf('Clear'));
    await waitFor(() => expect(blockedBecause('Save')).toBe(DOCUMENT_MESSAGES.signatureRequired));
    expect(pads.at(-1)!.empty).toBe(true);
    fireEvent.click(consentBox());
    stroke();
    await waitFor(() => expect(blockedBecause('Save')).toBe(DOCUMENT_MESSAGES.consentRequired));
    expect(api.bodies('POST', SAVE_DOCUMENT)).toEqual([]);
  });

  it('Save posts the four fields as multipart, says so, reloads the list and shows the signed copy read-only', async () => {
    const api = serve();
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    await screen.findByText('Code of Conduct 2025');
    await view('Code of Conduct 2025');
    await readToTheEnd();
    await waitFor(() => expect(consentBox()).toBeEnabled());
    fireEvent.click(consentBox());
    stroke();
    const listCalls = api.queries(COMPLIANCE_LIST).length;
    fireEvent.click(buttonOf('Save'));

    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: DOCUMENT_MESSAGES.signed }));
    const [sent] = api.bodies('POST', SAVE_DOCUMENT) as FormData[];
    expect([...sent!.keys()]).toEqual(['agent_document_mapping_id', 'consent', 'signed_date', 'signature_image']);
    expect([sent!.get('agent_document_mapping_id'), sent!.get('consent'), sent!.get('signed_date')]).toEqual([PENDING_ROW.id, '1', dayjs().format('MM-DD-YYYY')]);
    const signature = sent!.get('signature_image') as File;
    expect([signature.name, signature.type]).toEqual(['signature.png', 'image/png']);
    const save = api.requests.find((request) => request.path === SAVE_DOCUMENT)!;
    expect(save.headers['content-type']).toBeUndefined();

    await waitFor(() => expect(api.queries(COMPLIANCE_LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(pdfs.opened).toEqual([PENDING_ROW.document_url, SIGNED_URL]));
    expect(await screen.findByText('Open the signed copy in a new tab')).toHaveAttribute('href', SIGNED_URL);
    expect(screen.queryByRole('checkbox', { name: DOCUMENT_MESSAGES.consent })).toBeNull();
    expect(screen.queryByText('Save', { selector: 'button *' })).toBeNull();
  });

  it('a refusal names the consent and the signature beside them; another failure shows the server\'s message', async () => {
    let answer: unknown = new Reply(400, { error: 'Bad Request', message: 'Please check the form', fields: { consent: DOCUMENT_MESSAGES.consentRequired, signature_image: DOCUMENT_MESSAGES.signatureRequired } });
    serve(() => answer);
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    await screen.findByText('Code of Conduct 2025');
    await view('Code of Conduct 2025');
    await readToTheEnd();
    await waitFor(() => expect(consentBox()).toBeEnabled());
    fireEvent.click(consentBox());
    stroke();
    fireEvent.click(buttonOf('Save'));
    await waitFor(() => expect(screen.getAllByRole('alert').map((element) => element.textContent)).toEqual([DOCUMENT_MESSAGES.consentRequired, DOCUMENT_MESSAGES.signatureRequired]));
    expect(lastNotice().title).toBeUndefined();
    expect(consentBox()).toBeInTheDocument();

    // react-query calls onError (which shows the refusals) before the mutation leaves its pending
    // state, and a loading button ignores clicks: wait for Save to be pressable again.
    await waitFor(() => expect(buttonOf('Save').closest('button')).not.toHaveClass('ant-btn-loading'));
    answer = new Reply(409, { error: 'Conflict', message: 'This document is signed already' });
    fireEvent.click(buttonOf('Save'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'This document is signed already' }));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('a completed document opens on its signed copy, with no consent or signature', async () => {
    serve();
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    await screen.findByText('Privacy Notice');
    pdfs.count = 4;
    await view('Privacy Notice', 4);
    expect(pdfs.opened).toEqual([COMPLETED_ROW.signed_document_url]);
    expect(screen.queryByRole('checkbox', { name: DOCUMENT_MESSAGES.consent })).toBeNull();
    expect(screen.queryByLabelText('Signature for Privacy Notice')).toBeNull();
    expect(screen.getByText('Open the signed copy in a new tab')).toHaveAttribute('href', COMPLETED_ROW.signed_document_url);

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Page 1 of 4')).toBeNull());
  });

  it('a document that cannot be loaded says why, with Try again; a one-page document opens the consent at once', async () => {
    stubApi(({ path }) => (path === COMPLIANCE_LIST ? { items: { data: [complianceRow('as-9', { document_name: 'Short Notice' })], total: 1, current_page: 1 } } : {}));
    pdfs.failure = 'The link to this document has expired. Close the viewer and open the document again.';
    pdfs.count = 1;
    renderPage(<ComplianceDocumentsPage />, [ROLE.AGENT]);
    await screen.findByText('Short Notice');
    fireEvent.click(within(rowOf('Short Notice')).getByText('View Document'));
    expect(await screen.findByText(pdfs.failure)).toBeInTheDocument();
    expect(screen.getByText('The document could not be shown')).toBeInTheDocument();

    pdfs.failure = undefined;
    fireEvent.click(buttonOf('Try again'));
    await screen.findByText('Page 1 of 1');
    expect(pdfs.opened).toHaveLength(2);
    await waitFor(() => expect(consentBox()).toBeEnabled());
  });
});
