import type { AgedRow } from '@portal/contracts/reports/reports.views';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { stubApi } from '../../app/testing/page.test-util';
import AgedByAgentPage from './AgedByAgentPage';
import AgedByIboPage from './AgedByIboPage';
import AgedByManagerPage from './AgedByManagerPage';
import AgedByOfficePage from './AgedByOfficePage';
import { pick, renderReport, selectInput } from '../../app/testing/report.test-util';
import { ROLE } from '@portal/contracts/platform/roles';
import { FLEET, POLL_WAIT, fleetStatus, freezeToday, pickAsOf } from './fleet-as-of.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const buckets = { days1_15: '4', days16_30: '0', days31_45: '2', days46_90: '0', days91: '1', total: '7' };
const totals = { days1_15: '40', days16_30: '16', days31_45: '2', days46_90: '9', days91: '11', total: '78' };
const answer = (rows: AgedRow[]) => ({ items: { data: rows, total: rows.length, current_page: 1 }, grand_totals: totals });

/** The API: the aged list answers `rows` (the band totals of `pastTotals` when asked as of a date); the fleet route answers `fleet()`. */
function serve(kind: string, rows: AgedRow[], { pastTotals = totals, fleet = () => fleetStatus() }: { pastTotals?: typeof totals; fleet?: () => unknown } = {}) {
  return stubApi(({ path, query }) => {
    if (path === `/api/v1/aged_inventory_summary_reports/${kind}`) return query.has('as_of') ? { ...answer(rows), grand_totals: pastTotals } : answer(rows);
    if (path === FLEET) return fleet();
    if (path === '/api/v1/userlist_based_on_role/office_manager') return { data: [{ id: 'm-2', first_name: 'Mo', last_name: 'Manager', full_name: 'Mo Manager' }] };
    if (path === '/api/v1/userlist_based_on_role/agent') return { data: [{ id: 'a-2', first_name: 'Ann', last_name: 'Agent', full_name: 'Ann Agent', office_number: 'TX-2' }] };
    if (path === '/api/v1/reference/ibo_marketers') return { data: [{ id: 'i-2', name: 'Texas Market' }] };
    if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-2', name: 'Austin North', office_number: 'TX-1' }] };
    return { download: 0, message: 'Your report is being prepared.' };
  });
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const cardValue = (title: string) => screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
function cell(row: HTMLElement, header: string): HTMLElement {
  const headers = screen.getAllByRole('columnheader').map((element) => element.textContent);
  return row.querySelectorAll('td')[headers.indexOf(header)] as HTMLElement;
}
const rowsOf = (name: string) => screen.getAllByText(name).map((element) => element.closest('tr')!);
const paths = (api: ReturnType<typeof serve>) => api.requests.map((request) => request.path);

async function render(page: ReactElement, rowText: string, { roles = [ROLE.RETAILER_MANAGER], url = '/' }: { roles?: number[]; url?: string } = {}) {
  renderReport(page, { roles, url });
  await screen.findAllByText(rowText);
}

describe('Aged inventory by agent, manager, IBO/market and office', { timeout: 30_000 }, () => {
  it('by agents: band cards, one row per agent and device type with the office beside the agent, the 800 ms agent type-ahead, the period toggle, band downloads', async () => {
    const api = serve('agent', [
      { agent_id: 'a-1', Agent_name: 'Al Agent', office_name: 'Austin North', office_number: 'TX-1', Product_Type: 'PHONE', ...buckets },
      { agent_id: 'a-1', Agent_name: 'Al Agent', office_name: 'Austin North', office_number: 'TX-1', Product_Type: 'SIM', ...buckets, days1_15: '0' },
    ]);
    await render(<AgedByAgentPage />, 'Al Agent');
    expect(['1-15 Days', '16-30 Days', '31-45 Days', '46-90 Days', '>90 Days'].map(cardValue)).toEqual(['40', '16', '2', '9', '11']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Agent Name', 'Office', 'Device Type', '1-15 Days', '16-30 Days', '31-45 Days', '46-90 Days', '>90 Days', 'Total']);
    expect(cell(rowsOf('Al Agent')[0]!, 'Office').textContent).toBe('Austin North (TX-1)');
    expect(api.queries('/api/v1/aged_inventory_summary_reports/agent')[0]).toEqual({ period: 'pre', page: '1', results: '10' });

    // The agent type-ahead waits for 2 characters and 800 ms without typing.
    const input = selectInput('Agent');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'an' } });
    await wait(500);
    expect(api.queries('/api/v1/userlist_based_on_role/agent')).toEqual([]);
    await wait(400);
    expect(api.queries('/api/v1/userlist_based_on_role/agent')).toEqual([{ term: 'an' }]);
    // Agents of one name are told apart by the office number beside the name.
    await pick(input, 'Ann Agent (TX-2)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/agent').at(-1)).toEqual({ agent_id: 'a-2', period: 'pre', page: '1', results: '10' }));

    fireEvent.click(screen.getByText('Assignment (post)'));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/agent').at(-1)).toEqual({ agent_id: 'a-2', period: 'post', page: '1', results: '10' }));

    const [phone, sim] = rowsOf('Al Agent');
    expect(cell(sim!, '1-15 Days').querySelector('a')).toBeNull(); // '0'
    expect(cell(phone!, '16-30 Days').querySelector('a')).toBeNull();
    expect(cell(phone!, 'Total').querySelector('a')).toBeNull();
    fireEvent.click(within(cell(phone!, '31-45 Days')).getByText('2'));
    await waitFor(() => expect(paths(api)).toContain('/api/v1/aged/agent/a-1/days31_45/PHONE'));
    expect(api.queries('/api/v1/aged/agent/a-1/days31_45/PHONE')).toEqual([{ period: 'post' }]);
    fireEvent.click(within(cell(sim!, '>90 Days')).getByText('1'));
    await waitFor(() => expect(paths(api)).toContain('/api/v1/aged/agent/a-1/days91/SIM'));

    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports_export/agent')).toEqual([{ agent_id: 'a-2', period: 'post', format: 'csv' }]));
  });

  it('by managers: the manager select and downloads by manager', async () => {
    const api = serve('manager', [{ office_manager_id: 'm-1', office_manager_name: 'Max Manager', Product_Type: 'TABLET', ...buckets }]);
    await render(<AgedByManagerPage />, 'Max Manager');
    await pick('Manager', 'Mo Manager');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/manager').at(-1)).toEqual({ manager_id: 'm-2', period: 'pre', page: '1', results: '10' }));
    fireEvent.click(within(cell(rowsOf('Max Manager')[0]!, '1-15 Days')).getByText('4'));
    await waitFor(() => expect(api.queries('/api/v1/aged/manager/m-1/days1_15/TABLET')).toEqual([{ period: 'pre' }]));
  });

  it('by IBOs/markets: the IBO select and downloads by IBO', async () => {
    const api = serve('ibo_marketer', [{ ibo_marketer_id: 'i-1', ibo_name: 'Gulf Market', Product_Type: 'PHONE', ...buckets }]);
    await render(<AgedByIboPage />, 'Gulf Market');
    await pick('IBO / Market', 'Texas Market');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/ibo_marketer').at(-1)).toMatchObject({ ibo_marketer_id: 'i-2' }));
    fireEvent.click(within(cell(rowsOf('Gulf Market')[0]!, '>90 Days')).getByText('1'));
    await waitFor(() => expect(paths(api)).toContain('/api/v1/aged/ibo/i-1/days91/PHONE'));
  });

  it('by offices: the office type-ahead and downloads by office; Clear keeps the period', async () => {
    const api = serve('office', [{ office_id: 'o-1', office_name: 'Austin South', Product_Type: 'PHONE', ...buckets }]);
    await render(<AgedByOfficePage />, 'Austin South');
    const input = selectInput('Office');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'au' } });
    await wait(900);
    await pick(input, 'Austin North (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/office').at(-1)).toEqual({ office_id: 'o-2', period: 'pre', page: '1', results: '10' }));
    fireEvent.click(within(cell(rowsOf('Austin South')[0]!, '1-15 Days')).getByText('4'));
    await waitFor(() => expect(paths(api)).toContain('/api/v1/aged/office/o-1/days1_15/PHONE'));
    fireEvent.click(screen.getByText('Clear', { selector: 'button > span' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports/office').at(-1)).toEqual({ period: 'pre', page: '1', results: '10' }));
  });
});

