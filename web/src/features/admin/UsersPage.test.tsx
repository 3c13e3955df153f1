import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, rowOf, stubApi } from '../../app/testing/page.test-util';
import { openOptions, pick, selectInput } from '../../app/testing/report.test-util';
import UsersPage from './UsersPage';
import { USERS, lookups, renderScreen, userRow, where } from './admin.test-util';
import { buttonOf, choose, errorsShown, openConfirm, selectInItem } from '../../app/testing/form.test-util';
import { TRANSFER_MESSAGES } from './user-choices';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const CHANGE_OFFICE = '/api/v1/change_office';
const ROWS = [
  userRow('u-agent'),
  userRow('u-manager', { first_name: 'Mo', last_name: 'Manager', role_info: [{ role_id: ROLE.OFFICE_MANAGER, role_name: 'Office Manager' }], status: 0, status_text: 'Inactive' }),
];

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === USERS) return { items: { data: ROWS, total: 12, current_page: 1 }, last_run_date: '2025-05-07T10:00:00.000Z' };
    if (method === 'POST' && path === CHANGE_OFFICE) return { message: 'Office Updated Successfully' };
    return lookups(path) ?? {};
  });
}

const renderUsers = (roles: number[]) => renderScreen(<UsersPage />, { roles, path: '/employee' });

describe('Users list', { timeout: 30_000 }, () => {
  it('a retailer manager: the total in the title, tags, the Role filter less 2, 3, 4, 8, 9, 11; filters and sort go to GET users', async () => {
    const api = serve();
    renderUsers([ROLE.RETAILER_MANAGER]);
    await screen.findByText('u-agent@demo.test');
    expect(api.queries(USERS)[0]).toEqual({ page: '1', results: '10' });
    expect(await screen.findByText('Users (12)')).toBeInTheDocument();
    expect(screen.getByText('Updated 05-07-2025')).toBeInTheDocument();
    expect(within(rowOf('u-agent@demo.test')).getByText('Texas Market')).toBeInTheDocument();
    expect(within(rowOf('u-agent@demo.test')).getByText('Austin North (TX-1)')).toBeInTheDocument();
    expect(within(rowOf('u-agent@demo.test')).getByText('Active')).toHaveClass('ant-tag-green');
    expect(within(rowOf('u-manager@demo.test')).getByText('Inactive')).toHaveClass('ant-tag-orange');
    expect(within(rowOf('u-manager@demo.test')).getByText('Office Manager')).toHaveClass('ant-tag');
    expect(buttonOf('Add User')).toBeInTheDocument();

    const role = selectInput('Role');
    expect(await openOptions(role, 'Retailer Manager')).toEqual(['Super Admin', 'Retailer', 'Retailer Manager', 'Office Supervisor', 'Auditor']);
    await pick(role, 'Retailer Manager');
    await pick(role, 'Office Supervisor');
    const status = selectInput('Status');
    await pick(status, 'Active');
    await pick(status, 'Inactive');
    await choose(selectInput('IBO'), 'Gulf Market');
    await choose(selectInput('Office'), 'Houston (TX-2)', 'Ho');
    fireEvent.change(screen.getByPlaceholderText('Keyword'), { target: { value: 'ann' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() =>
      expect(api.queries(USERS).at(-1)).toEqual({ role: '12,14', status: '1,0', ibo_marketer_id: 'i-2', office_id: 'o-2', search_text: 'ann', page: '1', results: '10' }),
    );

    fireEvent.click(screen.getAllByText('Last Name', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(api.queries(USERS).at(-1)).toMatchObject({ role: '12,14', sort_by: 'last_name', sort: 'ASC' }));
  });

  it('an IBO manager: the Role filter less 2, 3, 9; no IBO filter, IBOs/Markets column or Add User', async () => {
    serve();
    renderUsers([ROLE.IBO_MANAGER]);
    await screen.findByText('u-agent@demo.test');
    expect(await openOptions(selectInput('Role'), 'IBO Manager')).toEqual(['Super Admin', 'Distributor', 'Retailer', 'Master Agent', 'IBO Manager', 'Retailer Manager', 'Office Supervisor']);
    expect(screen.queryByText('IBO', { selector: '.ant-select-placeholder' })).toBeNull();
    expect(screen.queryByText('IBOs/Markets')).toBeNull();
    expect(screen.queryByText('Add User')).toBeNull();
  });

  it('Edit opens /editemployee with the row; Transfer (agents only) asks the confirmation and posts { office_id, agent_id }', async () => {
    const api = serve();
    renderUsers([ROLE.IBO_MANAGER]);
    await screen.findByText('u-agent@demo.test');
    expect(screen.queryByLabelText('Transfer Mo Manager')).toBeNull();

    fireEvent.click(screen.getByLabelText('Transfer Ann Agent'));
    expect(await screen.findByText(TRANSFER_MESSAGES.title)).toBeInTheDocument();
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(errorsShown()).toEqual(['Please select office']));

    await choose(selectInItem('Office'), 'Houston (TX-2)', 'Ho');
    const listCalls = api.queries(USERS).length;
    const dialog = await openConfirm(buttonOf('Submit'));
    expect(dialog.title).toBe(TRANSFER_MESSAGES.confirm);
    dialog.yes();
    await waitFor(() => expect(api.bodies('POST', CHANGE_OFFICE)).toEqual([{ office_id: 'o-2', agent_id: 'u-agent' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Office Updated Successfully' }));
    await waitFor(() => expect(api.queries(USERS).length).toBeGreaterThan(listCalls));

    fireEvent.click(screen.getByLabelText('Edit Mo Manager'));
    await waitFor(() => expect(where()).toBe('/editemployee u-manager'));
  });
});
