import type { DetailedDeviceRow } from '@portal/contracts/reports/reports.views';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { paged, stubApi } from '../../app/testing/page.test-util';
import { cartonFinderLink, deviceFinderLink } from '../../app/widgets/DeviceFinder';
import InventoryDetailedReportPage from './InventoryDetailedReportPage';
import { pick, renderReport } from '../../app/testing/report.test-util';
import { ROLE } from '@portal/contracts/platform/roles';
import { FLEET, fleetStatus, freezeToday } from './fleet-as-of.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const REPORT = '/api/v1/detailed_inventory_report';

const device = (imei: string, change: Partial<DetailedDeviceRow> = {}): DetailedDeviceRow => ({
  imei,
  ibo_name: 'Texas Market',
  allocated_office_name: 'Austin North',
  office_name: 'Austin South',
  agent_name: 'Ann Agent',
  make: 'Acme',
  enroll_id: 'EN-1',
  excess_code: 'ETC-9',
  model: 'A1',
  pallet: 'P-1',
  carton: 'C-100',
  enroll_type: 'Lifeline',
  esn: null,
  device_type: 'PHONE',
  status: 5,
  status_name: 'Agent Received',
  allocation_date: '2025-03-02',
  device_age: 13,
  order_info: { order_prefix: 'ORD-7' },
  rma_order_info: { rma_prefix: null },
  activation_date: null,
  ...change,
});

function serve(answer: unknown = paged([device('356938035643809'), device('356938035643817')]), fleet: () => unknown = () => fleetStatus()) {
  return stubApi(({ path }) => {
    if (path === REPORT) return answer;
    if (path === FLEET) return fleet();
    if (path === '/api/v1/device_log/356938035643809')
      return { items: [{ imei: '356938035643809', short_description: 'Received into Austin North', created_at: '2025-03-02T15:04:00Z', status: 5, type: 'received' }] };
    if (path.startsWith('/api/v1/reference/') || path.startsWith('/api/v1/userlist_based_on_role/')) return { data: [{ id: 'r-1', name: 'Retail One' }] };
    return {};
  });
}

const lastQuery = (api: ReturnType<typeof serve>) => api.queries(REPORT).at(-1)!;
const checkbox = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });

