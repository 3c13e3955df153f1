import { ROLE } from '@portal/contracts/platform/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithClient, installBrowserStubs } from '../../app/report/render.test-util';
import { SessionProvider } from '../../app/session-context';
import { Reply, lastNotice, signIn, stubApi } from '../../app/testing/page.test-util';
import { pick } from '../../app/testing/report.test-util';
import AgentRmaRequestPage from './AgentRmaRequestPage';
import CreateRmaPage from './CreateRmaPage';
import { buttonOf } from '../../app/testing/form.test-util';
import { RMA_SCAN_MESSAGES } from './rma-scan';
import { candidate, candidatesAnswer, scan } from './rma.test-util';

beforeAll(installBrowserStubs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The form at its path, and the screen it goes to once sent. */
function renderForm(path: string, page: React.ReactElement, after: string, roles: number[]) {
  signIn(roles);
  return renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <Routes>
          <Route path={path} element={page} />
          <Route path={after} element={<p>Arrived at {after}</p>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const chooseFile = (file: File) => fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
const submitShown = () => screen.queryByText('Submit', { selector: 'button *' }) !== null;
/** Submit, once the chosen file has made it appear. */
async function submit() {
  await waitFor(() => expect(submitShown()).toBe(true));
  fireEvent.click(buttonOf('Submit'));
}

describe('Create RMA and the agent\'s RMA Request (one form)', { timeout: 30_000 }, () => {
  it('shows Submit only once a file is chosen; asks for a valid IMEI and a reason; refuses a file that is not an image', async () => {
    const api = stubApi(() => ({}));
    renderForm('/createrma', <CreateRmaPage />, '/rmarequest', [ROLE.OFFICE_MANAGER]);
    expect(await screen.findByText('Create RMA')).toBeInTheDocument();
    expect(submitShown()).toBe(false);
    chooseFile(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '35693803564380A' } });
    await submit();
    expect(await screen.findByText('Please enter valid IMEI')).toBeInTheDocument();
    expect(await screen.findByText('Please enter reason')).toBeInTheDocument();
    expect(await screen.findByText('Only image files can be uploaded')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('sends the image, IMEI, reason id and comment as multipart, then shows the message and returns to Approved RMA Request', async () => {
    const api = stubApi(() => ({ message: 'RMA initiated for IMEI 356938035643809' }));
    renderForm('/createrma', <CreateRmaPage />, '/rmarequest', [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Create RMA');
    chooseFile(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: ' 356938035643809 ' } });
    await pick('Reason', 'Screen Damaged');
    fireEvent.change(screen.getByPlaceholderText('Comment'), { target: { value: 'Cracked corner' } });
    await submit();
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Hooray !', content: 'RMA initiated for IMEI 356938035643809' }));
    expect(await screen.findByText('Arrived at /rmarequest')).toBeInTheDocument();
    const sent = api.requests[0]!;
    expect([sent.method, sent.path, sent.headers.authorization]).toEqual(['POST', '/api/v1/manager/create_rma', 'Bearer token-1']);
    const body = sent.body as FormData;
    expect([...body.keys()]).toEqual(['device_image', 'imei', 'reason', 'notes']);
    expect((body.get('device_image') as File).name).toBe('front.png');
    expect([body.get('imei'), body.get('reason'), body.get('notes')]).toEqual(['356938035643809', '2', 'Cracked corner']);
  });

  it('fills the IMEI from a scan of a device that can be returned; refuses others, a second IMEI and a carton of several in words (issue 27)', async () => {
    const LIST = '/api/v1/manager/get_device_list_to_initiate_rma_v2';
    const all = [candidate('356938035643809'), candidate('356938035643817'), candidate('356938035643825', { carton_number: 'C-200' })];
    const api = stubApi(({ method, path, query }) => {
      if (path === LIST) return candidatesAnswer(all)(query);
      if (method === 'POST') return { message: 'RMA initiated for IMEI 356938035643817' };
      return {};
    });
    renderForm('/createrma', <CreateRmaPage />, '/rmarequest', [ROLE.OFFICE_MANAGER]);
    await screen.findByText('Create RMA');
    const imei = screen.getByPlaceholderText('IMEI');
    scan('Scan the IMEI', 'C-100', '490154203237518', '356938035643809');
    expect(await screen.findByText(RMA_SCAN_MESSAGES.cartonOfMany('C-100', 2))).toBeInTheDocument();
    expect(await screen.findByText(RMA_SCAN_MESSAGES.imei('490154203237518'))).toBeInTheDocument();
    await waitFor(() => expect(imei).toHaveValue('356938035643809'));
    scan('Scan the IMEI', '356938035643817');
    expect(await screen.findByText(RMA_SCAN_MESSAGES.oneImei('356938035643809'))).toBeInTheDocument();
    expect(imei).toHaveValue('356938035643809');

    // Taking the scan off empties the IMEI it filled; the next scan fills it.
    fireEvent.click(screen.getByLabelText('Remove 356938035643809'));
    fireEvent.click(screen.getByLabelText('Remove 356938035643817'));
    await waitFor(() => expect(imei).toHaveValue(''));
    scan('Scan the IMEI', '356938035643817');
    await waitFor(() => expect(imei).toHaveValue('356938035643817'));

    chooseFile(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    await pick('Reason', 'Screen Damaged');
    await submit();
    await waitFor(() => expect(api.bodies('POST', '/api/v1/manager/create_rma')).toHaveLength(1));
    const body = api.bodies('POST', '/api/v1/manager/create_rma')[0] as FormData;
    expect([body.get('imei'), body.get('reason')]).toEqual(['356938035643817', '2']);
  });

  it('the agent\'s form posts to the agent route; a refusal shows in an Oops popup and the form stays', async () => {
    const api = stubApi(() => new Reply(404, { error: 'Not Found', message: 'IMEI 356938035643809 is not in your inventory.' }));
    renderForm('/agent-rmareport', <AgentRmaRequestPage />, '/agent-allrmareport', [ROLE.AGENT]);
    await screen.findByText('RMA Request');
    chooseFile(new File(['png'], 'front.png', { type: 'image/png' }));
    await screen.findByText('front.png');
    fireEvent.change(screen.getByPlaceholderText('IMEI'), { target: { value: '356938035643809' } });
    await pick('Reason', 'Lost');
    await submit();
    await waitFor(() => expect(lastNotice()).toEqual({ title: 'Oops', content: 'IMEI 356938035643809 is not in your inventory.' }));
    expect(api.requests.map((request) => request.path)).toEqual(['/api/v1/agent/create_rma']);
    expect(screen.queryByText('Arrived at /agent-allrmareport')).toBeNull();
  });
});
