import type { OfficeOption, ReassignRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { choose, lastNotice, paged, renderPage, rowOf, stubApi, tickRow } from '../../app/testing/page.test-util';
import ReassignInventoryPage, { REASSIGN_SCAN_MESSAGES } from './ReassignInventoryPage';
import { selectInput } from '../../app/testing/report.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const device = (imei: string, status: number, status_name: string): ReassignRow => ({
  imei,
  carton_number: 'C-100',
  device_type: 'PHONE',
  status,
  status_name,
  office_id: 'o-1',
  office_name: 'Austin North',
  agent_id: status === 3 ? null : 'a-7',
  agent_name: status === 3 ? null : 'Ann Agent',
  assigned_date: '2025-05-06',
  device_age: 4,
});
const offices: OfficeOption[] = [{ id: 'o-2', name: 'Austin South', office_number: 'TX-2' }];

function serve() {
  return stubApi(({ path }) => {
    if (path === '/api/v1/manager/reassign_inventory_list') return paged([device('356938035643809', 4, 'Agent Pending'), device('356938035643817', 5, 'Agent Received')]);
    if (path === '/api/v1/manager/get_manager_office_list') return { items: offices };
    if (path === '/api/v1/manager/manager_agents_list') return { items: [] };
    if (path === '/api/v1/manager/agent_list_for_office') return { items: [] };
    if (path === '/api/v1/manager/reassign_inventory') return { message: '2 devices reassigned successfully' };
    return {};
  });
}

describe('Reassign Inventory', { timeout: 20_000 }, () => {
  it('lists the devices; the status filter offers only 3, 4 and 5, by name', async () => {
    const api = serve();
    renderPage(<ReassignInventoryPage />);
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reassign/ })).toBeNull();
    fireEvent.mouseDown(selectInput('Status'));
    await screen.findByText('Manager Received', { selector: '.ant-select-item-option-content' });
    const offered = [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    expect(offered).toEqual(['Manager Received', 'Agent Pending', 'Agent Received']);
    fireEvent.click(screen.getByText('Agent Received', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(screen.getByPlaceholderText('Carton'), { target: { value: 'C-100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/reassign_inventory_list').at(-1)).toMatchObject({ status: '5', carton: 'C-100', page: '1' }));
  });

  it('reassigns the selected IMEIs to an office: Reassign shows once a row is selected', async () => {
    const api = serve();
    renderPage(<ReassignInventoryPage />);
    await screen.findByText('356938035643809');
    tickRow('356938035643809');
    tickRow('356938035643817');
    fireEvent.click(screen.getByRole('button', { name: 'Reassign (2)' }));
    const submit = await screen.findByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    expect(await screen.findByText('Please select office')).toBeInTheDocument();
    await choose('Office', 'Austin South (TX-2)');
    const listCalls = api.queries('/api/v1/manager/reassign_inventory_list').length;
    fireEvent.click(submit);
    await waitFor(() =>
      expect(api.bodies('POST', '/api/v1/manager/reassign_inventory')).toEqual([{ imei: '356938035643809,356938035643817', agent_id: '', office_id: 'o-2', assign_count: 2, devicestatus: 1, carton_number: '' }]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '2 devices reassigned successfully' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/reassign_inventory_list').length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole('button', { name: /^Reassign/ })).toBeNull(); // the selection is cleared
  });

  it('asks for the IMEIs when all are taken out', async () => {
    serve();
    renderPage(<ReassignInventoryPage />);
    await screen.findByText('356938035643809');
    tickRow('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: 'Reassign (1)' }));
    await screen.findByRole('button', { name: 'Submit' });
    fireEvent.click(document.querySelector('.ant-drawer .ant-select-clear')!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select IMEIs')).toBeInTheDocument();
  });

  it('cancelling the drawer asks first, then clears the selection', async () => {
    serve();
    renderPage(<ReassignInventoryPage />);
    await screen.findByText('356938035643809');
    tickRow('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: 'Reassign (1)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Are you sure you want to cancel?', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Reassign/ })).toBeNull());
    expect((rowOf('356938035643809').querySelector('input[type=checkbox]') as HTMLInputElement).checked).toBe(false);
  });
});

/** Types a code into the scan box as a keyboard-wedge scanner does, Enter last. */
function scan(box: HTMLElement, code: string) {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Reassign Inventory scanning (issue 27)', { timeout: 20_000 }, () => {
  it('joins scanned IMEIs and cartons that can be reassigned to the IMEIs, refuses the others in words, and reassigns them', async () => {
    const inCarton = (imei: string): ReassignRow => ({ ...device(imei, 3, 'Manager Received'), carton_number: 'C-200' });
    const api = stubApi(({ path, query }) => {
      // Off the page, a code is looked up in the same list: the exact IMEI, else the carton's devices.
      if (path === '/api/v1/manager/reassign_inventory_list' && query.has('imei')) return paged([]);
      if (path === '/api/v1/manager/reassign_inventory_list' && query.has('carton')) return paged(query.get('carton') === 'C-200' ? [inCarton('490154203237518'), inCarton('490154203237526')] : []);
      if (path === '/api/v1/manager/reassign_inventory_list') return paged([device('356938035643809', 4, 'Agent Pending'), device('356938035643817', 5, 'Agent Received')]);
      if (path === '/api/v1/manager/get_manager_office_list') return { items: offices };
      if (path === '/api/v1/manager/reassign_inventory') return { message: '4 devices reassigned successfully' };
      return { items: [] };
    });
    renderPage(<ReassignInventoryPage />);
    await screen.findByText('356938035643809');
    tickRow('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: 'Reassign (1)' }));
    const box = await screen.findByRole('textbox', { name: 'Scan IMEIs or cartons' });
    for (const code of ['356938035643817', 'C-200', '352099001761481', 'C-404']) scan(box, code);
    expect(await screen.findByText(REASSIGN_SCAN_MESSAGES.imei('352099001761481'))).toBeInTheDocument();
    expect(REASSIGN_SCAN_MESSAGES.imei('352099001761481')).toBe('IMEI 352099001761481 is not one you can reassign: none of your offices holds it as Manager Received, Agent Pending or Agent Received');
    expect(await screen.findByText(REASSIGN_SCAN_MESSAGES.carton('C-404'))).toBeInTheDocument();
    expect(await screen.findByText('2 devices')).toBeInTheDocument();
    await waitFor(() => expect(api.queries('/api/v1/manager/reassign_inventory_list').filter((query) => query.imei === '352099001761481')).toHaveLength(1));
    await choose('Office', 'Austin South (TX-2)');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/reassign_inventory')).toHaveLength(1));
    const sent = api.bodies('POST', '/api/v1/manager/reassign_inventory')[0] as { imei: string };
    expect({ ...sent, imei: sent.imei.split(',').sort() }).toEqual({
      imei: ['356938035643809', '356938035643817', '490154203237518', '490154203237526'],
      agent_id: '',
      office_id: 'o-2',
      assign_count: 4,
      devicestatus: 1,
      carton_number: '',
    });
  });
});
