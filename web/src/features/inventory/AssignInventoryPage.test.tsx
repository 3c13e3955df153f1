import type { AgentOption, CartonRow, OfficeOption } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import AssignInventoryPage from './AssignInventoryPage';
import { STOCK_SCAN_MESSAGES } from './DevicePickFields';
import { choose, lastNotice, paged, renderPage, stubApi, tickRow } from '../../app/testing/page.test-util';
import { outOfServiceRefusal } from '@portal/contracts/inventory/device-custody';
import { INVENTORY_STATUS } from '@portal/contracts/inventory/inventory.codes';

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
  allocation_date: '2025-03-04',
  device_age: 12,
});
const offices: OfficeOption[] = [{ id: 'o-1', name: 'Austin North', office_number: 'TX-1' }];
const agents: AgentOption[] = [{ id: 'a-7', full_name: 'Ann Agent', office_number: 'TX-1', office_id: 'o-1' }];

function serve() {
  return stubApi(({ path }) => {
    if (path === '/api/v1/manager/agentassignlist') return paged([carton('C-100', ['111', '112']), carton('C-200', ['221'])]);
    if (path === '/api/v1/manager/get_manager_office_list') return { items: offices };
    if (path === '/api/v1/manager/manager_agents_list' || path === '/api/v1/manager/agent_list_for_office') return { items: agents };
    if (path === '/api/v1/manager/assigndevice') return { message: '2 devices assigned to Ann Agent' };
    return {};
  });
}

