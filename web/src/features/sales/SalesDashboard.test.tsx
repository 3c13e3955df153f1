import { ROLE } from '@portal/contracts/platform/roles';
import type { SalesDashboard } from '@portal/contracts/sales/sales.views';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday, forgetBusinessToday } from '../../app/report/business-today';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { Reply, renderPage, signIn, stubApi } from '../../app/testing/page.test-util';
import AgentSalesDashboardPage from './AgentSalesDashboardPage';
import ManagerSalesDashboardPage from './ManagerSalesDashboardPage';

beforeAll(installBrowserStubs);
beforeEach(() => forgetBusinessToday());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  forgetBusinessToday();
});

const trend = Array.from({ length: 30 }, (_unused, index) => ({ date: `2025-03-${String(index + 1).padStart(2, '0')}`, activations: index % 4 }));
const dashboard = (change: Partial<SalesDashboard['activation_count']> = {}): SalesDashboard => ({
  activation_count: { daily: 3, WTD: 11, MTD: 42, Last_7_Days: 17, Last_30_Days: 88, ...change },
  inventory_aging: { LT15: 5, LT30: 6, LT45: 7, LT90: 8, GT90: 9, Grand_Total: 35 },
  activation_trend: trend,
  as_of_date: '2025-03-30',
});

/** The card titled `title` inside a section: its count. */
function card(section: string, title: string) {
  const heading = within(screen.getByTestId(section)).getByText(title, { selector: '.ant-statistic-title' });
  return heading.closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent;
}

describe('Sales dashboard', { timeout: 20_000 }, () => {
  it('shows the Sales Summary and Inventory Summary cards of GET /api/v1/manager_sales_dashboard (doc 1 §2.4), the trend chart and the onboarding placeholders', async () => {
    const api = stubApi(({ path }) => (path === '/api/v1/manager_sales_dashboard' ? { data: { data: dashboard() } } : {}));
    renderPage(<ManagerSalesDashboardPage />, [ROLE.RETAILER_MANAGER]);
    await waitFor(() => expect(card('sales-summary', 'Daily Activations')).toBe('3'));
    expect(['Daily Activations', 'WTD', 'MTD', 'Last 7 Days', 'Last 30 Days'].map((title) => [title, card('sales-summary', title)])).toEqual([
      ['Daily Activations', '3'],
      ['WTD', '11'],
      ['MTD', '42'],
      ['Last 7 Days', '17'],
      ['Last 30 Days', '88'],
    ]);
    expect(['1-15 Days', '16-30 Days', '31-45 Days', '46-90 Days', '>90 Days', 'Total Inventory'].map((title) => [title, card('inventory-summary', title)])).toEqual([
      ['1-15 Days', '5'],
      ['16-30 Days', '6'],
      ['31-45 Days', '7'],
      ['46-90 Days', '8'],
      ['>90 Days', '9'],
      ['Total Inventory', '35'],
    ]);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('as-of-date')).toHaveTextContent('As of 03-30-2025');
    // The chart arrives in its own chunk, described for screen readers.
    const chart = await screen.findByTestId('activation-trend');
    expect(chart).toHaveAttribute('aria-label', 'Activations per day from 03-01-2025 to 03-30-2025: 43 in all');
    expect(screen.getAllByTestId('onboarding-placeholder').map((placeholder) => placeholder.querySelector('.ant-card-head-title')!.textContent)).toEqual([
      'Onboarding Summary',
      'Expired Status Distribution',
      'Agents Summary',
    ]);
    expect(api.queries('/api/v1/manager_sales_dashboard')).toEqual([{}]);
    // The sales reports' date pickers end on the server's today.
    expect(businessToday()).toBe('2025-03-30');
  });

  it("the agent's summary reads GET /api/v1/agent_sales_dashboard: their own counts, no onboarding", async () => {
    const api = stubApi(({ path }) => (path === '/api/v1/agent_sales_dashboard' ? { data: { data: dashboard({ daily: 1 }) } } : new Reply(403, { error: 'Forbidden', message: 'no' })));
    renderPage(<AgentSalesDashboardPage />, [ROLE.AGENT]);
    await waitFor(() => expect(card('sales-summary', 'Daily Activations')).toBe('1'));
    expect(card('inventory-summary', 'Total Inventory')).toBe('35');
    expect(screen.queryAllByTestId('onboarding-placeholder')).toEqual([]);
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/agent_sales_dashboard']);
  });

  it('ends the session on a 401 (doc 1 §8)', async () => {
    stubApi(() => new Reply(401, { error: 'Unauthorized', message: 'Your session has expired. Please try login' }));
    renderPage(<ManagerSalesDashboardPage />, [ROLE.OFFICE_MANAGER]);
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
  });

  it('refreshes the cards when the live socket says the scope changed (LiveConnection refetches the GETs on screen)', async () => {
    let daily = 3;
    stubApi(({ path }) => (path === '/api/v1/manager_sales_dashboard' ? { data: { data: dashboard({ daily }) } } : {}));
    signIn([ROLE.OFFICE_MANAGER]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionProvider>
            <ManagerSalesDashboardPage />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(card('sales-summary', 'Daily Activations')).toBe('3'));
    daily = 4;
    // What LiveConnection does on a counts push after the first (an activation changes the office's stock).
    await client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'GET', refetchType: 'active' });
    await waitFor(() => expect(card('sales-summary', 'Daily Activations')).toBe('4'));
  });
});
