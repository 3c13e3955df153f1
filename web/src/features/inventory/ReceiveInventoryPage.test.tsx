import type { JobCartonRow, ReceiveJobRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { DECLINE_REASON_REQUIRED, RECEIVE_SCAN_MESSAGES } from './CartonsListDrawer';
import { Reply, choose, lastNotice, paged, renderPage, rowOf, stubApi, tickRow } from '../../app/testing/page.test-util';
import { selectInput } from '../../app/testing/report.test-util';
import ReceiveInventoryPage from './ReceiveInventoryPage';
import { ROLE } from '@portal/contracts/platform/roles';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const job: ReceiveJobRow = {
  id: 'job-1',
  inventory_request_order_id: 'ORD-77',
  order_date: '2025-02-01',
  from_office_number: null,
  office_id: 'o-1',
  office_number: 'TX-1',
  office_name: 'Austin North',
  total_carton_count: 2,
  total_device_count: 3,
  assign_source: 1,
  assign_source_text: 'Upstream Allocation',
  status_text: 'Pending',
  decline_reason: null,
  assigned_date: '2025-02-03T10:00:00.000Z',
};
const cartons: JobCartonRow[] = [
  { carton_number: 'C-1', device_type: 'PHONE', imei_count: 2, imei: ['356938035643809', '356938035643817'], status: 0, status_text: 'Pending', decline_reason: null },
  { carton_number: 'C-2', device_type: 'TABLET', imei_count: 1, imei: ['490154203237518'], status: 1, status_text: 'Accepted', decline_reason: null },
];

function serve(manifestAnswer: unknown = { message: 'Manifest received: 1 job' }) {
  return stubApi(({ path }) => {
    if (path === '/api/v1/manager/managerjob_v2') return paged([job]);
    if (path === '/api/v1/reference/assign_source') return { data: [{ id: 1, name: 'Upstream Allocation' }, { id: 3, name: 'Office Transfer' }] };
    if (path === '/api/v1/manager/managerdevicelist') return { items: cartons };
    if (path === '/api/v1/manager/manager_accept_selected_cartons') return { message: '1 carton accepted' };
    if (path === '/api/v1/manager/get_manager_office_list') return { items: [{ id: 'o-1', name: 'Austin North', office_number: 'TX-1' }] };
    if (path === '/api/v1/manager/receive_manifest') return manifestAnswer;
    return {};
  });
}

/**
 * The drawer's Accept button, looked for in its footer only: naming every button of the page costs
 * jsdom seconds (each name walks its subtree through getComputedStyle over antd's styles), enough
 * to run a wait out on a busy machine.
 */
const acceptButton = () => within(document.querySelector<HTMLElement>('.ant-drawer-footer')!).getByRole('button', { name: 'Accept' });

async function openCartons() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cartons of job ORD-77' }));
  return screen.findByText('C-1');
}

