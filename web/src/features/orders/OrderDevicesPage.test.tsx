import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import OrderDevicesPage from './OrderDevicesPage';
import { chooseIn, comment, field, inventoryOrder, logEntry, typeAndPick } from './orders.test-util';
import { buttonOf, columnTitles, selectInItem } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_inventory_request_order_list';
const OFFICES = '/api/v1/reference/offices';
const CREATE = '/api/v1/manager/create_inventory_request_order';
const answerPath = (id: string) => `/api/v1/inventory_request_order_accept_reject/${id}`;
const resubmitPath = (id: string) => `/api/v1/resubmit_inventory_request_order/${id}`;

/** An order for an office in CA: phones and tablets too. */
const LOS_ANGELES = {
  office_id: 'office-la',
  office_name: 'Los Angeles',
  office_number: 'CA-1',
  office_state: 'CA',
  ship_to_name: 'Los Angeles',
  address: '100 Sunset Blvd',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90001',
  contact_phone_number: '3105550100',
  email: 'la@example.com',
  devices_requested: 10,
  tablets_requested: 2,
  devices_approved: 10,
  tablets_approved: 2,
};

/** One order at each step of the chain (docs/ORDERS.md). */
const ORDERS = [
  inventoryOrder('o-1', 'ORD-000001', { ...LOS_ANGELES, comments_exists: 1 }),
  inventoryOrder('o-2', 'ORD-000002', { approval_status: null }),
  inventoryOrder('o-3', 'ORD-000003', { status: 2, status_text: 'Approved by IBO Manager', approval_status: 2, sims_approved: 15 }),
  inventoryOrder('o-4', 'ORD-000004', { status: 3, status_text: 'Rejected by IBO Manager', approval_status: 3, admin_comments: 'Too many SIMs' }),
  inventoryOrder('o-5', 'ORD-000005', { status: 4, status_text: 'Approved by Retailer', approval_status: 4 }),
  inventoryOrder('o-6', 'ORD-000006', { status: 5, status_text: 'Rejected by Retailer', approval_status: 5 }),
  inventoryOrder('o-7', 'ORD-000007', { status: 6, status_text: 'Approved by Admin', approval_status: 6 }),
  inventoryOrder('o-8', 'ORD-000008', { status: 7, status_text: 'Rejected by Admin', approval_status: 7 }),
  inventoryOrder('o-9', 'ORD-000009', { status: 9, status_text: 'Shipped', approval_status: 6, tracking_number: '1Z999AA10123456784' }),
];

function serve() {
  return stubApi(({ method, path }) => {
    if (path === LIST) return paged(ORDERS);
    if (path === OFFICES)
      return {
        data: [
          { id: 'office-la', name: 'Los Angeles', office_number: 'CA-1', short_code: 'CA' },
          { id: 'office-austin-north', name: 'Austin North', office_number: 'TX-1', short_code: 'TX' },
        ],
      };
    if (method === 'POST' && path === CREATE) return { message: 'Order ORD-000010 requested', id: 'o-10', order_prefix: 'ORD-000010' };
    if (method === 'POST' && path.startsWith('/api/v1/inventory_request_order_accept_reject/')) return { message: 'Success order Accepted' };
    if (method === 'POST' && path.startsWith('/api/v1/resubmit_inventory_request_order/')) return { message: 'Order ORD-000004 resubmitted' };
    if (path === '/api/v1/inventory_request_order_log/o-1')
      return {
        data: {
          items: [
            logEntry('Requested', { superseded: true }),
            logEntry('Rejected by the IBO manager', { superseded: true, approved_user_name: 'Ivy IBO', comments: 'Too many phones', status_text: 'Rejected by IBO Manager' }),
            logEntry('Resubmitted', { version: 2, requested_devices: 10, updated_devices: 10, comments: 'Same again, please' }),
            logEntry('Approved by the IBO manager', { version: 2, approved_user_name: 'Ivy IBO', updated_devices: 8, updated_address: '200 Sunset Blvd, Los Angeles, CA 90001', status_text: 'Approved by IBO Manager' }),
          ],
        },
      };
    if (path === '/api/v1/inventory_order_comments_log/o-1') return { data: { items: [comment('Please send them before Friday')] } };
    return {};
  });
}

