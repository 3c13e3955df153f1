import { ROLE } from '@portal/contracts/platform/roles';
import { CURSOR_MESSAGE } from '@portal/contracts/subscriptions/subscriptions.schemas';
import { WEBHOOK_MESSAGES } from '@portal/contracts/subscriptions/webhooks.schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownDateTime } from '../../app/format';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { buttonOf, choose, columnTitles, errorsShown, openConfirm, selectInItem } from '../../app/testing/form.test-util';
import { Reply, lastNotice, renderPage, rowOf, stubApi } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import { SECRET_WARNING } from './RegisterWebhookDrawer';
import WebhooksPage, { REMOVE_CONFIRM } from './WebhooksPage';
import { CATALOG, DELIVERIES, ENDPOINTS, EVENT_TYPES, RETAILERS, WEBHOOKS, listed, webhookPath } from './subscriptions.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function serve() {
  return stubApi(({ method, path }) => {
    if (method === 'GET' && path === WEBHOOKS) return listed(ENDPOINTS);
    if (method === 'GET' && path === EVENT_TYPES) return listed(CATALOG);
    if (method === 'GET' && path === RETAILERS) return { data: [{ id: 'r-1', name: 'Lone Star Retail' }, { id: 'r-2', name: 'Gulf Coast Mobile' }] };
    if (method === 'POST' && path === WEBHOOKS) return new Reply(201, { message: WEBHOOK_MESSAGES.registered, id: 'w-3', secret: SECRET });
    if (method === 'POST' && path === webhookPath('w-1', '/status')) return { message: WEBHOOK_MESSAGES.disabled };
    if (method === 'POST' && path === webhookPath('w-2', '/status')) return { message: WEBHOOK_MESSAGES.enabled };
    if (method === 'DELETE' && path === webhookPath('w-2')) return { message: WEBHOOK_MESSAGES.removed };
    if (method === 'POST' && path === webhookPath('w-1', '/replay')) return { message: WEBHOOK_MESSAGES.replaying };
    if (method === 'GET' && path === webhookPath('w-1', '/deliveries')) return listed(DELIVERIES, 31);
    if (method === 'POST' && path === webhookPath('w-1', '/deliveries/d-2/redeliver')) return { message: WEBHOOK_MESSAGES.redelivering };
    return new Reply(404, { error: 'Not Found', message: `${method} ${path} is not stubbed` });
  });
}

const cells = (text: string) => [...rowOf(text).querySelectorAll('td')].map((cell) => cell.textContent);
/** A button by its accessible name (cheaper than a role query over a table). */
const named = (name: string, scope: ParentNode = document) => scope.querySelector<HTMLElement>(`button[aria-label="${name}"]`);
const posts = (api: ReturnType<typeof serve>) => api.requests.filter((request) => request.method !== 'GET').map((request) => [request.method, request.path, request.body]);
const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open');
const listCalls = (api: ReturnType<typeof serve>) => api.queries(WEBHOOKS).length;