describe('Assign Inventory', { timeout: 20_000 }, () => {
  it('lists the cartons and searches by keyword', async () => {
    const api = serve();
    renderPage(<AssignInventoryPage />);
    expect(await screen.findByText('C-100')).toBeInTheDocument();
    expect(screen.getAllByText('03-04-2025')).toHaveLength(2);
    fireEvent.change(screen.getByPlaceholderText('Search by carton number or office name'), { target: { value: 'north' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/agentassignlist').at(-1)).toMatchObject({ keyword: 'north', page: '1' }));
  });

  it('keeps Assign disabled, saying why, until cartons are selected', async () => {
    serve();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    const assign = screen.getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    expect(assign).toHaveAccessibleDescription('Select cartons in the table, or scan a carton or IMEI above, to assign them.');
    tickRow('C-100');
    expect(screen.getByRole('button', { name: 'Assign (1)' })).toBeEnabled();
  });

  it('exports the list with its keyword (Export Report, doc 1 §2.6)', async () => {
    const api = serve();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    fireEvent.change(screen.getByPlaceholderText('Search by carton number or office name'), { target: { value: 'north' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/manager_inventory_list_export')).toEqual([{ format: 'csv' }]));
  });

  it('shows the spec messages of an empty Assign form', async () => {
    serve();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: /^Assign/ }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    // Clear the prefilled carton: every field's message shows.
    fireEvent.click(document.querySelector('.ant-drawer .ant-select-selection-item-remove')!);
    fireEvent.click(submit);
    expect(await screen.findByText('Please select cartons')).toBeInTheDocument();
    expect(screen.getAllByText('Please select option')).toHaveLength(2); // the option, and the agent
    expect(screen.getByText('Please input office')).toBeInTheDocument();
  });

  it('assigns the selected cartons to the chosen agent, whose office fills in, then reloads the list', async () => {
    const api = serve();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'Assign (1)' }));
    await screen.findByText('Assign Inventory', { selector: '.ant-drawer-title' });
    fireEvent.click(screen.getByLabelText('Cartons', { selector: 'input[type=radio]' }));
    await choose('Agent', 'Ann Agent (TX-1)');
    await waitFor(() => expect(screen.getByText('Austin North (TX-1)')).toBeInTheDocument()); // the office, filled in
    const listCalls = api.queries('/api/v1/manager/agentassignlist').length;
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/assigndevice')).toHaveLength(1));
    expect(api.bodies('POST', '/api/v1/manager/assigndevice')[0]).toEqual({ devicestatus: 0, carton_number: ['C-100'], imei: ['111', '112'], agent_id: 'a-7', office_id: 'o-1', assign_count: 2 });
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '2 devices assigned to Ann Agent' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/agentassignlist').length).toBeGreaterThan(listCalls));
  });

  it('assigns single IMEIs of the chosen cartons in IMEI mode', async () => {
    const api = serve();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    tickRow('C-200');
    fireEvent.click(screen.getByRole('button', { name: 'Assign (2)' }));
    await screen.findByText('Assign Inventory', { selector: '.ant-drawer-title' });
    fireEvent.click(screen.getByLabelText('IMEIs', { selector: 'input[type=radio]' }));
    await screen.findByLabelText('IMEIs', { selector: 'input[role=combobox]' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select IMEIs')).toBeInTheDocument();
    await choose('IMEIs', '221');
    await choose('Office', 'Austin North (TX-1)');
    // The agents of the chosen office.
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/agent_list_for_office')).toEqual([{ office_id: 'o-1' }]));
    await choose('Agent', 'Ann Agent (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/assigndevice')).toHaveLength(1));
    expect(api.bodies('POST', '/api/v1/manager/assigndevice')[0]).toEqual({ devicestatus: 1, carton_number: ['C-100', 'C-200'], imei: ['221'], agent_id: 'a-7', office_id: 'o-1', assign_count: 1 });
  });
});

/** Types a code into the scan box as a keyboard-wedge scanner does, Enter last. */
function scan(box: HTMLElement, code: string) {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Assign Inventory scanning (issue 27)', { timeout: 20_000 }, () => {
  it('picks scanned cartons and IMEIs of the stock, refuses the others in words, and assigns them in IMEI mode', async () => {
    const api = stubApi(({ path, query }) => {
      // A carton off the page is found by the list's keyword (carton number); the keyword does not search IMEIs.
      if (path === '/api/v1/manager/agentassignlist' && query.has('keyword')) return paged(query.get('keyword') === 'C-300' ? [carton('C-300', ['331', '332'])] : []);
      if (path === '/api/v1/manager/agentassignlist') return paged([carton('C-100', ['111', '112']), carton('C-200', ['221'])]);
      if (path === '/api/v1/manager/manager_agents_list' || path === '/api/v1/manager/agent_list_for_office') return { items: agents };
      if (path === '/api/v1/manager/get_manager_office_list') return { items: offices };
      if (path === '/api/v1/manager/assigndevice') return { message: '3 devices assigned to Ann Agent' };
      return {};
    });
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    tickRow('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'Assign (1)' }));
    const box = await screen.findByRole('textbox', { name: 'Scan cartons or IMEIs' });
    for (const code of ['C-300', 'C-404', '221', '356938035643809']) scan(box, code);

    expect(await screen.findByText(STOCK_SCAN_MESSAGES.carton('C-404'))).toBeInTheDocument();
    expect(await screen.findByText(STOCK_SCAN_MESSAGES.imei('356938035643809'))).toBeInTheDocument();
    expect(await screen.findByText('2 devices')).toBeInTheDocument(); // C-300
    // A scanned IMEI picks IMEI mode; its carton and C-300 join the cartons.
    await waitFor(() => expect(screen.getByLabelText('IMEIs', { selector: 'input[type=radio]' })).toBeChecked());
    await choose('Agent', 'Ann Agent (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/assigndevice')).toHaveLength(1));
    const sent = api.bodies('POST', '/api/v1/manager/assigndevice')[0] as { carton_number: string[]; imei: string[] };
    expect({ ...sent, carton_number: [...sent.carton_number].sort(), imei: [...sent.imei].sort() }).toEqual({
      devicestatus: 1,
      carton_number: ['C-100', 'C-200', 'C-300'],
      imei: ['221', '331', '332'],
      agent_id: 'a-7',
      office_id: 'o-1',
      assign_count: 3,
    });
  });
});

