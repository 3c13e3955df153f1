import { FORM_STATUS } from '@portal/contracts/documents/documents.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { columnTitles } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import ManagerDocumentsPage from './ManagerDocumentsPage';
import { FORM_TEXTS } from './forms-api';
import { DOCUMENT_LINK, DOCUMENT_LIST, FILLED_URL, managerDocument, stubNewTab } from './forms.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ITEMS = [
  managerDocument('f-1', { unit_name: 'Austin North' }),
  managerDocument('f-2', { unit_name: 'Waco', status: FORM_STATUS.COMPLETED, status_text: 'Completed', fill_url: null, download: true }),
  managerDocument('f-3', { unit_name: 'Houston', status: FORM_STATUS.REJECTED, status_text: 'Rejected', reason: 'The tax id is missing', fill_url: '/form/f-3/tok-f-3', download: false }),
  managerDocument('f-4', { unit_kind: 'ibo_marketer', unit_name: 'Texas Market', status: FORM_STATUS.ACCEPTED, status_text: 'Accepted', fill_url: null, download: true }),
  managerDocument('f-5', { unit_name: 'Dallas', fill_url: null }),
];

const action = (unit: string, name: 'Fill form' | 'Download Documents') => screen.queryByLabelText(`${name} Market and Office Compliance Form of ${unit}`);
const blockedReason = (element: HTMLElement | null) => element?.closest('[data-blocked-because]')?.getAttribute('data-blocked-because') ?? null;

describe('Manager documents list', { timeout: 30_000 }, () => {
  it("asks for the caller's own forms and shows form, unit, status (a rejection's reason), dates; the actions follow the status", async () => {
    const api = stubApi(({ path }) => (path === DOCUMENT_LIST ? { items: ITEMS, status: FORM_STATUS.IN_PROGRESS, reason: null } : {}));
    renderPage(<ManagerDocumentsPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Waco');
    expect(api.requests.map((request) => request.path)).toEqual([DOCUMENT_LIST]);
    expect(columnTitles()).toEqual(['Form', 'Unit', 'Status', 'Sent', 'Updated', 'Actions']);
    expect(within(rowOf('Texas Market')).getByText('IBO/Market')).toBeInTheDocument();
    expect(within(rowOf('Austin North')).getByText('03-04-2025')).toBeInTheDocument();
    expect(within(rowOf('Austin North')).getByText('03-05-2025')).toBeInTheDocument();
    expect(within(rowOf('Houston')).getByText('Rejected')).toHaveClass('ant-tag');
    expect(within(rowOf('Houston')).getByText('The tax id is missing')).toBeInTheDocument();
    expect(within(rowOf('Waco')).queryByText('The tax id is missing')).toBeNull();

    // Fill form: the link, same tab, while in progress or rejected and the caller fills it.
    for (const [unit, href] of [['Austin North', '/form/f-1/tok-f-1'], ['Houston', '/form/f-3/tok-f-3']] as const) {
      const fill = action(unit, 'Fill form')!;
      expect(fill).toBeEnabled();
      expect(fill).toHaveAttribute('href', href);
      expect(fill).not.toHaveAttribute('target');
    }
    for (const unit of ['Waco', 'Texas Market']) {
      expect(action(unit, 'Fill form')).toBeDisabled();
      expect(blockedReason(action(unit, 'Fill form'))).toBe(FORM_TEXTS.fillOnlyWhen);
    }
    expect(action('Dallas', 'Fill form')).toBeDisabled();
    expect(blockedReason(action('Dallas', 'Fill form'))).toBe(FORM_TEXTS.filledByUnit);

    // Download Documents: only accepted, completed or rejected; disabled without a filled copy.
    expect(action('Austin North', 'Download Documents')).toBeNull();
    expect(action('Dallas', 'Download Documents')).toBeNull();
    expect(action('Waco', 'Download Documents')).toBeEnabled();
    expect(action('Texas Market', 'Download Documents')).toBeEnabled();
    expect(action('Houston', 'Download Documents')).toBeDisabled();
    expect(blockedReason(action('Houston', 'Download Documents'))).toBe(FORM_TEXTS.noDocuments);
  });

  it('Download Documents asks get_document with the form id and opens the signed link in a new tab; a refusal closes it and says why', async () => {
    const api = stubApi(({ path, query }) => {
      if (path === DOCUMENT_LIST) return { items: ITEMS, status: null, reason: null };
      if (path === DOCUMENT_LINK) return query.get('form_id') === 'f-2' ? { url: FILLED_URL } : new Reply(404, { error: 'Not Found', message: 'There is no filled copy of that form.' });
      return {};
    });
    const { tab, open } = stubNewTab();
    renderPage(<ManagerDocumentsPage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('Waco');

    fireEvent.click(action('Waco', 'Download Documents')!);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(FILLED_URL));
    expect(tab.opener).toBeNull();
    expect(api.queries(DOCUMENT_LINK)).toEqual([{ form_id: 'f-2' }]);

    fireEvent.click(action('Texas Market', 'Download Documents')!);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'There is no filled copy of that form.' }));
    expect(api.queries(DOCUMENT_LINK).at(-1)).toEqual({ form_id: 'f-4' });
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('says when no form has been sent', async () => {
    stubApi(({ path }) => (path === DOCUMENT_LIST ? { items: [], status: null, reason: null } : {}));
    renderPage(<ManagerDocumentsPage />, [ROLE.AGENT]);
    expect(await screen.findByText(FORM_TEXTS.noForms)).toBeInTheDocument();
  });
});