describe('Inventory Detailed Report', { timeout: 30_000 }, () => {
  it("the header's device finder link (?imei=…&log=open) filters by the IMEI digits and opens the one match's device log", async () => {
    const api = serve(paged([device('356938035643809')]));
    renderReport(<InventoryDetailedReportPage />, { url: `${deviceFinderLink('3809')}` });
    expect(await screen.findByText('Received into Austin North')).toBeInTheDocument();
    expect(screen.getByText('Device Log: 356938035643809')).toBeInTheDocument();
    expect(api.queries(REPORT)[0]).toEqual({ imei: '3809', page: '1', results: '10' });
    expect(screen.getByPlaceholderText('IMEI')).toHaveValue('3809');
  });

  it('the device finder link with several matches lists them without opening a log', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: `${deviceFinderLink('38')}` });
    expect(await screen.findByText('356938035643817')).toBeInTheDocument();
    expect(api.queries(REPORT)[0]).toMatchObject({ imei: '38' });
    expect(screen.queryByText(/^Device Log/)).toBeNull();
  });

  it('the finder link of a scanned carton label (?carton=…) lists that carton\'s devices without opening a log', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: `${cartonFinderLink('C-100')}` });
    expect(await screen.findByText('356938035643817')).toBeInTheDocument();
    expect(api.queries(REPORT)[0]).toEqual({ carton: 'C-100', page: '1', results: '10' });
    expect(screen.getByPlaceholderText('Carton')).toHaveValue('C-100');
    expect(screen.queryByText(/^Device Log/)).toBeNull();
  });

  it('?status=13 ticks the whole in-stock group and asks for it; the groups, filters and sort make the query', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: '/InventoryDetailedReport?status=13' });
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(api.queries(REPORT)[0]).toEqual({ status: '9,3,4,5,6,12', page: '1', results: '10' });
    const instock = within(screen.getByRole('group', { name: 'INSTOCK' }));
    expect(instock.getAllByRole<HTMLInputElement>('checkbox').every((box) => box.checked)).toBe(true);
    expect(checkbox('RMA').checked).toBe(false);

    // Untick one of the group, tick the whole LOST/DEFECTIVE group and one of OTHERS.
    fireEvent.click(checkbox('Manager Pending'));
    fireEvent.click(checkbox('LOST/DEFECTIVE'));
    fireEvent.click(checkbox('Sold'));
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByPlaceholderText('Carton'), { target: { value: 'C-100' } });
    fireEvent.change(screen.getByPlaceholderText('RMA Order'), { target: { value: 'RMA-3' } });
    await pick('Device Type', 'Tablet');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ status: '3,4,5,6,12,10,11,15,16,18,19,21,8', keyword: 'acme', carton: 'C-100', rma_order_id: 'RMA-3', device_type: 'TABLET', page: '1', results: '10' }),
    );

    // Every column sorts on the server by its key, nested ones (order prefix) too.
    fireEvent.click(screen.getByRole('columnheader', { name: 'Order Prefix' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort_by: 'order_prefix', sort: 'ASC' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Order Prefix' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort_by: 'order_prefix', sort: 'DESC' }));
    expect(screen.getAllByRole('columnheader').filter((header) => header.classList.contains('ant-table-column-has-sorters'))).toHaveLength(20);
  });

  it('?status=4 ticks only that status; dates show MM-DD-YYYY', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: '/InventoryDetailedReport?status=4' });
    await screen.findByText('356938035643809');
    expect(api.queries(REPORT)[0]).toMatchObject({ status: '4' });
    expect(checkbox('Agent Pending').checked).toBe(true);
    expect(checkbox('INSTOCK').checked).toBe(false);
    expect(screen.getAllByText('03-02-2025')).toHaveLength(2);
  });

  it('sends picked dates as YYYY-MM-DD; activation dates only within the last 31 days, none in the future', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 2, 31, 14, 30)); // 03-31-2025
    const api = serve();
    renderReport(<InventoryDetailedReportPage />);
    await screen.findByText('356938035643809');
    const openPicker = async (placeholder: string) => {
      const input = screen.getByPlaceholderText(placeholder);
      await act(async () => {
        fireEvent.mouseDown(input);
        fireEvent.focus(input);
        fireEvent.click(input);
      });
    };
    // The panel opened last (antd appends each picker's dropdown on its first opening).
    const cell = (day: string) => [...document.querySelectorAll('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')].at(-1)!.querySelector<HTMLElement>(`td[title="${day}"]`)!;
    await openPicker('Activation From');
    expect(cell('2025-04-01').classList.contains('ant-picker-cell-disabled')).toBe(true); // tomorrow
    expect(cell('2025-02-27').classList.contains('ant-picker-cell-disabled')).toBe(true); // 32 days back
    expect(cell('2025-02-28').classList.contains('ant-picker-cell-disabled')).toBe(false); // 31 days back
    await act(async () => fireEvent.click(cell('2025-03-01')));
    await openPicker('Allocation From');
    await act(async () => fireEvent.click(cell('2025-03-03')));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ activation_date_range_start: '2025-03-01', date_range_start: '2025-03-03' }));
  });

  it.each([
    [1, { Retailer: true, 'IBO / Market': true, Office: true }],
    [3, { Retailer: false, 'IBO / Market': false, Office: false }],
    [11, { Retailer: false, 'IBO / Market': false, Office: true }],
    [12, { Retailer: false, 'IBO / Market': true, Office: true }],
  ])('role %i sees only its selectors', async (role, shown) => {
    serve();
    renderReport(<InventoryDetailedReportPage />, { roles: [role] });
    await screen.findByText('356938035643809');
    for (const [placeholder, visible] of Object.entries(shown)) expect(screen.queryByText(placeholder, { selector: '.ant-select-placeholder, .ant-select-placeholder *' }) !== null, placeholder).toBe(visible);
    expect(screen.getByText('Agent', { selector: '.ant-select-placeholder, .ant-select-placeholder *' })).toBeInTheDocument();
  });

  it('says when the total is an estimate', async () => {
    serve({ items: { data: [device('356938035643809')], total: 120000, current_page: 1, estimated: true } });
    renderReport(<InventoryDetailedReportPage />);
    expect(await screen.findByText('120000 in all (estimated)')).toBeInTheDocument();
  });

  it('opens the device log of a clicked IMEI', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />);
    fireEvent.click(await screen.findByText('356938035643809'));
    expect(await screen.findByText('Received into Austin North')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/v1/device_log/356938035643809')).toBe(true);
    expect(within(document.querySelector<HTMLElement>('.ant-drawer')!).getByText('Created Time')).toBeInTheDocument();
  });

  it("as of a past day (a link's ?as_of=, once ready): the list and its export carry it beside the link's statuses; Back to today keeps the statuses", async () => {
    freezeToday();
    const api = serve(undefined, () => fleetStatus({ status: 'ready', percent: 100 }));
    renderReport(<InventoryDetailedReportPage />, { roles: [ROLE.RETAILER_MANAGER], url: '/InventoryDetailedReport?status=10&as_of=2026-10-01' });
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: '10', as_of: '2026-10-01', page: '1', results: '10' }));
    expect(api.queries(REPORT)[0]).toEqual({ status: '10', page: '1', results: '10' }); // before the fleet answered
    expect(await screen.findByText('As of 10-01-2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/detailed_inventory_export')).toEqual([{ status: '10', as_of: '2026-10-01', format: 'csv' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ status: '10', page: '1', results: '10' }));
    expect(screen.queryByText('As of 10-01-2026')).toBeNull();
  });

  it('an office manager sees no "As of" control', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: '/InventoryDetailedReport?as_of=2026-10-01' });
    await screen.findByText('356938035643809');
    expect(screen.queryByLabelText('As of')).toBeNull();
    expect(api.queries(FLEET)).toEqual([]);
    expect(lastQuery(api)).toEqual({ page: '1', results: '10' });
  });

  it('Export Report sends the same filters', async () => {
    const api = serve();
    renderReport(<InventoryDetailedReportPage />, { url: '/InventoryDetailedReport?status=10' });
    await screen.findByText('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/detailed_inventory_export')).toEqual([{ status: '10', format: 'csv' }]));
  });
});
