import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import { openOptions, pick, selectInput } from '../../app/testing/report.test-util';
import RmaStatusPage from './RmaStatusPage';
import { Where, rmaOrder, where } from './rma.test-util';
import { buttonOf, columnTitles, openConfirm } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_rma_orders_list';
const IBO_MARKETS = '/api/v1/reference/ibo_marketers';
const answerPath = (id: string) => `/api/v1/manager/approve_reject_rma_order/${id}`;
const shipPath = (id: string) => `/api/v1/manager/update_rma_order_to_shipped_status/${id}`;
const LABEL_URL = '/api/v1/rma_orders/o-2/documents/shipping_label?expires=1&signature=def';
const MISSING = ['356938035643809', '356938035643817'];

/** The signed-in user of renderPage is u1: o-3 is their own order. */
function serve() {
  return stubApi(({ method, path }) => {
    if (path === LIST)
      return paged([
        rmaOrder('o-1', 'RMA-000101'),
        rmaOrder('o-2', 'RMA-000102', { status: 2, order_status_text: 'Approved', approved_at: '2025-05-08T09:00:00.000Z', comments: 'Ship it', rma_shipping_label_url: LABEL_URL }),
        rmaOrder('o-3', 'RMA-000103', { submitted_user_id: 'u1', submitted_user_name: 'Me Myself' }),
        rmaOrder('o-4', 'RMA-000104', { status: 4, order_status_text: 'Completed', missing_imeis: MISSING }),
        rmaOrder('o-5', 'RMA-000105', { status: 5, order_status_text: 'Rejected', ibo_market_name: null }),
      ]);
    if (path === IBO_MARKETS) return { data: [{ id: 'i-1', name: 'Texas Market' }] };
    if (method === 'POST' && path.startsWith('/api/v1/manager/approve_reject_rma_order/')) return { message: 'Rejected' };
    if (path.startsWith('/api/v1/manager/update_rma_order_to_shipped_status/')) return { message: 'item shipped' };
    return {};
  });
}

const answerButton = (rmaPrefix: string) => screen.getByLabelText<HTMLButtonElement>(`Approve / Reject ${rmaPrefix}`);
const updateButton = (rmaPrefix: string) => screen.getByLabelText<HTMLButtonElement>(`UPDATE ${rmaPrefix}`);
const chip = (rmaPrefix: string, text: string) => within(rowOf(rmaPrefix)).getByText(text, { selector: '.ant-tag' });

