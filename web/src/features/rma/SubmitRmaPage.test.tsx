import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, paged, renderPage, stubApi, tickRow } from '../../app/testing/page.test-util';
import { option, typeAhead } from '../../app/testing/report.test-util';
import SubmitRmaPage from './SubmitRmaPage';
import { rmaDevice } from './rma.test-util';
import { buttonOf, columnTitles } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_rma_devices_to_submit';
const SUBMIT = '/api/v1/manager/submit_rma_order';
const FIRST = '356938035643809';
const SECOND = '356938035643817';
const OTHER_OFFICE = '356938035643825';
const ONE_OFFICE = 'An RMA order holds the devices of one office: choose the devices of one office.';

function serve(submit: () => unknown = () => ({ message: 'RMA order RMA-000123 submitted for 2 devices', rma_prefix: 'RMA-000123', id: 'o-1' })) {
  return stubApi(({ method, path }) => {
    if (path === LIST)
      return paged([
        rmaDevice('r-1', FIRST, { status: 2, status_text: 'Approved', reason_two_text: 'Physical Damage', notes: 'Cracked corner' }),
        rmaDevice('r-2', SECOND, { status: 2, status_text: 'Approved' }),
        rmaDevice('r-3', OTHER_OFFICE, { status: 2, status_text: 'Approved', office_id: 'office-dallas', office_name: 'Dallas', office_number: 'TX-9' }),
      ]);
    if (path === '/api/v1/reference/offices') return { data: [] };
    if (method === 'POST' && path === SUBMIT) return submit();
    return {};
  });
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

/** Picks a state in the drawer's State select, searched by its name. */
async function chooseState(name: string, shortName: string) {
  const input = screen.getByLabelText('State', { selector: 'input[role=combobox]' });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(await option(input, shortName));
}

async function openDrawer(...imeis: string[]) {
  await screen.findByText(FIRST);
  for (const imei of imeis) tickRow(imei);
  fireEvent.click(buttonOf(`Submit RMA (${imeis.length})`));
  await screen.findByText('Submit', { selector: 'button *' });
}

describe('Submit RMA', { timeout: 30_000 }, () => {
  it('lists the approved RMA devices on no order; searches offices from 2 characters; Submit RMA waits for a selection of one office', async () => {
    const api = serve();
    renderPage(<SubmitRmaPage />);
    expect(await screen.findByText(FIRST)).toBeInTheDocument();
    expect(columnTitles()).toEqual(['IMEI', 'Office', 'Office Number', 'Agent Name', 'Reason 1', 'Reason 2', 'Comment', 'Created Date']);
    const cells = [...screen.getByText(FIRST).closest('tr')!.querySelectorAll('td')].map((cell) => cell.textContent).slice(1);
    expect(cells).toEqual([FIRST, 'Austin North', 'TX-1', 'Ann Agent', 'Screen Damaged', 'Physical Damage', 'Cracked corner', '05-06-2025']);

    await typeAhead('Office', 'A');
    expect(api.queries('/api/v1/reference/offices')).toEqual([]);
    await typeAhead('Office', 'Au');
    await waitFor(() => expect(api.queries('/api/v1/reference/offices')).toEqual([{ term: 'Au' }]));

    expect(buttonOf('Submit RMA')).toBeDisabled();
    expect(buttonOf('Submit RMA')).toHaveAccessibleDescription('Select approved RMA devices in the table to submit them.');
    tickRow(FIRST);
    expect(buttonOf('Submit RMA (1)')).toBeEnabled();

    // Devices of two offices: said before anything is sent.
    tickRow(OTHER_OFFICE);
    expect(buttonOf('Submit RMA (2)')).toBeDisabled();
    expect(buttonOf('Submit RMA (2)')).toHaveAccessibleDescription(ONE_OFFICE);
    expect(screen.getByRole('alert')).toHaveTextContent(ONE_OFFICE);
    tickRow(OTHER_OFFICE);
    expect(buttonOf('Submit RMA (1)')).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.bodies('POST', SUBMIT)).toEqual([]);
  });

  it("refuses an empty shipping form in the spec's words, then sends the devices with the address and boxes; the selection clears and the list reloads", async () => {
    const api = serve();
    renderPage(<SubmitRmaPage />);
    await openDrawer(FIRST, SECOND);
    expect(screen.getByText('2 RMA devices of Austin North (TX-1)')).toBeInTheDocument();

    fireEvent.click(buttonOf('Submit'));
    for (const message of ['Please input Address', 'Please input City', 'Please input State', 'Please input ZIP', 'Please input number of boxes']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.bodies('POST', SUBMIT)).toEqual([]);

    // ZIP: digits only, at most 5.
    fireEvent.change(field('ZIP'), { target: { value: '78701' } });
    await waitFor(() => expect(screen.queryByText('Please input ZIP')).toBeNull());
    fireEvent.change(field('ZIP'), { target: { value: '787a' } });
    expect(await screen.findByText('Please input ZIP')).toBeInTheDocument();

    fireEvent.change(field('Address'), { target: { value: ' 1 Main St ' } });
    fireEvent.change(field('City'), { target: { value: 'Austin' } });
    await chooseState('Texas', 'TX');
    fireEvent.change(field('ZIP'), { target: { value: '78701' } });
    fireEvent.change(field('Number of boxes'), { target: { value: '2' } });
    fireEvent.change(field('Box weight (lb)'), { target: { value: '12.5' } });
    const listCalls = api.queries(LIST).length;
    fireEvent.click(buttonOf('Submit'));

    await waitFor(() =>
      expect(api.bodies('POST', SUBMIT)).toEqual([{ rma_list: ['r-1', 'r-2'], address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', no_of_boxes: 2, box_weight: 12.5 }]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'RMA order RMA-000123 submitted for 2 devices' }));
    await waitFor(() => expect(buttonOf('Submit RMA')).toBeDisabled()); // the selection is cleared
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
  });

  it("shows the server's refusal in an Oops popup and keeps the drawer open", async () => {
    serve(() => new Reply(409, { error: 'Conflict', message: `IMEI ${FIRST} is already on RMA order RMA-000120` }));
    renderPage(<SubmitRmaPage />);
    await openDrawer(FIRST);
    expect(screen.getByText('1 RMA device of Austin North (TX-1)')).toBeInTheDocument();
    fireEvent.change(field('Address'), { target: { value: '1 Main St' } });
    fireEvent.change(field('City'), { target: { value: 'Austin' } });
    await chooseState('Texas', 'TX');
    fireEvent.change(field('ZIP'), { target: { value: '78701' } });
    fireEvent.change(field('Number of boxes'), { target: { value: '1' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: `IMEI ${FIRST} is already on RMA order RMA-000120` }));
    expect(buttonOf('Submit RMA (1)')).toBeEnabled();
    expect(screen.getByText('Submit', { selector: 'button *' })).toBeInTheDocument();
  });
});