describe('Assign Inventory from a scan (issue 42)', { timeout: 20_000 }, () => {
  const stock = [carton('C-100', ['111', '112']), carton('C-200', ['221'])];
  const rmaImei = '356938035643809';
  function serveWithReport() {
    return stubApi(({ path, query }) => {
      if (path === '/api/v1/manager/agentassignlist' && query.has('keyword')) return paged(stock.filter((one) => one.carton_number === query.get('keyword')));
      if (path === '/api/v1/manager/agentassignlist') return paged(stock);
      if (path === '/api/v1/manager/manager_agents_list' || path === '/api/v1/manager/agent_list_for_office') return { items: agents };
      if (path === '/api/v1/manager/get_manager_office_list') return { items: offices };
      // The device in an RMA: the detailed report knows its status.
      if (path === '/api/v1/detailed_inventory_report') return paged(query.get('imei') === rmaImei ? [{ imei: rmaImei, carton: 'C-100', status: INVENTORY_STATUS.PENDING_RMA, status_name: 'Pending RMA' }] : []);
      if (path === '/api/v1/manager/assigndevice') return { message: '2 devices assigned successfully' };
      return {};
    });
  }

  it('offers a scan box before anything is selected: a scanned carton opens the drawer with it picked, and the next scans land in the drawer', async () => {
    const api = serveWithReport();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    expect(screen.queryByText('Assign Inventory', { selector: '.ant-drawer-title' })).not.toBeInTheDocument();
    scan(screen.getByRole('textbox', { name: 'Scan a carton or IMEI to assign' }), 'C-100');

    await screen.findByText('Assign Inventory', { selector: '.ant-drawer-title' });
    const drawerBox = screen.getByRole('textbox', { name: 'Scan cartons or IMEIs' });
    // The drawer's box has the keyboard: a USB scanner's next code goes there.
    await waitFor(() => expect(drawerBox).toHaveFocus());
    const scanned = screen.getByRole('list', { name: 'Scan cartons or IMEIs: scanned codes' });
    await waitFor(() => expect(within(scanned).getByText('2 devices')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('Cartons', { selector: 'input[type=radio]' })).toBeChecked());
    expect(screen.getByText('C-100 (2)', { selector: '.ant-select-selection-item-content' })).toBeInTheDocument();

    await choose('Agent', 'Ann Agent (TX-1)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/assigndevice')).toHaveLength(1));
    expect(api.bodies('POST', '/api/v1/manager/assigndevice')[0]).toEqual({ devicestatus: 0, carton_number: ['C-100'], imei: ['111', '112'], agent_id: 'a-7', office_id: 'o-1', assign_count: 2 });
  });

  it('opens the drawer on a scanned IMEI too, in IMEI mode with its carton chosen', async () => {
    serveWithReport();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-200');
    scan(screen.getByRole('textbox', { name: 'Scan a carton or IMEI to assign' }), '221');
    await screen.findByText('Assign Inventory', { selector: '.ant-drawer-title' });
    await waitFor(() => expect(screen.getByLabelText('IMEIs', { selector: 'input[type=radio]' })).toBeChecked());
    expect(screen.getByText('C-200 (1)', { selector: '.ant-select-selection-item-content' })).toBeInTheDocument();
    expect(await screen.findByText('221', { selector: '.ant-select-selection-item-content' })).toBeInTheDocument();
  });

  it('says a device in an RMA is out of service, in the decider\'s words, rather than asking for its carton', async () => {
    const api = serveWithReport();
    renderPage(<AssignInventoryPage />);
    await screen.findByText('C-100');
    scan(screen.getByRole('textbox', { name: 'Scan a carton or IMEI to assign' }), rmaImei);
    await screen.findByText('Assign Inventory', { selector: '.ant-drawer-title' });
    const words = outOfServiceRefusal(rmaImei, INVENTORY_STATUS.PENDING_RMA)!;
    expect(words).toBe(`IMEI ${rmaImei} is out of service (Pending RMA).`);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByText(STOCK_SCAN_MESSAGES.imei(rmaImei))).not.toBeInTheDocument();
    expect(api.queries('/api/v1/detailed_inventory_report')).toEqual([{ imei: rmaImei, page: '1', results: '100' }]);
    // An IMEI the report does not know keeps the stock message.
    scan(screen.getByRole('textbox', { name: 'Scan cartons or IMEIs' }), '356938035643817');
    expect(await screen.findByText(STOCK_SCAN_MESSAGES.imei('356938035643817'))).toBeInTheDocument();
  });
});
