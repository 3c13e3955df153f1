import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, stubApi } from '../../app/testing/page.test-util';
import InventoryByAgentPage from './InventoryByAgentPage';
import InventoryByIboPage from './InventoryByIboPage';
import InventoryByManagerPage from './InventoryByManagerPage';
import InventoryByOfficePage from './InventoryByOfficePage';
import { pick, renderReport, typeAhead } from '../../app/testing/report.test-util';
import { ROLE } from '@portal/contracts/platform/roles';
import { FLEET, POLL_WAIT, asOfDay, fleetStatus, freezeToday, openAsOf, pickAsOf } from './fleet-as-of.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const counts = { in_stock: 12, sold_30_days: 0, manager_pending: 3, manager_assigned: 4, agent_pending: 0, agent_transfer: 1, agent_assigned: 5 };
const answer = (row: object, grand_totals: object) => ({ items: { data: [row], total: 1, current_page: 1, current: 1 }, grand_totals });

/** The API: the list answers `body`, or `past` when asked as of a date; the fleet route answers `fleet()`. */
function serve(list: string, body: unknown, { past = body, fleet = () => fleetStatus() }: { past?: unknown; fleet?: () => unknown } = {}) {
  return stubApi(({ path, query }) => {
    if (path === list) return query.has('as_of') ? past : body;
    if (path === FLEET) return fleet();
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

async function render(page: ReactElement, rowText: string, { roles = [ROLE.RETAILER_MANAGER], url = '/' }: { roles?: number[]; url?: string } = {}) {
  renderReport(page, { roles, url });
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

describe('Inventory by managers as of a past date (issue 23)', { timeout: 30_000 }, () => {
  const LIST = '/api/v1/inventory_summary_reports/manager';
  const today = answer({ office_manager_id: 'm-1', office_manager_name: 'Max Manager', ...counts }, { in_stock: 120, manager_pending: 30, sold_30_days: 7 });
  const then = answer({ office_manager_id: 'm-1', office_manager_name: 'Max Manager', ...counts }, { in_stock: 80, manager_pending: 20, sold_30_days: 5 });
  const asOfSent = (api: ReturnType<typeof serve>) => api.queries(LIST).filter((query) => 'as_of' in query);

  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it("a retailer manager picks a past day: today's figures while it is prepared, then the past ones in cards, table, export and downloads; Back to today", async () => {
    let fleet = fleetStatus({ percent: 40.6, events_applied: 12_345 });
    const api = serve(LIST, today, { past: then, fleet: () => fleet });
    await render(<InventoryByManagerPage />, 'Max Manager');
    expect(api.queries(FLEET)).toEqual([]);

    await openAsOf();
    // Only the past: the server refuses today and later.
    expect(asOfDay('2026-10-15')).toHaveClass('ant-picker-cell-disabled');
    expect(asOfDay('2026-10-14')).not.toHaveClass('ant-picker-cell-disabled');
    await pickAsOf('2026-10-01');

    expect(await screen.findByText('Preparing the reports as of 10-01-2026: 40% (12,345 events)')).toBeInTheDocument();
    expect(api.queries(FLEET)[0]).toEqual({ as_of: '2026-10-01' });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(asOfSent(api)).toEqual([]);
    expect(cardValue('In Stock')).toBe('120');
    expect(screen.queryByText('As of 10-01-2026')).toBeNull();

    fleet = fleetStatus({ status: 'ready', percent: 100, events_applied: 30_000, ready_at: '2026-10-15T15:00:05.000Z' });
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ as_of: '2026-10-01', page: '1', results: '10' }), POLL_WAIT);
    await waitFor(() => expect(cardValue('In Stock')).toBe('80'));
    expect(screen.getByText('As of 10-01-2026')).toBeInTheDocument();
    expect(screen.queryByText(/^Preparing/)).toBeNull();

    fireEvent.click(within(cell('Max Manager', 'In Stock')).getByText('12'));
    await waitFor(() => expect(api.queries('/api/v1/inventory/manager/m-1/instock')).toEqual([{ as_of: '2026-10-01' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/inventory_summary_reports_export/manager')).toEqual([{ as_of: '2026-10-01', format: 'csv' }]));

    const fleetCalls = api.queries(FLEET).length;
    fireEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ page: '1', results: '10' }));
    await waitFor(() => expect(cardValue('In Stock')).toBe('120'));
    expect(screen.queryByText('As of 10-01-2026')).toBeNull();
    expect(screen.getByLabelText('As of')).toHaveValue('');
    expect(api.queries(FLEET)).toHaveLength(fleetCalls);
  });

  it('a link with ?as_of= opens on that past day once it is ready; an auditor reads it too', async () => {
    const api = serve(LIST, today, { past: then, fleet: () => fleetStatus({ status: 'ready', percent: 100 }) });
    await render(<InventoryByManagerPage />, 'Max Manager', { roles: [ROLE.AUDITOR], url: '/InventoryByManager?as_of=2026-10-01' });
    await waitFor(() => expect(cardValue('In Stock')).toBe('80'));
    expect(asOfSent(api).at(-1)).toEqual({ as_of: '2026-10-01', page: '1', results: '10' });
    expect(screen.getByLabelText('As of')).toHaveValue('10-01-2026');
    expect(screen.getByText('As of 10-01-2026')).toBeInTheDocument();
  });

  it('a failed preparation shows why and Try again asks the server again', async () => {
    let fleet = fleetStatus({ status: 'failed', percent: 12, error: 'The event store could not be read.' });
    const api = serve(LIST, today, { fleet: () => fleet });
    await render(<InventoryByManagerPage />, 'Max Manager', { url: '/?as_of=2026-10-01' });
    expect(await screen.findByText('The reports as of 10-01-2026 could not be prepared: The event store could not be read.')).toBeInTheDocument();
    // A failed build is not polled: it stays failed until asked again.
    expect(api.queries(FLEET)).toEqual([{ as_of: '2026-10-01' }]);

    fleet = fleetStatus({ percent: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Preparing the reports as of 10-01-2026: 0% (0 events)')).toBeInTheDocument();
    expect(api.queries(FLEET).length).toBeGreaterThanOrEqual(2);
    expect(asOfSent(api)).toEqual([]);
  });

  it("the server's refusal of the day is shown in its words", async () => {
    serve(LIST, today, { fleet: () => new Reply(400, { error: 'Bad Request', message: 'Invalid query', fields: { as_of: 'as_of must be a day before today' } }) });
    await render(<InventoryByManagerPage />, 'Max Manager', { url: '/?as_of=2026-10-15' });
    expect(await screen.findByText('as_of must be a day before today')).toBeInTheDocument();
  });

  it('an office manager sees no "As of" control, and a link\'s as_of is not sent', async () => {
    const api = serve(LIST, today);
    await render(<InventoryByManagerPage />, 'Max Manager', { roles: [ROLE.OFFICE_MANAGER], url: '/?as_of=2026-10-01' });
    expect(screen.queryByLabelText('As of')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to today' })).toBeNull();
    expect(api.queries(FLEET)).toEqual([]);
    expect(asOfSent(api)).toEqual([]);
  });
});