describe('Webhooks', { timeout: 30_000 }, () => {
  it("lists the scope's endpoints: types or All events, status with why and since when it fails, counts, last delivery", async () => {
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('https://erp.example/hooks/portal');
    expect(columnTitles()).toEqual(['URL', 'Description', 'Event types', 'Status', 'Pending', 'Delivered', 'Failed', 'Last delivered', 'Action']);
    expect(cells('https://erp.example/hooks/portal')).toEqual(['https://erp.example/hooks/portal', 'ERP sync', 'All events', 'Enabled', '2', '1,234', '0', shownDateTime('2025-03-05T14:30:00.000Z'), 'DeliveriesDisableReplay…Remove']);
    expect(cells('https://crm.example/in')).toEqual([
      'https://crm.example/in',
      '—',
      'DeviceSoldRmaOrderApproved',
      `DisabledDisabled by the portal: every attempt failed for 5 days${`Failing since ${shownDateTime('2025-03-01T08:00:00.000Z')}`}`,
      '0',
      '0',
      '9',
      '—',
      'DeliveriesEnableReplay…Remove',
    ]);
    expect(within(rowOf('https://crm.example/in')).getByText(/^Failing since/).closest('.ant-tag')!.className).toMatch(/red/);

    const before = listCalls(api);
    fireEvent.click(buttonOf('Refresh'));
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(before));
  });

  it('the super role sees each endpoint\'s retailer and chooses one when registering', async () => {
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.SUPER_ADMIN]);
    await screen.findByText('https://erp.example/hooks/portal');
    expect(columnTitles()).toContain('Retailer');
    expect(cells('https://crm.example/in')[3]).toBe('Gulf Coast Mobile');

    fireEvent.click(buttonOf('Register Endpoint'));
    await waitFor(() => expect(drawer()).not.toBeNull());
    fireEvent.change(screen.getByPlaceholderText('https://'), { target: { value: 'https://erp.example/two' } });
    fireEvent.click(buttonOf('Register'));
    await waitFor(() => expect(errorsShown()).toEqual([WEBHOOK_MESSAGES.retailer]));
    await pick('Retailer', 'Gulf Coast Mobile');
    fireEvent.click(buttonOf('Register'));
    await waitFor(() => expect(posts(api)).toEqual([['POST', WEBHOOKS, { url: 'https://erp.example/two', retailer_id: 'r-2' }]]));
  });

  it('Register Endpoint: refuses a bad URL in the contracts\' words, sends a good one with its types, then shows the secret once', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('https://erp.example/hooks/portal');
    fireEvent.click(buttonOf('Register Endpoint'));
    await waitFor(() => expect(drawer()).not.toBeNull());
    expect(within(drawer()!).queryByText('Retailer')).toBeNull();

    fireEvent.click(buttonOf('Register'));
    await waitFor(() => expect(errorsShown()).toEqual([WEBHOOK_MESSAGES.url]));
    const url = screen.getByPlaceholderText('https://');
    fireEvent.change(url, { target: { value: 'http://erp.example/hook' } });
    await waitFor(() => expect(errorsShown()).toEqual([WEBHOOK_MESSAGES.urlScheme]));
    fireEvent.change(url, { target: { value: 'https://user:pw@erp.example/hook' } });
    await waitFor(() => expect(errorsShown()).toEqual([WEBHOOK_MESSAGES.urlCredentials]));
    fireEvent.click(buttonOf('Register'));
    expect(posts(api)).toEqual([]);

    fireEvent.change(url, { target: { value: ' https://erp.example/hook ' } });
    fireEvent.change(screen.getByPlaceholderText('Description'), { target: { value: ' Stock sync ' } });
    // The types to choose come from the event catalog.
    await choose(selectInItem('Event types'), 'DeviceSold');
    await choose(selectInItem('Event types'), 'RmaOrderApproved');
    await waitFor(() => expect(errorsShown()).toEqual([]));
    const before = listCalls(api);
    fireEvent.click(buttonOf('Register'));
    await waitFor(() => expect(posts(api)).toEqual([['POST', WEBHOOKS, { url: 'https://erp.example/hook', event_types: ['DeviceSold', 'RmaOrderApproved'], description: 'Stock sync' }]]));

    // The secret, once: copyable, with the warning and how to verify; the drawer closed and the list reloaded.
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret).toHaveTextContent(SECRET);
    const dialog = secret.closest<HTMLElement>('.ant-modal')!;
    expect(dialog).toHaveTextContent(SECRET_WARNING);
    expect(dialog).toHaveTextContent(WEBHOOK_MESSAGES.registered);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(dialog).toHaveTextContent(header);
    fireEvent.click(named('Copy the signing secret', dialog)!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await waitFor(() => expect(drawer()).toBeNull());
    await waitFor(() => expect(listCalls(api)).toBeGreaterThan(before));

    fireEvent.click(buttonOf('Done'));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('Disable sends status 0 and Enable 1, each with its message; Remove asks first, then deletes', async () => {
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('https://erp.example/hooks/portal');

    fireEvent.click(named('Disable https://erp.example/hooks/portal')!);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: WEBHOOK_MESSAGES.disabled }));
    fireEvent.click(named('Enable https://crm.example/in')!);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: WEBHOOK_MESSAGES.enabled }));
    expect(posts(api)).toEqual([
      ['POST', webhookPath('w-1', '/status'), { status: 0 }],
      ['POST', webhookPath('w-2', '/status'), { status: 1 }],
    ]);

    const confirm = await openConfirm(named('Remove https://crm.example/in')!);
    expect(confirm.title).toBe(REMOVE_CONFIRM);
    confirm.yes();
    await waitFor(() => expect(lastNotice().content).toBe(WEBHOOK_MESSAGES.removed));
    expect(posts(api).at(-1)).toEqual(['DELETE', webhookPath('w-2'), undefined]);
  });

  it('Replay… checks the cursor with the contracts\' schema; blank replays from the first event', async () => {
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('https://erp.example/hooks/portal');

    fireEvent.click(named('Replay events to https://erp.example/hooks/portal')!);
    const cursor = await screen.findByPlaceholderText('From the very first event');
    expect(screen.getByText(/every event after the cursor below/)).toBeInTheDocument();
    fireEvent.change(cursor, { target: { value: 'not-a-cursor' } });
    fireEvent.click(buttonOf('Replay'));
    await waitFor(() => expect(errorsShown()).toEqual([CURSOR_MESSAGE]));
    expect(posts(api)).toEqual([]);

    fireEvent.change(cursor, { target: { value: ' 000000000000006500000000000000c9 ' } });
    fireEvent.click(buttonOf('Replay'));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: WEBHOOK_MESSAGES.replaying }));
    expect(posts(api)).toEqual([['POST', webhookPath('w-1', '/replay'), { after: '000000000000006500000000000000c9' }]]);
    await waitFor(() => expect(screen.queryByPlaceholderText('From the very first event')).toBeNull());

    fireEvent.click(named('Replay events to https://erp.example/hooks/portal')!);
    await screen.findByPlaceholderText('From the very first event');
    fireEvent.click(buttonOf('Replay'));
    await waitFor(() => expect(posts(api).at(-1)).toEqual(['POST', webhookPath('w-1', '/replay'), {}]));
  });

  it('the delivery log pages on the server, filters by status, lists every attempt, and Redeliver posts', async () => {
    const api = serve();
    renderPage(<WebhooksPage />, [ROLE.RETAILER_MANAGER]);
    await screen.findByText('https://erp.example/hooks/portal');
    fireEvent.click(named('Deliveries of https://erp.example/hooks/portal')!);
    const log = await waitFor(() => {
      const open = drawer();
      if (!open?.querySelector('.ant-table-row')) throw new Error('no delivery yet');
      return open;
    });
    expect(api.queries(webhookPath('w-1', '/deliveries'))).toEqual([{ page: '1', results: '10' }]);
    expect(within(log).getByText('31 in all')).toBeInTheDocument();
    const row = within(log).getByText('DeviceSold').closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)).toEqual([
      'DeviceSold',
      'device-356938035643809',
      '000000000000006500000000000000c9',
      'Retrying',
      '2',
      shownDateTime('2025-03-05T15:00:00.000Z'),
      shownDateTime('2025-03-05T14:29:00.000Z'),
      '—',
      'Redeliver',
    ]);
    expect(within(row).getByText('Retrying').className).toMatch(/orange/);
    expect(within(log).getByText('Delivered', { selector: '.ant-tag' }).className).toMatch(/green/);

    fireEvent.click(row.querySelector('button.ant-table-row-expand-icon')!);
    const attempts = await waitFor(() => {
      const table = log.querySelector<HTMLElement>('table[aria-label="Attempts of DeviceSold"], [aria-label="Attempts of DeviceSold"]');
      if (!table) throw new Error('no attempts yet');
      return table;
    });
    const attemptRows = [...attempts.querySelectorAll('tbody tr.ant-table-row')].map((line) => [...line.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(attemptRows).toEqual([
      [shownDateTime('2025-03-05T14:31:00.000Z'), '500', '1,520', '{"error":"database locked"}'],
      [shownDateTime('2025-03-05T14:35:00.000Z'), 'Timed out after 10 s', '10,000', '—'],
    ]);
    expect(attempts.querySelector('pre')).toHaveTextContent('{"error":"database locked"}');

    fireEvent.click(named('Redeliver DeviceSold 000000000000006500000000000000c9', log)!);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: WEBHOOK_MESSAGES.redelivering }));
    expect(posts(api)).toEqual([['POST', webhookPath('w-1', '/deliveries/d-2/redeliver'), undefined]]);

    await pick('Status', 'Failed');
    await waitFor(() => expect(api.queries(webhookPath('w-1', '/deliveries')).at(-1)).toEqual({ page: '1', results: '10', status: 'failed' }));
  });

  it('an auditor reads the endpoints and their delivery logs, with no command button', async () => {
    serve();
    renderPage(<WebhooksPage />, [ROLE.AUDITOR]);
    await screen.findByText('https://erp.example/hooks/portal');
    expect(cells('https://erp.example/hooks/portal').at(-1)).toBe('Deliveries');
    expect(screen.queryByText('Register Endpoint')).toBeNull();
    for (const text of ['Disable', 'Enable', 'Replay…', 'Remove']) expect({ text, shown: screen.queryAllByText(text, { selector: 'button, button *' }).length }).toEqual({ text, shown: 0 });
    expect(screen.getByText('Refresh', { selector: 'button, button *' })).toBeInTheDocument();

    fireEvent.click(named('Deliveries of https://erp.example/hooks/portal')!);
    const log = await waitFor(() => {
      const open = drawer();
      if (!open?.querySelector('.ant-table-row')) throw new Error('no delivery yet');
      return open;
    });
    expect(within(log).queryByText('Redeliver')).toBeNull();
    expect([...log.querySelectorAll('.ant-table-thead th')].map((cell) => cell.textContent)).not.toContain('Action');
  });
});
