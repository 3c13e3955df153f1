import { inventoryStatusName } from '@portal/contracts/inventory/device-custody';
import { withLuhnCheckDigit } from '@portal/contracts/inventory/inventory.schemas';
import { RMA_NOT_INITIABLE } from '@portal/contracts/rma/rma.codes';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, paged, renderPage, rowCheckbox, stubApi, tickRow } from '../../app/testing/page.test-util';
import { optionsOf, pick, selectInput, typeAhead } from '../../app/testing/report.test-util';
import InitiateRmaPage from './InitiateRmaPage';
import { RMA_SCAN_MESSAGES } from './rma-scan';
import { Where, candidate, candidatesAnswer, entryField, scan, where } from './rma.test-util';
import { buttonOf, openConfirm } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_device_list_to_initiate_rma_v2';
const INITIATE = '/api/v1/manager/rma_device_request_v2';
const FIRST = '356938035643809';
const SECOND = '356938035643817';

function serve(initiate: () => unknown = () => ({ message: 'RMA initiated for 2 devices' })) {
  return stubApi(({ method, path }) => {
    if (path === LIST) return paged([candidate(FIRST), candidate(SECOND, { status: 21, status_name: 'RMA Rejected', carton_number: null })]);
    if (path === '/api/v1/reference/offices') return { data: [{ id: 'o-2', name: 'Austin South', office_number: 'TX-2' }] };
    if (method === 'POST' && path === INITIATE) return initiate();
    return { items: { data: [], total: 0, current_page: 1 } };
  });
}

async function openDrawer(...imeis: string[]) {
  await screen.findByText(FIRST);
  for (const imei of imeis) tickRow(imei);
  fireEvent.click(buttonOf(`Initiate RMA (${imeis.length})`));
  await screen.findByText('Submit', { selector: 'button *' });
  return buttonOf('Submit');
}

