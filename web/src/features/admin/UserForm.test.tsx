import { USER_FORM_MESSAGES } from '@portal/contracts/admin/admin.schemas';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, stubApi } from '../../app/testing/page.test-util';
import { openOptions } from '../../app/testing/report.test-util';
import AddUserPage from './AddUserPage';
import EditUserPage from './EditUserPage';
import { USERS, lookups, renderScreen, userRow, where } from './admin.test-util';
import { buttonOf, choose, errorsShown, itemOf, selectInItem } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

describe('Add User and Edit User', { timeout: 30_000 }, () => {
  it("Add, a retailer manager: role 11 shown and disabled, the spec's messages on an empty submit, a refusal's fields on their items, then the body and 'User created successfully'", async () => {
    let refuse = true;
    const api = stubApi(({ method, path }) => {
      if (method === 'POST' && path === USERS) {
        if (!refuse) return { message: 'User created successfully', id: 'u-new' };
        refuse = false;
        return new Reply(400, { error: 'Bad Request', message: 'That e-mail is taken', fields: { email: 'That e-mail is taken' } });
      }
      return lookups(path) ?? {};
    });
    renderScreen(<AddUserPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/addemployee' });
    await screen.findByText('Add User', { selector: 'h3' });
    expect(screen.getByText('Back', { selector: 'a' })).toHaveAttribute('href', '/employee');
    const role = itemOf('Role');
    expect(role.querySelector('.ant-select')).toHaveClass('ant-select-disabled');
    expect(role).toHaveTextContent('IBO Manager');
    // An IBO manager works in an IBO/Market: no office.
    expect(screen.queryByText('Office', { selector: 'label' })).toBeNull();

    fireEvent.click(buttonOf('Add User'));
    await waitFor(() =>
      expect(errorsShown()).toEqual([USER_FORM_MESSAGES.firstName, USER_FORM_MESSAGES.lastName, USER_FORM_MESSAGES.email, USER_FORM_MESSAGES.mobile, USER_FORM_MESSAGES.iboMarket]),
    );
    expect(api.bodies('POST', USERS)).toEqual([]);

    type('First Name', 'Nia');
    type('Last Name', 'Ng');
    type('E-mail', 'nia@demo.test');
    type('Mobile', '5125550199');
    type('ZIP', '78701');
    await choose(selectInItem('IBO / Market'), 'Gulf Market');
    fireEvent.click(buttonOf('Add User'));
    await waitFor(() => expect(errorsShown()).toEqual(['That e-mail is taken']));
    expect(lastNotice()).toEqual({ title: 'Oops', content: 'That e-mail is taken' });

    type('E-mail', 'nia.ng@demo.test');
    fireEvent.click(buttonOf('Add User'));
    await waitFor(() => expect(api.bodies('POST', USERS)).toHaveLength(2));
    expect(api.bodies('POST', USERS)[1]).toEqual({ first_name: 'Nia', last_name: 'Ng', email: 'nia.ng@demo.test', mobile_number: '5125550199', zip: '78701', role_id: [ROLE.IBO_MANAGER], ibo_marketer_id: 'i-2' });
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'User created successfully' }));
    await waitFor(() => expect(where()).toBe('/employee'));
  });

  it('Add, the super role: an Auditor with no retailer reads every retailer: the Retailer picker is shown, not required, and nothing placed is sent', async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === USERS ? { message: 'User created successfully', id: 'u-new' } : (lookups(path) ?? {})));
    renderScreen(<AddUserPage />, { roles: [ROLE.SUPER_ADMIN], path: '/addemployee' });
    await screen.findByText('Add User', { selector: 'h3' });
    await choose(selectInItem('Role'), 'Auditor');
    await screen.findByText('None: the auditor reads every retailer');
    expect(screen.queryByText('IBO / Market', { selector: 'label' })).toBeNull();
    type('First Name', 'Ada');
    type('Last Name', 'Audit');
    type('E-mail', 'ada.audit@demo.test');
    type('Mobile', '5125550198');
    fireEvent.click(buttonOf('Add User'));
    await waitFor(() => expect(api.bodies('POST', USERS)).toHaveLength(1));
    expect(api.bodies('POST', USERS)[0]).toEqual({ first_name: 'Ada', last_name: 'Audit', email: 'ada.audit@demo.test', mobile_number: '5125550198', role_id: [ROLE.AUDITOR] });
  });

  it("Edit, an IBO manager editing an agent: e-mail and mobile disabled, roles 14, 3 and the agent's own; sends _method PUT and 'User edited successfully'", async () => {
    const api = stubApi(({ method, path }) => (method === 'POST' && path === `${USERS}/u-agent` ? { message: 'User edited successfully' } : (lookups(path) ?? {})));
    renderScreen(<EditUserPage />, { roles: [ROLE.IBO_MANAGER], path: '/editemployee', state: { employee: userRow('u-agent') } });
    await screen.findByText('Edit User', { selector: 'h3' });
    expect(input('E-mail')).toBeDisabled();
    expect(input('Mobile')).toBeDisabled();
    expect(await openOptions(input('Role'), 'Agent')).toEqual(['Office Supervisor', 'Office Manager', 'Agent']);
    // The agent's office, among its IBO/Market's offices.
    await waitFor(() => expect(itemOf('Office')).toHaveTextContent('Austin North (TX-1)'));

    fireEvent.click(buttonOf('Update User'));
    await waitFor(() =>
      expect(api.bodies('POST', `${USERS}/u-agent`)).toEqual([
        {
          _method: 'PUT',
          first_name: 'Ann',
          last_name: 'Agent',
          email: 'u-agent@demo.test',
          mobile_number: '5125550100',
          role_id: [ROLE.AGENT],
          ibo_marketer_id: 'i-1',
          office_id: 'o-1',
          rad: 'RAD123',
          excess_code: 'ETC-9',
          gender_id: 2,
          dob: '04-20-2001',
          application_date: '03-01-2024',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'User edited successfully' }));
    await waitFor(() => expect(where()).toBe('/employee'));
  });

  it('Edit, a retailer manager: roles 3, 11, 14; another IBO/Market clears the office', async () => {
    const api = stubApi(({ path }) => lookups(path) ?? {});
    const manager = userRow('u-manager', { role_info: [{ role_id: ROLE.OFFICE_MANAGER, role_name: 'Office Manager' }], office_id: null, office_mapping_info: [{ office_id: 'o-1' }] });
    renderScreen(<EditUserPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editemployee', state: { employee: manager } });
    await screen.findByText('Edit User', { selector: 'h3' });
    expect(await openOptions(input('Role'), 'IBO Manager')).toEqual(['Office Manager', 'IBO Manager', 'Office Supervisor']);
    await waitFor(() => expect(itemOf('Office')).toHaveTextContent('Austin North (TX-1)'));

    await choose(selectInItem('IBO / Market'), 'Gulf Market');
    fireEvent.click(buttonOf('Update User'));
    await waitFor(() => expect(errorsShown()).toEqual([USER_FORM_MESSAGES.office]));
    expect(api.bodies('POST', `${USERS}/u-manager`)).toEqual([]);
  });

  it('/editemployee without a user goes back to /employee', async () => {
    stubApi(() => ({}));
    renderScreen(<EditUserPage />, { roles: [ROLE.RETAILER_MANAGER], path: '/editemployee' });
    await waitFor(() => expect(where()).toBe('/employee'));
  });
});
