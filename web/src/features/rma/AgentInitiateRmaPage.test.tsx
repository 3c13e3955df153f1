import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { lastNotice, paged, renderPage, stubApi, tickRow } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import AgentInitiateRmaPage from './AgentInitiateRmaPage';
import { RMA_SCAN_MESSAGES } from './rma-scan';
import { candidate, candidatesAnswer, entryField, scan } from './rma.test-util';
import { buttonOf } from '../../app/testing/form.test-util';

beforeAll(installBrowserStubs);
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const LIST = '/api/v1/agent/get_device_list_to_initiate_rma';
const REQUEST = '/api/v1/agent/rma_device_request';

describe('Initiate RMA (agent)', { timeout: 30_000 }, () => {
  it('asks for the agent\'s devices, 20 a page; the drawer has Reset and per-IMEI cancel but no Apply to All, and sends to the agent route', async () => {
    const api = stubApi(({ method, path }) => {
      if (path === LIST) return paged([candidate('356938035643809', { status: 5, status_name: 'Agent Received' }), candidate('356938035643817', { status: 5, status_name: 'Agent Received' })]);
      if (method === 'POST' && path === REQUEST) return { message: 'Return requested for 1 device' };
      return {};
    });
    renderPage(<AgentInitiateRmaPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643809');
    expect(api.queries(LIST)[0]).toEqual({ page: '1', results: '20' });
    expect(screen.queryByText('Export Report')).toBeNull();
    tickRow('356938035643809');
    tickRow('356938035643817');
    fireEvent.click(buttonOf('Initiate RMA (2)'));
    await screen.findByTestId('rma-entry-356938035643817');
    expect(screen.queryByText('Apply to All')).toBeNull();

    fireEvent.click(screen.getByLabelText('Cancel IMEI 356938035643817'));
    await waitFor(() => expect(screen.queryByTestId('rma-entry-356938035643817')).toBeNull());
    fireEvent.click(buttonOf('Reset'));
    expect(await screen.findByTestId('rma-entry-356938035643817')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Cancel IMEI 356938035643817'));

    await pick(entryField(0, 'reason'), 'Does Not Power On');
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', REQUEST)).toEqual([{ imei_list: [{ imei: '356938035643809', reason: 1, reason_two: null, notes: null }] }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'Return requested for 1 device' }));
  });

  it('adds a scanned device of the agent\'s to the ticked ones, refuses another in words, and sends both (issue 27)', async () => {
    const all = ['356938035643809', '356938035643817', '356938035643825'].map((imei) => candidate(imei, { status: 5, status_name: 'Agent Received' }));
    const api = stubApi(({ method, path, query }) => {
      if (path === LIST) return candidatesAnswer(all, all.slice(0, 2))(query);
      if (method === 'POST' && path === REQUEST) return { message: 'Return requested for 2 devices' };
      return {};
    });
    renderPage(<AgentInitiateRmaPage />, [ROLE.AGENT]);
    await screen.findByText('356938035643817');
    tickRow('356938035643809');
    scan('Scan devices to return', '356938035643825', '490154203237518');
    expect(await screen.findByText(RMA_SCAN_MESSAGES.imei('490154203237518'))).toBeInTheDocument();
    expect(api.queries(LIST)).toContainEqual({ imei: '356938035643825', page: '1', results: '100' });
    fireEvent.click(await waitFor(() => buttonOf('Initiate RMA (2)')));
    await screen.findByTestId('rma-entry-356938035643825');
    await pick(entryField(0, 'reason'), 'Lost');
    await pick(entryField(1, 'reason'), 'Lost');
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() =>
      expect(api.bodies('POST', REQUEST)).toEqual([{ imei_list: ['356938035643809', '356938035643825'].map((imei) => ({ imei, reason: 7, reason_two: null, notes: null })) }]),
    );
  });
});