const actionOf = (name: string, orderPrefix: string) => screen.queryByLabelText<HTMLButtonElement>(`${name} ${orderPrefix}`);
const PREFIXES = ORDERS.map((order) => order.order_prefix);
/** Where Resubmit is offered: approval status 3, 5, 7. */
const RESUBMITTABLE = ['ORD-000004', 'ORD-000006', 'ORD-000008'];

/** Fills the Request Order drawer's shipping fields. */
async function fillShipping() {
  await chooseIn('Delivery Method', 'Shipping to FedEx Location');
  fireEvent.change(field('Ship To Name'), { target: { value: 'Los Angeles' } });
  fireEvent.change(field('Address'), { target: { value: ' 100 Sunset Blvd ' } });
  fireEvent.change(field('City'), { target: { value: 'Los Angeles' } });
  await chooseIn('State', 'CA', 'California');
  fireEvent.change(field('ZIP'), { target: { value: '90001' } });
  fireEvent.change(field('Contact Number'), { target: { value: '(310) 555-0100' } });
  fireEvent.change(field('Email'), { target: { value: 'la@example.com' } });
}

describe('Order Devices', { timeout: 30_000 }, () => {
  it('lists the orders 25 a page: columns, status chips, requested → approved counts; filters and sort go to the server', async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('ORD-000001');
    expect(api.queries(LIST)[0]).toEqual({ page: '1', results: '25' });
    // The quantities right after the status (issue 42: they were 700-1,100 px off to the right at 1366 px).
    expect(columnTitles()).toEqual([
      'Order ID',
      'Status',
      'Phonesrequested → approved',
      'Tabletsrequested → approved',
      'SIMsrequested → approved',
      'Office',
      'IBO/Market',
      'Requested By',
      'Created',
      'Delivery Method',
      'Tracking Number',
      'Ship To',
      'Actions',
    ]);
    const cells = (orderPrefix: string) => [...rowOf(orderPrefix).querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 12);
    expect(cells('ORD-000003')).toEqual([
      'ORD-000003',
      'IBO Manager (Approved)',
      '0 → 0',
      '0 → 0',
      '20 → 15',
      'Austin North (TX-1)',
      'Texas Market',
      'Mo Manager',
      '05-06-2025',
      'Shipping to Business Location',
      '—',
      'Austin North1 Main St, Austin, TX 78701',
    ]);
    // The approved count only once someone approved: not while the order awaits its first answer, nor once rejected.
    const quantities = (orderPrefix: string) => cells(orderPrefix).slice(2, 5);
    expect(quantities('ORD-000001')).toEqual(['10 → —', '2 → —', '20 → —']);
    expect(within(rowOf('ORD-000001')).getByLabelText('10 requested, none approved yet')).toBeInTheDocument();
    expect(quantities('ORD-000004')).toEqual(['0 → —', '0 → —', '20 → —']);
    expect(quantities('ORD-000006')).toEqual(['0 → —', '0 → —', '20 → —']);
    expect(quantities('ORD-000005')).toEqual(['0 → 0', '0 → 0', '20 → 20']);
    expect(quantities('ORD-000009')).toEqual(['0 → 0', '0 → 0', '20 → 20']);
    expect(within(rowOf('ORD-000009')).getByText('1Z999AA10123456784')).toBeInTheDocument();

    // Chips (doc 2 §4): 1, 9, 10 orange; 6, 8 green; 2 and 3 'IBO Manager', with which it was in words; 4, 5 the retailer's words; 7 volcano.
    const chip = (orderPrefix: string) => rowOf(orderPrefix).querySelector('.ant-tag')!;
    expect(chip('ORD-000001')).toHaveClass('ant-tag-orange');
    expect(chip('ORD-000009')).toHaveClass('ant-tag-orange');
    expect(chip('ORD-000007')).toHaveClass('ant-tag-green');
    expect(chip('ORD-000004')).toHaveTextContent('IBO Manager (Rejected)');
    expect(chip('ORD-000004')).toHaveClass('ant-tag-red');
    expect(chip('ORD-000003')).toHaveClass('ant-tag-cyan');
    expect(within(rowOf('ORD-000004')).getByLabelText('Rejected by IBO Manager')).toBeInTheDocument();
    expect(chip('ORD-000005')).toHaveTextContent('Approved by Retailer');
    expect(chip('ORD-000006')).toHaveTextContent('Rejected by Retailer');
    expect(chip('ORD-000008')).toHaveClass('ant-tag-volcano');
    expect(chip('ORD-000008')).toHaveTextContent('Rejected by Admin');

    await pick('Status', 'Rejected by IBO Manager');
    await pick('Approval Status', 'Rejected by IBO Manager');
    fireEvent.change(screen.getByPlaceholderText('Search by office, requester or ship-to'), { target: { value: 'Austin' } });
    fireEvent.change(screen.getByPlaceholderText('Order ID'), { target: { value: 'ORD-0000' } });
    fireEvent.click(buttonOf('Search'));
    await waitFor(() => expect(api.queries(LIST).at(-1)).toEqual({ status: '3', approval_status: '3', keyword: 'Austin', order_id: 'ORD-0000', page: '1', results: '25' }));

    fireEvent.click(screen.getAllByText('Order ID', { selector: '.ant-table-column-title' })[0]!);
    await waitFor(() => expect(api.queries(LIST).at(-1)).toMatchObject({ sort_by: 'order_prefix', sort: 'ASC' }));
    expect(buttonOf('Export Report')).toBeEnabled();
  });

  // The rule table of docs/ORDERS.md, written out: the orders each user may approve or reject ('hidden': no button at all).
  it.each<[string, number[], string[] | 'hidden']>([
    ['office manager (3): no Approve / Reject', [ROLE.OFFICE_MANAGER], 'hidden'],
    ['IBO manager (11): approval status missing or 1', [ROLE.IBO_MANAGER], ['ORD-000001', 'ORD-000002']],
    ['retailer manager (12): approval status missing, 1 or 2', [ROLE.RETAILER_MANAGER], ['ORD-000001', 'ORD-000002', 'ORD-000003']],
    ['admin (1): approval status 4', [ROLE.SUPER_ADMIN], ['ORD-000005']],
  ])('button rules, %s; Resubmit at 3, 5, 7; Comments when there are some', async (_who, roles, answerable) => {
    serve();
    renderPage(<OrderDevicesPage />, roles);
    await screen.findByText('ORD-000001');
    for (const orderPrefix of PREFIXES) {
      const answer = actionOf('Approve / Reject', orderPrefix);
      if (answerable === 'hidden') expect(answer).toBeNull();
      else expect([orderPrefix, answer!.disabled]).toEqual([orderPrefix, !answerable.includes(orderPrefix)]);
      expect([orderPrefix, actionOf('Resubmit', orderPrefix)!.disabled]).toEqual([orderPrefix, !RESUBMITTABLE.includes(orderPrefix)]);
      expect([orderPrefix, actionOf('Comments', orderPrefix)!.disabled]).toEqual([orderPrefix, orderPrefix !== 'ORD-000001']);
      expect(actionOf('View Log', orderPrefix)).toBeEnabled();
    }
    if (answerable !== 'hidden') {
      // Disabled always with the reason.
      expect(actionOf('Approve / Reject', 'ORD-000007')).toHaveAccessibleDescription('This order is past its approval: only an order awaiting approval can be approved or rejected.');
      expect(actionOf('Approve / Reject', 'ORD-000004')).toHaveAccessibleDescription('This order was rejected: resubmit it to start the approval again.');
    }
    expect(actionOf('Resubmit', 'ORD-000001')).toHaveAccessibleDescription('Only a rejected order can be resubmitted.');
    expect(actionOf('Comments', 'ORD-000002')).toHaveAccessibleDescription('This order has no comments yet.');
  });

  it('names whom a blocked order awaits', async () => {
    serve();
    renderPage(<OrderDevicesPage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('ORD-000001');
    expect(actionOf('Approve / Reject', 'ORD-000003')).toHaveAccessibleDescription('This order awaits a retailer manager.');
    expect(actionOf('Approve / Reject', 'ORD-000005')).toHaveAccessibleDescription('This order awaits an admin.');
  });

  it("Request Order: the spec's messages on an empty submit; phones and tablets only for an office in CA; sends the body and reloads the list", async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />);
    await screen.findByText('ORD-000001');
    fireEvent.click(buttonOf('Request Order'));
    await screen.findByText('Submit', { selector: 'button *' });

    fireEvent.click(buttonOf('Submit'));
    for (const message of [
      'Please select office',
      'Please select delivery method',
      'Please input ship name',
      'Please input Address',
      'Please input City',
      'Please input State',
      'Please input ZIP',
      'Please input mobile number',
      'Please input Email',
      // No office yet: SIMs are all the form offers, and it says so (issue 42).
      'You must request at least one SIM.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(api.bodies('POST', CREATE)).toEqual([]);
    // No office yet, or one outside CA: SIMs only.
    expect(screen.queryByLabelText('Phones', { selector: 'input' })).toBeNull();
    await typeAndPick(selectInItem('Office'), 'Au', 'Austin North (TX-1)');
    await waitFor(() => expect(screen.queryByText('Please select office')).toBeNull());
    expect(screen.queryByLabelText('Phones', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Tablets', { selector: 'input' })).toBeNull();
    expect(field('SIMs')).toBeInTheDocument();

    // An office in CA: phones and tablets too.
    await typeAndPick(selectInItem('Office'), 'Lo', 'Los Angeles (CA-1)');
    expect(await screen.findByLabelText('Phones', { selector: 'input' })).toBeInTheDocument();
    expect(field('Tablets')).toBeInTheDocument();

    await fillShipping();
    fireEvent.change(field('Contact Number'), { target: { value: '310555010' } });
    fireEvent.click(buttonOf('Submit'));
    expect(await screen.findByText('Please input mobile number')).toBeInTheDocument();
    // Phones and tablets offered: the spec's sentence.
    expect(await screen.findByText('You must request at least one Phone or Tablet.')).toBeInTheDocument();
    // The words shown before the office was chosen leave (antd animates them out).
    await waitFor(() => expect(screen.queryByText('You must request at least one SIM.')).toBeNull());
    fireEvent.change(field('Contact Number'), { target: { value: '(310) 555-0100' } });
    fireEvent.change(field('Phones'), { target: { value: '5' } });
    await waitFor(() => expect(screen.queryByText('You must request at least one Phone or Tablet.')).toBeNull());
    fireEvent.change(field('SIMs'), { target: { value: '10' } });
    const listCalls = api.queries(LIST).length;
    fireEvent.click(buttonOf('Submit'));

    await waitFor(() =>
      expect(api.bodies('POST', CREATE)).toEqual([
        {
          office_id: 'office-la',
          method_of_delivery: 3,
          ship_to_name: 'Los Angeles',
          address: '100 Sunset Blvd',
          city: 'Los Angeles',
          state: 'CA',
          zip: '90001',
          contact_phone_number: '3105550100',
          email: 'la@example.com',
          devices_requested: 5,
          tablets_requested: 0,
          sims_requested: 10,
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Order ORD-000010 requested' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByText('Please select office')).toBeNull());
  });

  it('Request Order for an office outside CA sends no phones or tablets, even typed before the office changed', async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />);
    await screen.findByText('ORD-000001');
    fireEvent.click(buttonOf('Request Order'));
    await typeAndPick(selectInItem('Office'), 'Lo', 'Los Angeles (CA-1)');
    fireEvent.change(await screen.findByLabelText('Phones', { selector: 'input' }), { target: { value: '7' } });
    await typeAndPick(selectInItem('Office'), 'Au', 'Austin North (TX-1)');
    await waitFor(() => expect(screen.queryByLabelText('Phones', { selector: 'input' })).toBeNull());
    await fillShipping();
    fireEvent.click(buttonOf('Submit'));
    // A SIM-only office (issue 42): the spec's sentence would name fields the form does not show.
    expect(await screen.findByText('You must request at least one SIM.')).toBeInTheDocument();
    expect(screen.queryByText('You must request at least one Phone or Tablet.')).toBeNull();
    fireEvent.change(field('SIMs'), { target: { value: '3' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', CREATE)).toMatchObject([{ office_id: 'office-austin-north', devices_requested: 0, tablets_requested: 0, sims_requested: 3 }]));
  });

  it("Approve sends req_action 2 with the approved quantities (never above the requested) and the prefilled shipping; the server's message follows", async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />, [ROLE.IBO_MANAGER]);
    await screen.findByText('ORD-000001');
    fireEvent.click(actionOf('Approve / Reject', 'ORD-000001')!);
    await screen.findByText('Approve / Reject ORD-000001');
    expect(screen.getByText(/You answer as the IBO manager\./)).toBeInTheDocument();
    // Prefilled from the row.
    expect(field('Phones approved')).toHaveValue('10');
    expect(field('Tablets approved')).toHaveValue('2');
    expect(field('SIMs approved')).toHaveValue('20');
    expect(field('Ship To Name')).toHaveValue('Los Angeles');
    expect(field('Contact Number')).toHaveValue('3105550100');

    fireEvent.click(buttonOf('Submit'));
    expect(await screen.findByText('Please choose Approve or Reject')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Approve'));
    fireEvent.change(field('Phones approved'), { target: { value: '12' } });
    fireEvent.click(buttonOf('Submit'));
    expect(await screen.findByText('At most 10: an approver may lower a quantity, never raise it above what was requested.')).toBeInTheDocument();
    expect(api.bodies('POST', answerPath('o-1'))).toEqual([]);

    fireEvent.change(field('Phones approved'), { target: { value: '8' } });
    fireEvent.change(field('Comment'), { target: { value: ' Two phones fewer ' } });
    const listCalls = api.queries(LIST).length;
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() =>
      expect(api.bodies('POST', answerPath('o-1'))).toEqual([
        {
          req_action: 2,
          devices_approved: 8,
          tablets_approved: 2,
          sims_approved: 20,
          admin_comments: 'Two phones fewer',
          ship_to_name: 'Los Angeles',
          address: '100 Sunset Blvd',
          city: 'Los Angeles',
          state: 'CA',
          zip: '90001',
          contact_phone_number: '3105550100',
          email: 'la@example.com',
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Success order Accepted' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));
  });

  it('Reject sends req_action 3; kinds not requested are not offered', async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('ORD-000003');
    fireEvent.click(actionOf('Approve / Reject', 'ORD-000003')!);
    await screen.findByText('Approve / Reject ORD-000003');
    expect(screen.queryByLabelText('Phones approved', { selector: 'input' })).toBeNull();
    expect(field('SIMs approved')).toHaveValue('15');
    fireEvent.click(screen.getByText('Reject'));
    await waitFor(() => expect(screen.queryByLabelText('SIMs approved', { selector: 'input' })).toBeNull());
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', answerPath('o-3'))).toMatchObject([{ req_action: 3, devices_approved: 0, tablets_approved: 0, sims_approved: 15, ship_to_name: 'Austin North' }]));
  });

  it('Resubmit requires the comment, then sends it with the prefilled quantities and shipping', async () => {
    const api = serve();
    renderPage(<OrderDevicesPage />, [ROLE.OFFICE_MANAGER]);
    await screen.findByText('ORD-000004');
    fireEvent.click(actionOf('Resubmit', 'ORD-000004')!);
    await screen.findByText('Resubmit ORD-000004');
    expect(screen.getByText(/Rejected by IBO Manager \(Too many SIMs\)/)).toBeInTheDocument();
    // An office in TX: SIMs only, prefilled.
    expect(screen.queryByLabelText('Phones', { selector: 'input' })).toBeNull();
    expect(field('SIMs')).toHaveValue('20');
    expect(field('City')).toHaveValue('Austin');

    fireEvent.click(buttonOf('Submit'));
    expect(await screen.findByText('please enter comment')).toBeInTheDocument();
    fireEvent.change(field('Comment'), { target: { value: '   ' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(screen.getByText('please enter comment')).toBeInTheDocument());
    expect(api.bodies('POST', resubmitPath('o-4'))).toEqual([]);

    fireEvent.change(field('Comment'), { target: { value: 'Ten SIMs will do' } });
    fireEvent.change(field('SIMs'), { target: { value: '10' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() =>
      expect(api.bodies('POST', resubmitPath('o-4'))).toEqual([
        {
          comments: 'Ten SIMs will do',
          ship_to_name: 'Austin North',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          contact_phone_number: '5125550100',
          email: 'austin@example.com',
          devices_requested: 0,
          tablets_requested: 0,
          sims_requested: 10,
        },
      ]),
    );
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Order ORD-000004 resubmitted' }));
  });

  it('View Log lists the steps and marks the ones a resubmit superseded; Comments shows the comments', async () => {
    // jsdom lays nothing out: the log's table is given the width it has in a 736 px drawer at 1366 px (about 1,100 px).
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.closest('.ant-drawer') && this.classList.contains('ant-table-content') ? 1100 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.closest('.ant-drawer') && this.classList.contains('ant-table-content') ? 688 : 0;
    });
    serve();
    renderPage(<OrderDevicesPage />);
    await screen.findByText('ORD-000001');
    fireEvent.click(actionOf('View Log', 'ORD-000001')!);
    await screen.findByText('Order Log: ORD-000001');
    const step = (description: string) => screen.getByText(description).closest('tr')!;
    await screen.findByText('Approved by the IBO manager');
    for (const description of ['Requested', 'Rejected by the IBO manager']) {
      expect(within(step(description)).getByText('superseded')).toBeInTheDocument();
      expect(step(description)).toHaveAttribute('aria-label', 'superseded');
    }
    for (const description of ['Resubmitted', 'Approved by the IBO manager']) expect(within(step(description)).queryByText('superseded')).toBeNull();
    const approved = [...step('Approved by the IBO manager').querySelectorAll('td')].map((cell) => cell.textContent);
    // The counts right after the step (issue 42: SIMs were off-screen at 1366 px).
    expect(approved).toEqual(['05-06-2025', 'Approved by the IBO managerApproved by IBO Manager, version 2', '10 → 8', '0', '20', 'Ivy IBO', '—', '200 Sunset Blvd, Los Angeles, CA 90001']);
    expect(within(step('Rejected by the IBO manager')).getByText('Too many phones')).toBeInTheDocument();
    // Wider than the drawer: the pages' "scroll sideways" cue, inside the drawer (issue 42).
    const drawer = screen.getByText('Order Log: ORD-000001').closest('.ant-drawer')!;
    await waitFor(() => expect(within(drawer as HTMLElement).getByTestId('side-scroll-cue')).toHaveTextContent('More columns to the right: scroll the table sideways →'));
    fireEvent.click(screen.getByLabelText('Close', { selector: 'button' }));

    fireEvent.click(actionOf('Comments', 'ORD-000001')!);
    expect(await screen.findByText('Please send them before Friday')).toBeInTheDocument();
    expect(screen.getByText('Comments: ORD-000001')).toBeInTheDocument();
    expect(screen.getByText('Ivy IBO')).toBeInTheDocument();
  });
});
