import type { DetailedSalesRow } from '@portal/contracts/sales/sales.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { salesReportEarliest } from '@portal/contracts/sales/sales.periods';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownDate } from '../../app/format';
import { forgetBusinessToday } from '../../app/report/business-today';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, paged, stubApi } from '../../app/testing/page.test-util';
import { pick, renderReport, typeAhead } from '../../app/testing/report.test-util';
import DetailedSalesReportPage from './DetailedSalesReportPage';

beforeAll(installBrowserStubs);
beforeEach(() => {
  localStorage.clear();
  forgetBusinessToday();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const REPORT = '/api/v1/manager/manager_sales_report';
const EXPORT = '/api/v1/detailed_sales_export';

const sale = (imei: string, change: Partial<DetailedSalesRow> = {}): DetailedSalesRow => ({
  imei,
  ibo_name: 'Texas Market',
  allocated_office_name: 'Austin North',
  office_id: 'o-1',
  office_name: 'Austin South',
  office_number: 'TX-2',
  agent_id: 'a-1',
  agent_name: 'Ann Agent',
  enroll_id: 'EN-1',
  excess_code: 'ETC-9',
  pallet: 'P-1',
  carton: 'C-100',
  enroll_type: 'Lifeline',
  esn: null,
  order_date: '2025-02-20',
  activation_date: '2025-03-10',
  allocation_date: '2025-02-25T15:00:00.000Z',
  plan_name: 'Unlimited',
  device_type: 'PHONE',
  subscriber_state: 'TX',
  subscriber_zip: '78701',
  ...change,
});

function serve(answer: unknown = paged([sale('356938035643809')])) {
  return stubApi(({ path }) => {
    if (path === REPORT) return answer;
    if (path === EXPORT) return { download: 0, message: 'Your report is being prepared.' };
    if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-2', name: 'Austin North', office_number: 'TX-1' }] };
    if (path === '/api/v1/reference/ibo_marketers') return { data: [{ id: 'i-2', name: 'Gulf Market' }] };
    return {};
  });
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const SPEC_COLUMNS = ['IBO Name', 'Allocated Office', 'Office', 'Agent', 'Enrollment ID', 'ETC Code', 'IMEI', 'Pallet', 'Carton', 'Enrollment Type', 'ESN', 'Order Date', 'Activation Date', 'Allocation Date', 'Plan Name', 'Device Type', 'Subscriber State', 'Subscriber Zip'];
const KEYWORD_WITH_IBO = 'Search IMEI, carton, enrollment ID, ESN, agent, office or IBO';
const KEYWORD_WITHOUT_IBO = 'Search IMEI, carton, enrollment ID, ESN, agent or office';
const filterPlaceholders = () => [...document.querySelectorAll('form .ant-select-placeholder')].map((element) => element.textContent);

describe('Detailed Sales Report', { timeout: 30_000 }, () => {
  it('shows the IBO Name column and the IBO/Market filter to a retailer manager (role 12), every column in the spec order', async () => {
    serve();
    renderReport(<DetailedSalesReportPage />, { roles: [ROLE.RETAILER_MANAGER] });
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    // Doc 2 §2's order, IMEI seventh (as the file has it), the first column kept on the left.
    expect(headers()).toEqual(SPEC_COLUMNS);
    expect(screen.getByRole('columnheader', { name: 'IBO Name' })).toHaveClass('ant-table-cell-fix-start');
    expect(screen.getByRole('columnheader', { name: 'IMEI' })).not.toHaveClass('ant-table-cell-fix-start');
    // The keyword box says what it finds.
    expect(screen.getByPlaceholderText(KEYWORD_WITH_IBO)).toBeInTheDocument();
    expect(screen.getByText('Texas Market')).toBeInTheDocument();
    expect(filterPlaceholders()).toEqual(['Office', 'IBO / Market']);
    // Cells: the office with its number, dates MM-DD-YYYY, the device type by its name, a dash for nothing.
    expect(screen.getByText('Austin South (TX-2)')).toBeInTheDocument();
    expect(screen.getByText('03-10-2025')).toBeInTheDocument();
    expect(screen.getByText('02-20-2025')).toBeInTheDocument();
    expect(screen.getByText('Phone')).toBeInTheDocument();
  });

  for (const [name, role] of [
    ['an IBO manager (role 11)', ROLE.IBO_MANAGER],
    ['an office manager (role 3)', ROLE.OFFICE_MANAGER],
  ] as const) {
    it(`hides the IBO Name column and the IBO/Market filter from ${name}`, async () => {
      serve();
      renderReport(<DetailedSalesReportPage />, { roles: [role] });
      expect(await screen.findByText('356938035643809')).toBeInTheDocument();
      expect(headers()).toEqual(SPEC_COLUMNS.filter((title) => title !== 'IBO Name'));
      expect(screen.getByPlaceholderText(KEYWORD_WITHOUT_IBO)).toBeInTheDocument();
      expect(screen.queryByText('Texas Market')).toBeNull();
      expect(filterPlaceholders()).toEqual(['Office']);
    });
  }

  it('asks page 1 of 10 with no dates (the server reads the last 31 days), then the filters, the sort, and exports both', async () => {
    const api = serve();
    renderReport(<DetailedSalesReportPage />, { roles: [ROLE.RETAILER_MANAGER] });
    await screen.findByText('356938035643809');
    expect(api.queries(REPORT)).toEqual([{ page: '1', results: '10' }]);
    // Without a dashboard's as_of_date, today is the browser's.
    const today = dayjs().format('YYYY-MM-DD');
    expect(screen.getByTestId('sales-range-hint')).toHaveTextContent(`Activations of ${shownDate(salesReportEarliest(today))} to ${shownDate(today)}`);

    fireEvent.change(screen.getByPlaceholderText(KEYWORD_WITH_IBO), { target: { value: 'Lifeline' } });
    // (One select per test: in jsdom antd gives every select the same list id.)
    await pick('IBO / Market', 'Gulf Market');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ keyword: 'Lifeline', ibo_marketer_id: 'i-2', page: '1', results: '10' }));

    fireEvent.click(screen.getByRole('columnheader', { name: 'Activation Date' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toMatchObject({ sort_by: 'activation_date', sort: 'ASC' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Subscriber Zip' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toMatchObject({ sort_by: 'subscriber_zip', sort: 'ASC' }));

    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries(EXPORT)).toEqual([{ keyword: 'Lifeline', ibo_marketer_id: 'i-2', sort_by: 'subscriber_zip', sort: 'ASC', format: 'csv' }]));
  });

  it('filters by office through the office type-ahead (2 characters)', async () => {
    const api = serve();
    renderReport(<DetailedSalesReportPage />, { roles: [ROLE.OFFICE_MANAGER] });
    await screen.findByText('356938035643809');
    await typeAhead('Office', 'a');
    expect(api.queries('/api/v1/reference/offices')).toEqual([]);
    await typeAhead('Office', 'au');
    await pick('Office', 'Austin North (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ office_id: 'o-2', page: '1', results: '10' }));
  });

  it("shows the server's words when it refuses the dates, keeping the last rows on screen", async () => {
    let refuse = false;
    const api = stubApi(({ path }) => {
      if (path !== REPORT) return {};
      return refuse ? new Reply(400, { error: 'Bad Request', message: 'Dates cannot be in the future', fields: { end_date: 'Dates cannot be in the future' } }) : paged([sale('356938035643809')]);
    });
    renderReport(<DetailedSalesReportPage />, { roles: [ROLE.OFFICE_MANAGER] });
    await screen.findByText('356938035643809');
    refuse = true;
    fireEvent.change(screen.getByPlaceholderText(KEYWORD_WITHOUT_IBO), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Dates cannot be in the future')).toBeInTheDocument();
    expect(screen.getByText('356938035643809')).toBeInTheDocument();
    expect(api.queries(REPORT).length).toBe(2);
  });
});
