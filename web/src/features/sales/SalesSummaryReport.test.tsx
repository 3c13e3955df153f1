import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { stubApi } from '../../app/testing/page.test-util';
import { pick, renderReport, typeAhead } from '../../app/testing/report.test-util';
import SalesByAgentsPage from './SalesByAgentsPage';
import SalesByIbosPage from './SalesByIbosPage';
import SalesByManagersPage from './SalesByManagersPage';
import SalesByOfficesPage from './SalesByOfficesPage';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const counts = { today: 0, WTD: 3, MTD: 12, last_7_days: 5, last_30_days: 21 };
const totals = { today: 1, WTD: 30, MTD: 120, last_7_days: 50, last_30_days: 210 };
const answer = (row: object) => ({ items: { data: [row], total: 1, current_page: 1, current: 1 }, grand_totals: totals });

function serve(list: string, body: unknown) {
  return stubApi(({ path }) => {
    if (path === list) return body;
    if (path === '/api/v1/userlist_based_on_role/office_manager') return { data: [{ id: 'm-2', first_name: 'Mo', last_name: 'Manager', full_name: 'Mo Manager' }] };
    if (path === '/api/v1/userlist_based_on_role/agent') return { data: [{ id: 'a-2', first_name: 'Ann', last_name: 'Agent', full_name: 'Ann Agent', office_number: 'TX-1' }] };
    if (path === '/api/v1/reference/ibo_marketers') return { data: [{ id: 'i-2', name: 'Texas Market' }] };
    if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-2', name: 'Austin North', office_number: 'TX-1' }] };
    return { download: 0, message: 'Your report is being prepared.' };
  });
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

/** The cell of a row (found by a text) under a column header. */
function cell(rowText: string, header: string): HTMLElement {
  return screen.getByText(rowText).closest('tr')!.querySelectorAll('td')[headers().indexOf(header)] as HTMLElement;
}

const totalsRow = () => [...screen.getByTestId('totals-row').querySelectorAll('td')].map((td) => td.textContent);

async function render(page: ReactElement, rowText: string) {
  renderReport(page, { roles: [ROLE.RETAILER_MANAGER] });
  await screen.findByText(rowText);
}

describe('Sales by agents, offices, managers and IBOs/markets', { timeout: 30_000 }, () => {
  it('by agents: the periods as columns, a non-zero count is a link that downloads its breakdown, a zero is not', async () => {
    const api = serve('/api/v1/manager/sales_by_agents', answer({ agent_id: 'a-1', agent_name: 'Al Agent', office_name: 'Austin South', office_number: 'TX-2', ...counts }));
    await render(<SalesByAgentsPage />, 'Al Agent');
    expect(headers()).toEqual(['Agent Name', 'Office', 'Today', 'WTD', 'MTD', '7 Days', '30 Days']);
    expect(screen.getByText('Austin South (TX-2)')).toBeInTheDocument();

    expect(within(cell('Al Agent', 'Today')).queryByRole('link')).toBeNull();
    expect(cell('Al Agent', 'Today')).toHaveTextContent('0');
    for (const [header, count] of [['WTD', '3'], ['MTD', '12'], ['7 Days', '5'], ['30 Days', '21']] as const) {
      expect(within(cell('Al Agent', header)).getByRole('link')).toHaveTextContent(count);
    }
    // Each period's path word (doc 2 §7: today, wtd, mtd, 7_day, 30_day).
    fireEvent.click(within(cell('Al Agent', '7 Days')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/agent/a-1/7_day'));
    fireEvent.click(within(cell('Al Agent', 'WTD')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/agent/a-1/wtd'));
    fireEvent.click(within(cell('Al Agent', '30 Days')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/agent/a-1/30_day'));
    // The export answer is followed as every export's is: download 0 → its message.
    expect(await screen.findAllByText('Your report is being prepared.')).not.toHaveLength(0);

    // The grand totals under the rows.
    expect(totalsRow()).toEqual(['Grand Total', '', '1', '30', '120', '50', '210']);

    // The agent type-ahead (2 characters), Search, the server's sort by a period, Export with both.
    await typeAhead('Agent', 'an');
    await pick('Agent', 'Ann Agent (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/sales_by_agents').at(-1)).toEqual({ agent_id: 'a-2', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'MTD' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/sales_by_agents').at(-1)).toMatchObject({ sort_by: 'MTD', sort: 'ASC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/manager_sales_summary_reports_export/agent')).toEqual([{ agent_id: 'a-2', sort_by: 'MTD', sort: 'ASC', format: 'csv' }]));
    // The form's Clear (the select's own clear icon is named Clear too).
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear' }).find((button) => button.classList.contains('ant-btn'))!);
    await waitFor(() => expect(api.queries('/api/v1/manager/sales_by_agents').at(-1)).toEqual({ sort_by: 'MTD', sort: 'ASC', page: '1', results: '10' }));
  });

  it('by offices: the office type-ahead, downloads by office', async () => {
    const api = serve('/api/v1/sales_summary_reports/office', answer({ office_id: 'o-1', office_name: 'Austin South', office_number: 'TX-2', ...counts, today: 2 }));
    await render(<SalesByOfficesPage />, 'Austin South (TX-2)');
    expect(headers()).toEqual(['Office Name', 'Today', 'WTD', 'MTD', '7 Days', '30 Days']);
    await typeAhead('Office', 'au');
    await pick('Office', 'Austin North (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/sales_summary_reports/office').at(-1)).toEqual({ office_id: 'o-2', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/manager_sales_summary_reports_export/office')).toEqual([{ office_id: 'o-2', format: 'csv' }]));
    fireEvent.click(within(cell('Austin South (TX-2)', 'Today')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/office/o-1/today'));
  });

  it('by managers: the manager select, downloads by manager', async () => {
    const api = serve('/api/v1/sales_summary_reports/manager', answer({ office_manager_id: 'm-1', office_manager_name: 'Max Manager', ...counts }));
    await render(<SalesByManagersPage />, 'Max Manager');
    expect(headers()).toEqual(['Manager Name', 'Today', 'WTD', 'MTD', '7 Days', '30 Days']);
    fireEvent.click(within(cell('Max Manager', 'MTD')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/manager/m-1/mtd'));
    await pick('Manager', 'Mo Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/sales_summary_reports/manager').at(-1)).toEqual({ manager_id: 'm-2', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/sales_summary_reports_export/manager')).toEqual([{ manager_id: 'm-2', format: 'csv' }]));
  });

  it('by IBOs/markets: the IBO select, downloads by IBO', async () => {
    const api = serve('/api/v1/sales_summary_reports/ibo_marketer', answer({ ibo_market_id: 'i-1', ibo_market_name: 'Gulf Market', ...counts }));
    await render(<SalesByIbosPage />, 'Gulf Market');
    expect(headers()).toEqual(['IBO / Markets', 'Today', 'WTD', 'MTD', '7 Days', '30 Days']);
    expect(totalsRow()).toEqual(['Grand Total', '1', '30', '120', '50', '210']);
    fireEvent.click(within(cell('Gulf Market', '30 Days')).getByRole('link'));
    await waitFor(() => expect(api.requests.map((request) => request.path)).toContain('/api/v1/sales/ibo/i-1/30_day'));
    await pick('IBO / Market', 'Texas Market');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/sales_summary_reports/ibo_marketer').at(-1)).toEqual({ ibo_marketer_id: 'i-2', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/sales_summary_reports_export/ibo_marketer')).toEqual([{ ibo_marketer_id: 'i-2', format: 'csv' }]));
  });
});
