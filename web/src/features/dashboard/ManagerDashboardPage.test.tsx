import { ROLE } from '@portal/contracts/platform/roles';
import type { ManagerCounts } from '@portal/contracts/inventory/inventory.views';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { paged, renderPage, signIn, stubApi } from '../../app/testing/page.test-util';
import { buttonOf } from '../../app/testing/form.test-util';
import ManagerDashboardPage from './ManagerDashboardPage';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const counts: ManagerCounts = {
  Received: 11,
  pending_manager: 12,
  assigned: 13,
  In_stock: 14,
  manager_not_received: 15,
  transfer: 16,
  rma: 17,
  rma_pending: 18,
  device_swap: 19,
  sim_instock: 20,
  sim_sold: 21,
  total_in_stock: 81,
};

/** The card titled `title`: its count and, when it is a link, where it leads. */
function card(title: string) {
  const heading = screen.getByText(title, { selector: '.ant-statistic-title' });
  const statistic = heading.closest('.ant-statistic')!;
  return { value: statistic.querySelector('.ant-statistic-content')!.textContent, href: heading.closest('a')?.getAttribute('href') ?? null };
}

describe('Manager dashboard', { timeout: 20_000 }, () => {
  it('shows the count cards of GET /api/v1/dashboard_count and where each leads (doc 1 §2.4)', async () => {
    const api = stubApi(({ path }) => (path === '/api/v1/dashboard_count' ? { data: { data: counts } } : {}));
    renderPage(<ManagerDashboardPage />);
    await waitFor(() => expect(card('In Stock').value).toBe('81'));
    expect(api.requests.some((request) => request.path === '/api/v1/dashboard_count')).toBe(true);
    expect(screen.getByTestId('live-org-cards')).toBeInTheDocument();
    expect(
      ['In Stock', 'Manager Pending', 'Manager Received', 'RMA', 'Pending RMA', 'Agent Pending', 'Agent Received', 'Agent Transfer', 'Device Swap', 'Manager Declined', 'SIM Instock', 'SIM Sold'].map((title) => [title, card(title).value, card(title).href]),
    ).toEqual([
      ['In Stock', '81', '/InventoryDetailedReport?status=13'],
      ['Manager Pending', '12', '/ReceiveInventory'],
      ['Manager Received', '11', '/assignagent'],
      ['RMA', '17', '/InventoryDetailedReport?status=10'],
      ['Pending RMA', '18', '/InventoryDetailedReport?status=11'],
      ['Agent Pending', '13', '/InventoryDetailedReport?status=4'],
      ['Agent Received', '14', '/InventoryDetailedReport?status=5'],
      ['Agent Transfer', '16', '/TransferRequest'],
      ['Device Swap', '19', '/InventoryDetailedReport?status=15'],
      ['Manager Declined', '15', '/InventoryDetailedReport?status=12'],
      ['SIM Instock', '20', null],
      ['SIM Sold', '21', null],
    ]);
  });

  it("links the auditor's cards only to the reports it may open, never to a command screen", async () => {
    stubApi(({ path }) => (path === '/api/v1/dashboard_count' ? { data: { data: counts } } : {}));
    renderPage(<ManagerDashboardPage />, [ROLE.AUDITOR]);
    await waitFor(() => expect(card('In Stock').value).toBe('81'));
    expect(['In Stock', 'Manager Pending', 'Manager Received', 'Agent Transfer'].map((title) => [title, card(title).href])).toEqual([
      ['In Stock', '/InventoryDetailedReport?status=13'],
      ['Manager Pending', null],
      ['Manager Received', null],
      ['Agent Transfer', null],
    ]);
    // The auditor changes nothing: no device swap.
    expect(screen.queryByText('Swap a device')).toBeNull();
  });

  it('Swap a device opens the Device Swap dialog; a swap sent reloads the counts (issue 27)', async () => {
    const [sold, replacement] = ['356938035643809', '356938035643817'];
    const api = stubApi(({ path, query }) => {
      if (path === '/api/v1/dashboard_count') return { data: { data: counts } };
      if (path === '/api/v1/detailed_inventory_report') {
        const imei = query.get('imei');
        return paged(imei === sold ? [{ imei, status: 8, status_name: 'Sold' }] : imei === replacement ? [{ imei, status: 3, status_name: 'Manager Received' }] : []);
      }
      if (path === '/api/v1/manager/device_swap') return { message: `IMEI ${sold} swapped for ${replacement}` };
      return {};
    });
    renderPage(<ManagerDashboardPage />);
    await waitFor(() => expect(card('Device Swap').value).toBe('19'));
    fireEvent.click(buttonOf('Swap a device'));
    expect(await screen.findByText('Device Swap', { selector: '.ant-modal-title' })).toBeInTheDocument();
    for (const [label, code] of [['Sold IMEI', sold], ['Replacement IMEI', replacement]] as const) {
      const box = screen.getByLabelText(label, { selector: 'input' });
      fireEvent.change(box, { target: { value: code } });
      fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    await waitFor(() => expect(screen.getAllByText('Picked')).toHaveLength(2));
    fireEvent.change(screen.getByPlaceholderText('Why the device is swapped'), { target: { value: 'Dead on arrival' } });
    const before = api.queries('/api/v1/dashboard_count').length;
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/device_swap')).toEqual([{ sold_imei: sold, replacement_imei: replacement, reason: 'Dead on arrival' }]));
    await waitFor(() => expect(api.queries('/api/v1/dashboard_count').length).toBeGreaterThan(before));
  });

  it('refreshes the counts when the live socket says the scope changed (LiveConnection refetches the GETs on screen)', async () => {
    let inStock = 81;
    stubApi(({ path }) => (path === '/api/v1/dashboard_count' ? { data: { data: { ...counts, total_in_stock: inStock } } } : {}));
    signIn([3]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionProvider>
            <ManagerDashboardPage />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(card('In Stock').value).toBe('81'));
    inStock = 82;
    // What LiveConnection does on a counts push after the first.
    await client.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'GET', refetchType: 'active' });
    await waitFor(() => expect(card('In Stock').value).toBe('82'));
  });
});
