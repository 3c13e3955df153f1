import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import { openOptions, selectInput, typeAhead } from '../../app/testing/report.test-util';
import RmaDeviceStatusPage from './RmaDeviceStatusPage';
import { rmaDeviceStatus } from './rma.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/rma_device_status_report';
const EXPORT = '/api/v1/manager/rma_device_status_report_export';

describe('RMA device Status report', { timeout: 30_000 }, () => {
  it("lists every RMA device with its device's age, status and carton and its order; filters by status, office and keyword; exports with the filters", async () => {
    const api = stubApi(({ path }) => {
      if (path === LIST)
        return paged([
          rmaDeviceStatus('r-1', '356938035643809', { reason_two_text: 'Physical Damage', notes: 'Dropped', rma_prefix: 'RMA-000123', order_status_text: 'Submitted' }),
          rmaDeviceStatus('r-2', '356938035643817', { status: 1, status_text: 'Pending', status_name: 'Pending RMA', device_age: null, carton: null, agent_name: null }),
        ]);
      if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-1', name: 'Austin North', office_number: 'TX-1' }] };
      if (path === EXPORT) return { download: 0, message: 'Your report is being prepared.' };
      return {};
    });
    renderPage(<RmaDeviceStatusPage />);
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(columnTitles()).toEqual([
      'IMEI',
      'Office Name',
      'Office Number',
      'Device Age',
      'Device Status',
      'Carton',
      'Manager',
      'Agent',
      'RMA Status',
      'Reason 1',
      'Reason 2',
      'Notes',
      'RMA Order',
      'Order Status',
      'Created',
    ]);
    const cells = (imei: string) => [...screen.getByText(imei).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells('356938035643809')).toEqual([
      '356938035643809',
      'Austin North',
      'TX-1',
      '40',
      'RMA',
      'C-100',
      'Mo Manager',
      'Ann Agent',
      'Approved',
      'Screen Damaged',
      'Physical Damage',
      'Dropped',
      'RMA-000123',
      'Submitted',
      '05-06-2025',
    ]);
    expect(cells('356938035643817')).toEqual(['356938035643817', 'Austin North', 'TX-1', '—', 'Pending RMA', '—', 'Mo Manager', '—', 'Pending', 'Screen Damaged', '—', '—', '—', '—', '05-06-2025']);

    const status = selectInput('RMA Status');
    expect(await openOptions(status, 'Pending')).toEqual(['Pending', 'Approved', 'Rejected']);
    fireEvent.click(screen.getByText('Approved', { selector: '.ant-select-item-option *' }));
    await typeAhead('Office', 'Au');
    fireEvent.click(await screen.findByText('Austin North (TX-1)', { selector: '.ant-select-item-option *' }));
    fireEvent.change(screen.getByPlaceholderText('Search by IMEI or agent'), { target: { value: '3569' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ status: '2', office_id: 'o-1', keyword: '3569', page: '1', results: '10' }));

    fireEvent.click(buttonOf('Export Report'));
    await waitFor(() => expect(api.queries(EXPORT)).toEqual([{ status: '2', office_id: 'o-1', keyword: '3569', format: 'csv' }]));
  });
});
