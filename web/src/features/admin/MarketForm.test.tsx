import { MARKET_FORM_MESSAGES } from '@portal/contracts/admin/admin.schemas';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, stubApi } from '../../app/testing/page.test-util';
import AddMarketPage from './AddMarketPage';
import EditMarketPage from './EditMarketPage';
import { MARKETS, lookups, marketRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, errorsShown, itemOf, selectInItem } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const nameInput = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

describe('Add IBO/Market and Edit IBO/Market', { timeout: 30_000 }, () => {
  it("Add, role 12: no Retailer; the spec's message on an empty name; then the body and 'IBO/Market created successfully'", async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === MARKETS ? { message: 'IBO/Market created successfully', id: 'm-new' } : (lookups(path) ?? {})));
    renderScreen(<AddMarketPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/addmarketers' });
    await screen.findByText('Add IBO/Market', { selector: 'h3' });
    expect(screen.getByText('Back', { selector: 'a' })).toHaveAttribute('href', '/marketers');
    expect(screen.queryByText('Retailer', { selector: 'label' })).toBeNull();

    fireEvent.change(nameInput('IBO/Market Name'), { target: { value: '   ' } });
    fireEvent.click(buttonOf('Add IBO/Market'));
    await waitFor(() => expect(errorsShown()).toEqual([MARKET_FORM_MESSAGES.nameOnAdd]));
    expect(api.bodies('POST', MARKETS)).toEqual([]);

    fireEvent.change(nameInput('IBO/Market Name'), { target: { value: ' Bayou Market ' } });
    fireEvent.click(buttonOf('Add IBO/Market'));
    await waitFor(() => expect(api.bodies('POST', MARKETS)).toEqual([{ name: 'Bayou Market', manager_id: [], supervisor_id: [] }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'IBO/Market created successfully' }));
    await waitFor(() => expect(where()).toBe('/marketers'));
  });

  it('Add, role 1: the Retailer is required and sent', async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === MARKETS ? { message: 'IBO/Market created successfully', id: 'm-new' } : (lookups(path) ?? {})));
    renderScreen(<AddMarketPage />, { roles: [ROLE.SUPER_ADMIN], path: '/addmarketers' });
    await screen.findByText('Add IBO/Market', { selector: 'h3' });
    fireEvent.click(buttonOf('Add IBO/Market'));
    await waitFor(() => expect(errorsShown()).toEqual([MARKET_FORM_MESSAGES.retailer, MARKET_FORM_MESSAGES.nameOnAdd]));

    await choose(selectInItem('Retailer'), 'Gulf Retail');
    fireEvent.change(nameInput('IBO/Market Name'), { target: { value: 'Bayou Market' } });
    fireEvent.click(buttonOf('Add IBO/Market'));
    await waitFor(() => expect(api.bodies('POST', MARKETS)).toEqual([{ name: 'Bayou Market', retailer_id: 'r-2', manager_id: [], supervisor_id: [] }]));
  });

  it("Edit, role 12: no Retailer; the IBO Managers chosen, the add-on managers kept, _method PUT and 'IBO/Market updated successfully'", async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === `${MARKETS}/m-1` ? { message: 'IBO/Market updated successfully' } : (lookups(path) ?? {})));
    renderScreen(<EditMarketPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editmarketers', state: { market: marketRow('m-1') } });
    await screen.findByText('Edit IBO/Market', { selector: 'h3' });
    expect(screen.queryByText('Retailer', { selector: 'label' })).toBeNull();
    expect(itemOf('IBO Manager')).toHaveTextContent('Ida Ibo');

    fireEvent.change(nameInput('IBO/Marketer Name'), { target: { value: '' } });
    fireEvent.click(buttonOf('Update IBO/Market'));
    await waitFor(() => expect(errorsShown()).toEqual([MARKET_FORM_MESSAGES.nameOnEdit]));

    fireEvent.change(nameInput('IBO/Marketer Name'), { target: { value: 'Texas Market East' } });
    await choose(selectInItem('IBO Manager'), 'Ian Ibo');
    fireEvent.click(buttonOf('Update IBO/Market'));
    await waitFor(() =>
      expect(api.bodies('POST', `${MARKETS}/m-1`)).toEqual([{ name: 'Texas Market East', retailer_id: 'r-1', manager_id: ['p-ibo-1', 'p-ibo-2'], supervisor_id: ['p-os-1'], _method: 'PUT' }]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'IBO/Market updated successfully' }));
    await waitFor(() => expect(where()).toBe('/marketers'));
  });

  it('Edit, role 1: the Retailer shown disabled; /editmarketers without a market goes back to /marketers', async () => {
    stubApi(({ path }) => lookups(path) ?? {});
    const { unmount } = renderScreen(<EditMarketPage />, { roles: [ROLE.SUPER_ADMIN], path: '/editmarketers', state: { market: marketRow('m-1') } });
    await screen.findByText('Edit IBO/Market', { selector: 'h3' });
    expect(nameInput('Retailer')).toBeDisabled();
    expect(nameInput('Retailer')).toHaveValue('Lone Star Retail');
    unmount();

    renderScreen(<EditMarketPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editmarketers' });
    await waitFor(() => expect(where()).toBe('/marketers'));
  });
});
