import { pads, stroke } from '../../../app/testing/signature-pad.test-util';
import { CANDIDATE_MESSAGES } from '@portal/contracts/onboarding/onboarding.schemas';
import type { CandidateSelfView } from '@portal/contracts/onboarding/onboarding.views';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, renderWithClient } from '../../../app/report/render.test-util';
import { errorsShown } from '../../../app/testing/form.test-util';
import { Reply, stubApi } from '../../../app/testing/page.test-util';
import CandidatePage from './CandidatePage';
import { LINK_NOT_VALID } from './candidate-api';

vi.mock('signature_pad', () => import('../../../app/testing/signature-pad.test-util').then((util) => util.signaturePadModule));


const PROFILE = '/api/v1/candidate_profile';
const TOKEN = 'tok-123';

const profile = (change: Partial<CandidateSelfView> = {}): CandidateSelfView => ({
  first_name: 'Cara',
  middle_name: null,
  last_name: 'Candidate',
  email: 'cara@demo.test',
  mobile_number: '5125550100',
  dob: null,
  rad_id: null,
  shirt_size: null,
  street_address1: null,
  street_address2: null,
  city: null,
  state: null,
  zip: null,
  masked_ssn_number: null,
  office_name: 'Dallas Office',
  role_name: 'Agent',
  status: 1,
  status_name: 'Invite Sent',
  expires_at: '2031-07-04T12:00:00.000Z',
  has_photo_copy: false,
  has_government_document: false,
  missing: ['date of birth', 'RAD ID', 'photo copy'],
  documents: [
    { document: 'bgc_consent', title: 'Background Check Consent', consent_text: 'I authorise the background check.', form_url: '/api/v1/candidate_files/c1/bgc_consent_form?signature=s', signed_url: null },
    { document: 'agent_agreement', title: 'Retailer Agent Agreement', consent_text: 'I agree to the agreement.', form_url: '/api/v1/candidate_files/c1/agent_agreement_form?signature=s', signed_url: null },
  ],
  ...change,
});

const stepAnswer = (missing: string[], message: string = CANDIDATE_MESSAGES.saved) => ({ message, status: 2, status_name: 'Profile In Progress', missing });

function renderCandidatePage(search = `?token=${TOKEN}`) {
  return renderWithClient(
    <MemoryRouter initialEntries={[`/onboarding-page${search}`]}>
      <CandidatePage />
    </MemoryRouter>,
  );
}

