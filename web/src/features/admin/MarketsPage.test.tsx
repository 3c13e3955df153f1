import { DOCUMENT_MESSAGES, FORM_STATUS } from '@portal/contracts/documents/documents.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, rowCheckbox, rowOf, stubApi, tickRow } from '../../app/testing/page.test-util';
import { selectInput } from '../../app/testing/report.test-util';
import MarketsPage from './MarketsPage';
import { ACCEPT_REJECT, FILLED_COPY, FILLED_URL, MARKETS, SEND_DOCUMENT, lookups, marketRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, columnTitles, errorsShown, openConfirm } from '../../app/testing/form.test-util';
import { UNIT_MESSAGES } from './unit-choices';
import { ALREADY_SENT } from './UnitDocumentActions';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ACTION = `${MARKETS}/action`;
const REFUSED = 'Texas Market still has 12 devices and 3 active agents: transfer the devices to another office and move the agents to another office (Users, Agent Office Transfer) first';
const ROWS = [marketRow('m-1'), marketRow('m-2', { name: 'Bayou Market', status: 0, get_manager_info: [] })];

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === MARKETS) return { items: { data: ROWS, total: 2, current_page: 1 } };
    if (method === 'POST' && path === `${ACTION}/m-1`) return new Reply(409, { error: 'Conflict', message: REFUSED });
    if (method === 'POST' && path === `${ACTION}/m-2`) return { message: 'IBOs / Markets activate successfully' };
    return lookups(path) ?? {};
  });
}

const renderMarkets = (roles: number[]) => renderScreen(<MarketsPage />, { roles, path: '/marketers' });