describe('Initiate RMA (manager)', { timeout: 30_000 }, () => {
  it('lists 20 a page with its filters: office from 3 characters, the statuses Initiate RMA offers by name; links to the other RMA screens', async () => {
    const api = serve();
    renderPage(
      <>
        <InitiateRmaPage />
        <Where />
      </>,
    );
    expect(await screen.findByText(FIRST)).toBeInTheDocument();
    expect(api.queries(LIST)[0]).toEqual({ page: '1', results: '20' });
    expect(screen.getAllByText('Austin North (TX-1)', { selector: 'td' })).toHaveLength(2);
    // Disabled with a reason until rows are selected.
    expect(buttonOf('Initiate RMA')).toBeDisabled();
    expect(buttonOf('Initiate RMA')).toHaveAccessibleDescription('Select devices in the table, or scan them, to initiate an RMA for them.');

    await typeAhead('Office', 'Au');
    expect(api.queries('/api/v1/reference/offices')).toEqual([]);
    await typeAhead('Office', 'Aus');
    await waitFor(() => expect(api.queries('/api/v1/reference/offices')).toEqual([{ term: 'Aus' }]));

    const status = selectInput('Status');
    fireEvent.mouseDown(status);
    await waitFor(() => expect(optionsOf(status)).toContain('Manager Received'));
    const offered = optionsOf(status);
    for (const id of RMA_NOT_INITIABLE) if (inventoryStatusName(id)) expect(offered).not.toContain(inventoryStatusName(id));
    await pick(status, 'Manager Received');
    fireEvent.change(screen.getByPlaceholderText('Carton'), { target: { value: 'C-100' } });
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '3569' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ status: '3', carton: 'C-100', imei: '3569', page: '1', results: '20' }));

    fireEvent.click(buttonOf('Approve RMA'));
    await waitFor(() => expect(where()).toBe('/approvedrma {"cameFrom":"/"}'));
  });

  it('asks for Reason 1, copies the first IMEI\'s reasons and comment with Apply to All, and sends every IMEI at once', async () => {
    const api = serve();
    renderPage(<InitiateRmaPage />);
    const submit = await openDrawer(FIRST, SECOND);
    expect(screen.getByTestId(`rma-entry-${FIRST}`)).toBeInTheDocument();
    expect(screen.getByTestId(`rma-entry-${SECOND}`)).toBeInTheDocument();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('Please select reason')).toHaveLength(2));

    await pick(entryField(0, 'reason'), 'Screen Damaged');
    await pick(entryField(0, 'reason_two'), 'Physical Damage');
    fireEvent.change(entryField(0, 'notes'), { target: { value: 'Cracked corner' } });
    fireEvent.click(buttonOf('Apply to All'));
    const second = screen.getByTestId(`rma-entry-${SECOND}`);
    await waitFor(() => expect(within(second).getByText('Screen Damaged')).toBeInTheDocument());
    expect(within(second).getByText('Physical Damage')).toBeInTheDocument();
    expect(entryField(1, 'notes').value).toBe('Cracked corner');

    const listCalls = api.queries(LIST).length;
    fireEvent.click(submit);
    await waitFor(() =>
      expect(api.bodies('POST', INITIATE)).toEqual([
        {
          imei_list: [
            { imei: FIRST, reason: 2, reason_two: 5, notes: 'Cracked corner' },
            { imei: SECOND, reason: 2, reason_two: 5, notes: 'Cracked corner' },
          ],
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'RMA initiated for 2 devices' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
    expect(buttonOf('Initiate RMA')).toBeDisabled(); // the selection is cleared
  });

  it('cancels one IMEI, then asks for the IMEIs; Cancel asks first', async () => {
    const api = serve();
    renderPage(<InitiateRmaPage />);
    const submit = await openDrawer(FIRST);
    expect(screen.queryByText('Apply to All')).toBeNull(); // one IMEI: nothing to copy to
    fireEvent.click(screen.getByLabelText(`Cancel IMEI ${FIRST}`));
    // At once, as a form error (issue 42: it was plain black text, outside any form item).
    const message = await screen.findByText('Please input imei');
    expect(message).toHaveClass('ant-form-item-explain-error');
    expect(message.closest('.ant-form-item')).not.toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByText('Please input imei')).toHaveClass('ant-form-item-explain-error'));
    expect(api.bodies('POST', INITIATE)).toEqual([]);

    const confirm = await openConfirm(buttonOf('Cancel'));
    expect(confirm.title).toBe('Are you sure you want to cancel initiating the RMA?');
    confirm.yes();
    await waitFor(() => expect(screen.queryByText('Please input imei')).toBeNull());
  });

  it('selects by scanning: a candidate IMEI, every candidate of a carton (beyond the page shown); refuses others in words; sends the scanned devices (issue 27)', async () => {
    const [third, fourth, foreign] = ['35693803564382', '35693803564383', '35693803569999'].map(withLuhnCheckDigit);
    const all = [candidate(FIRST), candidate(SECOND, { carton_number: null }), candidate(third!, { carton_number: 'C-200' }), candidate(fourth!, { carton_number: 'C-200' })];
    const api = stubApi(({ method, path, query }) => {
      if (path === LIST) return candidatesAnswer(all, all.slice(0, 2))(query);
      if (method === 'POST' && path === INITIATE) return { message: 'RMA initiated for 3 devices' };
      return {};
    });
    renderPage(<InitiateRmaPage />);
    await screen.findByText(SECOND);
    scan('Scan devices to return', FIRST, 'C-200', foreign!, 'C-999');
    expect(await screen.findByText(RMA_SCAN_MESSAGES.imei(foreign!))).toBeInTheDocument();
    expect(await screen.findByText(RMA_SCAN_MESSAGES.carton('C-999'))).toBeInTheDocument();
    expect(await screen.findByText('2 devices')).toBeInTheDocument();
    // Resolved by the list the screen shows, filtered: never a route of its own.
    expect(api.queries(LIST)).toContainEqual({ imei: FIRST, page: '1', results: '100' });
    expect(api.queries(LIST)).toContainEqual({ carton: 'C-200', page: '1', results: '100' });
    // The scanned row on the page says so (its IMEI is also on the list of scans, above).
    const firstRow = screen.getAllByText(FIRST).map((cell) => cell.closest('tr')).find((row) => row !== null)!;
    expect(within(firstRow).getByText('Scanned')).toBeInTheDocument();
    expect(within(screen.getByText(SECOND).closest('tr')!).queryByText('Scanned')).toBeNull();
    // Ticked, and fixed while scanned; the other row is the table's to tick, and counts once.
    const firstBox = within(firstRow).getByRole<HTMLInputElement>('checkbox');
    expect([firstBox.checked, firstBox.disabled]).toEqual([true, true]);
    fireEvent.click(rowCheckbox(SECOND));
    expect(await waitFor(() => buttonOf('Initiate RMA (4)'))).toBeInTheDocument();
    fireEvent.click(rowCheckbox(SECOND));

    fireEvent.click(await waitFor(() => buttonOf('Initiate RMA (3)')));
    await screen.findByTestId(`rma-entry-${fourth}`);
    await pick(entryField(0, 'reason'), 'Screen Damaged');
    fireEvent.click(buttonOf('Apply to All'));
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', INITIATE)).toEqual([{ imei_list: [FIRST, third, fourth].map((imei) => ({ imei, reason: 2, reason_two: null, notes: null })) }]));
  });

  it('shows a refusal in the server\'s words, naming the IMEI, in an Oops popup', async () => {
    serve(() => new Reply(409, { error: 'Conflict', message: `IMEI ${FIRST} is already in an open RMA.` }));
    renderPage(<InitiateRmaPage />);
    const submit = await openDrawer(FIRST);
    await pick(entryField(0, 'reason'), 'Dead on Arrival');
    fireEvent.click(submit);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: `IMEI ${FIRST} is already in an open RMA.` }));
    expect(buttonOf('Try Again!')).toBeInTheDocument();
    expect(screen.getByTestId(`rma-entry-${FIRST}`)).toBeInTheDocument(); // the drawer stays open
  });
});
