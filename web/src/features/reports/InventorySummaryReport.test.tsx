import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { stubApi } from '../../app/testing/page.test-util';
import InventoryByAgentPage from './InventoryByAgentPage';
import InventoryByIboPage from './InventoryByIboPage';
import InventoryByManagerPage from './InventoryByManagerPage';
import InventoryByOfficePage from './InventoryByOfficePage';
import { pick, renderReport, typeAhead } from '../../app/testing/report.test-util';
import { ROLE } from '@portal/contracts/platform/roles';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const counts = { in_stock: 12, sold_30_days: 0, manager_pending: 3, manager_assigned: 4, agent_pending: 0, agent_transfer: 1, agent_assigned: 5 };
const answer = (row: object, grand_totals: object) => ({ items: { data: [row], total: 1, current_page: 1, current: 1 }, grand_totals });

function serve(list: string, body: unknown) {
  return stubApi(({ path }) => {
    if (path === list) return body;
    if (path === '/api/v1/userlist_based_on_role/office_manager') return { data: [{ id: 'm-2', first_name: 'Mo', last_name: 'Manager', full_name: 'Mo Manager' }] };
    if (path === '/api/v1/userlist_based_on_role/agent') return { data: [{ id: 'a-2', first_name: 'Ann', last_name: 'Agent', full_name: 'Ann Agent' }] };
    if (path === '/api/v1/reference/ibo_marketers') return { data: [{ id: 'i-2', name: 'Texas Market' }] };
    if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-2', name: 'Austin North', office_number: 'TX-1' }] };
    return { download: 0, message: 'Your report is being prepared.' };
  });
}

/** The cell of a row (found by a text) under a column header. */
function cell(rowText: string, header: string): HTMLElement {
  const headers = screen.getAllByRole('columnheader').map((element) => element.textContent);
  return screen.getByText(rowText).closest('tr')!.querySelectorAll('td')[headers.indexOf(header)] as HTMLElement;
}

const cardValue = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;

async function render(page: ReactElement, rowText: string) {
  renderReport(page, { roles: [ROLE.RETAILER_MANAGER] });
  await screen.findByText(rowText);
}

describe('Inventory by managers, IBOs/markets, agents and offices', { timeout: 30_000 }, () => {
  it('by managers: total cards, the manager select, server sort, and a non-zero count downloads its devices', async () => {
    const api = serve('/api/v1/inventory_summary_reports/manager', answer({ office_manager_id: 'm-1', office_manager_name: 'Max Manager', ...counts }, { in_stock: 120, manager_pending: 30, sold_30_days: 7 }));
    await render(<InventoryByManagerPage />, 'Max Manager');
    expect([cardValue('In Stock'), cardValue('Manager Pending'), cardValue('Sold (Last 30 days)')]).toEqual(['120', '30', '7']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Manager Name', 'In Stock', 'Sold (Last 30 days)', 'Manager Pending', 'Manager Received', 'Agent Pending', 'Agent Transfer', 'Agent Received']);

    await pick('Manager', 'Mo Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/inventory_summary_reports/manager').at(-1)).toEqual({ manager_id: 'm-2', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'In Stock' }));
    await waitFor(() => expect(api.queries('/api/v1/inventory_summary_reports/manager').at(-1)).toMatchObject({ manager_id: 'm-2', sort_by: 'in_stock', sort: 'ASC' }));

    expect(within(cell('Max Manager', 'Sold (Last 30 days)')).queryByRole('link')).toBeNull(); // zero
    // Every non-zero count downloads its devices, Manager Received included (doc 1 §2.10).
    fireEvent.click(within(cell('Max Manager', 'Manager Received')).getByText('4'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/manager/m-1/manager_received'));
    fireEvent.click(within(cell('Max Manager', 'In Stock')).getByText('12'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/manager/m-1/instock'));
    fireEvent.click(within(cell('Max Manager', 'Agent Received')).getByText('5'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/manager/m-1/agent_received'));

    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/inventory_summary_reports_export/manager')).toEqual([{ manager_id: 'm-2', sort_by: 'in_stock', sort: 'ASC', format: 'csv' }]));
  });

  it('by IBOs/markets: the IBO select and downloads by IBO', async () => {
    const api = serve('/api/v1/inventory_summary_reports/ibo_marketer', answer({ ibo_market_id: 'i-1', ibo_market_name: 'Gulf Market', ...counts }, { in_stock: 12, manager_pending: 3, sold_30_days: 0 }));
    await render(<InventoryByIboPage />, 'Gulf Market');
    expect(cardValue('In Stock')).toBe('12');
    await pick('IBO / Market', 'Texas Market');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/inventory_summary_reports/ibo_marketer').at(-1)).toEqual({ ibo_marketer_id: 'i-2', page: '1', results: '10' }));
    fireEvent.click(within(cell('Gulf Market', 'Manager Pending')).getByText('3'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/ibo/i-1/manager_pending'));
  });

  it('by agents: agent type-ahead from 2 characters, agent cards, downloads by agent', async () => {
    const api = serve('/api/v1/manager/agentlist_with_pagination', answer({ agent_id: 'a-1', agent_name: 'Al Agent', office_name: 'Austin North', agent_assigned: 2, agent_pending: 1, sold_30_days: 9 }, { agent_assigned: 20, agent_pending: 10, sold_30_days: 90 }));
    await render(<InventoryByAgentPage />, 'Al Agent');
    expect([cardValue('Agent Received'), cardValue('Agent Pending'), cardValue('Sold (Last 30 days)')]).toEqual(['20', '10', '90']);
    await typeAhead('Agent', 'a');
    expect(api.queries('/api/v1/userlist_based_on_role/agent')).toEqual([]);
    await typeAhead('Agent', 'an');
    expect(api.queries('/api/v1/userlist_based_on_role/agent')).toEqual([{ term: 'an' }]);
    await pick('Agent', 'Ann Agent');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/agentlist_with_pagination').at(-1)).toEqual({ agent_id: 'a-2', page: '1', results: '10' }));
    fireEvent.click(within(cell('Al Agent', 'Sold (Last 30 days)')).getByText('9'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/agent/a-1/sold'));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/manager_inventory_summary_reports_export/agent')).toEqual([{ agent_id: 'a-2', format: 'csv' }]));
  });

  it('by offices: office type-ahead, downloads by office', async () => {
    const api = serve('/api/v1/manager/inventory_summary_for_manager_with_pagination', answer({ office_id: 'o-1', office_name: 'Austin South', in_stock: 6, manager_pending: 2, sold_30_days: 0 }, { in_stock: 6, manager_pending: 2, sold_30_days: 0 }));
    await render(<InventoryByOfficePage />, 'Austin South');
    expect(cardValue('Manager Pending')).toBe('2');
    await typeAhead('Office', 'au');
    await pick('Office', 'Austin North (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/inventory_summary_for_manager_with_pagination').at(-1)).toEqual({ office_id: 'o-2', page: '1', results: '10' }));
    fireEvent.click(within(cell('Austin South', 'In Stock')).getByText('6'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/inventory/office/o-1/instock'));
  });
});
