import type { LegacyDeviceRow } from '@portal/contracts/reports/reports.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, paged, stubApi } from '../../app/testing/page.test-util';
import LegacyDataPage from './LegacyDataPage';
import { openOptions, pick, renderReport } from '../../app/testing/report.test-util';
import { ROLE } from '@portal/contracts/platform/roles';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const REPORT = '/api/v1/legacy_detailed_sales_report';

const row = (imei: string): LegacyDeviceRow => ({
  imei,
  retailer_name: 'Retail One',
  ibo_name: 'Texas Market',
  allocated_office_name: 'Austin North',
  office_name: 'Austin South',
  agent_name: 'Ann Agent',
  excess_code: 'ETC-9',
  enroll_id: 'EN-1',
  order_prefix: 'ORD-7',
  rma_prefix: null,
  pallet: 'P-1',
  carton: 'C-100',
  enroll_type: 'Lifeline',
  esn: null,
  order_date: '2025-02-01',
  activation_date: '2025-02-03',
  allocation_date: '2025-01-20',
  status: 8,
  status_name: 'Sold',
  plan_name: 'Unlimited',
  device_type: 'PHONE',
});

function serve(search: (body: unknown) => unknown = () => paged([row('356938035643809')])) {
  return stubApi(({ method, path, body }) => {
    if (path === REPORT && method === 'GET') return paged([row('356938035643809'), row('356938035643817')]);
    if (path === REPORT && method === 'POST') return search(body);
    if (path === '/api/v1/legacy_detailed_sales_export') return { download: 0, message: 'Your report is being prepared.' };
    if (path.startsWith('/api/v1/reference/') || path.startsWith('/api/v1/userlist_based_on_role/')) return { data: [] };
    return {};
  });
}

