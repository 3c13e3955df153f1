import type { AgentDeviceRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import AgentInventoryPage from './AgentInventoryPage';
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

describe('Agent inventory', { timeout: 20_000 }, () => {
  it('lists the agent’s devices with the spec columns and searches by keyword', async () => {
    const api = serve();
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
