import type { AgentDeviceRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, windowWidth } from '../../app/report/render.test-util';
import AgentInventoryPage, { AGENT_SCAN_MESSAGES } from './AgentInventoryPage';
import { lastNotice, paged, renderPage, stubApi, tickRow, rowCheckbox } from '../../app/testing/page.test-util';
import { ROLE } from '@portal/contracts/platform/roles';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const device = (imei: string, status: number, status_name: string): AgentDeviceRow => ({ imei, device_age: 9, device_type: 'PHONE', status, status_name, assigned_date: '2025-05-06', carton: 'C-100', manager_id: 'm-1' });

function serve() {
  return stubApi(({ path }) => {
    if (path === '/api/v1/agent/agentinventorylistv1') return paged([device('356938035643809', 5, 'Agent Received'), device('356938035643817', 4, 'Agent Pending')]);
    if (path === '/api/v1/agent/transfer_device') return { message: 'Transfer of 1 device sent to the manager' };
    return {};
  });
}

describe('Agent inventory', { timeout: 60_000 }, () => {
  it('lists the agent’s devices with the spec columns and searches by keyword', async () => {
    const api = serve();
    windowWidth(1366);
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    for (const title of ['IMEI', 'Age (Days)', 'Device Type', 'Status', 'Assigned Date', 'Carton Number']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer' })).toHaveAccessibleDescription('Select devices in Agent Received status to transfer them to your manager.');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: '3569' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/agent/agentinventorylistv1').at(-1)).toMatchObject({ keyword: '3569' }));
  });

  it('transfers the selected devices in stock to the manager after the confirm', async () => {
    const api = serve();
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    // Only devices in the agent's stock (5) can be picked: the pending one's checkbox is disabled.
    expect(rowCheckbox('356938035643817').disabled).toBe(true);
    tickRow('356938035643809');
    fireEvent.click(screen.getByRole('button', { name: 'Transfer (1)' }));
    expect(await screen.findByText('Are you sure you want to transfer ?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/transfer_device')).toEqual([{ imei: ['356938035643809'], transfer_count: 1, reason: 'Transfer to manager', accept_transfer_status: 1 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Transfer of 1 device sent to the manager' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled());
  });
});

/** Types a code into the scan box as a keyboard-wedge scanner does, Enter last. */
function scan(box: HTMLElement, code: string) {
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('Agent inventory scanning (issue 27)', { timeout: 60_000 }, () => {
  it('transfers scanned devices of the agent in Agent Received status, and refuses the others in words', async () => {
    const inCarton = (imei: string, status: number, status_name: string): AgentDeviceRow => ({ ...device(imei, status, status_name), carton: 'C-300' });
    const api = stubApi(({ path, query }) => {
      // Off the page, a code is looked up by the list's keyword (a part of an IMEI or carton number).
      if (path === '/api/v1/agent/agentinventorylistv1' && query.has('keyword'))
        return paged(query.get('keyword') === 'C-300' ? [inCarton('490154203237518', 5, 'Agent Received'), inCarton('490154203237526', 4, 'Agent Pending'), { ...device('490154203237534', 5, 'Agent Received'), carton: 'C-3000' }] : []);
      if (path === '/api/v1/agent/agentinventorylistv1') return paged([device('356938035643809', 5, 'Agent Received'), device('356938035643817', 4, 'Agent Pending')]);
      if (path === '/api/v1/agent/transfer_device') return { message: 'Transfer of 2 devices sent to the manager' };
      return {};
    });
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    const box = screen.getByRole('textbox', { name: 'Scan devices to transfer' });
    for (const code of ['356938035643809', '356938035643817', 'C-300', '352099001761481']) scan(box, code);
    expect(await screen.findByText(AGENT_SCAN_MESSAGES.notYours('352099001761481'))).toBeInTheDocument();
    expect(screen.getByText('IMEI 356938035643817 is Agent Pending: only devices in Agent Received status go back to your manager')).toBeInTheDocument();
    // Of carton C-300, only the device in Agent Received status (not C-3000's, which the keyword also finds).
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer (2)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/transfer_device')).toEqual([{ imei: ['356938035643809', '490154203237518'], transfer_count: 2, reason: 'Transfer to manager', accept_transfer_status: 1 }]));
    // Sent: the scan list is cleared with the selection.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled());
    expect(screen.getByText('Nothing scanned yet')).toBeInTheDocument();
  });
});

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent).filter((title) => title !== '');

describe('Agent inventory on a phone (issue 42)', { timeout: 60_000 }, () => {
  it('shows each device’s status under its IMEI on a phone, in the column that stays in view, and the spec’s columns on a wider screen', async () => {
    serve();
    windowWidth(390);
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    await waitFor(() => expect(headers()).toEqual(['IMEI', 'Age (Days)', 'Device Type', 'Assigned Date', 'Carton Number', 'Action']));
    const imeiCell = screen.getByText('356938035643809').closest('td')!;
    expect(within(imeiCell).getByLabelText('Status: Agent Received')).toHaveTextContent('Agent Received');
    cleanup();

    windowWidth(1366);
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    await waitFor(() => expect(headers()).toEqual(['IMEI', 'Age (Days)', 'Device Type', 'Status', 'Assigned Date', 'Carton Number', 'Action']));
    expect(screen.queryByLabelText('Status: Agent Received')).not.toBeInTheDocument();
  });

  it('opens the device image screen from a device’s row, its IMEI filled in', async () => {
    serve();
    renderPage(<AgentInventoryPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    const row = screen.getByText('356938035643809').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Device image of 356938035643809' })).toHaveAttribute('href', '/agent-IMEI?imei=356938035643809');
  });
});
