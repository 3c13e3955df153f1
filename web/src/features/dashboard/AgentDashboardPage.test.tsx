import type { AgentCounts, AgentJobRow } from '@portal/contracts/inventory/inventory.views';
import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../app/report/render.test-util';
import { Reply, lastNotice, paged, renderPage, stubApi } from '../../app/testing/page.test-util';
import { buttonOf, openConfirm } from '../../app/testing/form.test-util';
import AgentDashboardPage, { JOB_SCAN_MESSAGES, PARTIAL_ACCEPT_MESSAGES } from './AgentDashboardPage';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const counts: AgentCounts = { In_stock: 7, Assigned: 3, Transfer_device: 2, RMA: 1, pending_rma: 4, device_swap: 0 };
const job: AgentJobRow = {
  job_id: 'j-1',
  imei_device: [
    { imei: '356938035643809', device_type: 'PHONE' },
    { imei: '356938035643817', device_type: 'PHONE' },
    { imei: '490154203237518', device_type: 'TABLET' },
  ],
  total_device_count: 3,
  manager_name: 'Mia Manager',
  manager_id: 'm-1',
  created_at: '2025-06-01T12:00:00.000Z',
};

const singleDeviceJob: AgentJobRow = { ...job, job_id: 'j-2', imei_device: [job.imei_device[0]!], total_device_count: 1, manager_name: 'Sam Single' };

function serve(jobs: AgentJobRow[] = [job]) {
  return stubApi(({ path, body }) => {
    if (path === '/api/v1/agent/agentdashboard') return { data: counts };
    if (path === '/api/v1/agent/agentassignlist') return paged(jobs);
    if (path === '/api/v1/agent/accept') return { message: `${(body as { imei: string[] }).imei.length} devices accepted successfully` };
    if (path === '/api/v1/agent/partial_accept') return { message: '2 devices accepted successfully; 1 device returned to the manager' };
    return {};
  });
}

const tile = (title: string) => {
  const heading = screen.getByText(title, { selector: '.ant-statistic-title' });
  return { value: heading.closest('.ant-statistic')!.querySelector('.ant-statistic-content')!.textContent, href: heading.closest('a')?.getAttribute('href') ?? null };
};

