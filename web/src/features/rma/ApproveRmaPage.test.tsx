import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage, stubApi, tickRow } from '../../app/testing/page.test-util';
import { typeAhead } from '../../app/testing/report.test-util';
import ApproveRmaPage from './ApproveRmaPage';
import { rmaDevice } from './rma.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_rma_devices_for_approval';
const ANSWER = '/api/v1/manager/approve_reject_rma_devices';

function serve() {
  return stubApi(({ method, path }) => {
    if (path === LIST)
      return paged([
        rmaDevice('r-1', '356938035643809', { opened_by: 'manager', awaiting_manager: false, agent_name: null, reason_two_text: 'Physical Damage', notes: 'Cracked corner' }),
        rmaDevice('r-2', '356938035643817', { awaiting_manager: false }),
      ]);
    if (path === '/api/v1/reference/offices') return { data: [] };
    if (method === 'POST' && path === ANSWER) return { message: '2 devices approved' };
    return {};
  });
}

const sortBy = (title: string) => fireEvent.click(screen.getAllByText(title, { selector: '.ant-table-column-title' })[0]!);

describe('Approve RMA', { timeout: 30_000 }, () => {
  it('shows the columns, sends the sort to the server, and searches offices from 4 characters', async () => {
    const api = serve();
    renderPage(<ApproveRmaPage />);
    await screen.findByText('356938035643809');
    expect(columnTitles()).toEqual(['IMEI', 'Office', 'Agent Name', 'Manager Name', 'Reason 1', 'Reason 2', 'Comment', 'Date']);
    expect(screen.getByText('Cracked corner')).toBeInTheDocument();

    sortBy('Manager Name');
    await waitFor(() => expect(api.queries(LIST).at(-1)).toMatchObject({ sort_by: 'manager_name', sort: 'ASC' }));
    sortBy('Date');
    await waitFor(() => expect(api.queries(LIST).at(-1)).toMatchObject({ sort_by: 'created_at', sort: 'ASC' }));
    sortBy('Date');
    await waitFor(() => expect(api.queries(LIST).at(-1)).toMatchObject({ sort_by: 'created_at', sort: 'DESC' }));

    await typeAhead('Office', 'Aus');
    expect(api.queries('/api/v1/reference/offices')).toEqual([]);
    await typeAhead('Office', 'Aust');
    await waitFor(() => expect(api.queries('/api/v1/reference/offices')).toEqual([{ term: 'Aust' }]));
  });

  it('approves the selected devices, each with its optional comment, all at once', async () => {
    const api = serve();
    renderPage(<ApproveRmaPage />);
    await screen.findByText('356938035643809');
    expect(buttonOf('Approve')).toBeDisabled();
    tickRow('356938035643809');
    tickRow('356938035643817');
    fireEvent.click(buttonOf('Approve (2)'));
    fireEvent.change(await screen.findByLabelText('IMEI 356938035643809'), { target: { value: 'Checked, box damaged' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() =>
      expect(api.bodies('POST', ANSWER)).toEqual([
        {
          status: 2,
          rma_devices_list: [
            { rma_device_id: 'r-1', comments: 'Checked, box damaged' },
            { rma_device_id: 'r-2', comments: null },
          ],
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '2 devices approved' }));
    await waitFor(() => expect(buttonOf('Approve')).toBeDisabled()); // the selection is cleared
  });

  it('rejects with status 3', async () => {
    const api = serve();
    renderPage(<ApproveRmaPage />);
    await screen.findByText('356938035643809');
    tickRow('356938035643817');
    fireEvent.click(buttonOf('Reject (1)'));
    await screen.findByText('Reject RMA');
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', ANSWER)).toEqual([{ status: 3, rma_devices_list: [{ rma_device_id: 'r-2', comments: null }] }]));
  });
});
