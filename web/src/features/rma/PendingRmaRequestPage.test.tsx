import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import PendingRmaRequestPage from './PendingRmaRequestPage';
import { Where, rmaDevice, where } from './rma.test-util';
import { buttonOf, openConfirm } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/manager/get_pending_rma_device_list';
const ANSWER = '/api/v1/manager/accept_reject_rma_device';

function serve() {
  return stubApi(({ method, path, body }) => {
    if (path === LIST)
      return paged([
        rmaDevice('r-1', '356938035643809', { reason_two_text: 'Physical Damage', notes: 'Dropped', device_image_url: '/api/v1/manager/rma_device_image/r-1' }),
        rmaDevice('r-2', '356938035643817', { agent_name: 'Bo Agent' }),
      ]);
    if (method === 'POST' && path === ANSWER) return { message: (body as { status?: number }).status === 2 ? 'RMA request accepted' : 'RMA request declined' };
    return {};
  });
}

/** Presses Accept or Decline on a row and answers the confirm. */
async function answer(action: 'Accept' | 'Decline', imei: string) {
  const confirm = await openConfirm(screen.getByLabelText(`${action} RMA request of IMEI ${imei}`));
  expect([confirm.title, confirm.content]).toEqual(['Are you sure?', 'You want to do this task?']);
  confirm.yes();
}

describe('Pending RMA Request', { timeout: 30_000 }, () => {
  it('lists the requests: IMEI, Agent Name, Reason (with Reason 2 and the comment), View Image with a photo and Add Image without, Date', async () => {
    serve();
    renderPage(
      <>
        <PendingRmaRequestPage />
        <Where />
      </>,
    );
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
    expect(screen.getByText('Reason 2: Physical Damage')).toBeInTheDocument();
    expect(screen.getByText('Comment: Dropped')).toBeInTheDocument();
    expect(screen.getAllByText('05-06-2025')).toHaveLength(2);
    expect(screen.getByLabelText('View Image of IMEI 356938035643809')).toBeInTheDocument();
    expect(screen.queryByLabelText('View Image of IMEI 356938035643817')).toBeNull();
    // Add Image only where there is no photo yet.
    expect(screen.getByLabelText('Add Image of IMEI 356938035643817')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add Image of IMEI 356938035643809')).toBeNull();
    fireEvent.click(buttonOf('Initiate RMA'));
    await waitFor(() => expect(where()).toBe('/createrma {"cameFrom":"/"}'));
  });

  it('Accept asks "Are you sure?" then sends status 2; Decline sends status 3; No sends nothing; the list reloads', async () => {
    const api = serve();
    renderPage(<PendingRmaRequestPage />);
    await screen.findByText('356938035643809');
    // No sends nothing.
    (await openConfirm(screen.getByLabelText('Decline RMA request of IMEI 356938035643809'))).no();
    const listCalls = api.queries(LIST).length;
    await answer('Accept', '356938035643809');
    await waitFor(() => expect(api.bodies('POST', ANSWER)).toEqual([{ rma_device_id: 'r-1', status: 2 }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'RMA request accepted' }));
    await waitFor(() => expect(api.queries(LIST).length).toBeGreaterThan(listCalls));

    await answer('Decline', '356938035643817');
    await waitFor(() => expect(api.bodies('POST', ANSWER)).toEqual([{ rma_device_id: 'r-1', status: 2 }, { rma_device_id: 'r-2', status: 3 }]));
    // The test ends once the answer has landed: no popup is still opening when the file is torn down.
    await waitFor(() => expect(lastNotice()?.content).toBe('RMA request declined'));
  });
});
