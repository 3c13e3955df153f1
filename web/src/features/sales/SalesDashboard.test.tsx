import { ROLE } from '@portal/contracts/platform/roles';
import type { SalesDashboard } from '@portal/contracts/sales/sales.views';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday, forgetBusinessToday } from '../../app/report/business-today';
import { installBrowserStubs, renderWithClient } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { Reply, renderPage, signIn, stubApi } from '../../app/testing/page.test-util';
import AgentSalesDashboardPage from './AgentSalesDashboardPage';
import ManagerSalesDashboardPage from './ManagerSalesDashboardPage';
import { AGENTS_NOTE } from './OnboardingWidgets';

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
  it('shows the Sales Summary and Inventory Summary cards of GET /api/v1/manager_sales_dashboard (doc 1 §2.4), the trend chart and the onboarding widgets', async () => {
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
    expect(['onboarding-summary', 'expired-distribution', 'agents-summary'].map((id) => screen.getByTestId(id).querySelector('.ant-card-head-title')!.textContent)).toEqual([
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
    expect(screen.queryByTestId('onboarding-summary')).toBeNull();
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

const STAGES = '/api/v1/agent_onboarding_summary_dashboard';
const EXPIRED = '/api/v1/expired_candidates_summary';
const AGENTS = '/api/v1/agent_summary_count';
const DAYS = 'date_range_start=2025-01-01&date_range_end=2025-03-31';

/** The three onboarding answers (doc 1 §3, §7), and the sales dashboard's own. */
function onboardingAnswer(path: string): unknown {
  if (path === '/api/v1/manager_sales_dashboard') return { data: { data: dashboard() } };
  if (path === STAGES)
    return {
      items: {
        onboarding_summary: [
          { name: 'Invite Sent', value: 4, query: 'redirect_key=1' },
          { name: 'Onboarded', value: 2, query: 'redirect_key=13' },
          { name: 'RAD Link Failed', value: 1, query: 'status=23&rad_pii_issue=1' },
        ],
      },
    };
  if (path === EXPIRED)
    return {
      items: {
        onboarding_summary: [
          { name: 'Expired', value: 3, query: `redirect_key=20&${DAYS}` },
          { name: 'Onboarded', value: 5, query: `redirect_key=13&${DAYS}` },
          { name: 'In Progress', value: 4, query: null },
        ],
        total: 12,
      },
    };
  if (path === AGENTS)
    return {
      items: {
        agent_label: ['Dynamic Agent', 'Passive Agent', 'Dormant Agent', 'Onboarded'],
        agent_value: [6, 3, 2, 1],
        agent_key: ['active_agent', 'passive_agent', 'inactive_agent', 'onboarded'],
      },
    };
  return {};
}

/** Where a link or a slice went: the path, the query and the screen it came from. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search} from ${(location.state as { cameFrom?: string } | null)?.cameFrom ?? '-'}`}</div>;
}

function renderDashboard() {
  signIn([ROLE.IBO_MANAGER]);
  return renderWithClient(
    <MemoryRouter initialEntries={['/']}>
      <SessionProvider>
        <Routes>
          <Route path="/" element={<ManagerSalesDashboardPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const linesOf = (testId: string, list: string) =>
  [...within(screen.getByTestId(testId)).getByRole('list', { name: list }).querySelectorAll('li')].map((line) => ({ text: line.textContent, href: line.querySelector('a')?.getAttribute('href') ?? null }));

/** The sectors of a chart as drawn now (none until recharts has arrived). */
const sectorsNow = (testId: string) => [...(screen.queryByTestId(testId)?.querySelectorAll<SVGPathElement>('.recharts-pie-sector path') ?? [])];

describe('Sales dashboard: the onboarding widgets (doc 1 §2.4)', { timeout: 20_000 }, () => {
  it('lists the stages as links carrying their query; the donut with its Total; the pie with the spec’s day bands, its links and its note', async () => {
    stubApi(({ path }) => onboardingAnswer(path));
    renderDashboard();
    await waitFor(() => expect(linesOf('onboarding-summary', 'Onboarding stages')).toHaveLength(3));
    expect(linesOf('onboarding-summary', 'Onboarding stages')).toEqual([
      { text: 'Invite Sent4', href: '/onboardingreport?redirect_key=1' },
      { text: 'Onboarded2', href: '/onboardingreport?redirect_key=13' },
      { text: 'RAD Link Failed1', href: '/onboardingreport?status=23&rad_pii_issue=1' },
    ]);

    await waitFor(() => expect(screen.getByTestId('expired-donut-centre')).toHaveTextContent('Total12'));
    expect(screen.getByTestId('expired-donut')).toHaveAttribute('aria-label', 'Candidates by status: Expired 3, Onboarded 5, In Progress 4; Total 12');
    expect(linesOf('expired-distribution', 'Expired Status Distribution legend')).toEqual([
      { text: 'Expired3', href: `/onboardingreport?redirect_key=20&${DAYS}` },
      { text: 'Onboarded5', href: `/onboardingreport?redirect_key=13&${DAYS}` },
      { text: 'In Progress4', href: null },
    ]);

    await screen.findByTestId('agents-pie');
    expect(linesOf('agents-summary', 'Agents Summary legend')).toEqual([
      { text: 'Dynamic Agent (1-14 days)6', href: '/agentreport?redirect_key=active_agent' },
      { text: 'Passive Agent (15-30 days)3', href: '/agentreport?redirect_key=passive_agent' },
      { text: 'Dormant Agent (31-60 days)2', href: '/agentreport?redirect_key=inactive_agent' },
      { text: 'Onboarded1', href: '/agentreport?redirect_key=onboarded' },
    ]);
    expect(screen.getByTestId('agents-note')).toHaveTextContent(AGENTS_NOTE);

    // A stage opens the Onboarding Summary with its query, the dashboard as where it came from.
    fireEvent.click(screen.getByRole('link', { name: 'RAD Link Failed: 1' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/onboardingreport?status=23&rad_pii_issue=1 from /');
  });

  it("clicking the donut's Expired segment opens the Onboarding Summary with its query; In Progress opens nothing", async () => {
    stubApi(({ path }) => onboardingAnswer(path));
    renderDashboard();
    await waitFor(() => expect(sectorsNow('expired-donut')).toHaveLength(3));
    fireEvent.click(sectorsNow('expired-donut')[2]!);
    expect(screen.queryByTestId('where')).toBeNull();
    await waitFor(() => {
      fireEvent.click(sectorsNow('expired-donut')[0]!);
      expect(screen.getByTestId('where')).toHaveTextContent(`/onboardingreport?redirect_key=20&${DAYS} from /`);
    });
  });

  it('a pie slice opens the Agent Summary with its key', async () => {
    stubApi(({ path }) => onboardingAnswer(path));
    renderDashboard();
    // recharts draws its sectors again once its store has the pie: the sector clicked is the one on screen.
    await waitFor(() => {
      fireEvent.click(sectorsNow('agents-pie')[1]!);
      expect(screen.getByTestId('where')).toHaveTextContent('/agentreport?redirect_key=passive_agent from /');
    });
  });

  it('a widget that fails shows its own error; the others and the sales cards are there', async () => {
    stubApi(({ path }) => (path === AGENTS ? new Reply(500, { error: 'Internal Server Error', message: 'The agents could not be counted' }) : onboardingAnswer(path)));
    renderDashboard();
    expect(await within(screen.getByTestId('agents-summary')).findByRole('alert')).toHaveTextContent('The agents could not be counted');
    await waitFor(() => expect(linesOf('onboarding-summary', 'Onboarding stages')).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('expired-donut-centre')).toHaveTextContent('Total12'));
    expect(card('sales-summary', 'Daily Activations')).toBe('3');
  });
});
