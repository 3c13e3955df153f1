import type { TransferRequestRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import AcceptTransferPage from './AcceptTransferPage';
import { lastNotice, paged, renderPage, stubApi } from '../../app/testing/page.test-util';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const request: TransferRequestRow = {
  transfer_job_id: 't-1',
  agent_id: 'a-7',
  agent_name: 'Ann Agent',
  office_name: 'Austin North',
  transfer_count: 2,
  reason: 'Transfer to manager',
  created_date: '2025-04-02T09:00:00.000Z',
  imei: ['356938035643809', '356938035643817'],
};

function serve() {
  return stubApi(({ path, body }) => {
    if (path === '/api/v1/manager/transfer_request') return paged([request]);
    if (path === '/api/v1/manager/accept_transfer') return { message: (body as { status: number }).status === 1 ? 'Transfer of 2 devices accepted' : 'Transfer of 2 devices rejected' };
    if (path === '/api/v1/manager/accept_transfer_request_list_export') return { download: 1, url: 'https://files.example/transfers.csv' };
    return {};
  });
}

describe('Accept Transfer', { timeout: 20_000 }, () => {
  it('lists the transfers, searches by agent name and exports', async () => {
    const api = serve();
    renderPage(<AcceptTransferPage />);
    expect(await screen.findByText('Ann Agent')).toBeInTheDocument();
    expect(screen.getByText('04-02-2025')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search by agent name'), { target: { value: 'ann' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/transfer_request').at(-1)).toMatchObject({ keyword: 'ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export Report' }));
    expect(await screen.findByRole('link', { name: 'Download' })).toHaveAttribute('href', 'https://files.example/transfers.csv');
    expect(api.queries('/api/v1/manager/accept_transfer_request_list_export').at(-1)).toMatchObject({ keyword: 'ann', format: 'csv' });
  });

  it('accepts after confirming, shows the server message and reloads', async () => {
    const api = serve();
    renderPage(<AcceptTransferPage />);
    await screen.findByText('Ann Agent');
    fireEvent.click(screen.getByRole('button', { name: 'Accept transfer of Ann Agent' }));
    expect(await screen.findByText('Are you sure you want to accept this transfer?')).toBeInTheDocument();
    expect(api.bodies('POST', '/api/v1/manager/accept_transfer')).toEqual([]);
    const listCalls = api.queries('/api/v1/manager/transfer_request').length;
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/accept_transfer')).toEqual([{ transfer_job_id: 't-1', status: 1 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Transfer of 2 devices accepted' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/transfer_request').length).toBeGreaterThan(listCalls));
  });

  it('rejects with status 2', async () => {
    const api = serve();
    renderPage(<AcceptTransferPage />);
    await screen.findByText('Ann Agent');
    fireEvent.click(screen.getByRole('button', { name: 'Reject transfer of Ann Agent' }));
    await screen.findByText('Are you sure you want to reject this transfer?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/accept_transfer')).toEqual([{ transfer_job_id: 't-1', status: 2 }]));
  });

  it('views the IMEIs of a transfer in the IMEI List drawer', async () => {
    serve();
    renderPage(<AcceptTransferPage />);
    await screen.findByText('Ann Agent');
    fireEvent.click(screen.getByRole('button', { name: 'View IMEIs of Ann Agent' }));
    expect(await screen.findByText('IMEI List')).toBeInTheDocument();
    expect(screen.getByText('356938035643817')).toBeInTheDocument();
  });
});