describe('Receive Inventory', { timeout: 20_000 }, () => {
  it('lists the jobs and filters them by keyword, source and uploaded dates (sent as YYYY-MM-DD)', async () => {
    const api = serve();
    renderPage(<ReceiveInventoryPage />);
    expect(await screen.findByText('Austin North')).toBeInTheDocument();
    expect(within(rowOf('Austin North')).getByText('02-03-2025')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'ORD' } });
    fireEvent.mouseDown(selectInput('Source'));
    fireEvent.click(await screen.findByText('Office Transfer'));
    const from = screen.getByPlaceholderText('Uploaded From');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '01-15-2025' } });
    fireEvent.keyDown(from, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect((screen.getByPlaceholderText('Uploaded From') as HTMLInputElement).value).toBe('01-15-2025'));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/managerjob_v2').at(-1)).toMatchObject({ keyword: 'ORD', assign_source: '3', date_range_start: '2025-01-15', page: '1' }));
  });

  it('accepts the selected cartons of a job: only waiting cartons can be picked; both lists reload', async () => {
    const api = serve();
    renderPage(<ReceiveInventoryPage />);
    await openCartons();
    const checkbox = (carton: string) => within(rowOf(carton)).getByRole('checkbox') as HTMLInputElement;
    expect(checkbox('C-2').disabled).toBe(true);
    expect(acceptButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(rowOf('C-1')).getByText('View IMEI'));
    expect(await screen.findByText('356938035643817')).toBeInTheDocument();

    tickRow('C-1');
    await waitFor(() => expect(acceptButton().hasAttribute('disabled')).toBe(false));
    const before = { jobs: api.queries('/api/v1/manager/managerjob_v2').length, cartons: api.bodies('POST', '/api/v1/manager/managerdevicelist').length };
    fireEvent.click(acceptButton());
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/manager_accept_selected_cartons')).toEqual([{ job_id: 'job-1', carton_numbers: ['C-1'], status: 1 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '1 carton accepted' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/managerjob_v2').length).toBeGreaterThan(before.jobs));
    expect(api.bodies('POST', '/api/v1/manager/managerdevicelist').length).toBeGreaterThan(before.cartons);
    expect(api.bodies('POST', '/api/v1/manager/managerdevicelist')[0]).toEqual({ job_id: 'job-1' });
  });

  it('declines with a required reason', async () => {
    const api = serve();
    renderPage(<ReceiveInventoryPage />);
    await openCartons();
    tickRow('C-1');
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const reason = await screen.findByPlaceholderText('Please provide a reason');
    fireEvent.click(screen.getAllByRole('button', { name: 'Decline' }).at(-1)!);
    expect(await screen.findByText(DECLINE_REASON_REQUIRED)).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'Wrong model' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Decline' }).at(-1)!);
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/manager_accept_selected_cartons')).toEqual([{ job_id: 'job-1', carton_numbers: ['C-1'], status: 2, decline_reason: 'Wrong model' }]));
  });

  it('shows the server failure of an answer in an Oops popup', async () => {
    stubApi(({ path }) => {
      if (path === '/api/v1/manager/manager_accept_selected_cartons') return new Reply(409, { error: 'Conflict', message: 'Carton C-1 was already answered' });
      if (path === '/api/v1/manager/managerdevicelist') return { items: cartons };
      return paged([job]);
    });
    renderPage(<ReceiveInventoryPage />);
    await openCartons();
    tickRow('C-1');
    fireEvent.click(acceptButton());
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'Carton C-1 was already answered' }));
    expect(screen.getByRole('button', { name: 'Try Again!' })).toBeInTheDocument();
  });

  it('shows a failed search in an error toast with the server text', async () => {
    stubApi(({ path }) => (path === '/api/v1/manager/managerjob_v2' ? new Reply(400, { error: 'Bad Request', message: 'Dates are YYYY-MM-DD' }) : { data: [] }));
    renderPage(<ReceiveInventoryPage />);
    await waitFor(() => expect(document.querySelector('.ant-message-error')?.textContent).toBe('Dates are YYYY-MM-DD'));
  });

  it('hides Upload Manifest from an office manager (roles 1 and 12 upload)', async () => {
    serve();
    renderPage(<ReceiveInventoryPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Austin North');
    expect(screen.queryByRole('button', { name: 'Upload Manifest' })).toBeNull();
  });

  it('uploads a manifest as multipart office_id + file, and lists the refused rows', async () => {
    const api = serve(new Reply(400, { error: 'Bad Request', message: '2 rows have problems; nothing was received.', fields: { 'row 3': 'IMEI 123 must be 15 digits', 'row 7': 'Carton is required; IMEI 356938035643809 appears twice (rows 2 and 7)' } }));
    renderPage(<ReceiveInventoryPage />, [ROLE.RETAILER_MANAGER]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Manifest' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Please select office')).toBeInTheDocument();
    expect(screen.getByText('Please select a manifest file')).toBeInTheDocument();

    await choose('Office', 'Austin North (TX-1)');
    const file = new File(['imei,carton_number,device_type\n'], 'shipment.csv', { type: 'text/csv' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
    await screen.findByText('shipment.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('IMEI 123 must be 15 digits')).toBeInTheDocument();
    expect(screen.getByText('2 rows have problems; nothing was received.')).toBeInTheDocument();
    expect(within(rowOf('IMEI 123 must be 15 digits')).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Carton is required; IMEI 356938035643809 appears twice (rows 2 and 7)')).toBeInTheDocument();

    const upload = api.requests.find((request) => request.path === '/api/v1/manager/receive_manifest')!;
    expect(upload.method).toBe('POST');
    expect(upload.headers.authorization).toBe('Bearer token-1');
    const sent = upload.body as FormData;
    expect(sent.get('office_id')).toBe('o-1');
    expect((sent.get('file') as File).name).toBe('shipment.csv');
    // No device order named: none sent.
    expect(sent.get('inventory_request_order_id')).toBeNull();

    // Named, the device order goes with it (docs/ORDERS.md fulfilment).
    fireEvent.change(screen.getByPlaceholderText('ORD-000123'), { target: { value: ' ORD-000042 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.requests.filter((request) => request.path === '/api/v1/manager/receive_manifest')).toHaveLength(2));
    const named = api.requests.filter((request) => request.path === '/api/v1/manager/receive_manifest')[1]!.body as FormData;
    expect(named.get('inventory_request_order_id')).toBe('ORD-000042');
    // Closed before the file ends, so no render is left for after the test environment is gone.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByPlaceholderText('ORD-000123')).toBeNull());
  });
});

/** Types a code into the scan box as a keyboard-wedge scanner does, Enter last. */
function scan(box: HTMLElement, code: string) {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** Whether the Cartons List ticks this carton's row (its number also shows in the scanned list). */
const cartonTicked = (carton: string) => within(within(document.querySelector<HTMLElement>('.ant-drawer .ant-table')!).getByText(carton).closest('tr')!).getByRole<HTMLInputElement>('checkbox').checked;

describe('Receive Inventory scanning (issue 27)', { timeout: 20_000 }, () => {
  it('ticks the carton of a scanned carton number or IMEI when it is waiting here, refuses the others in words, and accepts it', async () => {
    const api = serve();
    renderPage(<ReceiveInventoryPage />);
    await openCartons();
    const box = screen.getByRole('textbox', { name: 'Scan cartons' });
    for (const code of ['356938035643817', 'C-2', 'C-9']) scan(box, code);
    expect(await screen.findByText(RECEIVE_SCAN_MESSAGES.answered('C-2', 'Accepted'))).toBeInTheDocument();
    expect(await screen.findByText(RECEIVE_SCAN_MESSAGES.carton('C-9'))).toBeInTheDocument();
    await waitFor(() => expect(cartonTicked('C-1')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Remove 356938035643817' }));
    await waitFor(() => expect(cartonTicked('C-1')).toBe(false));
    scan(box, 'C-1');
    await waitFor(() => expect(cartonTicked('C-1')).toBe(true));
    fireEvent.click(acceptButton());
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/manager_accept_selected_cartons')).toEqual([{ job_id: 'job-1', carton_numbers: ['C-1'], status: 1 }]));
    await waitFor(() => expect(screen.getByText('Nothing scanned yet')).toBeInTheDocument());
  });
});
