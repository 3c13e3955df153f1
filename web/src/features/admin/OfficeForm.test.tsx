import { OFFICE_FORM_MESSAGES } from '@portal/contracts/admin/admin.schemas';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, stubApi } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import AddOfficePage from './AddOfficePage';
import EditOfficePage from './EditOfficePage';
import { OFFICES, lookups, officeRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, errorsShown, itemOf, openConfirm, selectInItem } from '../../app/testing/form.test-util';
import { UNIT_MESSAGES } from './unit-choices';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const COUNT = `${OFFICES}/get_inventory_count`;
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

function serve(count = 0) {
  return stubApi(({ method, path }) => {
    if (method === 'POST' && path === OFFICES) return { message: 'Office created successfully', id: 'o-new', office_number: 'OF007' };
    if (method === 'POST' && path === `${OFFICES}/o-1`) return { message: 'Office Updated successfully' };
    if (path === `${COUNT}/o-1`) return { count };
    return lookups(path) ?? {};
  });
}

describe('Add Office and Edit Office', { timeout: 30_000 }, () => {
  it("Add, role 12: IBO Name and State required in the spec's words; another IBO clears the managers; the body and 'Office created successfully'", async () => {
    const api = serve();
    renderScreen(<AddOfficePage />, { roles: [ROLE.RETAILER_MANAGER], path: '/addoffice' });
    await screen.findByText('Add Office', { selector: 'h3' });
    expect(screen.getByText('Back', { selector: 'a' })).toHaveAttribute('href', '/offices');
    expect(input('Yes')).toBeChecked();

    fireEvent.click(buttonOf('Create Office'));
    await waitFor(() => expect(errorsShown()).toEqual([OFFICE_FORM_MESSAGES.market, OFFICE_FORM_MESSAGES.state]));
    expect(api.bodies('POST', OFFICES)).toEqual([]);

    await choose(selectInItem('IBO Name'), 'Texas Market');
    await pick(selectInItem('Office Manager'), 'Olga Manager');
    await pick(selectInItem('Office Add-on Manager'), 'Sue Supervisor');
    await choose(selectInItem('IBO Name'), 'Gulf Market');
    await waitFor(() => expect(itemOf('Office Manager')).not.toHaveTextContent('Olga Manager'));
    expect(itemOf('Office Add-on Manager')).not.toHaveTextContent('Sue Supervisor');

    // The other selects' dropdowns stay in the page: a plain select's options are looked for in its own (pick).
    await choose(selectInItem('State'), 'Texas (TX)', 'Tex');
    await pick(selectInItem('Office Manager'), 'Omar Manager');
    await pick(selectInItem('Office Add-on Manager'), 'Sue Supervisor');
    fireEvent.click(buttonOf('Create Office'));
    await waitFor(() =>
      expect(api.bodies('POST', OFFICES)).toEqual([{ state_short_name: 'TX', ibo_marketer_id: 'i-2', manager_id: ['p-om-2'], supervisor_id: ['p-os-1'], lifeline_status: 1 }]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Office created successfully' }));
    await waitFor(() => expect(where()).toBe('/offices'));
  });

  it('Add, role 11: no IBO Name (their own market); State required', async () => {
    serve();
    renderScreen(<AddOfficePage />, { roles: [ROLE.IBO_MANAGER], path: '/addoffice' });
    await screen.findByText('Add Office', { selector: 'h3' });
    expect(screen.queryByText('IBO Name', { selector: 'label' })).toBeNull();
    fireEvent.click(buttonOf('Create Office'));
    await waitFor(() => expect(errorsShown()).toEqual([OFFICE_FORM_MESSAGES.state]));
  });

  it('Edit, role 12: IBO and office names disabled; a new Office Manager of an office holding devices is warned with the count, and Cancel goes to /office', async () => {
    const api = serve(7);
    renderScreen(<EditOfficePage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editoffice', state: { office: officeRow('o-1') } });
    await screen.findByText('Edit Office', { selector: 'h3' });
    expect(input('IBO Name')).toBeDisabled();
    expect(input('IBO Name')).toHaveValue('Texas Market');
    expect(input('Office Name')).toBeDisabled();
    expect(input('Office Name')).toHaveValue('Austin North (TX-1)');
    await waitFor(() => expect(itemOf('Office Manager')).toHaveTextContent('Olga Manager'));

    await pick(selectInItem('Office Manager'), 'Omar Manager');
    const warning = await openConfirm(buttonOf('Update Office'));
    expect(api.queries(`${COUNT}/o-1`)).toHaveLength(1);
    expect(warning.title).toBe(UNIT_MESSAGES.inventoryTitle);
    expect(warning.content).toBe(UNIT_MESSAGES.inventoryWarning(7));
    expect(warning.content).toContain('7 devices');
    warning.press('Cancel');
    await waitFor(() => expect(where()).toBe('/office'));
    expect(api.bodies('POST', `${OFFICES}/o-1`)).toEqual([]);
  });

  it("Edit, role 11: a new manager of an office holding none is sent at once, with _method PUT and 'Office Updated successfully'", async () => {
    const api = serve(0);
    renderScreen(<EditOfficePage />, { roles: [ROLE.IBO_MANAGER], path: '/editoffice', state: { office: officeRow('o-1') } });
    await screen.findByText('Edit Office', { selector: 'h3' });
    expect(screen.queryByText('IBO Name', { selector: 'label' })).toBeNull();
    await pick(selectInItem('Office Manager'), 'Omar Manager');
    fireEvent.click(input('No'));
    fireEvent.click(buttonOf('Update Office'));
    await waitFor(() => expect(api.bodies('POST', `${OFFICES}/o-1`)).toEqual([{ manager_id: ['p-om-2'], supervisor_id: ['p-os-1'], lifeline_status: 0, _method: 'PUT' }]));
    expect(api.queries(`${COUNT}/o-1`)).toHaveLength(1);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Office Updated successfully' }));
    await waitFor(() => expect(where()).toBe('/offices'));
  });

  it('/editoffice without an office goes back to /offices', async () => {
    serve();
    renderScreen(<EditOfficePage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editoffice' });
    await waitFor(() => expect(where()).toBe('/offices'));
  });
});