const posts = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method === 'POST' && request.path === REPORT);
const sentQuery = (body: unknown) => JSON.parse((body as { query_string: string }).query_string) as unknown;
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('Legacy Data', { timeout: 30_000 }, () => {
  it('loads the first page with a GET and puts the total in the title', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legacy Data (2)' })).toBeInTheDocument();
    expect(api.queries(REPORT)).toEqual([{ page: '1', results: '10' }]);
    expect(posts(api)).toHaveLength(0);
    expect(screen.getAllByText('02-03-2025')).toHaveLength(2); // activation date, MM-DD-YYYY
    expect((screen.getByPlaceholderText('Activation To') as HTMLInputElement).disabled).toBe(true); // until a start is chosen
  });

  it('builds a flat query: fields, their own operators, values; ALL or ANY; sent as query_string with the filters', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');

    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    fireEvent.change(field('Value 1'), { target: { value: ' 35693803 ' } });
    await pick(field('Operator 1'), 'Begins With');

    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    await pick(field('Field 2'), 'Order ID');
    await pick(field('Operator 2'), 'Between');
    fireEvent.change(field('From 2'), { target: { value: 'ORD-100' } });
    fireEvent.change(field('To 2'), { target: { value: 'ORD-200' } });

    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    await pick(field('Field 3'), 'Carton');
    await pick(field('Operator 3'), 'In');
    fireEvent.change(field('Values 3'), { target: { value: 'C-1,C-2,' } });

    fireEvent.click(screen.getByRole('radio', { name: 'Matches ANY' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'OTHERS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const [search] = posts(api);
    expect(Object.fromEntries(search!.query)).toEqual({ status: '7,8,17', page: '1', results: '10' });
    expect(sentQuery(search!.body)).toEqual({
      combinator: 'or',
      rules: [
        { field: 'imei', operator: 'beginsWith', value: '35693803' },
        { field: 'order_id', operator: 'between', value: ['ORD-100', 'ORD-200'] },
        { field: 'carton', operator: 'in', value: ['C-1', 'C-2'] },
      ],
    });

    // A removed condition is no longer sent.
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posts(api)).toHaveLength(2));
    expect((sentQuery(posts(api)[1]!.body) as { rules: unknown[] }).rules).toHaveLength(2);
  });

  it('offers each field only its operators: Device Type equals or not, its codes shown by name; Between only for Order ID and RMA ID', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));

    expect(await openOptions(field('Operator 1'), 'Equals')).toEqual(['Equals', 'Not Equals', 'In', 'Contains', 'Begins With', 'Ends With']);

    await pick(field('Field 1'), 'RMA ID');
    expect(await openOptions(field('Operator 1'), 'Between')).toEqual(['Equals', 'Not Equals', 'In', 'Contains', 'Begins With', 'Ends With', 'Between']);

    await pick(field('Field 1'), 'Device Type');
    expect(await openOptions(field('Operator 1'), 'Not Equals')).toEqual(['Equals', 'Not Equals']);
    await pick(field('Operator 1'), 'Not Equals');
    expect(await openOptions(field('Value 1'), 'SIM')).toEqual(['Free Smartphone', 'Phone', 'SIM', 'Tablet']);
    await pick(field('Value 1'), 'SIM');

    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(sentQuery(posts(api)[0]!.body)).toEqual({ combinator: 'and', rules: [{ field: 'device_type', operator: '!=', value: 'SIM' }] });
  });

  it('Search By Keyword sends the keyword and no query', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    fireEvent.change(field('Value 1'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Search By Keyword' }));
    fireEvent.change(await screen.findByPlaceholderText('Keyword'), { target: { value: 'austin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(Object.fromEntries(posts(api)[0]!.query)).toEqual({ keyword: 'austin', page: '1', results: '10' });
    expect(posts(api)[0]!.body).toEqual({});
  });

  it('names an incomplete condition without sending it, and keeps the last results and count', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643817');
    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter a value for IMEI')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(posts(api)).toHaveLength(0);
    expect(screen.getByText('356938035643817')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legacy Data (2)' })).toBeInTheDocument();
  });

  it("shows the server's message when it refuses a query", async () => {
    serve(() => new Reply(400, { error: 'Bad Request', message: 'In takes at most 1000 values', fields: { 'query_string.rules.0.value': 'In takes at most 1000 values' } }));
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    fireEvent.change(field('Value 1'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('In takes at most 1000 values', {}, { timeout: 5000 })).toBeInTheDocument();
    // The last results stay on screen beside the message.
    expect(screen.getByText('356938035643817')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Legacy Data (2)' })).toBeInTheDocument();
  });

  it('Export Report posts the filters and the query', async () => {
    const api = serve();
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: /Add Condition/ }));
    fireEvent.change(field('Value 1'), { target: { value: '356938035643809' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sold' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/legacy_detailed_sales_export')).toHaveLength(1));
    const exported = api.requests.find((request) => request.path === '/api/v1/legacy_detailed_sales_export')!;
    expect(Object.fromEntries(exported.query)).toEqual({ status: '8', format: 'csv' });
    expect(sentQuery(exported.body)).toEqual({ combinator: 'and', rules: [{ field: 'imei', operator: '=', value: '356938035643809' }] });
  });

  it.each([
    [1, { retailerColumn: true, iboColumn: true, iboSelect: true }],
    [3, { retailerColumn: false, iboColumn: false, iboSelect: false }],
    [11, { retailerColumn: false, iboColumn: true, iboSelect: false }],
    [12, { retailerColumn: false, iboColumn: true, iboSelect: true }],
  ])('role %i: Retailer Name for the super role; IBO selector hidden for 3 and 11', async (role, shown) => {
    serve();
    renderReport(<LegacyDataPage />, { roles: [role] });
    await screen.findByText('356938035643809');
    expect(screen.queryByRole('columnheader', { name: 'Retailer Name' }) !== null).toBe(shown.retailerColumn);
    expect(screen.queryByRole('columnheader', { name: 'IBO / Markets' }) !== null).toBe(shown.iboColumn);
    expect(screen.queryByText('IBO / Market', { selector: '.ant-select-placeholder, .ant-select-placeholder *' }) !== null).toBe(shown.iboSelect);
    expect(screen.getAllByRole('columnheader').filter((header) => header.classList.contains('ant-table-column-has-sorters'))).toHaveLength(18 + Number(shown.retailerColumn) + Number(shown.iboColumn));
  });

  it('says when the total in the title is an estimate', async () => {
    stubApi(({ path }) => (path === REPORT ? { items: { data: [row('356938035643809')], total: 150000, current_page: 1, estimated: true } } : { data: [] }));
    renderReport(<LegacyDataPage />, { roles: [ROLE.RETAILER_MANAGER] });
    expect(await screen.findByRole('heading', { name: 'Legacy Data (150000, estimated)' })).toBeInTheDocument();
  });
});
