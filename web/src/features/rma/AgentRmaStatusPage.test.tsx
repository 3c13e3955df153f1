import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import { openOptions, pick, selectInput } from '../../app/testing/report.test-util';
import AgentRmaStatusPage from './AgentRmaStatusPage';
import { Where, rmaDeviceStatus, where } from './rma.test-util';
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
  it("shows IMEI, the device's one status, manager name, office number, Reason 1, Reason 2, Comments, created date, RMA order and order status; filters by the device's status; links to the RMA Request form", async () => {
    const api = stubApi(({ path }) =>
      path === LIST
        ? paged([
            // Approved once, then its order was rejected (issue 42): the device is RMA Rejected, and that is what the screen says.
            rmaDeviceStatus('r-1', '356938035643809', {
              status: 2,
              status_text: 'Approved',
              status_name: 'RMA Rejected',
              rma_prefix: 'RMA-000122',
              order_status_text: 'Rejected',
              reason_two_text: 'Physical Damage',
              notes: 'Dropped',
              comments: 'No damage found',
            }),
            rmaDeviceStatus('r-2', '356938035643817', { manager_name: null, office_number: null, status_name: 'RMA', rma_prefix: 'RMA-000123', order_status_text: 'Shipped' }),
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
    // Status second: beside the IMEI on a phone (issue 42).
    expect(columnTitles()).toEqual(['IMEI', 'Status', 'Manager Name', 'Office Number', 'Reason 1', 'Reason 2', 'Comments', 'Created Date', 'RMA Order', 'Order Status']);
    const cells = (imei: string) => [...screen.getByText(imei).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('356938035643809')).toEqual(['356938035643809', 'RMA Rejected', 'Mo Manager', 'TX-1', 'Screen Damaged', 'Physical Damage', 'DroppedManager: No damage found', '05-06-2025', 'RMA-000122', 'Rejected']);
    expect(screen.queryByText('Approved')).toBeNull();
    // Once submitted on an RMA order: its number and that order's status.
    expect(cells('356938035643817').slice(-2)).toEqual(['RMA-000123', 'Shipped']);

    const status = selectInput('Status');
    expect(await openOptions(status, 'Pending RMA')).toEqual(['Pending RMA', 'RMA', 'RMA Request Declined', 'RMA Rejected', 'Returned']);
    await pick(status, 'RMA Rejected');
    fireEvent.change(screen.getByPlaceholderText('Search by IMEI'), { target: { value: '3569' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ device_status: '21', keyword: '3569', page: '1', results: '10' }));

    fireEvent.click(buttonOf('RMA Request'));
    await waitFor(() => expect(where()).toBe('/agent-rmareport {"cameFrom":"/"}'));
  });
});
