import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, rowOf, stubApi } from '../../app/testing/page.test-util';
import { selectInput } from '../../app/testing/report.test-util';
import MarketsPage from './MarketsPage';
import { MARKETS, lookups, marketRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, columnTitles, openConfirm } from '../../app/testing/form.test-util';
import { UNIT_MESSAGES } from './unit-choices';

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
    expect(columnTitles()).toEqual(['IBOs/Markets', 'Manager', 'Created At', 'Status', 'Action']);
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
    expect(columnTitles()).toEqual(['IBOs/Markets', 'Master', 'Distributor', 'Retailer', 'Manager', 'Created At', 'Status', 'Action']);
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
});