describe('IBO/Market list', { timeout: 30_000 }, () => {
  it('role 12: no chain columns; the filters and the Status column filter go to GET ibo_marketers; Edit disabled with its reason; the name opens Edit', async () => {
    const api = serve();
    renderMarkets([ROLE.RETAILER_MANAGER]);
    await screen.findByText('Bayou Market');
    expect(api.queries(MARKETS)[0]).toEqual({ page: '1', results: '10' });
    expect(columnTitles()).toEqual(['IBOs/Markets', 'Manager', 'Created At', 'Status', 'Form', 'Action']);
    expect(within(rowOf('Texas Market')).getByText('Ida Ibo')).toHaveClass('ant-tag');
    expect(within(rowOf('Bayou Market')).getByText('Inactive')).toHaveClass('ant-tag-orange');
    const edit = screen.getByLabelText('Edit Texas Market');
    expect(edit).toBeDisabled();
    expect(edit.closest('[data-blocked-because]')).toHaveAttribute('data-blocked-because', UNIT_MESSAGES.marketEditBlocked);
    expect(buttonOf('Add IBO/Market')).toBeInTheDocument();
    expect(buttonOf('Export Report')).toBeInTheDocument();

    await choose(selectInput('IBO/Market'), 'Gulf Market');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'gulf' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(MARKETS).at(-1)).toEqual({ ibo_marketer_id: 'i-2', search_text: 'gulf', page: '1', results: '10' }));

    fireEvent.click(document.querySelector('.ant-table-filter-trigger')!);
    const dropdown = await waitFor(() => document.querySelector<HTMLElement>('.ant-table-filter-dropdown')!);
    fireEvent.click(within(dropdown).getByText('Inactive'));
    await waitFor(() => expect(api.queries(MARKETS).at(-1)).toEqual({ ibo_marketer_id: 'i-2', search_text: 'gulf', status: '0', page: '1', results: '10' }));
    // Clear drops the column's status filter with the form's.
    fireEvent.click(buttonOf('Clear'));
    await waitFor(() => expect(api.queries(MARKETS).at(-1)).toEqual({ page: '1', results: '10' }));
    expect(document.querySelector('.ant-table-filter-trigger')).not.toHaveClass('active');

    fireEvent.click(screen.getByText('Texas Market', { selector: 'a' }));
    await waitFor(() => expect(where()).toBe('/editmarketers m-1'));
  });

  it("role 1: Master, Distributor, Retailer; Deactivate asks, posts { status: 0 } and shows the server's refusal; Activate says the server's message", async () => {
    const api = serve();
    renderMarkets([ROLE.SUPER_ADMIN]);
    await screen.findByText('Bayou Market');
    expect(columnTitles()).toEqual(['IBOs/Markets', 'Master', 'Distributor', 'Retailer', 'Manager', 'Created At', 'Status', 'Form', 'Action']);
    expect(within(rowOf('Texas Market')).getByText('Lone Star Retail')).toBeInTheDocument();

    const deactivate = await openConfirm(screen.getByLabelText('Deactivate Texas Market'));
    expect(deactivate.title).toBe(UNIT_MESSAGES.statusConfirm('market', 'Texas Market', 0));
    deactivate.yes();
    await waitFor(() => expect(api.bodies('POST', `${ACTION}/m-1`)).toEqual([{ status: 0 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: REFUSED }));

    const listCalls = api.queries(MARKETS).length;
    const activate = await openConfirm(screen.getByLabelText('Activate Bayou Market'));
    activate.yes();
    await waitFor(() => expect(api.bodies('POST', `${ACTION}/m-2`)).toEqual([{ status: 1 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'IBOs / Markets activate successfully' }));
    await waitFor(() => expect(api.queries(MARKETS).length).toBeGreaterThan(listCalls));
  });

  it('Send Document: only rows with no form can be selected; the button shows once rows are; it sends { type, ids }, says so, clears the selection and reloads', async () => {
    const rows = [
      marketRow('m-1'),
      marketRow('m-2', { name: 'Bayou Market', form_status: FORM_STATUS.COMPLETED, form_id: 'f-2' }),
      marketRow('m-3', { name: 'Gulf Coast Market', form_status: FORM_STATUS.IN_PROGRESS, form_id: 'f-3' }),
      marketRow('m-4', { name: 'Plains Market' }),
    ];
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === MARKETS) return { items: { data: rows, total: rows.length, current_page: 1 } };
      if (method === 'POST' && path === SEND_DOCUMENT) return { message: DOCUMENT_MESSAGES.sent };
      return lookups(path) ?? {};
    });
    renderMarkets([ROLE.RETAILER_MANAGER]);
    await screen.findByText('Bayou Market');
    expect(within(rowOf('Texas Market')).getByText('—')).toBeInTheDocument();
    expect(within(rowOf('Bayou Market')).getByText('Completed')).toHaveClass('ant-tag');
    expect(within(rowOf('Gulf Coast Market')).getByText('In Progress')).toHaveAttribute('title', ALREADY_SENT);
    expect(rowCheckbox('Bayou Market')).toBeDisabled();
    expect(rowCheckbox('Gulf Coast Market')).toBeDisabled();
    expect(rowCheckbox('Texas Market')).toBeEnabled();
    expect(screen.queryByText('Send Document')).toBeNull();

    tickRow('Texas Market');
    tickRow('Plains Market');
    const listCalls = api.queries(MARKETS).length;
    fireEvent.click(buttonOf('Send Document'));
    await waitFor(() => expect(api.bodies('POST', SEND_DOCUMENT)).toEqual([{ type: 'ibo_marketer', ids: ['m-1', 'm-4'] }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: DOCUMENT_MESSAGES.sent }));
    await waitFor(() => expect(screen.queryByText('Send Document')).toBeNull());
    expect(rowCheckbox('Texas Market')).not.toBeChecked();
    await waitFor(() => expect(api.queries(MARKETS).length).toBeGreaterThan(listCalls));
  });

  it('Accept/Reject on a completed form: the filled copy, the choice required, a rejection needs its reason; sends { id, status, reason }, says so, closes, reloads', async () => {
    const rows = [marketRow('m-1', { form_status: FORM_STATUS.IN_PROGRESS, form_id: 'f-9' }), marketRow('m-2', { name: 'Bayou Market', form_status: FORM_STATUS.COMPLETED, form_id: 'f-1' })];
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === MARKETS) return { items: { data: rows, total: rows.length, current_page: 1 } };
      if (method === 'GET' && path === FILLED_COPY) return { url: FILLED_URL };
      if (method === 'POST' && path === ACCEPT_REJECT) return { message: 'Form rejected' };
      return lookups(path) ?? {};
    });
    renderMarkets([ROLE.SUPER_ADMIN]);
    await screen.findByText('Bayou Market');
    expect(screen.queryByLabelText('Accept/Reject Texas Market')).toBeNull();
    fireEvent.click(screen.getByLabelText('Accept/Reject Bayou Market'));
    const dialog = (await screen.findByText('Accept/Reject documents', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    const filled = await within(dialog).findByRole('link', { name: 'View filled form' });
    expect(filled).toHaveAttribute('href', FILLED_URL);
    expect(filled).toHaveAttribute('target', '_blank');
    expect(api.queries(FILLED_COPY)).toEqual([{ form_id: 'f-1' }]);

    const ok = () => within(dialog).getByText('OK', { selector: 'button *' }).closest('button')!;
    fireEvent.click(ok());
    await waitFor(() => expect(errorsShown()).toEqual([DOCUMENT_MESSAGES.reviewChoice]));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Reject' }));
    fireEvent.click(ok());
    await waitFor(() => expect(errorsShown()).toEqual([DOCUMENT_MESSAGES.rejectReason]));
    expect(api.bodies('POST', ACCEPT_REJECT)).toEqual([]);

    fireEvent.change(within(dialog).getByPlaceholderText('Reason'), { target: { value: ' The tax id is missing ' } });
    const listCalls = api.queries(MARKETS).length;
    fireEvent.click(ok());
    await waitFor(() => expect(api.bodies('POST', ACCEPT_REJECT)).toEqual([{ id: 'm-2', status: FORM_STATUS.REJECTED, reason: 'The tax id is missing' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Form rejected' }));
    await waitFor(() => expect(screen.queryByText('Accept/Reject documents', { selector: '.ant-modal-title' })).toBeNull());
    await waitFor(() => expect(api.queries(MARKETS).length).toBeGreaterThan(listCalls));
  });
});
