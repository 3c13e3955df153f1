import type { AgentOption, CartonRow, OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { choose, lastNotice, paged, renderPage, stubApi, tickRow } from '../../app/testing/page.test-util';
import TransferInventoryPage from './TransferInventoryPage';
import { STOCK_SCAN_MESSAGES } from './DevicePickFields';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const carton = (carton_number: string, imei: string[]): CartonRow => ({
  carton_number,
  imei,
  imei_device: imei.map((one) => ({ imei: one, device_type: 'PHONE' })),
  imei_count: imei.length,
  device_type: 'PHONE',
  office_id: 'o-1',
  office_name: 'Austin North',
  office_manager_id: 'u1',
  allocation_date: null,
  device_age: 3,
});
const otherOffices: OfficeOption[] = [{ id: 'o-9', name: 'Dallas East', office_number: 'TX-9' }];
const agents: AgentOption[] = [{ id: 'a-9', full_name: 'Dan Dallas', office_number: 'TX-9', office_id: 'o-9' }];

function serve() {
  return stubApi(({ path }) => {
    if (path === '/api/v1/manager/agentassignlist') return paged([carton('C-100', ['111', '112']), carton('C-200', ['221'])]);
    if (path === '/api/v1/manager/get_other_office_list') return { items: otherOffices };
    if (path === '/api/v1/manager/agent_list_for_office') return { items: agents };
    if (path === '/api/v1/manager/transfer_devices_to_other_office') return { message: '2 devices transferred successfully' };
    return {};
  });
}

describe('Transfer Inventory', { timeout: 20_000 }, () => {
  it('shows the spec messages of an empty Transfer form', async () => {
    serve();
    renderPage(<TransferInventoryPage />);
    await screen.findByText('C-100');
    expect(screen.getByRole('button', { name: 'Transfer' })).toHaveAccessibleDescription('Select cartons in the table to transfer them.');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: /^Transfer/ }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    // Clear the prefilled carton: every field's message shows.
    fireEvent.click(document.querySelector('.ant-drawer .ant-select-selection-item-remove')!);
    fireEvent.click(submit);
    expect(await screen.findByText('Please select option')).toBeInTheDocument();
    expect(screen.getByText('Please select cartons')).toBeInTheDocument();
    expect(screen.getByText('Please select office')).toBeInTheDocument();
  });

  it('transfers the selected cartons to another office, the agent left out, and reloads the list', async () => {
    const api = serve();
    renderPage(<TransferInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer (1)' }));
    await screen.findByText('Transfer Inventory', { selector: '.ant-drawer-title' });
    fireEvent.click(screen.getByLabelText('Cartons', { selector: 'input[type=radio]' }));
    await choose('Office', 'Dallas East (TX-9)');
    const listCalls = api.queries('/api/v1/manager/agentassignlist').length;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/transfer_devices_to_other_office')).toEqual([{ devicestatus: 0, carton_number: ['C-100'], imei: ['111', '112'], office_id: 'o-9' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '2 devices transferred successfully' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/agentassignlist').length).toBeGreaterThan(listCalls));
  });

  it('sends chosen IMEIs with an agent of the target office', async () => {
    const api = serve();
    renderPage(<TransferInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer (1)' }));
    await screen.findByText('Transfer Inventory', { selector: '.ant-drawer-title' });
    fireEvent.click(screen.getByLabelText('IMEIs', { selector: 'input[type=radio]' }));
    await screen.findByLabelText('IMEIs', { selector: 'input[role=combobox]' });
    await choose('IMEIs', '112');
    await choose('Office', 'Dallas East (TX-9)');
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/agent_list_for_office')).toEqual([{ office_id: 'o-9' }]));
    await choose('Agent (optional)', 'Dan Dallas (TX-9)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/transfer_devices_to_other_office')).toEqual([{ devicestatus: 1, carton_number: ['C-100'], imei: ['112'], office_id: 'o-9', agent_id: 'a-9' }]));
  });
});

/** Types a code into the scan box as a keyboard-wedge scanner does, Enter last. */
function scan(box: HTMLElement, code: string) {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Transfer Inventory scanning (issue 27)', { timeout: 20_000 }, () => {
  it('joins scanned cartons to the chosen ones, refuses what is not in stock, and transfers the whole cartons', async () => {
    const api = stubApi(({ path, query }) => {
      if (path === '/api/v1/manager/agentassignlist' && query.has('keyword')) return paged(query.get('keyword') === 'C-300' ? [carton('C-300', ['331', '332'])] : []);
      if (path === '/api/v1/manager/agentassignlist') return paged([carton('C-100', ['111', '112']), carton('C-200', ['221']), carton('C-250', ['251'])]);
      if (path === '/api/v1/manager/get_other_office_list') return { items: otherOffices };
      if (path === '/api/v1/manager/transfer_devices_to_other_office') return { message: '5 devices transferred successfully' };
      return {};
    });
    renderPage(<TransferInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer (1)' }));
    const box = await screen.findByRole('textbox', { name: 'Scan cartons or IMEIs' });
    // C-200 and C-250 are on the table's page, C-300 is found in the stock list; the IMEI is in neither.
    for (const code of ['C-200', 'C-250', 'C-300', '356938035643809', 'C-404']) scan(box, code);
    expect(await screen.findByText(STOCK_SCAN_MESSAGES.imei('356938035643809'))).toBeInTheDocument();
    expect(await screen.findByText(STOCK_SCAN_MESSAGES.carton('C-404'))).toBeInTheDocument();
    expect(await screen.findByText('2 devices')).toBeInTheDocument();
    // Cartons only: the option becomes Cartons. Taking a scan off the list takes its carton out.
    await waitFor(() => expect(screen.getByLabelText('Cartons', { selector: 'input[type=radio]' })).toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Remove C-250' }));
    await choose('Office', 'Dallas East (TX-9)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/transfer_devices_to_other_office')).toHaveLength(1));
    const sent = api.bodies('POST', '/api/v1/manager/transfer_devices_to_other_office')[0] as { carton_number: string[]; imei: string[] };
    expect({ ...sent, carton_number: [...sent.carton_number].sort(), imei: [...sent.imei].sort() }).toEqual({
      devicestatus: 0,
      carton_number: ['C-100', 'C-200', 'C-300'],
      imei: ['111', '112', '221', '331', '332'],
      office_id: 'o-9',
    });
  });
});
