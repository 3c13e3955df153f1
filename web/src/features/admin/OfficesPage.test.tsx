import { DOCUMENT_MESSAGES, FORM_STATUS } from '@portal/contracts/documents/documents.codes';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, rowCheckbox, rowOf, stubApi, tickRow } from '../../app/testing/page.test-util';
import { pick, selectInput } from '../../app/testing/report.test-util';
import OfficesPage from './OfficesPage';
import { ACCEPT_REJECT, FILLED_COPY, FILLED_URL, OFFICES, SEND_DOCUMENT, lookups, officeRow, renderScreen, where } from './admin.test-util';
import { buttonOf, choose, columnTitles, errorsShown, openConfirm } from '../../app/testing/form.test-util';
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
    expect(columnTitles()).toEqual(['Office', 'IBOs/Markets', 'IBOs/Manager', 'Office Manager', 'Office Add-on Manager', 'Created Date', 'Status', 'Form', 'Action']);
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
    expect(columnTitles()).toEqual(['Office', 'Master', 'Distributor', 'Retailer', 'IBOs/Markets', 'IBOs/Manager', 'Office Manager', 'Office Add-on Manager', 'Created Date', 'Status', 'Form']);
    expect(screen.queryByLabelText('Edit Waco (TX-3)')).toBeNull();
    expect(screen.queryByLabelText('Deactivate Austin North (TX-1)')).toBeNull();
    expect(selectInput('IBOs/Markets')).toBeInTheDocument();
  });

  it('role 11: Send Document sends { type: office, ids } for the selected offices with no form; an office with a form cannot be selected', async () => {
    const rows = [officeRow('o-1'), officeRow('o-3', { name: 'Waco', office_number: 'TX-3', form_status: FORM_STATUS.REJECTED, form_id: 'f-3' })];
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === OFFICES) return { items: { data: rows, total: rows.length, current_page: 1 } };
      if (method === 'POST' && path === SEND_DOCUMENT) return { message: DOCUMENT_MESSAGES.sent };
      return lookups(path) ?? {};
    });
    renderOffices([ROLE.IBO_MANAGER]);
    await screen.findByText('Waco (TX-3)');
    expect(within(rowOf('Waco (TX-3)')).getByText('Rejected')).toHaveClass('ant-tag');
    expect(screen.queryByLabelText('Accept/Reject Waco (TX-3)')).toBeNull();
    expect(rowCheckbox('Waco (TX-3)')).toBeDisabled();
    expect(screen.queryByText('Send Document')).toBeNull();
    tickRow('Austin North (TX-1)');
    fireEvent.click(buttonOf('Send Document'));
    await waitFor(() => expect(api.bodies('POST', SEND_DOCUMENT)).toEqual([{ type: 'office', ids: ['o-1'] }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: DOCUMENT_MESSAGES.sent }));
  });

  it('role 1, who has no Action column, accepts a completed form: { id, status: 4 } without a reason', async () => {
    const rows = [officeRow('o-1', { form_status: FORM_STATUS.COMPLETED, form_id: 'f-1' })];
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === OFFICES) return { items: { data: rows, total: rows.length, current_page: 1 } };
      if (method === 'GET' && path === FILLED_COPY) return { url: FILLED_URL };
      if (method === 'POST' && path === ACCEPT_REJECT) return { message: 'Form accepted' };
      return lookups(path) ?? {};
    });
    renderOffices([ROLE.SUPER_ADMIN]);
    await screen.findByText('Austin North (TX-1)');
    fireEvent.click(screen.getByLabelText('Accept/Reject Austin North (TX-1)'));
    const dialog = (await screen.findByText('Accept/Reject documents', { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
    expect(await within(dialog).findByRole('link', { name: 'View filled form' })).toHaveAttribute('href', FILLED_URL);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Accept' }));
    fireEvent.click(within(dialog).getByText('OK', { selector: 'button *' }).closest('button')!);
    await waitFor(() => expect(api.bodies('POST', ACCEPT_REJECT)).toEqual([{ id: 'o-1', status: FORM_STATUS.ACCEPTED }]));
    expect(errorsShown()).toEqual([]);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Form accepted' }));
  });
});
