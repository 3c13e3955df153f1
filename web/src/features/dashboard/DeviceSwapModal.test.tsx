import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { type ApiRequest, Reply, lastNotice, paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import { buttonOf, errorsShown } from '../../app/testing/form.test-util';
import DeviceSwapModal, { SWAP_MESSAGES, type SwapHolder } from './DeviceSwapModal';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SOLD = '356938035643809';
const STOCK = '356938035643817';
const OTHER = '490154203237518';
const AGENTS = '353918051234563';

/** The detailed report's rows (manager scope) and the agent's own list, by IMEI. */
const reported: Record<string, { status: number; status_name: string }> = {
  [SOLD]: { status: 8, status_name: 'Sold' },
  [STOCK]: { status: 3, status_name: 'Manager Received' },
  [AGENTS]: { status: 5, status_name: 'Agent Received' },
};
const agentOwn: Record<string, { status: number; status_name: string }> = {
  [STOCK]: { status: 5, status_name: 'Agent Received' },
  [OTHER]: { status: 4, status_name: 'Agent Pending' },
};
const SWAPPED = `IMEI ${SOLD} swapped for ${STOCK}`;

function serve(refuse?: string) {
  return stubApi(({ path, query }: ApiRequest) => {
    if (path === '/api/v1/detailed_inventory_report') {
      const imei = query.get('imei') ?? '';
      return paged(Object.entries(reported).filter(([key]) => key.includes(imei)).map(([key, row]) => ({ imei: key, ...row })));
    }
    if (path === '/api/v1/agent/agentinventorylistv1') {
      const keyword = query.get('keyword') ?? '';
      return paged(Object.entries(agentOwn).filter(([key]) => key.includes(keyword)).map(([key, row]) => ({ imei: key, carton: 'C-1', ...row })));
    }
    if (path.endsWith('/device_swap')) return refuse ? new Reply(409, { error: 'Conflict', message: refuse }) : { message: SWAPPED };
    return {};
  });
}

function open(holder: SwapHolder) {
  const onClose = vi.fn();
  renderPage(<DeviceSwapModal holder={holder} onClose={onClose} />, [holder === 'agent' ? ROLE.AGENT : ROLE.OFFICE_MANAGER]);
  return onClose;
}

/** Types a code into the scan box labelled `label` and presses Enter, as a USB scanner does. */
function scan(label: string, code: string) {
  const box = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** The scanned codes under a scan box, each with what became of it. */
const codesOf = (label: string) => [...screen.getByLabelText(`${label}: scanned codes`).querySelectorAll('li')].map((item) => item.textContent);

describe('Device Swap', { timeout: 20_000 }, () => {
  it('manager: scans the sold and the replacement IMEIs, checks each at once, and sends the swap', async () => {
    const api = serve();
    const onClose = open('manager');
    scan('Sold IMEI', SOLD);
    scan('Replacement IMEI', STOCK);
    await waitFor(() => expect(codesOf('Sold IMEI')).toEqual([`${SOLD} Picked`]));
    await waitFor(() => expect(codesOf('Replacement IMEI')).toEqual([`${STOCK} Picked`]));
    expect(api.queries('/api/v1/detailed_inventory_report').map((query) => query.imei)).toEqual([SOLD, STOCK]);

    fireEvent.change(screen.getByPlaceholderText('Why the device is swapped'), { target: { value: '  Screen cracked on day one  ' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/device_swap')).toEqual([{ sold_imei: SOLD, replacement_imei: STOCK, reason: 'Screen cracked on day one' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: SWAPPED }));
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses in words: a replacement not in stock, a sold IMEI that is not sold, the same IMEI twice, a malformed code', async () => {
    serve();
    open('manager');
    scan('Replacement IMEI', AGENTS);
    scan('Replacement IMEI', OTHER);
    scan('Sold IMEI', STOCK);
    expect(await screen.findByText(SWAP_MESSAGES.wrongStatus(AGENTS, 'Agent Received', 'manager'))).toBeInTheDocument();
    expect(await screen.findByText(SWAP_MESSAGES.notInStock(OTHER, 'manager'))).toBeInTheDocument();
    expect(await screen.findByText(SWAP_MESSAGES.notSold(STOCK, 'Manager Received'))).toBeInTheDocument();

    scan('Sold IMEI', SOLD);
    await waitFor(() => expect(codesOf('Sold IMEI')).toContain(`${SOLD} Picked`));
    scan('Replacement IMEI', SOLD);
    scan('Replacement IMEI', '12345');
    expect(await screen.findByText(SWAP_MESSAGES.sameDevice(SOLD))).toBeInTheDocument();
    expect(await screen.findByText('IMEI 12345 is not 15 digits (an ICCID 19 or 20)')).toBeInTheDocument();
  });

  it('refuses a second sold code until the first is taken off the list', async () => {
    serve();
    open('agent');
    scan('Sold IMEI', SOLD);
    await waitFor(() => expect(codesOf('Sold IMEI')).toEqual([`${SOLD} Picked`]));
    scan('Sold IMEI', OTHER);
    expect(await screen.findByText(SWAP_MESSAGES.oneSold(SOLD))).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText(`Remove ${SOLD}`));
    fireEvent.click(screen.getByLabelText(`Remove ${OTHER}`));
    scan('Sold IMEI', OTHER);
    await waitFor(() => expect(codesOf('Sold IMEI')).toEqual([`${OTHER} Picked`]));
  });

  it('shows the schema\'s messages on an empty submit and sends nothing', async () => {
    const api = serve();
    open('manager');
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(errorsShown()).toEqual(['Please input the sold IMEI', 'Please input the replacement IMEI', 'Please enter reason']));
    expect(api.bodies('POST', '/api/v1/manager/device_swap')).toEqual([]);
  });

  it('agent: the replacement comes from their own list; the sold IMEI is left to the server, whose refusal is shown', async () => {
    const refusal = `IMEI ${SOLD} cannot be swapped: it is Agent Received, not sold.`;
    const api = serve(refusal);
    const onClose = open('agent');
    scan('Sold IMEI', SOLD);
    scan('Replacement IMEI', OTHER);
    expect(await screen.findByText(SWAP_MESSAGES.wrongStatus(OTHER, 'Agent Pending', 'agent'))).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(`Remove ${OTHER}`));
    scan('Replacement IMEI', STOCK);
    await waitFor(() => expect(codesOf('Replacement IMEI')).toEqual([`${STOCK} Picked`]));
    expect(codesOf('Sold IMEI')).toEqual([`${SOLD} Picked`]);
    expect(api.queries('/api/v1/agent/agentinventorylistv1').map((query) => query.keyword)).toEqual([OTHER, STOCK]);
    expect(api.queries('/api/v1/detailed_inventory_report')).toEqual([]);

    fireEvent.change(screen.getByPlaceholderText('Why the device is swapped'), { target: { value: 'Battery swells' } });
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: refusal }));
    expect(api.bodies('POST', '/api/v1/agent/device_swap')).toEqual([{ sold_imei: SOLD, replacement_imei: STOCK, reason: 'Battery swells' }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