describe('RMA Status', { timeout: 30_000 }, () => {
  it('office manager: no IBO/Markets column or filter; chips, documents, and Approve / Reject disabled with the reason; UPDATE only at Approved', async () => {
    serve();
    renderPage(<RmaStatusPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('RMA-000101');
    expect(columnTitles()).toEqual(['RMA Number', 'Status', 'Documents', 'Office', 'Submitted By', 'Boxes', 'Devices', 'Created', 'Approved At', 'Comments', 'Actions']);
    expect(screen.queryByText('IBO / Market')).toBeNull();
    const cells = [...rowOf('RMA-000102').querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 10)).toEqual(['RMA-000102', 'Approved', 'RMA FormShipping Label', 'Austin North (TX-1)', 'Mo Manager', '2', '3', '05-06-2025', '05-08-2025', 'Ship it']);

    // Chips: completed green, submitted and approved light green, others orange; "Missing n" red with the IMEIs.
    expect(chip('RMA-000104', 'Completed')).toHaveClass('ant-tag-green');
    expect(chip('RMA-000101', 'Submitted')).toHaveClass('ant-tag-lime');
    expect(chip('RMA-000102', 'Approved')).toHaveClass('ant-tag-lime');
    expect(chip('RMA-000105', 'Rejected')).toHaveClass('ant-tag-orange');
    const missing = chip('RMA-000104', 'Missing 2');
    expect(missing).toHaveClass('ant-tag-red');
    expect(within(rowOf('RMA-000101')).queryByText(/^Missing/)).toBeNull();
    fireEvent.mouseEnter(missing);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`Missing IMEIs: ${MISSING.join(', ')}`);

    // Documents: the RMA form always, the shipping label once approved; plain links to a new tab.
    const form = screen.getByLabelText('RMA Form of RMA-000102');
    expect(form).toHaveAttribute('href', '/api/v1/rma_orders/o-2/documents/rma_form?expires=1&signature=abc');
    expect(form).toHaveAttribute('target', '_blank');
    expect(form.getAttribute('rel')).toContain('noopener');
    expect(screen.getByLabelText('Shipping Label of RMA-000102')).toHaveAttribute('href', LABEL_URL);
    expect(screen.queryByLabelText('Shipping Label of RMA-000101')).toBeNull();

    // Role 3 never approves or rejects.
    expect(answerButton('RMA-000101')).toBeDisabled();
    expect(answerButton('RMA-000101')).toHaveAccessibleDescription('Only an IBO manager or a retailer manager approves or rejects RMA orders.');
    // UPDATE only at 2 (Approved).
    expect(updateButton('RMA-000102')).toBeEnabled();
    for (const rmaPrefix of ['RMA-000101', 'RMA-000104', 'RMA-000105']) {
      expect(updateButton(rmaPrefix)).toBeDisabled();
      expect(updateButton(rmaPrefix)).toHaveAccessibleDescription('Only an approved RMA order can be marked shipped.');
    }
  });

  it('retailer manager (12): the IBO/Markets column and the IBO marketer filter; the filters go to the server', async () => {
    const api = serve();
    renderPage(<RmaStatusPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('RMA-000101');
    expect(columnTitles()).toEqual(['RMA Number', 'Status', 'Documents', 'IBO/Markets', 'Office', 'Submitted By', 'Boxes', 'Devices', 'Created', 'Approved At', 'Comments', 'Actions']);
    expect(within(rowOf('RMA-000101')).getByText('Texas Market')).toBeInTheDocument();

    const status = selectInput('Status');
    expect(await openOptions(status, 'Submitted')).toEqual(['Submitted', 'Approved', 'Shipped', 'Completed', 'Rejected']);
    await pick(status, 'Approved');
    await pick('IBO / Market', 'Texas Market');
    fireEvent.change(screen.getByPlaceholderText('Search by office or submitter'), { target: { value: 'Austin' } });
    fireEvent.change(screen.getByPlaceholderText('RMA Number'), { target: { value: 'RMA-0001' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ status: '2', ibo_marketer_id: 'i-1', keyword: 'Austin', rma_id: 'RMA-0001', page: '1', results: '10' }));
  });

  it('IBO manager (11): the IBO/Markets column but no IBO marketer filter', async () => {
    serve();
    renderPage(<RmaStatusPage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('RMA-000101');
    expect(columnTitles()).toContain('IBO/Markets');
    expect(screen.queryByText('IBO / Market')).toBeNull();
  });

  it('Approve / Reject: only a submitted order, never by its submitter; the comment is required; sends the choice to the order', async () => {
    const api = serve();
    renderPage(<RmaStatusPage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('RMA-000101');
    expect(answerButton('RMA-000103')).toBeDisabled();
    expect(answerButton('RMA-000103')).toHaveAccessibleDescription('You submitted this RMA order: another manager approves or rejects it.');
    for (const rmaPrefix of ['RMA-000102', 'RMA-000104', 'RMA-000105']) {
      expect(answerButton(rmaPrefix)).toBeDisabled();
      expect(answerButton(rmaPrefix)).toHaveAccessibleDescription('Only a submitted RMA order can be approved or rejected.');
    }
    expect(answerButton('RMA-000101')).toBeEnabled();

    fireEvent.click(answerButton('RMA-000101'));
    await screen.findByText('Approve / Reject RMA-000101');
    fireEvent.click(buttonOf('Submit'));
    expect(await screen.findByText('Please input comment')).toBeInTheDocument();
    expect(await screen.findByText('Please choose Approve or Reject')).toBeInTheDocument();
    // Blank is no comment.
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: '   ' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(screen.getByText('Please input comment')).toBeInTheDocument());
    expect(api.bodies('POST', answerPath('o-1'))).toEqual([]);

    fireEvent.click(screen.getByText('Reject'));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: ' Wrong office on the form ' } });
    const listCalls = api.queries(LIST).length;
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', answerPath('o-1'))).toEqual([{ status: 3, comments: 'Wrong office on the form' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Rejected' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
  });

  it('super admin (1) may approve a submitted order: status 2', async () => {
    const api = serve();
    renderPage(<RmaStatusPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('RMA-000101');
    fireEvent.click(answerButton('RMA-000101'));
    await screen.findByText('Approve / Reject RMA-000101');
    fireEvent.click(screen.getByText('Approve'));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Checked' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', answerPath('o-1'))).toEqual([{ status: 2, comments: 'Checked' }]));
  });

  it('UPDATE asks "Are you sure you want to change RMA Status to Shipped?", then marks the order shipped; No sends nothing', async () => {
    const api = serve();
    renderPage(<RmaStatusPage />);
    await screen.findByText('RMA-000102');
    const first = await openConfirm(updateButton('RMA-000102'));
    expect(first.title).toBe('Are you sure you want to change RMA Status to Shipped?');
    first.no();
    expect(api.queries(shipPath('o-2'))).toEqual([]);

    const listCalls = api.queries(LIST).length;
    (await openConfirm(updateButton('RMA-000102'))).yes();
    await waitFor(() => expect(api.requests.filter((request) => request.path === shipPath('o-2')).map((request) => [request.method, request.body])).toEqual([['GET', undefined]]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'item shipped' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
  });

  it('links to the RMA device Status report', async () => {
    serve();
    renderPage(
      <>
        <RmaStatusPage />
        <Where />
      </>,
    );
    await screen.findByText('RMA-000101');
    fireEvent.click(buttonOf('RMA Device Status'));
    await waitFor(() => expect(where()).toBe('/rmarequeststatus {"cameFrom":"/"}'));
  });
});