describe('Agent dashboard', { timeout: 20_000 }, () => {
  it('shows the tiles and the pending jobs', async () => {
    serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await waitFor(() => expect(tile('Agent Received').value).toBe('7'));
    expect(['Agent Received', 'Agent Pending', 'Agent Transfer', 'RMA', 'Pending RMA', 'Device Swap'].map((title) => [title, tile(title).value, tile(title).href])).toEqual([
      ['Agent Received', '7', '/agent-Inventory'],
      ['Agent Pending', '3', null],
      ['Agent Transfer', '2', null],
      ['RMA', '1', '/agent-allrmareport'],
      ['Pending RMA', '4', '/agent-allrmareport'],
      ['Device Swap', '0', null],
    ]);
    expect(await screen.findByText('Mia Manager')).toBeInTheDocument();
    expect(screen.getByText('Phone, Tablet')).toBeInTheDocument();
  });

  it('accepts a whole job with all its IMEIs, then reloads the jobs and tiles', async () => {
    const api = serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Mia Manager');
    const before = api.queries('/api/v1/agent/agentdashboard').length;
    fireEvent.click(screen.getByLabelText('Accept job of Mia Manager', { selector: 'button' }));
    // Nothing scanned (no scanner): the dialog's Accept sends at once.
    fireEvent.click(await waitFor(() => buttonOf('Accept all 3')));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/accept')).toEqual([{ imei: ['356938035643809', '356938035643817', '490154203237518'], agent_job_id: 'j-1' }]));
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '3 devices accepted successfully' }));
    await waitFor(() => expect(api.queries('/api/v1/agent/agentdashboard').length).toBeGreaterThan(before));
  });

  it('accept by scanning: the job\'s IMEIs are checked off, one from elsewhere is refused in words, a short box asks first (issue 27)', async () => {
    const api = serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Mia Manager');
    fireEvent.click(screen.getByLabelText('Accept job of Mia Manager', { selector: 'button' }));
    const scan = await screen.findByLabelText('Scan IMEIs');
    const scanCode = (code: string) => {
      fireEvent.change(scan, { target: { value: code } });
      fireEvent.keyDown(scan, { key: 'Enter', code: 'Enter', keyCode: 13 });
    };
    for (const code of ['356938035643809', '356938035699991', '356938035643817']) scanCode(code);
    expect(await screen.findByText(JOB_SCAN_MESSAGES.notInJob('356938035699991'))).toBeInTheDocument();
    expect(await screen.findByText(JOB_SCAN_MESSAGES.notScanned(['490154203237518']))).toBeInTheDocument();
    const jobList = screen.getByLabelText('IMEIs of this job');
    expect([...jobList.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['356938035643809 (Phone) Scanned', '356938035643817 (Phone) Scanned', '490154203237518 (Tablet) Not scanned']);

    // Some scanned, one not: Accept asks first; Back sends nothing.
    const acceptAll = buttonOf('Accept all 3');
    const confirm = await openConfirm(acceptAll);
    expect([confirm.title, confirm.content]).toEqual([JOB_SCAN_MESSAGES.confirmTitle(1), JOB_SCAN_MESSAGES.confirmContent(3)]);
    confirm.press('Back');
    expect(api.bodies('POST', '/api/v1/agent/accept')).toEqual([]);

    // Every IMEI scanned: one click, and the command is the whole job's, as ever.
    scanCode('490154203237518');
    expect(await screen.findByText(JOB_SCAN_MESSAGES.allScanned)).toBeInTheDocument();
    fireEvent.click(acceptAll);
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/accept')).toEqual([{ imei: ['356938035643809', '356938035643817', '490154203237518'], agent_job_id: 'j-1' }]));
  });

  it('disables Partial Accept for a job of one device and says why', async () => {
    serve([job, singleDeviceJob]);
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Sam Single');
    // By label, not by role: computing every button's accessible name in this table is slow in jsdom.
    const partial = screen.getByLabelText('Partial Accept job of Sam Single', { selector: 'button' });
    expect(partial).toBeDisabled();
    expect(document.getElementById(partial.getAttribute('aria-describedby')!)).toHaveTextContent(/a job of one device can only be accepted whole/);
    expect(screen.getByLabelText('Partial Accept job of Mia Manager', { selector: 'button' })).toBeEnabled();
  });

  it('partial accept: at least one IMEI, not all; then one command accepts the chosen and returns the rest', async () => {
    const api = serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Mia Manager');
    // By label, not by role (here and below): computing accessible names in this table is slow in jsdom.
    fireEvent.click(screen.getByLabelText('Partial Accept job of Mia Manager', { selector: 'button' }));
    const submit = await waitFor(() => buttonOf('Submit'));
    fireEvent.click(submit);
    expect(await screen.findByText(PARTIAL_ACCEPT_MESSAGES.none)).toBeInTheDocument();

    for (const imei of ['356938035643809', '356938035643817', '490154203237518']) fireEvent.click(screen.getByLabelText(new RegExp(imei)));
    fireEvent.click(submit);
    expect(await screen.findByText((_content, element) => element?.textContent === "Don't Select All IMEI'S in list " && element.classList.contains('ant-form-item-explain-error'))).toBeInTheDocument();
    expect(api.bodies('POST', '/api/v1/agent/partial_accept')).toEqual([]);

    fireEvent.click(screen.getByLabelText(/490154203237518/));
    fireEvent.click(submit);
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/partial_accept')).toEqual([{ agent_job_id: 'j-1', imei: ['356938035643809', '356938035643817'] }]));
    // One command: neither of the spec's two calls is made.
    expect(api.bodies('POST', '/api/v1/agent/accept')).toEqual([]);
    expect(api.bodies('POST', '/api/v1/agent/transfer_device')).toEqual([]);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: '2 devices accepted successfully; 1 device returned to the manager' }));
  });

  it('partial accept by scanning: a scanned IMEI of the job is ticked, one from elsewhere is refused in words (issue 27)', async () => {
    const api = serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Mia Manager');
    fireEvent.click(screen.getByLabelText('Partial Accept job of Mia Manager', { selector: 'button' }));
    const scan = await screen.findByLabelText('Scan IMEIs');
    for (const code of ['356938035643817', '356938035699991']) {
      fireEvent.change(scan, { target: { value: code } });
      fireEvent.keyDown(scan, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    expect(await screen.findByText('IMEI 356938035699991 is not in this job')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/356938035643817/, { selector: 'input[type=checkbox]' })).toBeChecked());
    expect(screen.getByLabelText(/356938035643809/, { selector: 'input[type=checkbox]' })).not.toBeChecked();
    fireEvent.click(buttonOf('Submit'));
    await waitFor(() => expect(api.bodies('POST', '/api/v1/agent/partial_accept')).toEqual([{ agent_job_id: 'j-1', imei: ['356938035643817'] }]));
  });

  it('shows a failure of the tiles in an Oops popup with Try Again!', async () => {
    stubApi(({ path }) => (path === '/api/v1/agent/agentdashboard' ? new Reply(500, { error: 'Internal Server Error', message: 'The dashboard is not available' }) : paged([])));
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'The dashboard is not available' }));
    expect(screen.getByRole('button', { name: 'Try Again!' })).toBeInTheDocument();
  });

  it('Swap a device opens the Device Swap dialog (issue 27)', async () => {
    serve();
    renderPage(<AgentDashboardPage />, [ROLE.AGENT]);
    await screen.findByText('Mia Manager');
    fireEvent.click(buttonOf('Swap a device'));
    expect(await screen.findByText('Device Swap', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sold IMEI', { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText('Replacement IMEI', { selector: 'input' })).toBeInTheDocument();
  });
});
