import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import { openOptions, pick, selectInput } from '../../app/testing/report.test-util';
import AgentRmaStatusPage from './AgentRmaStatusPage';
import { Where, rmaDevice, where } from './rma.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/agent/get_rma_device_list';

describe('RMA Status (agent)', { timeout: 30_000 }, () => {
  it('shows IMEI, manager name, office number, status, Reason 1, Reason 2, Comments, created date, RMA order and order status; filters by status; links to the RMA Request form', async () => {
    const api = stubApi(({ path }) =>
      path === LIST
        ? paged([
            rmaDevice('r-1', '356938035643809', { status: 3, status_text: 'Rejected', reason_two_text: 'Physical Damage', notes: 'Dropped', comments: 'No damage found' }),
            rmaDevice('r-2', '356938035643817', { manager_name: null, office_number: null, status: 2, status_text: 'Approved', rma_prefix: 'RMA-000123', order_status_text: 'Shipped' }),
          ])
        : {},
    );
    renderPage(
      <>
        <AgentRmaStatusPage />
        <Where />
      </>,
      [ROLE.AGENT],
    );
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(columnTitles()).toEqual(['IMEI', 'Manager Name', 'Office Number', 'Status', 'Reason 1', 'Reason 2', 'Comments', 'Created Date', 'RMA Order', 'Order Status']);
    const cells = (imei: string) => [...screen.getByText(imei).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('356938035643809')).toEqual(['356938035643809', 'Mo Manager', 'TX-1', 'Rejected', 'Screen Damaged', 'Physical Damage', 'DroppedManager: No damage found', '05-06-2025', '—', '—']);
    // Once submitted on an RMA order: its number and that order's status.
    expect(cells('356938035643817').slice(-2)).toEqual(['RMA-000123', 'Shipped']);

    const status = selectInput('Status');
    expect(await openOptions(status, 'Pending')).toEqual(['Pending', 'Approved', 'Rejected']);
    await pick(status, 'Rejected');
    fireEvent.change(screen.getByPlaceholderText('Search by IMEI'), { target: { value: '3569' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ status: '3', keyword: '3569', page: '1', results: '10' }));

    fireEvent.click(buttonOf('RMA Request'));
    await waitFor(() => expect(where()).toBe('/agent-rmareport {"cameFrom":"/"}'));
  });
});