describe('Aged inventory as of a past date (issue 23)', { timeout: 30_000 }, () => {
  const LIST = '/api/v1/aged_inventory_summary_reports/manager';
  const managerRow: AgedRow = { office_manager_id: 'm-1', office_manager_name: 'Max Manager', Product_Type: 'TABLET', ...buckets };
  const asOfSent = (api: ReturnType<typeof serve>) => api.queries(LIST).filter((query) => 'as_of' in query);

  beforeEach(freezeToday);
  afterEach(() => vi.useRealTimers());

  it('a retailer manager picks a past day: the period stays, as_of joins it once ready (table, cards, export, band downloads); Back to today', async () => {
    let fleet = fleetStatus({ percent: 40, events_applied: 12_345 });
    const api = serve('manager', [managerRow], { pastTotals: { ...totals, days1_15: '25' }, fleet: () => fleet });
    await render(<AgedByManagerPage />, 'Max Manager');
    fireEvent.click(screen.getByText('Assignment (post)'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ period: 'post', page: '1', results: '10' }));

    await pickAsOf('2026-10-01');
    expect(await screen.findByText('Preparing the reports as of 10-01-2026: 40% (12,345 events)')).toBeInTheDocument();
    expect(api.queries(FLEET)[0]).toEqual({ as_of: '2026-10-01' });
    expect(asOfSent(api)).toEqual([]);

    fleet = fleetStatus({ status: 'ready', percent: 100, events_applied: 30_000 });
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ period: 'post', as_of: '2026-10-01', page: '1', results: '10' }), POLL_WAIT);
    await waitFor(() => expect(cardValue('1-15 Days')).toBe('25'));
    expect(screen.getByText('As of 10-01-2026')).toBeInTheDocument();

    fireEvent.click(within(cell(rowsOf('Max Manager')[0]!, '1-15 Days')).getByText('4'));
    await waitFor(() => expect(api.queries('/api/v1/aged/manager/m-1/days1_15/TABLET')).toEqual([{ period: 'post', as_of: '2026-10-01' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/aged_inventory_summary_reports_export/manager')).toEqual([{ period: 'post', as_of: '2026-10-01', format: 'csv' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ period: 'post', page: '1', results: '10' }));
    expect(screen.queryByText('As of 10-01-2026')).toBeNull();
  });

  it('a failed preparation shows why and Try again asks the server again', async () => {
    let fleet = fleetStatus({ status: 'failed', error: 'The replay ran out of time.' });
    const api = serve('manager', [managerRow], { fleet: () => fleet });
    await render(<AgedByManagerPage />, 'Max Manager', { roles: [ROLE.SUPER_ADMIN], url: '/?as_of=2026-10-01' });
    expect(await screen.findByText('The reports as of 10-01-2026 could not be prepared: The replay ran out of time.')).toBeInTheDocument();
    fleet = fleetStatus({ percent: 5, events_applied: 1_500 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Preparing the reports as of 10-01-2026: 5% (1,500 events)')).toBeInTheDocument();
    expect(asOfSent(api)).toEqual([]);
  });

  it('an office manager sees no "As of" control', async () => {
    const api = serve('office', [{ office_id: 'o-1', office_name: 'Austin South', Product_Type: 'PHONE', ...buckets }]);
    await render(<AgedByOfficePage />, 'Austin South', { roles: [ROLE.OFFICE_MANAGER], url: '/?as_of=2026-10-01' });
    expect(screen.queryByLabelText('As of')).toBeNull();
    expect(api.queries(FLEET)).toEqual([]);
    expect(api.queries('/api/v1/aged_inventory_summary_reports/office')).toEqual([{ period: 'pre', page: '1', results: '10' }]);
  });
});
