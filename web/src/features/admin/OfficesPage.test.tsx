import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick, selectInput } from '../../app/testing/report.test-util';
import OfficesPage from './OfficesPage';
import { OFFICES, lookups, officeRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, columnTitles, openConfirm } from '../../app/testing/form.test-util';
import { UNIT_MESSAGES } from './unit-choices';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ACTION = `${OFFICES}/action`;
const REFUSED = 'Austin North still has 4 devices: transfer the devices to another office first';
const ROWS = [officeRow('o-1'), officeRow('o-3', { name: 'Waco', office_number: 'TX-3', status: 0, get_manager_info: [], get_supervisor_info: [] })];

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === OFFICES) return { items: { data: ROWS, total: 2, current_page: 1 } };
    if (method === 'POST' && path === `${ACTION}/o-1`) return new Reply(409, { error: 'Conflict', message: REFUSED });
    return lookups(path) ?? {};
  });
}

const renderOffices = (roles: number[]) => renderScreen(<OfficesPage />, { roles, path: '/offices' });

describe('Office list', { timeout: 30_000 }, () => {
  it('role 12: the columns; IBOs/Markets, Office, Send Invite and Keyword go to GET offices; Edit opens /editoffice; Deactivate shows the refusal', async () => {
    const api = serve();
    renderOffices([ROLE.RETAILER_MANAGER]);
    await screen.findByText('Waco (TX-3)');
    expect(api.queries(OFFICES)[0]).toEqual({ page: '1', results: '10' });
    expect(columnTitles()).toEqual(['Office', 'IBOs/Markets', 'IBOs/Manager', 'Office Manager', 'Office Add-on Manager', 'Created Date', 'Status', 'Action']);
    const austin = rowOf('Austin North (TX-1)');
    expect(within(austin).getByText('Olga Manager')).toHaveClass('ant-tag');
    expect(within(austin).getByText('Sue Supervisor')).toHaveClass('ant-tag');
    expect(within(austin).getByText('Ida Ibo')).toHaveClass('ant-tag');
    expect(buttonOf('Add Office')).toBeInTheDocument();

    const deactivate = await openConfirm(screen.getByLabelText('Deactivate Austin North (TX-1)'));
    expect(deactivate.title).toBe(UNIT_MESSAGES.statusConfirm('office', 'Austin North (TX-1)', 0));
    deactivate.yes();
    await waitFor(() => expect(api.bodies('POST', `${ACTION}/o-1`)).toEqual([{ status: 0 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: REFUSED }));

    await choose(selectInput('IBOs/Markets'), 'Gulf Market');
    await choose(selectInput('Office'), 'Houston (TX-2)', 'Ho');
    await pick('Send Invite', 'No');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'north' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() =>
      expect(api.queries(OFFICES).at(-1)).toEqual({ ibo_marketer_id: 'i-2', office_id: 'o-2', lifeline_status: '0', search_text: 'north', page: '1', results: '10' }),
    );

    fireEvent.click(screen.getByLabelText('Edit Waco (TX-3)'));
    await waitFor(() => expect(where()).toBe('/editoffice o-3'));
  });

  it('role 1: Master, Distributor and Retailer, and no Action column (the super role does not act on offices)', async () => {
    serve();
    renderOffices([ROLE.SUPER_ADMIN]);
    await screen.findByText('Waco (TX-3)');
    expect(columnTitles()).toEqual(['Office', 'Master', 'Distributor', 'Retailer', 'IBOs/Markets', 'IBOs/Manager', 'Office Manager', 'Office Add-on Manager', 'Created Date', 'Status']);
    expect(screen.queryByLabelText('Edit Waco (TX-3)')).toBeNull();
    expect(screen.queryByLabelText('Deactivate Austin North (TX-1)')).toBeNull();
    expect(selectInput('IBOs/Markets')).toBeInTheDocument();
  });
});
