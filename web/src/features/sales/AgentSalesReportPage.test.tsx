import type { AgentSalesRow } from '@portal/contracts/sales/sales.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetBusinessToday, rememberBusinessToday } from '../../app/report/business-today';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { paged, stubApi } from '../../app/testing/page.test-util';
import { renderReport } from '../../app/testing/report.test-util';
import AgentSalesReportPage from './AgentSalesReportPage';

beforeAll(installBrowserStubs);
beforeEach(() => {
  localStorage.clear();
  forgetBusinessToday();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  forgetBusinessToday();
});

const REPORT = '/api/v1/agent/agent_sales_report';
const EXPORT = '/api/v1/agent/agent_sales_report_export';

const sale: AgentSalesRow = {
  imei: '356938035643809',
  enroll_id: 'EN-7',
  pallet: 'P-1',
  carton: 'C-100',
  order_date: '2025-02-20',
  activation_date: '2025-03-10',
  received_date: '2025-02-22T16:00:00.000Z',
  plan_name: 'Unlimited',
  device_type: 'TABLET',
};

describe('Agent Sales Detailed Report', { timeout: 30_000 }, () => {
  it('lists the columns of doc 2 §2 in its order, asks with the activation dates and keyword, and exports them', async () => {
    rememberBusinessToday('2025-03-15');
    const api = stubApi(({ path }) => (path === REPORT ? paged([sale]) : path === EXPORT ? { download: 1, url: 'https://files.example/sales.csv' } : {}));
    renderReport(<AgentSalesReportPage />, { roles: [ROLE.AGENT] });
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Enrollment Number', 'IMEI', 'Pallet', 'Carton', 'Order Date', 'Activation Date', 'Received Date', 'Plan Name', 'Device Type']);
    expect(screen.getByText('Tablet')).toBeInTheDocument();
    expect(api.queries(REPORT)).toEqual([{ page: '1', results: '10' }]);
    expect(screen.getByTestId('sales-range-hint')).toHaveTextContent('Activations of 02-13-2025 to 03-15-2025');

    const start = screen.getByPlaceholderText('Activation From');
    await act(async () => {
      fireEvent.mouseDown(start);
      fireEvent.focus(start);
      fireEvent.click(start);
    });
    // The panel shows the month of today; pick the 1st.
    const day = (iso: string) => [...document.querySelectorAll<HTMLElement>(`.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) td[title="${iso}"]`)].at(-1)!;
    await act(async () => {
      fireEvent.click(day('2025-03-01'));
    });
    fireEvent.change(screen.getByPlaceholderText('Search IMEI, carton, enrollment number or ESN'), { target: { value: 'C-100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toEqual({ keyword: 'C-100', start_date: '03-01-2025', page: '1', results: '10' }));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Received Date' }));
    await waitFor(() => expect(api.queries(REPORT).at(-1)).toMatchObject({ sort_by: 'received_date', sort: 'ASC' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries(EXPORT)).toEqual([{ keyword: 'C-100', start_date: '03-01-2025', sort_by: 'received_date', sort: 'ASC', format: 'csv' }]));
  });
});