beforeAll(installBrowserStubs);
// antd's toasts live in one holder outside the rendered tree, kept for the whole file: closed, not removed.
afterEach(() => {
  cleanup();
  message.destroy();
  vi.unstubAllGlobals();
  pads.length = 0;
});
describe('the candidate page', () => {
  it('a wrong link shows only the server\'s message', async () => {
    const api = stubApi(() => new Reply(404, { error: 'Not Found', message: LINK_NOT_VALID }));
    renderCandidatePage();
    await screen.findByText(LINK_NOT_VALID);
    expect(screen.queryByText('Complete your profile')).toBeNull();
    expect(document.querySelectorAll('form, input, button')).toHaveLength(0);
    expect(api.requests[0]!.headers['x-candidate-token']).toBe(TOKEN);
  });

  it('without a token it asks nothing and says the link is not valid', async () => {
    const api = stubApi(() => ({ data: profile() }));
    renderCandidatePage('');
    await screen.findByText(LINK_NOT_VALID);
    expect(api.requests).toHaveLength(0);
  });

  it('shows the office, the stage, how long the link works and what is missing; the success panel once complete', async () => {
    stubApi(() => ({ data: profile() }));
    renderCandidatePage();
    await screen.findByText('Complete your profile');
    expect(screen.getByText('Dallas Office · Agent')).toBeInTheDocument();
    expect(screen.getByText('Invite Sent')).toBeInTheDocument();
    expect(screen.getByText('This link works until 07-04-2031')).toBeInTheDocument();
    const missing = within(screen.getByText('Still missing').closest('section')!);
    expect(missing.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['date of birth', 'RAD ID', 'photo copy']);
    expect(screen.queryByText(CANDIDATE_MESSAGES.completed)).toBeNull();
    cleanup();

    stubApi(() => ({ data: profile({ missing: [], status: 3, status_name: 'Profile Completed', masked_ssn_number: '***-**-1234' }) }));
    renderCandidatePage();
    await screen.findByText(CANDIDATE_MESSAGES.completed);
    expect(screen.queryByText(/This link works until/)).toBeNull();
    expect(screen.getByText('Saved: ***-**-1234')).toBeInTheDocument();
  });

  it('saving details posts what changed as JSON with the token header, and shows the server\'s field errors', async () => {
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PROFILE) return { data: profile() };
      return new Reply(400, { error: 'Bad Request', message: CANDIDATE_MESSAGES.radId, fields: { rad_id: CANDIDATE_MESSAGES.radId } });
    });
    renderCandidatePage();
    await screen.findByText('Complete your profile');
    fireEvent.change(screen.getByLabelText('Middle Name'), { target: { value: ' Jo ' } });
    fireEvent.change(screen.getByLabelText('RAD ID'), { target: { value: 'AB12' } });
    fireEvent.change(screen.getByLabelText('SSN'), { target: { value: '123-45-6789' } });
    fireEvent.click(within(screen.getByText('1. Personal details').closest<HTMLElement>('.ant-card')!).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(errorsShown()).toEqual([CANDIDATE_MESSAGES.radId]));
    const saves = api.requests.filter((request) => request.method === 'POST' && request.path === PROFILE);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({ middle_name: 'Jo', rad_id: 'AB12', ssn: '123-45-6789' });
    expect(saves[0]!.headers).toMatchObject({ 'x-candidate-token': TOKEN, 'content-type': 'application/json' });
  });

  it('a saved step shows the server\'s message and its missing words', async () => {
    let missing = ['date of birth', 'RAD ID', 'photo copy'];
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PROFILE) return { data: profile({ missing }) };
      missing = ['photo copy'];
      return stepAnswer(missing);
    });
    renderCandidatePage();
    await screen.findByText('Complete your profile');
    fireEvent.change(screen.getByLabelText('Street Address'), { target: { value: '1 Main St' } });
    fireEvent.click(within(screen.getByText('2. Address').closest<HTMLElement>('.ant-card')!).getByRole('button', { name: 'Save' }));
    await screen.findByText(CANDIDATE_MESSAGES.saved);
    expect(api.bodies('POST', PROFILE)).toEqual([{ street_address1: '1 Main St' }]);
    await waitFor(() => expect(within(screen.getByText('Still missing').closest('section')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['photo copy']));
  });

  it('a chosen .jpg is uploaded at once as multipart with its area; another file is refused before sending', async () => {
    let received = false;
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PROFILE) return { data: profile({ has_photo_copy: received }) };
      received = true;
      return stepAnswer(['date of birth', 'RAD ID']);
    });
    renderCandidatePage();
    await screen.findByText('Complete your profile');
    const area = screen.getByRole('group', { name: 'Photo copy' });
    // The upload renders a fresh input after each choice.
    const input = () => area.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input().accept).toBe('.jpg,.jpeg');

    fireEvent.change(input(), { target: { files: [new File(['x'], 'scan.png', { type: 'image/png' })] } });
    await within(area).findByText(CANDIDATE_MESSAGES.jpegOnly);

    fireEvent.change(input(), { target: { files: [new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(api.bodies('POST', '/api/v1/candidate_profile/upload')).toHaveLength(1));
    const [upload] = api.requests.filter((request) => request.path === '/api/v1/candidate_profile/upload');
    const sent = upload!.body as FormData;
    expect(sent.get('area')).toBe('photo_copy');
    expect((sent.get('file') as File).name).toBe('me.jpg');
    expect(upload!.headers['x-candidate-token']).toBe(TOKEN);
    expect(upload!.headers['content-type']).toBeUndefined();
    await within(area).findByText('Received');
  });

  it('Sign waits for the box and a drawing, then sends the PNG; the signed copy is linked', async () => {
    let signed = false;
    const api = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PROFILE) {
        const [bgc, agreement] = profile().documents;
        return { data: profile({ documents: [{ ...bgc!, signed_url: signed ? '/api/v1/candidate_files/c1/bgc_consent?signature=t' : null }, agreement!] }) };
      }
      signed = true;
      return stepAnswer(['RAD ID'], CANDIDATE_MESSAGES.signed);
    });
    renderCandidatePage();
    await screen.findByText('Complete your profile');
    expect(screen.getAllByText('Read the document')[0]).toHaveAttribute('target', '_blank');
    expect(screen.getByLabelText('Signature for Background Check Consent').tagName).toBe('CANVAS');
    const signButtons = () => screen.getAllByRole('button', { name: 'Sign' });
    expect(signButtons().every((button) => (button as HTMLButtonElement).disabled)).toBe(true);

    stroke(0);
    expect(signButtons()[0]).toBeDisabled();
    fireEvent.click(screen.getByLabelText('I authorise the background check.'));
    expect(signButtons()[0]).toBeEnabled();
    expect(signButtons()[1]).toBeDisabled();

    fireEvent.click(signButtons()[0]!);
    await screen.findByText(CANDIDATE_MESSAGES.signed);
    const sent = api.bodies('POST', '/api/v1/candidate_profile/sign')[0] as FormData;
    expect(sent.get('document')).toBe('bgc_consent');
    expect(sent.get('consent')).toBe('1');
    expect((sent.get('signature_image') as File).type).toBe('image/png');
    expect(await screen.findByText('Open the signed copy')).toHaveAttribute('href', '/api/v1/candidate_files/c1/bgc_consent?signature=t');
  });
});
