import type { CartonRow } from '@portal/contracts/inventory/inventory.views';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import MyInventoryPage from './MyInventoryPage';
import { paged, renderPage, stubApi } from '../../app/testing/page.test-util';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const carton: CartonRow = {
  carton_number: 'C-100',
  imei: ['356938035643809', '490154203237518'],
  imei_device: [
    { imei: '356938035643809', device_type: 'PHONE' },
    { imei: '490154203237518', device_type: 'TABLET' },
  ],
  imei_count: 2,
  device_type: 'PHONE',
  office_id: 'o-1',
  office_name: 'Austin North',
  office_manager_id: 'u1',
  allocation_date: '2025-03-04',
  device_age: 12,
};

// The bound, not a wait: the file's first test also loads antd's table and styles (over 20 s on a loaded 2-core machine).
describe('My Inventory', { timeout: 30_000 }, () => {
  it('lists the cartons, searches and clears the keyword', async () => {
    const api = stubApi(() => paged([carton]));
    renderPage(<MyInventoryPage />);
    expect(await screen.findByText('C-100')).toBeInTheDocument();
    for (const title of ['Carton Number', 'Device Count', 'Device Type', 'Office Name']) expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('Search by carton number or office name'), { target: { value: 'C-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/managerinventorylist_optimisation').at(-1)).toMatchObject({ keyword: 'C-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(api.queries('/api/v1/manager/managerinventorylist_optimisation').at(-1)).not.toHaveProperty('keyword'));
  });

  it('opens the IMEI List panel of a carton', async () => {
    stubApi(() => paged([carton]));
    renderPage(<MyInventoryPage />);
    await screen.findByText('C-100');
    fireEvent.click(screen.getByRole('button', { name: 'View IMEIs of C-100' }));
    expect(await screen.findByText('IMEI List')).toBeInTheDocument();
    expect(screen.getByText('490154203237518')).toBeInTheDocument();
    expect(screen.getByText('Tablet')).toBeInTheDocument();
    // Each device has its "Device image" (issue 42): the manager's IMEI screen, its IMEI filled in.
    expect(screen.getByRole('link', { name: 'Device image of 490154203237518' })).toHaveAttribute('href', '/IMEI?imei=490154203237518');
  });
});
